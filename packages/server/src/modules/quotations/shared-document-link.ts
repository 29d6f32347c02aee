import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SharedDocumentKind } from '@b2b/domain/document-sharing';

/**
 * The link to a quotation's or an order's PDF that goes into a WhatsApp message, for a buyer who
 * has no login: `shared/quotations/<token>`. The token names one document of one company and
 * when the link ends, signed with a key derived from the server's secret, so it cannot be guessed,
 * altered to reach another document, or used after it ends. It gives the PDF only (what the buyer
 * was sent anyway), drawn as the document is when the link is opened.
 */

/** How long a shared link works: long enough for the buyer to open it from the chat later. */
export const SHARED_LINK_DAYS = 30;

const KIND_CODES: Record<SharedDocumentKind, string> = { quotation: 'q', sales_order: 'o' };

const keys = new Map<string, Buffer>();

function signatureOf(body: string, serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = createHmac('sha256', serverSecret).update('b2b shared document links v1').digest();
    keys.set(serverSecret, key);
  }
  return createHmac('sha256', key).update(body).digest();
}

export interface SharedDocumentRef {
  kind: SharedDocumentKind;
  companyId: number;
  id: number;
}

/** A token for the document's PDF, ending SHARED_LINK_DAYS from `now`, and that end. */
export function sharedLinkToken(ref: SharedDocumentRef, serverSecret: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + SHARED_LINK_DAYS * 24 * 60 * 60;
  const body = `${KIND_CODES[ref.kind]}.${ref.companyId}.${ref.id}.${expires}`;
  return {
    token: `${body}.${signatureOf(body, serverSecret).toString('base64url')}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** The document a token names when it is genuine, of this kind and not ended; else null. */
export function readSharedLinkToken(
  token: string,
  kind: SharedDocumentKind,
  serverSecret: string,
  now = Date.now(),
): SharedDocumentRef | null {
  const match = /^([qo])\.(\d{1,12})\.(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || match[1] !== KIND_CODES[kind]) return null;
  const body = token.slice(0, token.lastIndexOf('.'));
  const given = Buffer.from(match[5], 'base64url');
  const expected = signatureOf(body, serverSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(match[4]) * 1000 <= now) return null;
  return { kind, companyId: Number(match[2]), id: Number(match[3]) };
}
