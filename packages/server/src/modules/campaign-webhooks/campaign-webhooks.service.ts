import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { optOutContact } from '../contacts/contacts.service.ts';
import { isMarketingEnabled } from '../marketing/marketing.queries.ts';
import { openedMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import type { OpenedMedium } from '../marketing-mediums/medium-tests.ts';
import * as queries from './campaign-webhooks.queries.ts';
import { applyReceipt, type Receipt } from './receipts.ts';

export { type Receipt, receiptPatch } from './receipts.ts';

/**
 * Delivery receipts and replies from the providers (issue 23): public routes, no one signs in.
 * WhatsApp's are signed by Meta with the company's app secret (X-Hub-Signature-256 over the raw
 * body); Gupshup signs nothing, so its callback address carries the company's webhook token. A
 * receipt moves a message's state only forward (domain receiptMoves), so receipts that arrive out
 * of order or twice change nothing; a STOP reply opts the contact out of that medium.
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;
type ReceiptMedium = 'sms' | 'whatsapp';

export const WEBHOOK_MESSAGES = {
  signature: 'The X-Hub-Signature-256 header is missing or does not match the body.',
  token: 'The webhook token is missing or not right.',
  verify_token: 'The verify token does not match.',
  verify_mode: 'hub.mode must be subscribe.',
  body: 'The body is not a notification this webhook understands.',
  json: 'The body is not valid JSON.',
  report: 'A delivery report needs externalId and status.',
  too_many: 'Too many reports from this address; please retry in a minute.',
} as const;

/** A customer's message to the company's WhatsApp number, for the support inbox. */
export interface IncomingWhatsapp {
  /** Meta's wamid: the same message re-delivered has the same id. */
  waMessageId: string;
  /** Country code and number, digits only (919820012345). */
  waNumber: string;
  profileName: string | null;
  type: string;
  body: string;
  at: Date;
}

export interface Reply {
  /** 10 digits (the country code taken off). */
  from: string;
  text: string;
}

/** A reply that asks for no more messages: STOP, UNSUBSCRIBE, Meta's 'Stop promotions' button. */
export const isStopReply = (text: string) =>
  /^\s*(stop|unsubscribe|stop promotions)\s*[.!]*\s*$/i.test(text.normalize('NFKC'));

/** An Indian number as contacts keep it: the last 10 digits of 91XXXXXXXXXX, +91..., 0XXXXXXXXXX. */
export function localNumber(raw: string): string | null {
  const digits = raw.replace(/[\s+-]/g, '');
  if (!/^\d{10,13}$/.test(digits)) return null;
  const local = digits.slice(-10);
  const prefix = digits.slice(0, -10);
  return /^[1-9]\d{9}$/.test(local) && ['', '0', '91', '091'].includes(prefix) ? local : null;
}

function providerTime(raw: unknown, unit: 'seconds' | 'milliseconds'): Date {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return new Date();
  const at = new Date(unit === 'seconds' ? n * 1000 : n);
  // A clock far off (or a value in the wrong unit) is not believed: the receipt is dated now.
  return Math.abs(at.getTime() - Date.now()) > 366 * 86_400_000 ? new Date() : at;
}

// ---------------------------------------------------------------------------------------------
// Who is calling

/** Constant-time equality of two secrets of any length (compared as SHA-256 digests). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Meta's X-Hub-Signature-256: 'sha256=' and the hex HMAC-SHA256 of the raw body with the app secret. */
export function validMetaSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(match[1].toLowerCase(), 'hex'), expected);
}

/** The medium's opened settings, or undefined (not saved, or a secret that can no longer be read). */
async function mediumOf(ctx: Context, companyId: number, medium: ReceiptMedium) {
  try {
    return await openedMedium(ctx, companyId, medium);
  } catch {
    return undefined;
  }
}

async function requireMarketing(ctx: Context, companyId: number) {
  if (!(await isMarketingEnabled(ctx.db, companyId)))
    throw new AppError('permission_denied', MARKETING_DISABLED_MESSAGE);
}

/**
 * The company's WhatsApp settings for a signed notification: 401 unless the body is signed with
 * the company's app secret (a company without one cannot be posted to), then 403 without marketing.
 */
