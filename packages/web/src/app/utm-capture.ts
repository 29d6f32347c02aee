import {
  mergeUtm,
  parseStoredUtm,
  UTM_STORAGE_KEY,
  type UtmFields,
  utmFieldsOf,
  utmFromSearch,
} from '@b2b/domain/utm';

/**
 * Spec 3 section 1: the tracking parameters of the address the app is opened with are merged
 * into the lists this browser keeps (localStorage), so a visitor who came from an advert and
 * signs up days later is still attributed to it. Storage that cannot be used (private mode, full)
 * keeps nothing, silently: attribution must never stop anyone from using the app.
 */
export function captureUtm(search: string = window.location.search, storage: Storage = localStorage): void {
  const incoming = utmFromSearch(search);
  if (Object.keys(incoming).length === 0) return;
  try {
    const merged = mergeUtm(parseStoredUtm(storage.getItem(UTM_STORAGE_KEY)), incoming);
    storage.setItem(UTM_STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // Storage refused: nothing kept.
  }
}

/** What this browser keeps, as the fields a sign-up (or a lead) sends: each key's values comma-joined. */
export function storedUtmFields(storage: Storage = localStorage): UtmFields {
  try {
    return utmFieldsOf(parseStoredUtm(storage.getItem(UTM_STORAGE_KEY)));
  } catch {
    return {};
  }
}
