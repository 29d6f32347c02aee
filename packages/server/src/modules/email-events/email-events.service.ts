import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { sameSecret } from '../campaign-webhooks/campaign-webhooks.service.ts';
import { applyReceipt, type Receipt } from '../campaign-webhooks/receipts.ts';
import { optOutContact } from '../contacts/contacts.service.ts';
import { isMarketingEnabled } from '../marketing/marketing.queries.ts';
import { openedMedium } from '../marketing-mediums/marketing-mediums.service.ts';

/**
 * What e-mail providers report back about campaign mail (issue 23): deliveries, bounces, spam
 * complaints and opens, posted to /api/webhooks/email/{companyId}/{webhook_token}. Two formats are
 * read, told apart by their shape: SendGrid's event webhook (a JSON array of events) and Amazon
 * SES notifications through SNS (also SES's event publishing). Both name the message by the
 * Message-ID header the sender set (campaign_messages.provider_message_id), so a report finds its
 * message whichever relay carried it.
 *
 * A hard bounce fails the message with provider status 'bounced' (later campaigns skip that
 * address: campaign-send.service.ts's recipientsSql); a complaint also opts the contact out of
 * e-mail ('complaint'); an open is 'read'.
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;

export const EMAIL_EVENT_MESSAGES = {
  token: 'The webhook token is missing or not right.',
  body: 'The body is neither a SendGrid event list nor an Amazon SNS notification.',
  json: 'The body is not valid JSON.',
  too_many: 'Too many reports from this address; please retry in a minute.',
  subscribe_url: 'The SNS SubscribeURL must be an https address of sns.<region>.amazonaws.com.',
} as const;

export interface EmailEvent {
  receipt: Receipt;
  /** A spam complaint: the contact is opted out of e-mail. */
  complaint: boolean;
}

/** `<id@host>` whatever the provider wrote (with or without the angle brackets). */
export function messageIdKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const bare = raw.trim().replace(/^<|>$/g, '');
  return bare.length > 0 && bare.length <= 300 && !/[\s<>]/.test(bare) ? `<${bare}>` : null;
}

const when = (value: unknown, unit: 'seconds' | 'iso'): Date => {
  const date =
    unit === 'seconds' && typeof value === 'number'
      ? new Date(value * 1000)
      : typeof value === 'string'
        ? new Date(value)
        : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? new Date() : date;
};

const text = (value: unknown, max = 500) => (typeof value === 'string' ? value.slice(0, max) : undefined);

// ---------------------------------------------------------------------------------------------
// SendGrid: [{ event, 'smtp-id', timestamp, type, reason, ... }]