export async function whatsappForSignedBody(
  ctx: Context,
  companyId: number,
  raw: Buffer,
  signature: string | undefined,
): Promise<OpenedMedium> {
  const settings = await mediumOf(ctx, companyId, 'whatsapp');
  const secret = typeof settings?.app_secret === 'string' ? settings.app_secret : '';
  if (!settings || !secret || !validMetaSignature(raw, signature, secret))
    throw new AppError('not_authenticated', WEBHOOK_MESSAGES.signature);
  await requireMarketing(ctx, companyId);
  return settings;
}

/** Meta's subscription check: the challenge when the verify token is the company's. */
export async function verifyWhatsappSubscription(
  ctx: Context,
  companyId: number,
  query: { mode?: string; token?: string; challenge?: string },
): Promise<string> {
  if (query.mode !== 'subscribe') throw new AppError('bad_request', WEBHOOK_MESSAGES.verify_mode);
  const settings = await mediumOf(ctx, companyId, 'whatsapp');
  const expected = typeof settings?.webhook_verify_token === 'string' ? settings.webhook_verify_token : '';
  if (!expected || !sameSecret(query.token ?? '', expected))
    throw new AppError('permission_denied', WEBHOOK_MESSAGES.verify_token);
  await requireMarketing(ctx, companyId);
  return query.challenge ?? '';
}

/** The company's SMS callbacks: 401 unless the path's token is the company's webhook token. */
export async function requireSmsToken(ctx: Context, companyId: number, token: string): Promise<void> {
  const settings = await mediumOf(ctx, companyId, 'sms');
  const expected = typeof settings?.webhook_token === 'string' ? settings.webhook_token : '';
  if (!expected || !sameSecret(token, expected))
    throw new AppError('not_authenticated', WEBHOOK_MESSAGES.token);
  await requireMarketing(ctx, companyId);
}

// ---------------------------------------------------------------------------------------------
// What the providers send

const metaStatus = z.object({
  id: z.string().min(1).max(300),
  status: z.string().max(50),
  timestamp: z.union([z.string().max(20), z.number()]).optional(),
  recipient_id: z.string().max(30).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
        error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
      }),
    )
    .max(10)
    .optional(),
});

const caption = z
  .object({ caption: z.string().max(4096).optional(), filename: z.string().max(500).optional() })
  .optional();
const metaMessage = z.object({
  from: z.string().max(30),
  id: z.string().max(300).optional(),
  timestamp: z.union([z.string().max(20), z.number()]).optional(),
  type: z.string().max(30).optional(),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z
    .object({ text: z.string().max(256).optional(), payload: z.string().max(1024).optional() })
    .optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string().max(256).optional() }).optional(),
      list_reply: z.object({ title: z.string().max(256).optional() }).optional(),
    })
    .optional(),
  image: caption,
  video: caption,
  document: caption,
  location: z
    .object({
      name: z.string().max(500).optional(),
      address: z.string().max(1000).optional(),
      latitude: z.number().optional(),
      longitude: z.number().optional(),
    })
    .optional(),
  reaction: z.object({ emoji: z.string().max(20).optional() }).optional(),
});
type MetaMessage = z.output<typeof metaMessage>;

const metaNotification = z.object({
  object: z.string().max(100).optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100).optional(),
              value: z
                .object({
                  metadata: z.object({ phone_number_id: z.string().max(40).optional() }).optional(),
                  statuses: z.array(metaStatus).max(1000).optional(),
                  messages: z.array(metaMessage).max(1000).optional(),
                  contacts: z
                    .array(
                      z.object({
                        wa_id: z.string().max(30).optional(),
                        profile: z.object({ name: z.string().max(500).optional() }).optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                })
                .optional(),
            }),
          )
          .max(100)
          .optional(),
      }),
    )
    .max(100),
});

const META_STATUSES: Record<string, Receipt['to']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
const META_WORDS: Record<Receipt['to'], string> = {
  sent: 'Submitted',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'FAILED',
};

