import { readFileSync } from 'node:fs';
import type { EwbConfig } from '../../core/ports/eway-bill.ts';
import { ewbPublicKeyOf } from './ewb-client.ts';

/**
 * E-way bill portal settings from the environment:
 *   EWB_URL, EWB_CLIENT_ID, EWB_CLIENT_SECRET, EWB_USERNAME, EWB_PASSWORD  all or none
 *   EWB_GSTIN (optional)  the GSTIN the API user is registered for; without it each call goes out
 *                         under the dispatching branch's GSTIN
 *   EWB_MODE (optional)   gsp (default): the plain-JSON API of a GST Suvidha Provider;
 *                         nic_direct: NIC's own encrypted API, which needs
 *   EWB_PUBLIC_KEY_PATH   the file of NIC's RSA public key (PEM, or base64 DER as NIC hands it out)
 * Returns undefined when none is set (e-way bills off). Half a configuration is a startup error
 * that names what is missing, rather than a failure at the first e-way bill.
 */

const REQUIRED = ['EWB_URL', 'EWB_CLIENT_ID', 'EWB_CLIENT_SECRET', 'EWB_USERNAME', 'EWB_PASSWORD'] as const;

export function readEwbConfig(env: Record<string, string | undefined> = process.env): EwbConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const set = REQUIRED.filter((name) => value(name) !== undefined);
  if (set.length === 0) {
    for (const name of ['EWB_GSTIN', 'EWB_MODE', 'EWB_PUBLIC_KEY_PATH'])
      if (value(name)) throw new Error(`${name} is set but EWB_URL and the e-way bill credentials are not.`);
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
  const mode = value('EWB_MODE') ?? 'gsp';
  if (mode !== 'gsp' && mode !== 'nic_direct')
    throw new Error(`EWB_MODE must be gsp or nic_direct, not ${mode}.`);
  const keyPath = value('EWB_PUBLIC_KEY_PATH');
  if (mode === 'gsp' && keyPath)
    throw new Error('EWB_PUBLIC_KEY_PATH is set but EWB_MODE is not nic_direct: set EWB_MODE=nic_direct.');
  let publicKey: string | null = null;
  if (mode === 'nic_direct') {
    if (!keyPath)
      throw new Error("EWB_MODE=nic_direct needs EWB_PUBLIC_KEY_PATH, the file of NIC's public key.");
    try {
      publicKey = readFileSync(keyPath, 'utf8');
    } catch (error) {
      throw new Error(`EWB_PUBLIC_KEY_PATH cannot be read: ${(error as Error).message}`);
    }
    try {
      ewbPublicKeyOf(publicKey);
    } catch (error) {
      throw new Error(
        `EWB_PUBLIC_KEY_PATH holds no RSA public key (PEM or base64 DER): ${(error as Error).message}`,
      );
    }
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    clientId: value('EWB_CLIENT_ID') as string,
    clientSecret: value('EWB_CLIENT_SECRET') as string,
    username: value('EWB_USERNAME') as string,
    // A password may begin or end with a space: taken as given.
    password: env.EWB_PASSWORD as string,
    gstin,
    publicKey,
  };
}
