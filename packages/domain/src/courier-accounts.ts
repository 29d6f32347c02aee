/**
 * Courier accounts (/shipment-integrations, issue 26): the company's account with a courier (or an
 * aggregator's adapter in front of several) that books its shipments: a name, the API's base URL
 * and its token, kept sealed and never shown again. One account is active at a time: shipments
 * booked 'with the integration' go through it; without one, the server's own courier
 * (SHIPMENT_CARRIER_URL) is used when it has one.
 */

export const COURIER_NAME_MAX = 100;
export const COURIER_URL_MAX = 500;
export const COURIER_TOKEN_MAX = 2000;

export const COURIER_ACCOUNT_MESSAGES = {
  not_found: 'Courier Account Not Found',
  name_required: 'Courier name is required.',
  name_taken: 'A courier account with this name already exists.',
  url_required: 'API base URL is required.',
  url_invalid: 'Enter the API base URL starting with http:// or https://.',
  token_required: 'API token is required.',
  token_too_long: `Ensure the API token has no more than ${COURIER_TOKEN_MAX} characters.`,
  one_active:
    'Another courier account is active. Deactivate it first: shipments are booked through one account at a time.',
  nothing_to_change: 'Nothing to change.',
  created: 'Courier account added successfully',
  updated: 'Courier account updated successfully',
  check_ok: 'Connection successful',
  check_failed: 'Connection failed',
  token_unreadable: 'The API token can no longer be read (the server key changed). Enter it again.',
  none_configured:
    'No courier account is configured. Add one to book shipments with a courier from the shipment form; until then shipments are self-delivery or another carrier, with tracking entered by hand.',
} as const;

/** An http(s) URL with a host, no credentials and no spaces in it, its trailing slashes dropped. */
const BASE_URL = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[^\s?#]*)?$/;

export function courierBaseUrl(value: string): string | null {
  const url = value.trim();
  return BASE_URL.test(url) ? url.replace(/\/+$/, '') : null;
}