/** What a customer's message says, as the support inbox shows it (media are named, not fetched). */
function incomingBody(message: MetaMessage): string {
  const type = message.type ?? 'text';
  const withCaption = (label: string, media?: { caption?: string; filename?: string }) =>
    media?.caption?.trim()
      ? `[${label}] ${media.caption.trim()}`
      : `[${label}${media?.filename ? `: ${media.filename}` : ''}]`;
  switch (type) {
    case 'text':
      return message.text?.body ?? '';
    case 'button':
      return message.button?.text ?? message.button?.payload ?? '';
    case 'interactive':
      return message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? '';
    case 'image':
      return withCaption('Photo', message.image);
    case 'video':
      return withCaption('Video', message.video);
    case 'document':
      return withCaption('Document', message.document);
    case 'audio':
      return '[Voice message]';
    case 'sticker':
      return '[Sticker]';
    case 'location': {
      const l = message.location;
      const place = [l?.name, l?.address].filter(Boolean).join(', ');
      const at =
        l?.latitude !== undefined && l?.longitude !== undefined ? ` (${l.latitude}, ${l.longitude})` : '';
      return `[Location] ${place}${at}`.trim();
    }
    case 'contacts':
      return '[Contact card]';
    case 'reaction':
      return message.reaction?.emoji ? `Reacted ${message.reaction.emoji}` : '';
    default:
      return `[${type} message: open WhatsApp to see it]`;
  }
}

/** The receipts, replies and incoming messages of a Cloud API notification for the company's phone number (400 when unreadable). */
export function whatsappEvents(
  body: unknown,
  phoneNumberId: string,
): { receipts: Receipt[]; replies: Reply[]; incoming: IncomingWhatsapp[] } {
  const parsed = metaNotification.safeParse(body);
  if (!parsed.success) throw new AppError('bad_request', WEBHOOK_MESSAGES.body);
  const receipts: Receipt[] = [];
  const replies: Reply[] = [];
  const incoming: IncomingWhatsapp[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (!value) continue;
      // Another number of the same Meta app is not this company's.
      const numberId = value.metadata?.phone_number_id;
      if (numberId && phoneNumberId && numberId !== phoneNumberId) continue;
      for (const status of value.statuses ?? []) {
        const to = META_STATUSES[status.status];
        if (!to) continue;
        const error = status.errors?.[0];
        receipts.push({
          providerMessageId: status.id,
          to,
          providerStatus: META_WORDS[to],
          at: providerTime(status.timestamp, 'seconds'),
          ...(error && {
            error: [error.code, error.title ?? error.message, error.error_data?.details]
              .filter(Boolean)
              .join(': ')
              .slice(0, 1000),
          }),
        });
      }
      for (const message of value.messages ?? []) {
        const from = localNumber(message.from);
        const text = message.text?.body ?? message.button?.text ?? message.button?.payload ?? '';
        if (from && text) replies.push({ from, text });
        const waNumber = message.from.replace(/\D/g, '');
        const messageBody = incomingBody(message).slice(0, 4096);
        // A message without Meta's id cannot be kept once only; Meta always gives one.
        if (!message.id || !/^[1-9]\d{7,14}$/.test(waNumber) || !messageBody) continue;
        const profile = value.contacts?.find((c) => c.wa_id === message.from) ?? value.contacts?.[0];
        incoming.push({
          waMessageId: message.id,
          waNumber,
          profileName: profile?.profile?.name?.trim().slice(0, 200) || null,
          type: (message.type ?? 'text').slice(0, 30),
          body: messageBody,
          at: providerTime(message.timestamp, 'seconds'),
        });
      }
    }
  }
  return { receipts, replies, incoming };
}

/** Gupshup's final states: SUCCESS (or DELIVRD/DELIVERED) is delivered; failure words are failed. */
function gupshupState(word: string): Receipt['to'] | undefined {
  const w = word.trim().toUpperCase();
  if (['SUCCESS', 'DELIVRD', 'DELIVERED'].includes(w)) return 'delivered';
  if (['FAILURE', 'FAIL', 'FAILED', 'UNDELIV', 'UNDELIVERED', 'REJECTD', 'REJECTED', 'EXPIRED'].includes(w))
    return 'failed';
  if (['SENT', 'SUBMITTED'].includes(w)) return 'sent';
  return undefined;
}

const text = (max: number) =>
  z
    .union([z.string().max(max), z.number()])
    .transform(String)
    .optional();
