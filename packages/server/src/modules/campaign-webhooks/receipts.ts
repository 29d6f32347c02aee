import { receiptMoves } from '@b2b/domain/campaigns';
import type { CampaignMedium } from '@b2b/domain/statuses';
import type { Updateable } from 'kysely';
import type { CampaignMessagesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './campaign-webhooks.queries.ts';

/**
 * What a provider's receipt does to a campaign message (issue 23), whichever webhook brought it
 * (WhatsApp, SMS, e-mail). A receipt can come before the sender has recorded the provider's id
 * for its message (a send and the record of its outcome are a moment apart): it is then kept in
 * campaign_early_receipts and applied when the id is recorded (applyEarlyReceipts, called by the
 * sender right after it records a batch), instead of being lost.
 */

export interface Receipt {
  providerMessageId: string;
  to: 'sent' | 'delivered' | 'read' | 'failed';
  /** The provider's own word, kept on the message (spec: Submitted, Delivered, Read, FAILED). */
  providerStatus: string;
  at: Date;
  error?: string;
  /** An e-mail spam complaint: the contact is opted out of e-mail (email-events). */
  complaint?: boolean;
}

/** Early receipts older than this belong to no campaign message (a support reply) and are pruned. */
export const EARLY_RECEIPT_MINUTES = 10;

/** What a receipt changes on a message; empty when it changes nothing (out of order or repeated). */
export function receiptPatch(
  row: queries.ReceiptTarget,
  receipt: Receipt,
): Updateable<CampaignMessagesTable> {
  if (row.status === 'skipped') return {};
  const patch: Updateable<CampaignMessagesTable> = {};
  const moves = receiptMoves(row.status, receipt.to);
  if (moves) {
    patch.status = receipt.to;
    patch.provider_status = receipt.providerStatus;
  }
  if (receipt.complaint && row.provider_status !== 'complaint') patch.provider_status = 'complaint';
  if (receipt.to === 'failed') {
    if (moves) {
      patch.failed_at = receipt.at;
      if (receipt.error) patch.last_error = receipt.error;
    }
    return patch;
  }
  // A later state says the earlier ones happened: a read message was delivered and sent. A late
  // 'delivered' after 'read' fills the date it lacked; the same receipt again finds it filled.
  if (!row.sent_at) patch.sent_at = receipt.at;
  if ((receipt.to === 'delivered' || receipt.to === 'read') && !row.delivered_at)
    patch.delivered_at = receipt.at;
  if (receipt.to === 'read' && !row.read_at) patch.read_at = receipt.at;
  return patch;
}

export type ReceiptResult = { found: false } | { found: true; changed: boolean; contactId: number };

/**
 * Applies one receipt to the company's message with that provider id (locked), or keeps it for
 * later when no message has the id yet. Run it in a transaction.
 */
export async function applyReceipt(
  tx: Executor,
  companyId: number,
  medium: CampaignMedium,
  receipt: Receipt,
  options: { keepEarly?: boolean } = {},
): Promise<ReceiptResult> {
  const row = await queries.lockMessageByProviderId(tx, companyId, medium, receipt.providerMessageId);
  if (!row) {
    if (options.keepEarly !== false)
      await tx
        .insertInto('campaign_early_receipts')
        .values({
          company_id: companyId,
          medium,
          provider_message_id: receipt.providerMessageId,
          receipt: JSON.stringify({ ...receipt, at: receipt.at.toISOString() }),
        })
        .execute();
    return { found: false };
  }
  const patch = receiptPatch(row, receipt);
  const changed = Object.keys(patch).length > 0;
  if (changed) await queries.updateMessage(tx, companyId, row.id, { ...patch, updated_at: new Date() });
  return { found: true, changed, contactId: Number(row.contact_id) };
}

/**
 * The early receipts of messages whose provider ids were just recorded, applied in the order they
 * came and deleted. Answers the complaints among them (contact ids), for the caller to opt out.
 */
export async function applyEarlyReceipts(
  tx: Executor,
  companyId: number,
  providerMessageIds: readonly string[],
): Promise<number[]> {
  if (providerMessageIds.length === 0) return [];
  const early = await tx
    .deleteFrom('campaign_early_receipts')
    .where('company_id', '=', companyId)
    .where('provider_message_id', 'in', [...providerMessageIds])
    .returning(['id', 'medium', 'receipt'])
    .execute();
  const complaints: number[] = [];
  for (const row of early.sort((a, b) => Number(a.id) - Number(b.id))) {
    const stored = row.receipt as unknown as Omit<Receipt, 'at'> & { at: string };
    const receipt: Receipt = { ...stored, at: new Date(stored.at) };
    const result = await applyReceipt(tx, companyId, row.medium, receipt, { keepEarly: false });
    if (result.found && receipt.complaint) complaints.push(result.contactId);
  }
  return complaints;
}

/** Early receipts no message claimed in EARLY_RECEIPT_MINUTES: not a campaign's (the minute sweep). */
export async function pruneEarlyReceipts(db: Executor): Promise<void> {
  await db
    .deleteFrom('campaign_early_receipts')
    .where('received_at', '<', new Date(Date.now() - EARLY_RECEIPT_MINUTES * 60_000))
    .execute();
}
