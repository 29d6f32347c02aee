import { z } from 'zod';
import { id } from './common.ts';
import { SHIPMENT_STATUSES } from './shipments.ts';

/**
 * Bulk actions on the invoice and shipment lists (issue 18): the selected rows' ids, at most
 * BULK_LIMIT at a time, and the per-row answers (what went through, what was skipped and why).
 */

/** The most rows one bulk request takes (one combined PDF of 100 invoices is already ~100 pages). */
export const BULK_LIMIT = 100;

export const BULK_MESSAGES = {
  ids_required: 'Select at least one row.',
  too_many: `Select at most ${BULK_LIMIT} rows at a time.`,
  invoice_cancelled: 'The invoice is cancelled.',
  invoices_sent: (sent: number, skipped: number) =>
    `${sent} ${sent === 1 ? 'invoice' : 'invoices'} sent${skipped ? `, ${skipped} skipped` : ''}.`,
  shipments_changed: (changed: number, refused: number) =>
    `${changed} ${changed === 1 ? 'shipment' : 'shipments'} changed${refused ? `, ${refused} refused` : ''}.`,
} as const;

/**
 * The selected ids: 1 to BULK_LIMIT positive integers (counted as sent), repeats dropped, first
 * occurrence's order kept.
 */
export const bulkIds = z
  .array(id, { error: BULK_MESSAGES.ids_required })
  .min(1, BULK_MESSAGES.ids_required)
  .max(BULK_LIMIT, BULK_MESSAGES.too_many)
  .transform((ids) => [...new Set(ids)]);

/** POST admin/companies/{companyId}/invoices/bulk_pdf and bulk_email */
export const bulkIdsInput = z.object({ ids: bulkIds }).strict();
export type BulkIdsInput = z.input<typeof bulkIdsInput>;

/** A row a bulk action left alone, with the sentence saying why. */
export const bulkSkippedRow = z.object({ id, number: z.string(), reason: z.string() });
export type BulkSkippedRow = z.infer<typeof bulkSkippedRow>;

/** The answer of bulk_email: how many invoices went to their buyers, and the ones that did not. */
export const bulkEmailOutput = z.object({
  detail: z.string(),
  sent: z.number().int(),
  skipped: z.array(bulkSkippedRow),
});
export type BulkEmailOutput = z.infer<typeof bulkEmailOutput>;

/** POST admin/companies/{companyId}/shipments/bulk_status */
export const bulkShipmentStatusInput = z
  .object({ ids: bulkIds, status: z.enum(SHIPMENT_STATUSES, { error: 'Choose a shipment status.' }) })
  .strict();
export type BulkShipmentStatusInput = z.input<typeof bulkShipmentStatusInput>;

/** The answer of bulk_status: the shipments moved, and the ones refused with the rule's sentence. */
export const bulkShipmentStatusOutput = z.object({
  detail: z.string(),
  changed: z.array(z.object({ id, number: z.string() })),
  refused: z.array(bulkSkippedRow),
});
export type BulkShipmentStatusOutput = z.infer<typeof bulkShipmentStatusOutput>;
