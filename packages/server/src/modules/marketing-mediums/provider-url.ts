import { isIP } from 'node:net';
import { MEDIUM_MESSAGES } from '@b2b/domain/api/marketing-mediums';
import { validationError } from '../../core/errors.ts';

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^0\./];

const isPrivateHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.internal')) return true;
  if (isIP(bare) === 4) return PRIVATE_V4.some((range) => range.test(bare));
  if (isIP(bare) === 6)
    return bare === '::1' || bare.startsWith('fc') || bare.startsWith('fd') || bare.startsWith('fe80');
  return false;
};

/**
 * A provider address a company types in is called by the server, so it must not reach the
 * server's own network: https to a public host. Outside production a local http stand-in is
 * allowed (tests and trials start one).
 */
export function assertProviderUrl(field: string, value: string, env: { production: boolean }): void {
  const url = new URL(value);
  const local = isPrivateHost(url.hostname);
  if (!env.production && local) return;
  if (url.protocol !== 'https:') throw validationError(field, MEDIUM_MESSAGES.url);
  if (local) throw validationError(field, MEDIUM_MESSAGES.url_private);
}
