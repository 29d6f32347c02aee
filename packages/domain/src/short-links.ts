/**
 * Short links of the URL shortener (issue 24, spec 3's /shorten-url): the pure rules the server
 * and the web app share: the link's status, where a hit is sent (the target with its UTM
 * parameters), and what a click records (the device class from the User-Agent and the
 * referrer's host only: never the address or the whole User-Agent).
 */

/**
 * The WHATWG URL class of every runtime this package runs in (browsers, Node); the package's
 * compiler settings leave out the DOM and Node types, so the part used here is declared.
 */
declare const URL: new (
  input: string,
) => {
  protocol: string;
  hostname: string;
  searchParams: { set(key: string, value: string): void };
  toString(): string;
};

/** Whether a text parses as an http or https address. */
export function isHttpAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The UTM parameters a link appends to its target, in the order the form shows them. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmValues = Partial<Record<UtmKey, string | null>>;

export const SHORT_LINK_LIMITS = {
  path: 64,
  generatedPath: 7,
  targetUrl: 2048,
  utm: 200,
  /** The favicon: an .ico file of at most 64 KB. */
  faviconBytes: 64 * 1024,
  /** The click chart's longest range. */
  chartDays: 366,
} as const;

export const SHORT_LINK_MESSAGES = {
  path_taken: 'This path is already taken on this domain. Please choose another.',
  domain_taken: 'This domain is used by another company. Please choose another.',
  own_domain: 'This is the app’s own domain; leave the domain empty to use it.',
  http_only: 'Only http and https addresses can be shortened.',
  favicon_too_large: 'The favicon cannot be larger than 64 KB.',
  favicon_required: 'Please choose an .ico file.',
  not_found_page: 'This short link does not exist.',
  expired_page: 'This short link has expired.',
  too_many: 'Too many requests. Please wait a minute and try again.',
  created: 'Short link created successfully.',
  updated: 'Short link updated successfully.',
  deleted: 'Short link deleted successfully.',
  copied: 'Short URL copied.',
} as const;

export const SHORT_LINK_STATUSES = [
  { value: 'active', label: 'Active', color: 'green' },
  { value: 'inactive', label: 'Inactive', color: 'gray' },
  { value: 'expired', label: 'Expired', color: 'red' },
] as const;
export type ShortLinkStatus = (typeof SHORT_LINK_STATUSES)[number]['value'];

export const DEVICE_CLASSES = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'tablet', label: 'Tablet' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'bot', label: 'Bot' },
] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number]['value'];

/** A link's status now: switched off, past its expiry, or live. */
export function shortLinkStatus(
  link: { is_active: boolean; expires_at: Date | string | null },
  now: Date = new Date(),
): ShortLinkStatus {
  if (!link.is_active) return 'inactive';
  if (link.expires_at !== null && new Date(link.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The end of an expiry day (YYYY-MM-DD) in India: the link works through that whole day. */
export function expiryInstant(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+05:30`) + 24 * 60 * 60 * 1000);
}

/**
 * Where a hit is sent: the target with the link's UTM parameters merged into its own query (a
 * key the target already has takes the link's value, so it is never there twice); blank values
 * add nothing.
 */
export function redirectUrl(target: string, utm: UtmValues): string {
  const url = new URL(target);
  for (const key of UTM_KEYS) {
    const value = utm[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|headless|lighthouse|monitor/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i;

/** The device class of a User-Agent; none (a script) counts as a bot. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent || BOT.test(userAgent)) return 'bot';
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The host of a Referer header (lowercase, without www.), or null when there is none or it is not a web address. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}

/** The ICO file's magic bytes: reserved 0, type 1 (icon). */
export function hasIcoMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0;
}
