import { calendarDate } from '@b2b/domain/api/sales-orders';
import { fitsReturnable, SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { maxDecimals } from '@b2b/domain/validation';
import { z } from 'zod';
import type { CreateSalesReturnBody, InitiateSalesReturn } from './sales-returns.api';

/**
 * The Sales Return form: how much of each invoice line came back (a line left at 0 stays out), where
 * the goods go, and the return's details. The server checks the same limits under the invoice's
 * lock and answers with the same sentences.
 */
const line = z.object({
  invoice_item: z.number(),
  sold: z.number(),
  returned: z.number(),
  quantity: z.union([z.number(), z.string()]),
  /** The units of a line with serial numbers (the whole line's when left empty). */
  serial_numbers: z.array(z.string()).optional(),
});

const isZero = (value: number | string) => String(value).trim() !== '' && Number(value) === 0;
const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

export const salesReturnFormSchema = z
  .object({
    return_date: calendarDate,
    return_reference_no: text(64),
    reason: text(500),
    disposition: z.enum(['restock', 'damaged']),
    warehouse: z.string().nullable(),
    adjustments: z.union([z.number(), z.string()]),
    issue_credit_note: z.boolean(),
    items: z.array(line),
  })
  .superRefine((value, ctx) => {
    value.items.forEach((item, index) => {
      if (isZero(item.quantity)) return;
      const quantity = Number(String(item.quantity).trim() === '' ? Number.NaN : item.quantity);
      if (!fitsReturnable(quantity, { sold: item.sold, returned: item.returned })) {
        ctx.addIssue({
          code: 'custom',
          message: SALES_RETURN_MESSAGES.return_quantity,
          path: ['items', index, 'quantity'],
        });
      }
    });
    if (value.items.every((item) => isZero(item.quantity))) {
      ctx.addIssue({ code: 'custom', message: SALES_RETURN_MESSAGES.items_required, path: ['items'] });
    }
    const adjustments = String(value.adjustments).trim();
    if (adjustments !== '' && (!Number.isFinite(Number(adjustments)) || !maxDecimals(adjustments, 2))) {
      ctx.addIssue({ code: 'custom', message: SALES_RETURN_MESSAGES.adjustments, path: ['adjustments'] });
    }
  });

export type SalesReturnFormValues = z.input<typeof salesReturnFormSchema>;

/** Nothing returned yet (each line at 0), today, back into the warehouse each line was sold from. */
export function initialSalesReturnValues(initiate: InitiateSalesReturn): SalesReturnFormValues {
  return {
    return_date: initiate.return_date,
    return_reference_no: '',
    reason: '',
    disposition: 'restock',
    warehouse: null,
    adjustments: '',
    issue_credit_note: false,
    items: initiate.items.map((item) => ({
      invoice_item: item.invoice_item,
      sold: item.quantity_sold,
      returned: item.quantity_returned,
      quantity: 0,
    })),
  };
}

/** The body of a valid form: lines at 0 and empty texts left out. */
export function salesReturnBody(values: SalesReturnFormValues): CreateSalesReturnBody {
  const adjustments = String(values.adjustments).trim();
  return {
    return_date: values.return_date,
    ...(values.return_reference_no.trim() ? { return_reference_no: values.return_reference_no.trim() } : {}),
    ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    disposition: values.disposition,
    ...(values.disposition === 'restock' && values.warehouse ? { warehouse: Number(values.warehouse) } : {}),
    ...(adjustments !== '' && Number(adjustments) !== 0 ? { adjustments: Number(adjustments) } : {}),
    ...(values.issue_credit_note ? { issue_credit_note: true } : {}),
    items: values.items
      .filter((item) => !isZero(item.quantity))
      .map((item) => ({
        invoice_item: item.invoice_item,
        return_quantity: Number(item.quantity),
        ...(item.serial_numbers?.length ? { serial_numbers: item.serial_numbers } : {}),
      })),
  };
}

export const SALES_RETURN_SERVER_FIELDS = [
  'return_date',
  'return_reference_no',
  'reason',
  'warehouse',
  'adjustments',
  'items',
] as const;
export const SALES_RETURN_LINE_SERVER_FIELD = /^items\.(\d+)\.(return_quantity|invoice_item|serial_numbers)$/;