function sendgridEvent(raw: Record<string, unknown>): EmailEvent | null {
  const id = messageIdKey(raw['smtp-id']);
  if (!id) return null;
  const at = when(raw.timestamp, 'seconds');
  const reason = text(raw.reason) ?? text(raw.response);
  const failed = (providerStatus: string): EmailEvent => ({
    receipt: { providerMessageId: id, to: 'failed', providerStatus, at, ...(reason && { error: reason }) },
    complaint: false,
  });
  switch (raw.event) {
    case 'delivered':
      return {
        receipt: { providerMessageId: id, to: 'delivered', providerStatus: 'Delivered', at },
        complaint: false,
      };
    case 'open':
      return { receipt: { providerMessageId: id, to: 'read', providerStatus: 'Read', at }, complaint: false };
    case 'bounce':
      // 'blocked' is the receiving server refusing for now (reputation, content): not the address.
      return failed(raw.type === 'blocked' ? 'blocked' : 'bounced');
    case 'dropped':
      return failed(/bounce/i.test(reason ?? '') ? 'bounced' : 'dropped');
    case 'spamreport':
      return {
        receipt: { providerMessageId: id, to: 'delivered', providerStatus: 'complaint', at },
        complaint: true,
      };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Amazon SES through SNS: { Type: 'Notification', Message: '<SES JSON>' }

function sesMessageId(mail: Record<string, unknown> | undefined): string | null {
  const common = mail?.commonHeaders as Record<string, unknown> | undefined;
  const fromCommon = messageIdKey(common?.messageId);
  if (fromCommon) return fromCommon;
  const headers = Array.isArray(mail?.headers) ? (mail.headers as { name?: unknown; value?: unknown }[]) : [];
  return messageIdKey(headers.find((h) => String(h.name).toLowerCase() === 'message-id')?.value);
}

function sesEvent(message: Record<string, unknown>): EmailEvent | null {
  const kind = message.notificationType ?? message.eventType;
  const id = sesMessageId(message.mail as Record<string, unknown> | undefined);
  if (!id) return null;
  const part = (key: string) => (message[key] ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'Delivery':
      return {
        receipt: {
          providerMessageId: id,
          to: 'delivered',
          providerStatus: 'Delivered',
          at: when(part('delivery').timestamp, 'iso'),
        },
        complaint: false,
      };
    case 'Open':
      return {
        receipt: {
          providerMessageId: id,
          to: 'read',
          providerStatus: 'Read',
          at: when(part('open').timestamp, 'iso'),
        },
        complaint: false,
      };
    case 'Bounce': {
      const bounce = part('bounce');
      const recipients = Array.isArray(bounce.bouncedRecipients)
        ? (bounce.bouncedRecipients as Record<string, unknown>[])
        : [];
      const error = text(recipients[0]?.diagnosticCode) ?? text(bounce.bounceSubType);
      // Only a permanent bounce says the address is bad; a transient one may still deliver.
      if (bounce.bounceType !== 'Permanent') return null;
      return {
        receipt: {
          providerMessageId: id,
          to: 'failed',
          providerStatus: 'bounced',
          at: when(bounce.timestamp, 'iso'),
          ...(error && { error }),
        },
        complaint: false,
      };
    }
    case 'Complaint':
      return {
        receipt: {
          providerMessageId: id,
          to: 'delivered',
          providerStatus: 'complaint',
          at: when(part('complaint').timestamp, 'iso'),
        },
        complaint: true,
      };
    default:
      return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type ParsedEmailBody =
  | { kind: 'events'; events: EmailEvent[] }
  | { kind: 'sns_subscription'; subscribeUrl: string };

/** Reads a provider's post; a body of neither shape is a 400 with a sentence. */
export function parseEmailEvents(body: unknown): ParsedEmailBody {
  let value = body;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    try {
      value = JSON.parse(value.toString());
    } catch {
      throw new AppError('bad_request', EMAIL_EVENT_MESSAGES.json);
    }
  }
  if (Array.isArray(value) && value.length <= 10_000) {
    const events = value.filter(isObject).map(sendgridEvent);
    return { kind: 'events', events: events.filter((e): e is EmailEvent => e !== null) };
  }
  if (isObject(value) && value.Type === 'SubscriptionConfirmation') {
    const url = typeof value.SubscribeURL === 'string' ? value.SubscribeURL : '';
    if (!isSnsAddress(url)) throw new AppError('bad_request', EMAIL_EVENT_MESSAGES.subscribe_url);
    return { kind: 'sns_subscription', subscribeUrl: url };
  }
  if (isObject(value) && value.Type === 'Notification' && typeof value.Message === 'string') {
    let message: unknown;
    try {
      message = JSON.parse(value.Message);
    } catch {
      throw new AppError('bad_request', EMAIL_EVENT_MESSAGES.json);
    }
    const event = isObject(message) ? sesEvent(message) : null;
    return { kind: 'events', events: event ? [event] : [] };
  }
  // SES event publishing straight to an HTTPS endpoint (no SNS envelope).
  if (isObject(value) && (value.eventType || value.notificationType) && isObject(value.mail)) {
    const event = sesEvent(value);
    return { kind: 'events', events: event ? [event] : [] };
  }
  throw new AppError('bad_request', EMAIL_EVENT_MESSAGES.body);
}

/** Only Amazon's own SNS hosts are fetched to confirm a subscription (never an address we are handed). */
export function isSnsAddress(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying them

/** 401 unless the path's token is the e-mail medium's webhook token; 403 without marketing. */
export async function requireEmailToken(ctx: Context, companyId: number, token: string): Promise<void> {
  const settings = await openedMedium(ctx, companyId, 'email').catch(() => undefined);
  const expected = typeof settings?.webhook_token === 'string' ? settings.webhook_token : '';
  if (!expected || !sameSecret(token, expected))
    throw new AppError('not_authenticated', EMAIL_EVENT_MESSAGES.token);
  if (!(await isMarketingEnabled(ctx.db, companyId)))
    throw new AppError('permission_denied', MARKETING_DISABLED_MESSAGE);
}

/**
 * Moves each named message forward (never back; a repeat changes nothing) and opts out the
 * contacts who complained. Answers how many messages or contacts changed.
 */
export async function applyEmailEvents(
  ctx: Context,
  companyId: number,
  events: readonly EmailEvent[],
): Promise<number> {
  let changed = 0;
  for (const { receipt, complaint } of events) {
    const result = await inTransaction(ctx.db, (tx) =>
      applyReceipt(tx, companyId, 'email', { ...receipt, complaint }),
    );
    if (result.found && result.changed) changed += 1;
    // A complaint before its message's id is recorded opts out when the sender records it.
    if (result.found && complaint) {
      await optOutContact({
        db: ctx.db,
        actor: { companyId, userId: null },
        contactId: result.contactId,
        medium: 'email',
        way: 'complaint',
      });
      changed += 1;
    }
  }
  // No one signs these requests in, so the after-write hook does not retire cached reads.
  if (changed > 0) companyChanged(companyId);
  return changed;
}

/** Confirms an SNS subscription by fetching its SubscribeURL (Amazon's host only, 10 s at most). */
export async function confirmSnsSubscription(subscribeUrl: string): Promise<void> {
  const response = await fetch(subscribeUrl, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok)
    throw new AppError('bad_request', `Amazon SNS answered ${response.status} to the confirmation.`);
}