const gupshupReport = z.object({
  externalId: text(200),
  status: text(50),
  eventType: text(50),
  cause: text(200),
  errCode: text(20),
  deliveredTS: text(20),
  eventTs: text(20),
});

/**
 * The delivery reports of a Gupshup callback: one (GET query or form) or a JSON array of up to 20
 * events ({externalId, eventType, eventTs, cause, errCode}). Reports in an unknown state are skipped.
 */
export function gupshupReports(body: unknown): Receipt[] {
  const list = Array.isArray(body) ? body : [body];
  // Gupshup's POST may come as a form whose `response` field holds the JSON array.
  const wrapped = (body as { response?: unknown } | undefined)?.response;
  if (!Array.isArray(body) && typeof wrapped === 'string') {
    try {
      const inner: unknown = JSON.parse(wrapped);
      list.splice(0, 1, ...(Array.isArray(inner) ? inner : [inner]));
    } catch {
      throw new AppError('bad_request', WEBHOOK_MESSAGES.report);
    }
  }
  if (list.length === 0 || list.length > 1000) throw new AppError('bad_request', WEBHOOK_MESSAGES.report);
  const receipts: Receipt[] = [];
  for (const item of list) {
    const parsed = gupshupReport.safeParse(item);
    const report = parsed.success ? parsed.data : undefined;
    const word = report?.status ?? report?.eventType;
    if (!report?.externalId || !word) throw new AppError('bad_request', WEBHOOK_MESSAGES.report);
    const to = gupshupState(word);
    if (!to) continue;
    const cause = report.cause?.trim();
    receipts.push({
      providerMessageId: report.externalId.trim(),
      to,
      providerStatus: to === 'failed' ? 'FAILED' : META_WORDS[to],
      at: providerTime(report.deliveredTS ?? report.eventTs, 'milliseconds'),
      ...(to === 'failed' && {
        error: `Gupshup: ${[report.errCode, cause].filter(Boolean).join(' ') || word}`.slice(0, 1000),
      }),
    });
  }
  return receipts;
}

const gupshupInbound = z.object({
  msisdn: text(30),
  content: text(2000),
  keyword: text(100),
});

/** An SMS reply forwarded by Gupshup (keyword response URL: msisdn, keyword, content). */
export function gupshupReply(body: unknown): Reply | null {
  const parsed = gupshupInbound.safeParse(body);
  if (!parsed.success || !parsed.data.msisdn) throw new AppError('bad_request', WEBHOOK_MESSAGES.body);
  const from = localNumber(parsed.data.msisdn);
  const words = parsed.data.content?.trim() || parsed.data.keyword?.trim() || '';
  return from && words ? { from, text: words } : null;
}

// ---------------------------------------------------------------------------------------------
// What they change

/** Applies receipts to the company's messages; returns how many messages changed. */
export async function applyReceipts(
  ctx: Context,
  companyId: number,
  medium: ReceiptMedium,
  receipts: readonly Receipt[],
): Promise<number> {
  let changed = 0;
  for (const receipt of receipts) {
    const result = await inTransaction(ctx.db, (tx) => applyReceipt(tx, companyId, medium, receipt));
    if (result.found && result.changed) changed += 1;
  }
  // No one signs these requests in, so the API's after-write hook does not retire the company's
  // cached reads (campaign summaries): it is done here.
  if (changed > 0) companyChanged(companyId);
  return changed;
}

/** Opts out the contacts that replied STOP; returns how many contacts it opted out (or found opted out). */
export async function applyReplies(
  ctx: Context,
  companyId: number,
  medium: ReceiptMedium,
  replies: readonly Reply[],
): Promise<number> {
  let count = 0;
  for (const reply of replies) {
    if (!isStopReply(reply.text)) continue;
    const contactIds = await queries.contactsWithNumber(ctx.db, companyId, medium, reply.from);
    for (const contactId of contactIds) {
      await optOutContact({
        db: ctx.db,
        actor: { companyId, userId: null },
        contactId,
        medium,
        way: 'reply_stop',
      });
      count += 1;
    }
  }
  if (count > 0) companyChanged(companyId);
  return count;
}
