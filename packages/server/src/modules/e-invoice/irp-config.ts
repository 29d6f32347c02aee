import { createPublicKey } from 'node:crypto';
import type { IrpConfig } from '../../core/ports/irp.ts';

/**
 * IRP (e-invoice portal) settings from the environment:
 *   IRP_URL, IRP_CLIENT_ID, IRP_CLIENT_SECRET, IRP_USERNAME, IRP_PASSWORD  all or none
 *   IRP_PUBLIC_KEY (optional)  the IRP's RSA public key, PEM or base64 DER: the encrypted NIC
 *                              variant; without it the client speaks plain JSON (GSP style)
 * Returns undefined when none is set (e-invoicing off). Half a configuration is a startup error
 * that names what is missing, rather than a failure at the first invoice.
 */

const REQUIRED = ['IRP_URL', 'IRP_CLIENT_ID', 'IRP_CLIENT_SECRET', 'IRP_USERNAME', 'IRP_PASSWORD'] as const;

export function readIrpConfig(env: Record<string, string | undefined> = process.env): IrpConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const set = REQUIRED.filter((name) => value(name) !== undefined);
  if (set.length === 0) {
    if (value('IRP_PUBLIC_KEY'))
      throw new Error('IRP_PUBLIC_KEY is set but IRP_URL and the IRP credentials are not.');
    return undefined;
  }
  const missing = REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length) {
    throw new Error(
      `E-invoicing is half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not. Set all of ${REQUIRED.join(', ')}, or none.`,
    );
  }
  const baseUrl = value('IRP_URL') as string;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`IRP_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`IRP_URL must be an http(s) URL: ${baseUrl}`);
  }
  const publicKey = env.IRP_PUBLIC_KEY?.trim() || null;
  if (publicKey) {
    try {
      if (publicKey.startsWith('-----BEGIN')) createPublicKey(publicKey);
      else createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    } catch (error) {
      throw new Error(
        `IRP_PUBLIC_KEY is not an RSA public key (PEM or base64 DER): ${(error as Error).message}`,
      );
    }
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    clientId: value('IRP_CLIENT_ID') as string,
    clientSecret: value('IRP_CLIENT_SECRET') as string,
    username: value('IRP_USERNAME') as string,
    // A password may begin or end with a space: taken as given.
    password: env.IRP_PASSWORD as string,
    publicKey,
  };
}
