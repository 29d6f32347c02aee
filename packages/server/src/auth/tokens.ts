import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../core/errors.ts';

/** Access tokens live at most 15 minutes; a stolen one is useless soon after. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AccessClaims {
  sub: number;
  cid: number;
  sid: string;
  iat: number;
  exp: number;
}

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest();
}

export function signAccessToken(
  claims: { userId: number; companyId: number; sessionId: string },
  secret: string,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const body: AccessClaims = {
    sub: claims.userId,
    cid: claims.companyId,
    sid: claims.sessionId,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  };
  const payload = base64url(JSON.stringify(body));
  return `${HEADER}.${payload}.${signature(payload, secret).toString('base64url')}`;
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims {
  const [header, payload, sig] = token.split('.');
  if (header !== HEADER || !payload || !sig) throw new AppError('not_authenticated', 'Invalid token.');
  const expected = signature(payload, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('not_authenticated', 'Invalid token.');
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  if (claims.exp * 1000 <= now)
    throw new AppError('token_expired', 'Your session has expired. Please log in again.');
  return claims;
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
/** For 256-bit random tokens (refresh tokens): nothing to guess, so a plain digest is enough. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const codeKeys = new Map<string, Buffer>();

/**
 * For one-time codes and the tokens that name them. A 6-digit code has only a million values, so a
 * plain digest in a leaked table gives the code back in under a second; keyed with a key derived
 * from the server's secret (never stored beside the rows), the table alone is useless.
 */
export function hashCode(serverSecret: string, value: string): string {
  let key = codeKeys.get(serverSecret);
  if (!key) {
    key = createHmac('sha256', serverSecret).update('b2b one-time codes v1').digest();
    codeKeys.set(serverSecret, key);
  }
  return createHmac('sha256', key).update(value).digest('hex');
}
/** A uniformly random 6-digit code, leading zeros allowed. */
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
