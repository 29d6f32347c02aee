import { z } from 'zod';
import {
  SALES_RETURN_ACTIONS,
  SALES_RETURN_DISPOSITIONS,
  SALES_RETURN_MESSAGES,
  SALES_RETURN_STATUSES,
} from '../sales-returns.ts';
import { isNumber, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { MONEY_MAX } from './products.ts';
import { calendarDate } from './sales-orders.ts';
import { serialNumbersInput } from './serial-numbers.ts';

/**
 * Sales returns (spec 1: "Sales return: adjustments (negative reduces the credit),
 * returnReferenceNo, date, reason, returnQuantity"; calls admin/orders/{id}/sales_returns and
 * admin/companies/{companyId}/sales_returns filtered by invoice). JSON is snake_case:
 * return_reference_no, return_date, return_quantity.
 */

export const SALES_RETURN_ORDERINGS = ['return_date', 'created_at', 'return_number'] as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const returnQuantityInput = numberField(
  [
    [isNumber, SALES_RETURN_MESSAGES.return_quantity],
    [(v) => Number(v) > 0, SALES_RETURN_MESSAGES.return_quantity],
    [(v) => maxDecimals(v, 3), SALES_RETURN_MESSAGES.return_quantity],
    [(v) => Number(v) < 1e11, SALES_RETURN_MESSAGES.return_quantity],
  ],
  SALES_RETURN_MESSAGES.return_quantity,
);

/** Rupees, signed (negative reduces the credit), two decimals. */
export const adjustmentsInput = (message: string) =>
  numberField(
    [
      [isNumber, message],
      [(v) => maxDecimals(v, 2), message],
      [(v) => Math.abs(Number(v)) <= MONEY_MAX, message],
    ],
    message,
  );

/** POST admin/invoices/{id}/sales_returns */
export const createSalesReturnInput = z
  .object({
    /** YYYY-MM-DD; today when absent; not before the invoice date. */
    return_date: optional(calendarDate),
    return_reference_no: optionalText(64),
    reason: optionalText(500),
    /** restock (default): the goods go back into `warehouse`; damaged: written off, no stock comes back. */
    disposition: z.enum(SALES_RETURN_DISPOSITIONS, { error: SALES_RETURN_MESSAGES.disposition }).optional(),
    /** Where restocked goods go; each line's own warehouse (the one it was sold from) when absent. */
    warehouse: optional(idInput),
    adjustments: optional(adjustmentsInput(SALES_RETURN_MESSAGES.adjustments)),
    /** Issue a credit note for the returned goods at once (full value, with the adjustments). */
    issue_credit_note: z.boolean().optional(),
    items: z
      .array(
        z
          .object({
            invoice_item: idInput,
            return_quantity: returnQuantityInput,
            /** A tracked product's units coming back (the whole line's when left out). */
            serial_numbers: serialNumbersInput,
          })
          .strict(),
        {
          error: SALES_RETURN_MESSAGES.items_required,
        },
      )
      .min(1, SALES_RETURN_MESSAGES.items_required)
      .max(500),
  })
  .strict();
export type CreateSalesReturnInput = z.infer<typeof createSalesReturnInput>;

export const cancelSalesReturnInput = z.object({ reason: optionalText(500) }).strict();

const named = z.object({ id, name: z.string() });
const person = z.object({ id, first_name: z.string(), last_name: z.string() });
const product = z.object({ id, name: z.string(), sku: z.string().nullable() });

export const salesReturnItemOutput = z.object({
  id,
  invoice_item: id,
  order_item: id,
  product,
  unit: z.string().nullable(),
  return_quantity: z.number(),
  /** Where the goods went back (null when damaged). */
  warehouse: named.nullable(),
});

const summaryShape = {
  id,
  return_number: z.string(),
  return_date: z.string(),
  status: z.enum(SALES_RETURN_STATUSES),
  disposition: z.enum(SALES_RETURN_DISPOSITIONS),
  invoice: z.object({ id, invoice_number: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  buyer: named,
  branch: named,
  return_reference_no: z.string().nullable(),
  reason: z.string().nullable(),
  adjustments: z.number(),
  total_items: z.number().int(),
  total_quantity: z.number(),
  credit_note: z.object({ id, credit_note_number: z.string(), status: z.string() }).nullable(),
  created_at: timestamp,
};

export const salesReturnSummaryOutput = z.object(summaryShape);
export type SalesReturnSummaryOutput = z.infer<typeof salesReturnSummaryOutput>;

export const salesReturnOutput = z.object({
  ...summaryShape,
  warehouse: named.nullable(),
  items: z.array(salesReturnItemOutput),
  allowed_actions: z.array(z.enum(SALES_RETURN_ACTIONS)),
  created_by: person.nullable(),
  cancelled_at: timestamp.nullable(),
  cancelled_by: person.nullable(),
  updated_at: timestamp,
});
export type SalesReturnOutput = z.infer<typeof salesReturnOutput>;

/** GET admin/invoices/{id}/initiate_sales_return: each invoice line with sold, returned and returnable. */
export const initiateSalesReturnOutput = z.object({
  invoice: z.object({ id, invoice_number: z.string(), invoice_date: z.string(), status: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  buyer: named,
  return_date: z.string(),
  items: z.array(
    z.object({
      invoice_item: id,
      order_item: id,
      product,
      unit: z.string().nullable(),
      warehouse: named,
      /** Tax-inclusive amount of the invoice line, and its unit value (amount / quantity). */
      amount: z.number(),
      quantity_sold: z.number(),
      quantity_returned: z.number(),
      returnable_quantity: z.number(),
    }),
  ),
});
export type InitiateSalesReturnOutput = z.infer<typeof initiateSalesReturnOutput>;

/** Filters of GET admin/companies/{companyId}/sales_returns. */
export const salesReturnListQuery = z.object({
  invoice: idInput.optional(),
  order: idInput.optional(),
  buyer: idInput.optional(),
  status__in: z.string().optional(),
  disposition: z.enum(SALES_RETURN_DISPOSITIONS).optional(),
  is_cancelled: z.enum(['true', 'false']).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});
