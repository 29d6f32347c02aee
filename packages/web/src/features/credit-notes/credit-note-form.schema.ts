import { calendarDate } from '@b2b/domain/api/sales-orders';
import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { formatQuantity } from '@b2b/domain/money';
import { maxDecimals } from '@b2b/domain/validation';
import { z } from 'zod';
import { creditableAt } from './credit-note-pricing';
import type { CreateCreditNoteBody, InitiateCreditNote } from './credit-notes.api';

/**
 * The Credit Note form: per invoice line a quantity (0 leaves it out) and the additional discount in
 * percent of the original rate (100 = full refund). The server checks the same limits under the
 * invoice's lock.
 */
const line = z.object({
  invoice_item: z.number(),
  quantity: z.union([z.number(), z.string()]),
  additional_discount: z.union([z.number(), z.string()]),
  /** Credit units taken and the line's quantity, for the limit. */
  credited_units: z.number(),
  line_quantity: z.number(),
});

const isZero = (value: number | string) => String(value).trim() !== '' && Number(value) === 0;
const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

export const creditNoteFormSchema = z
  .object({
    credit_note_date: calendarDate,
    reference: text(64),
    reason: text(500),
    adjustments: z.union([z.number(), z.string()]),
    sales_return: z.number().nullable(),
    items: z.array(line),
  })
  .superRefine((value, ctx) => {
    value.items.forEach((item, index) => {
      if (isZero(item.quantity)) return;
      const quantityText = String(item.quantity).trim();
      const quantity = Number(quantityText);
      if (
        quantityText === '' ||
        !Number.isFinite(quantity) ||
        quantity <= 0 ||
        !maxDecimals(quantityText, 3)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: CREDIT_NOTE_MESSAGES.quantity,
          path: ['items', index, 'quantity'],
        });
        return;
      }
      const left = creditableAt(
        { quantity: item.line_quantity, credited_units: item.credited_units },
        item.additional_discount,
      );
      if (left === null) {
        ctx.addIssue({
          code: 'custom',
          message: CREDIT_NOTE_MESSAGES.additional_discount,
          path: ['items', index, 'additional_discount'],
        });
        return;
      }
      if (Math.round(quantity * 1000) > Math.round(left * 1000)) {
        ctx.addIssue({
          code: 'custom',
          message:
            left > 0
              ? `Only ${formatQuantity(left)} of this item can still be credited at ${Number(item.additional_discount)}%.`
              : 'This item has already been credited in full.',
          path: ['items', index, 'quantity'],
        });
      }
    });
    if (value.items.every((item) => isZero(item.quantity))) {
      ctx.addIssue({ code: 'custom', message: CREDIT_NOTE_MESSAGES.items_required, path: ['items'] });
    }
    const adjustments = String(value.adjustments).trim();
    if (adjustments !== '' && (!Number.isFinite(Number(adjustments)) || !maxDecimals(adjustments, 2))) {
      ctx.addIssue({ code: 'custom', message: CREDIT_NOTE_MESSAGES.adjustments, path: ['adjustments'] });
    }
  });

export type CreditNoteFormValues = z.input<typeof creditNoteFormSchema>;

/**
 * Directly against the invoice every line starts at 0 and 100%; from a return, its lines at their
 * returned quantities and 100%, with the return's adjustments.
 */
export function initialCreditNoteValues(
  initiate: InitiateCreditNote,
  salesReturnId: number | null,
): CreditNoteFormValues {
  const fromReturn = initiate.open_returns.find((r) => r.id === salesReturnId) ?? null;
  const returned = new Map(fromReturn?.items.map((item) => [item.invoice_item, item.return_quantity]) ?? []);
  return {
    credit_note_date: initiate.credit_note_date,
    reference: fromReturn ? `Return ${fromReturn.return_number}` : '',
    reason: '',
    adjustments: fromReturn && fromReturn.adjustments !== 0 ? fromReturn.adjustments : '',
    sales_return: fromReturn?.id ?? null,
    items: initiate.items
      .filter((item) => !fromReturn || returned.has(item.invoice_item))
      .map((item) => ({
        invoice_item: item.invoice_item,
        quantity: returned.get(item.invoice_item) ?? 0,
        additional_discount: 100,
        credited_units: item.credited_units,
        line_quantity: item.quantity,
      })),
  };
}

export function creditNoteBody(values: CreditNoteFormValues): CreateCreditNoteBody {
  const adjustments = String(values.adjustments).trim();
  return {
    credit_note_date: values.credit_note_date,
    ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
    ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    ...(adjustments !== '' ? { adjustments: Number(adjustments) } : {}),
    ...(values.sales_return !== null ? { sales_return: values.sales_return } : {}),
    items: values.items
      .filter((item) => !isZero(item.quantity))
      .map((item) => ({
        invoice_item: item.invoice_item,
        quantity: Number(item.quantity),
        additional_discount: Number(item.additional_discount),
      })),
  };
}

export const CREDIT_NOTE_SERVER_FIELDS = [
  'credit_note_date',
  'reference',
  'reason',
  'adjustments',
  'items',
] as const;
export const CREDIT_NOTE_LINE_SERVER_FIELD = /^items\.(\d+)\.(quantity|invoice_item|additional_discount)$/;
