import { z } from 'zod';
import { idInput, optionalText } from './api/common.ts';
import { QUANTITY_MAX } from './api/products.ts';
import { calendarDate } from './api/sales-orders.ts';
import { serialNumbersInput } from './api/serial-numbers.ts';
import { type DebitNoteSummaryOutput, debitNoteSummaryOutput } from './debit-notes.ts';
import { formatQuantity } from './money.ts';
import { returnableQuantity } from './sales-returns.ts';
import { type StatusOption, statusColor, statusLabel } from './statuses.ts';
import { isBlank, isQuantity, numberField, todayInIndia } from './validation.ts';

/**
 * Purchase returns (issue 19): goods of one received bill sent back to the seller. A return never
 * takes back more of a bill line than was billed less what live returns already took; its goods
 * leave the bill's warehouse from the batch they came in with; it raises its debit note in the
 * same transaction, and the two are voided together.
 */

export const PURCHASE_RETURN_STATUSES = [
  { value: 'returned', label: 'Returned', color: 'blue' },
  { value: 'void', label: 'Void', color: 'red' },
] as const satisfies readonly StatusOption[];
export type PurchaseReturnStatus = (typeof PURCHASE_RETURN_STATUSES)[number]['value'];
export const PURCHASE_RETURN_STATUS_VALUES = PURCHASE_RETURN_STATUSES.map((s) => s.value) as [
  PurchaseReturnStatus,
  ...PurchaseReturnStatus[],
];
export const purchaseReturnStatusLabel = (status: string) => statusLabel(PURCHASE_RETURN_STATUSES, status);
export const purchaseReturnStatusColor = (status: string) => statusColor(PURCHASE_RETURN_STATUSES, status);

/** The bill statuses whose goods have come in: only those can be returned. */
export const RETURNABLE_BILL_STATUSES = ['open', 'partially_paid', 'paid'] as const;

export const PURCHASE_RETURN_MESSAGES = {
  not_found: 'Purchase Return Not Found',
  created: 'Purchase return created.',
  create_failed: 'Failed to create purchase return.',
  voided: 'Purchase return voided.',
  void_failed: 'Failed to void purchase return.',
  load_failed: 'Failed to load purchase return.',
  list_load_failed: 'Failed to load purchase returns.',
  already_void: 'This purchase return is already void.',
  void_refunded: 'The seller has refunded this return’s debit note: it cannot be voided.',
  void_confirm:
    'Void this purchase return? The goods come back into stock and its debit note is voided, taking its credit off the bills.',
  bill_required: 'Choose the bill the goods are returned against.',
  bill_not_found: 'Bill Not Found',
  bill_not_received: 'Only a received bill (open, partially paid or paid) can have goods returned.',
  before_bill: 'The return cannot be dated before the bill.',
  date_in_future: 'The date cannot be in the future.',
  date_range: 'The end date cannot be before the start date.',
  items_required: 'Enter a quantity to return for at least one line.',
  too_many_items: 'A return can have at most 200 lines.',
  item_not_in_bill: 'This line is not on the bill.',
  item_repeated: 'This line is listed twice.',
  quantity_required: 'Quantity is required.',
  quantity: 'Quantity must be greater than zero with at most 3 decimals.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
  nothing_returnable: 'Everything on this bill has been returned already.',
  bill_void_returned:
    'Goods of this bill were returned to the seller: void its purchase returns before the bill.',
} as const;

/** The refusal of a quantity past what is returnable, naming the product and the quantities. */
export function moreThanReturnableMessage(
  product: string,
  line: { billed: number; returned: number },
  asked: number,
): string {
  const left = returnableQuantity({ sold: line.billed, returned: line.returned });
  return `Cannot return ${formatQuantity(asked)} of ${product}: ${formatQuantity(line.billed)} billed, ${formatQuantity(line.returned)} already returned, so at most ${formatQuantity(left)} can be returned.`;
}

/** What can still be returned of a bill line: billed less what live returns took; never below zero. */
export const billLineReturnable = (line: { billed: number; returned: number }): number =>
  returnableQuantity({ sold: line.billed, returned: line.returned });

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

const quantityInput = numberField(
  [
    [isQuantity, PURCHASE_RETURN_MESSAGES.quantity],
    [(v) => Number(v) <= QUANTITY_MAX, PURCHASE_RETURN_MESSAGES.quantity_max],
  ],
  PURCHASE_RETURN_MESSAGES.quantity_required,
);

export const purchaseReturnItemInput = z
  .object({
    bill_item: idInput,
    quantity: quantityInput,
    /** A product that tracks serial numbers: the units sent back, bought on this bill (issue 22). */
    serial_numbers: serialNumbersInput,
  })
  .strict();

