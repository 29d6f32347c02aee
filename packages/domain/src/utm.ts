/**
 * Marketing attribution (spec 3 section 1): the tracking parameters of the address the app was
 * opened with are collected and kept per browser. Keys are matched case-insensitively; each key's
 * values are merged as a list of unique values, in the order first seen. The lists go with the
 * sign-up (stored on the company) and with a lead created from the browser, as each key's values
 * joined by commas: the first value is where the visitor first came from.
 */

export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_ad', 'utm_adgp'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/** Each parameter's unique values, oldest first. */
export type UtmLists = Partial<Record<UtmParameter, string[]>>;
/** What an API body carries: each parameter's values joined by commas. */
export type UtmFields = Partial<Record<UtmParameter, string>>;

/** The browser storage (localStorage) key the lists are kept under. */
export const UTM_STORAGE_KEY = 'utm_parameters';
/** The longest text a parameter keeps on a company or a lead (their columns' limit). */
export const UTM_TEXT_MAX = 200;
/** The most values one parameter keeps: a browser opened from many links stays small. */
export const UTM_VALUES_MAX = 20;

const KNOWN = new Set<string>(UTM_PARAMETERS);

/** A value as kept: trimmed, without commas (they join the list), at most UTM_TEXT_MAX characters. */
function cleanValue(value: string): string {
  return value.replace(/,/g, ' ').trim().slice(0, UTM_TEXT_MAX);
}

/** `list` with `values` appended, each at most once, at most UTM_VALUES_MAX in all. */
function appendUnique(list: readonly string[], values: readonly string[]): string[] {
  const result = [...list];
  for (const raw of values) {
    const value = cleanValue(raw);
    if (value && !result.includes(value) && result.length < UTM_VALUES_MAX) result.push(value);
  }
  return result;
}

/** A query component decoded as a form does ('+' is a space); a broken escape is kept as written. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The key-value pairs of a query string ('?a=1&b=2'), in order. */
function queryPairs(search: string): [string, string][] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0
        ? [decodeComponent(pair), '']
        : [decodeComponent(pair.slice(0, at)), decodeComponent(pair.slice(at + 1))];
    });
}

/**
 * The tracking parameters of an address's query ('?UTM_Source=google&utm_source=mail'): keys in
 * any case, a key given twice keeps both values, blank values are dropped.
 */
export function utmFromSearch(search: string): UtmLists {
  const lists: UtmLists = {};
  for (const [rawKey, value] of queryPairs(search)) {
    const key = rawKey.trim().toLowerCase();
    if (!KNOWN.has(key)) continue;
    const parameter = key as UtmParameter;
    const merged = appendUnique(lists[parameter] ?? [], [value]);
    if (merged.length > 0) lists[parameter] = merged;
  }
  return lists;
}

/** The stored lists with the new ones merged in: every value once, the stored ones first. */
export function mergeUtm(stored: UtmLists, incoming: UtmLists): UtmLists {
  const merged: UtmLists = {};
  for (const parameter of UTM_PARAMETERS) {
    const list = appendUnique(appendUnique([], stored[parameter] ?? []), incoming[parameter] ?? []);
    if (list.length > 0) merged[parameter] = list;
  }
  return merged;
}

/**
 * The lists as kept in browser storage, read without trusting them: anything that is not a list
 * of strings under a known key (in any case) is left out, and unreadable text reads as nothing.
 */
export function parseStoredUtm(text: string | null | undefined): UtmLists {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const lists: UtmLists = {};
  for (const [rawKey, values] of Object.entries(value)) {
    const key = rawKey.toLowerCase();
    if (!KNOWN.has(key) || !Array.isArray(values)) continue;
    const strings = values.filter((item): item is string => typeof item === 'string');
    const parameter = key as UtmParameter;
    const merged = appendUnique(lists[parameter] ?? [], strings);
    if (merged.length > 0) lists[parameter] = merged;
  }
  return lists;
}

/**
 * The lists as an API body's fields: each parameter's values joined by commas, as many whole
 * values as fit in UTM_TEXT_MAX characters; a parameter without values is left out.
 */
export function utmFieldsOf(lists: UtmLists): UtmFields {
  const fields: UtmFields = {};
  for (const parameter of UTM_PARAMETERS) {
    let text = '';
    for (const value of lists[parameter] ?? []) {
      const next = text ? `${text},${value}` : value;
      if (next.length > UTM_TEXT_MAX) break;
      text = next;
    }
    if (text) fields[parameter] = text;
  }
  return fields;
}

/** The first value of a stored comma list (where the visitor first came from), or null. */
export function firstUtmValue(text: string | null | undefined): string | null {
  const first = text?.split(',')[0]?.trim();
  return first ? first : null;
}
