import { z } from 'zod';
import { RECEIPT_WIDTHS, type ReceiptWidth, STORE_MESSAGES, STORE_NAME_MAX } from '../stores.ts';
import { requiredText } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

/** Store requests and answers (issue 26). Stores live under the company; each belongs to a branch. */

const storeName = requiredText(STORE_MESSAGES.name_required, STORE_NAME_MAX);

const receiptWidth = z.coerce
  .number({ error: STORE_MESSAGES.receipt_width })
  .refine((value): value is ReceiptWidth => (RECEIPT_WIDTHS as readonly number[]).includes(value), {
    message: STORE_MESSAGES.receipt_width,
  })
  .transform((value) => value as ReceiptWidth);

/** A required id whose absence is named by the field's own sentence. */
const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message),
  );

/** null or '' clears the channel (the company's instore channel then applies). */
const nullableChannel = z.preprocess((v) => (v === '' ? null : v), idInput.nullable());

export const storeCreate = z
  .object({
    name: storeName,
    branch: requiredId(STORE_MESSAGES.branch_required),
    warehouse: requiredId(STORE_MESSAGES.warehouse_required),
    /** The channel its sales (and the cashpoints their offers earn) count under; null: instore. */
    sales_channel: nullableChannel.default(null),
    receipt_width_mm: receiptWidth.default(80),
    is_active: z.boolean().default(true),
  })
  .strict();
export type StoreCreate = z.infer<typeof storeCreate>;
export type StoreCreateBody = z.input<typeof storeCreate>;

export const storeUpdate = z
  .object({
    name: storeName.optional(),
    branch: requiredId(STORE_MESSAGES.branch_required).optional(),
    warehouse: requiredId(STORE_MESSAGES.warehouse_required).optional(),
    sales_channel: nullableChannel.optional(),
    receipt_width_mm: receiptWidth.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type StoreUpdate = z.infer<typeof storeUpdate>;
export type StoreUpdateBody = z.input<typeof storeUpdate>;

export const storeListFilters = z.object({
  is_active: booleanParam.optional(),
  branch: z.coerce.number().int().positive().optional(),
});

const named = z.object({ id, name: z.string() });

export const storeOutput = z.object({
  id,
  name: z.string(),
  branch: named,
  warehouse: named,
  sales_channel: z.object({ id, name: z.string(), display_name: z.string() }).nullable(),
  receipt_width_mm: z.union([z.literal(58), z.literal(80)]),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type StoreOutput = z.infer<typeof storeOutput>;
