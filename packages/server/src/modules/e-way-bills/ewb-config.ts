import type { EwbConfig } from '../../core/ports/eway-bill.ts';

/**
 * E-way bill portal settings from the environment:
 *   EWB_URL, EWB_CLIENT_ID, EWB_CLIENT_SECRET, EWB_USERNAME, EWB_PASSWORD  all or none
 *   EWB_GSTIN (optional)  the GSTIN the API user is registered for; without it each call goes out
 *                         under the dispatching branch's GSTIN
 * Returns undefined when none is set (e-way bills off). Half a configuration is a startup error
 * that names what is missing, rather than a failure at the first e-way bill.
 */

const REQUIRED = ['EWB_URL', 'EWB_CLIENT_ID', 'EWB_CLIENT_SECRET', 'EWB_USERNAME', 'EWB_PASSWORD'] as const;

export function readEwbConfig(env: Record<string, string | undefined> = process.env): EwbConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const set = REQUIRED.filter((name) => value(name) !== undefined);
  if (set.length === 0) {
    if (value('EWB_GSTIN'))
      throw new Error('EWB_GSTIN is set but EWB_URL and the e-way bill credentials are not.');
    return undefined;
  }
  const missing = REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length) {
    throw new Error(
      `E-way bills are half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not. Set all of ${REQUIRED.join(', ')}, or none.`,
    );
  }
  const baseUrl = value('EWB_URL') as string;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`EWB_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`EWB_URL must be an http(s) URL: ${baseUrl}`);
  }
  const gstin = value('EWB_GSTIN')?.toUpperCase() ?? null;
  if (gstin && !/^\d{2}[A-Z0-9]{13}$/.test(gstin)) throw new Error(`EWB_GSTIN is not a GSTIN: ${gstin}`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    clientId: value('EWB_CLIENT_ID') as string,
    clientSecret: value('EWB_CLIENT_SECRET') as string,
    username: value('EWB_USERNAME') as string,
    // A password may begin or end with a space: taken as given.
    password: env.EWB_PASSWORD as string,
    gstin,
  };
}
