import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { CAMPAIGN_MEDIUMS, type CampaignMedium } from '@b2b/domain/statuses';

/**
 * The public links of a campaign message, signed so nobody can make one for another contact or
 * turn the click counter into an open redirect: HMAC-SHA256 under a key derived (HKDF, as
 * core/secret-box.ts derives its key) from the server's signing secret, cut to 16 bytes.
 *   unsubscribe: u/{base64url(companyId.contactId.medium.messageId)}.{sig}
 *   tracked link: m/c/{base64url(JSON [messageId, companyId, url])}.{sig}
 */
export interface UnsubscribeClaim {
  companyId: number;
  contactId: number;
  medium: CampaignMedium;
  messageId: number;
}

export interface ClickClaim {
  companyId: number;
  messageId: number;
  url: string;
}

const MEDIUMS = CAMPAIGN_MEDIUMS.map((m) => m.value) as CampaignMedium[];
const keys = new Map<string, Buffer>();
function keyOf(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'b2b-campaign-links', 'campaign links v1', 32));
    keys.set(serverSecret, key);
  }
  return key;
}

const signature = (key: Buffer, kind: string, payload: string) =>
  createHmac('sha256', key).update(`${kind}:${payload}`).digest().subarray(0, 16).toString('base64url');

function sign(secret: string, kind: string, payload: string): string {
  const body = Buffer.from(payload, 'utf8').toString('base64url');
  return `${body}.${signature(keyOf(secret), kind, body)}`;
}

function verify(secret: string, kind: string, token: string): string | undefined {
  if (typeof token !== 'string' || token.length > 4096) return undefined;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(keyOf(secret), kind, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return Buffer.from(body, 'base64url').toString('utf8');
}

const positive = (text: string | undefined) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  return sign(
    secret,
    'u',
    `${claim.companyId}.${claim.contactId}.${MEDIUMS.indexOf(claim.medium)}.${claim.messageId}`,
  );
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  const payload = verify(secret, 'u', token);
  if (!payload) return undefined;
  const [company, contact, medium, message] = payload.split('.');
  const companyId = positive(company);
  const contactId = positive(contact);
  const messageId = positive(message);
  const mediumValue = MEDIUMS[Number(medium)];
  if (!companyId || !contactId || !messageId || !mediumValue) return undefined;
  return { companyId, contactId, medium: mediumValue, messageId };
}

export function clickToken(secret: string, claim: ClickClaim): string {
  return sign(secret, 'c', JSON.stringify([claim.messageId, claim.companyId, claim.url]));
}

export function readClickToken(secret: string, token: string): ClickClaim | undefined {
  const payload = verify(secret, 'c', token);
  if (!payload) return undefined;
  try {
    const [messageId, companyId, url] = JSON.parse(payload) as [unknown, unknown, unknown];
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
    const m = positive(String(messageId));
    const c = positive(String(companyId));
    return m && c ? { messageId: m, companyId: c, url } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the public links point: PUBLIC_URL (the address buyers reach the app at), else the
 * server's own port on localhost (development and tests).
 */
export function publicBaseUrl(port: number): string {
  const configured = process.env.PUBLIC_URL?.trim();
  return (configured || `http://localhost:${port}`).replace(/\/+$/, '');
}

export const unsubscribeUrl = (base: string, token: string) => `${base}/api/u/${token}`;
export const clickUrl = (base: string, token: string) => `${base}/api/m/c/${token}`;

/**
 * The e-mail's links (href="http(s)://...") through the click counter; the unsubscribe link and
 * anything that is not a web address (mailto:, tel:) stay as they are.
 */
export function trackLinks(
  html: string,
  keep: (url: string) => boolean,
  tracked: (url: string) => string,
): string {
  return html.replace(/href="(https?:\/\/[^"]+)"/gi, (whole, url: string) => {
    const plain = url.replace(/&amp;/g, '&');
    return keep(plain) ? whole : `href="${tracked(plain).replace(/&/g, '&amp;')}"`;
  });
}
