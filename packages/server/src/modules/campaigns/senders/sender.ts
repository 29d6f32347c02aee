import type { CampaignMedium } from '@b2b/domain/statuses';
import type { RenderedTemplate } from '@b2b/domain/templates';
import type { Executor } from '../../../db/transaction.ts';
import type { OpenedMedium } from '../../marketing-mediums/medium-tests.ts';

/**
 * How a campaign message leaves the product: one sender per medium (email.sender.ts, sms.sender.ts,
 * whatsapp.sender.ts, push.sender.ts), chosen by SENDERS[medium]. The send loop
 * (campaign-send.service.ts) claims a message, renders its template, calls `send`, and records the
 * outcome in the same row; providers' delivery receipts arrive later on the webhook routes.
 */
export interface OutgoingMessage {
  /** Stable per recipient of a campaign: the e-mail Message-ID's local part, the provider reference. */
  idempotencyKey: string;
  companyId: number;
  campaignId: number;
  messageId: number;
  /** The address: e-mail, 10-digit Indian number, or a push subscription id. */
  recipient: string;
  rendered: RenderedTemplate;
  /** The template row's medium-specific fields (Meta template name and language, DLT ids, ...). */
  template: Readonly<Record<string, unknown>>;
  /** Every variable's value for this recipient (campaign-wide and per-recipient), by name. */
  values: Readonly<Record<string, string>>;
  /** Signed public links for this recipient. */
  unsubscribeUrl: string;
  /** Whether the purpose is promotional (e-mail: List-Unsubscribe; SMS: DLT category). */
  promotional: boolean;
}

export type SendOutcome =
  /** The provider accepted it; its id links later receipts to the row. */
  | { kind: 'sent'; providerMessageId: string | null; providerStatus?: string }
  /** Worth retrying (timeouts, 429, 5xx, SMTP 4xx). */
  | { kind: 'temporary'; error: string }
  /** Never going to work for this recipient (invalid address, 5xx SMTP reply, rejected template). */
  | { kind: 'permanent'; error: string; skipReason?: 'invalid' | 'bounced' };

/**
 * What a sender may need besides the medium's settings: the database (push reads the subscription
 * a message's recipient names, and marks it expired when the push service says it is gone).
 */
export interface SenderDeps {
  db: Executor;
}

export interface MessageSender {
  readonly medium: CampaignMedium;
  /**
   * Opens what one batch of sends needs (an SMTP pool, an HTTP agent) from the company's medium
   * settings, secrets opened; `close` releases it. The send loop passes `deps` (push needs them).
   */
  open(settings: OpenedMedium, deps?: SenderDeps): Promise<MediumChannel>;
}

export interface MediumChannel {
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): Promise<void>;
}
