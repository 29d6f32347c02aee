import { calendarDate } from '@b2b/domain/api/sales-orders';
import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { maxDecimals } from '@b2b/domain/validation';
import { z } from 'zod';
import { creditableAt, creditRateProblem } from './credit-note-pricing';
import type { CreateCreditNoteBody, InitiateCreditNote } from './credit-notes.api';

/**
 * The Credit Note form (issue 18): per invoice line the quantity to credit (0 leaves it out) and the
 * rate per unit excluding GST, at most the invoiced one (its default, a full credit). The server
 * checks the same limits under the invoice's lock.
 */
const line = z.object({
  invoice_item: z.number(),
  quantity: z.union([z.number(), z.string()]),
  rate: z.union([z.number(), z.string()]),
});

const isZero = (value: number | string) => String(value).trim() !== '' && Number(value) === 0;
const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

/** The form's rules, against the invoice's lines as initiate_credit_note gave them. */
export const creditNoteFormSchema = (initiate: InitiateCreditNote) => {
  const byId = new Map(initiate.items.map((item) => [item.invoice_item, item]));
  return z
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
        const invoiced = byId.get(item.invoice_item);
        if (!invoiced || isZero(item.quantity)) return;
        const issue = (field: 'quantity' | 'rate', message: string) =>
          ctx.addIssue({ code: 'custom', message, path: ['items', index, field] });
        const quantityText = String(item.quantity).trim();
        const quantity = Number(quantityText);
        if (
          quantityText === '' ||
          !Number.isFinite(quantity) ||
          quantity <= 0 ||
          !maxDecimals(quantityText, 3)
        ) {
          issue('quantity', CREDIT_NOTE_MESSAGES.quantity);
          return;
        }
        const rateProblem = creditRateProblem(invoiced, item.rate);
        if (rateProblem) {
          issue('rate', rateProblem);
          return;
        }
        const left = creditableAt(invoiced, item.rate) ?? 0;
        if (Math.round(quantity * 1000) > Math.round(left * 1000))
          issue('quantity', CREDIT_NOTE_MESSAGES.more_than_creditable(left));
      });
      if (value.items.every((item) => isZero(item.quantity))) {
        ctx.addIssue({ code: 'custom', message: CREDIT_NOTE_MESSAGES.items_required, path: ['items'] });
      }
      const adjustments = String(value.adjustments).trim();
      if (adjustments !== '' && (!Number.isFinite(Number(adjustments)) || !maxDecimals(adjustments, 2))) {
        ctx.addIssue({ code: 'custom', message: CREDIT_NOTE_MESSAGES.adjustments, path: ['adjustments'] });
      }
    });
};

export type CreditNoteFormValues = z.input<ReturnType<typeof creditNoteFormSchema>>;

/**
 * Directly against the invoice every line starts at 0 at the invoiced rate; from a return, its
 * lines at their returned quantities and the invoiced rate, with the return's adjustments.
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
        rate: item.taxable_rate,
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
        rate: Number(item.rate),
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
export const CREDIT_NOTE_LINE_SERVER_FIELD = /^items\.(\d+)\.(quantity|invoice_item|rate)$/;