/** POST admin/companies/{companyId}/purchase_returns */
export const purchaseReturnInput = z
  .object({
    bill: idInput,
    return_date: z.preprocess(
      (v) => (v === null || isBlank(v) ? undefined : v),
      calendarDate.refine((v) => v <= todayInIndia(), PURCHASE_RETURN_MESSAGES.date_in_future).optional(),
    ),
    reason: optionalText(500),
    items: z
      .array(purchaseReturnItemInput, { error: PURCHASE_RETURN_MESSAGES.items_required })
      .min(1, PURCHASE_RETURN_MESSAGES.items_required)
      .max(200, PURCHASE_RETURN_MESSAGES.too_many_items),
  })
  .strict();
export type PurchaseReturnInput = z.infer<typeof purchaseReturnInput>;
export type PurchaseReturnInputDraft = z.input<typeof purchaseReturnInput>;

export const purchaseReturnVoidInput = z.object({ reason: optionalText(500) }).strict();

export const PURCHASE_RETURN_ORDERINGS = ['return_date', 'return_number', 'created_at'] as const;

export const purchaseReturnListQuery = z.object({
  seller: idInput.optional(),
  branch: idInput.optional(),
  bill: idInput.optional(),
  status: z.enum(PURCHASE_RETURN_STATUS_VALUES, { error: 'Choose returned or void.' }).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

const outId = z.number().int();
const named = z.object({ id: outId, name: z.string() });
const timestamp = z.union([z.string(), z.date()]);

export const purchaseReturnSummaryOutput = z.object({
  id: outId,
  return_number: z.string(),
  return_date: z.string(),
  status: z.enum(PURCHASE_RETURN_STATUS_VALUES),
  status_label: z.string(),
  bill: z.object({ id: outId, bill_number: z.string() }),
  seller: named,
  branch: named,
  warehouse: named,
  reason: z.string().nullable(),
  total_quantity: z.number(),
  debit_note: z
    .object({ id: outId, debit_note_number: z.string(), total: z.number(), status: z.string() })
    .nullable(),
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  voided_at: timestamp.nullable(),
});
export type PurchaseReturnSummaryOutput = z.infer<typeof purchaseReturnSummaryOutput>;

export const purchaseReturnOutput = purchaseReturnSummaryOutput.extend({
  items: z.array(
    z.object({
      id: outId,
      bill_item: outId,
      product: z.object({ id: outId, name: z.string(), sku: z.string().nullable() }),
      unit: z.string().nullable(),
      quantity: z.number(),
      batch_number: z.string().nullable(),
    }),
  ),
  debit_note_detail: debitNoteSummaryOutput.nullable(),
  allowed_actions: z.array(z.enum(['void'])),
});
export type PurchaseReturnOutput = z.infer<typeof purchaseReturnOutput>;
export type { DebitNoteSummaryOutput };

/** GET admin/bills/{id}/returnable_items: each bill line with billed, returned and returnable. */
export const billReturnableOutput = z.object({
  bill: z.object({
    id: outId,
    bill_number: z.string(),
    bill_date: z.string(),
    status: z.string(),
    seller: named,
    warehouse: named,
  }),
  items: z.array(
    z.object({
      bill_item: outId,
      product: z.object({ id: outId, name: z.string(), sku: z.string().nullable() }),
      unit: z.string().nullable(),
      batch_number: z.string().nullable(),
      rate: z.number(),
      tax_rate: z.number(),
      billed: z.number(),
      returned: z.number(),
      returnable: z.number(),
      /** A product that tracks serial numbers: its units from this bill still on hand (issue 22). */
      serial_numbers: z.array(z.string()).optional(),
    }),
  ),
});
export type BillReturnableOutput = z.infer<typeof billReturnableOutput>;

export const PURCHASE_RETURN_CSV_COLUMNS: readonly (readonly [
  string,
  (r: PurchaseReturnSummaryOutput) => string | number | null,
])[] = [
  ['Return Number', (r) => r.return_number],
  ['Return Date', (r) => r.return_date],
  ['Bill Number', (r) => r.bill.bill_number],
  ['Seller', (r) => r.seller.name],
  ['Branch', (r) => r.branch.name],
  ['Warehouse', (r) => r.warehouse.name],
  ['Quantity', (r) => r.total_quantity],
  ['Debit Note', (r) => r.debit_note?.debit_note_number ?? null],
  ['Debit Note Total', (r) => r.debit_note?.total ?? null],
  ['Status', (r) => r.status_label],
  ['Reason', (r) => r.reason],
];
