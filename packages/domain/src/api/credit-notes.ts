import { z } from 'zod';
import { CREDIT_NOTE_ACTIONS, CREDIT_NOTE_MESSAGES, CREDIT_NOTE_STATUSES } from '../credit-notes.ts';
import { isNumber, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { MONEY_MAX } from './products.ts';
import { calendarDate, hsnSummaryRow } from './sales-orders.ts';
import { adjustmentsInput } from './sales-returns.ts';

/**
 * Credit notes (spec 1: "Credit note: quantity, additionalDiscount (percent of the original rate;
 * 100 means full refund), reference"; calls admin/orders/{id}/credit_notes and
 * admin/companies/{companyId}/credit_notes filtered by invoice and is_cancelled=false).
 */

export const CREDIT_NOTE_ORDERINGS = [
  'credit_note_date',
  'created_at',
  'credit_note_number',
  'total',
] as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const creditQuantity = numberField(
  [
    [isNumber, CREDIT_NOTE_MESSAGES.quantity],
    [(v) => Number(v) > 0, CREDIT_NOTE_MESSAGES.quantity],
    [(v) => maxDecimals(v, 3), CREDIT_NOTE_MESSAGES.quantity],
    [(v) => Number(v) < 1e11, CREDIT_NOTE_MESSAGES.quantity],
  ],
  CREDIT_NOTE_MESSAGES.quantity,
);

/** Percent of the original rate credited: more than 0, at most 100 (a full refund), two decimals. */
export const additionalDiscountInput = numberField(
  [
    [isNumber, CREDIT_NOTE_MESSAGES.additional_discount],
    [(v) => Number(v) > 0 && Number(v) <= 100, CREDIT_NOTE_MESSAGES.additional_discount],
    [(v) => maxDecimals(v, 2), CREDIT_NOTE_MESSAGES.additional_discount],
  ],
  CREDIT_NOTE_MESSAGES.additional_discount,
);

/** A credit rate per unit, excluding GST, in rupees: more than 0, two decimals. */
const creditRateInput = numberField(
  [
    [isNumber, CREDIT_NOTE_MESSAGES.rate],
    [(v) => Number(v) > 0, CREDIT_NOTE_MESSAGES.rate],
    [(v) => maxDecimals(v, 2), CREDIT_NOTE_MESSAGES.rate],
    [(v) => Number(v) <= MONEY_MAX, CREDIT_NOTE_MESSAGES.rate],
  ],
  CREDIT_NOTE_MESSAGES.rate,
);

export const creditNoteItemInput = z
  .object({
    invoice_item: idInput,
    quantity: creditQuantity,
    /**
     * The credit rate per unit excluding GST (issue 18), at most the invoiced rate (initiate's
     * `taxable_rate`, which credits in full); GST is worked out per head on quantity x rate.
     */
    rate: optional(creditRateInput),
    /** Percent of the invoiced rate, the spec's field; 100 (a full refund) when neither is given. */
    additional_discount: optional(additionalDiscountInput),
  })
  .strict()
  .refine((item) => item.rate === undefined || item.additional_discount === undefined, {
    message: CREDIT_NOTE_MESSAGES.rate_or_discount,
    path: ['rate'],
  });

const creditNoteFields = {
  /** YYYY-MM-DD; today when absent; not before the invoice date. Decides the financial year of the number. */
  credit_note_date: optional(calendarDate),
  reference: optionalText(64),
  reason: optionalText(500),
  /** Rupees, signed: negative reduces the credit. The sales return's when issued from one and absent. */
  adjustments: optional(adjustmentsInput(CREDIT_NOTE_MESSAGES.adjustments)),
};

/** POST admin/invoices/{id}/credit_notes: directly against an invoice, or from one of its returns. */
export const createCreditNoteInput = z
  .object({
    ...creditNoteFields,
    sales_return: optional(idInput),
    items: z
      .array(creditNoteItemInput, { error: CREDIT_NOTE_MESSAGES.items_required })
      .min(1, CREDIT_NOTE_MESSAGES.items_required)
      .max(500),
  })
  .strict();
export type CreateCreditNoteInput = z.infer<typeof createCreditNoteInput>;

/** POST admin/sales_returns/{id}/credit_note: the return's lines at 100% unless items are given. */
export const creditNoteFromReturnInput = z
  .object({
    ...creditNoteFields,
    items: z.array(creditNoteItemInput).min(1, CREDIT_NOTE_MESSAGES.items_required).max(500).optional(),
  })
  .strict();
export type CreditNoteFromReturnInput = z.infer<typeof creditNoteFromReturnInput>;

const amountInput = numberField(
  [
    [isNumber, CREDIT_NOTE_MESSAGES.amount],
    [(v) => Number(v) > 0, CREDIT_NOTE_MESSAGES.amount],
    [(v) => maxDecimals(v, 2), CREDIT_NOTE_MESSAGES.amount],
    [(v) => Number(v) <= MONEY_MAX, CREDIT_NOTE_MESSAGES.amount],
  ],
  CREDIT_NOTE_MESSAGES.amount,
);

/** POST admin/credit_notes/{id}/apply: amounts onto open invoices of the note's buyer. */
export const applyCreditNoteInput = z
  .object({
    applications: z
      .array(z.object({ invoice: idInput, amount: amountInput }).strict(), {
        error: CREDIT_NOTE_MESSAGES.applications_required,
      })
      .min(1, CREDIT_NOTE_MESSAGES.applications_required)
      .max(100),
  })
  .strict();
export type ApplyCreditNoteInput = z.infer<typeof applyCreditNoteInput>;

/** POST admin/credit_notes/{id}/refund: money paid back to the buyer from the note's balance. */
export const refundCreditNoteInput = z
  .object({
    amount: amountInput,
    /** YYYY-MM-DD; today when absent. */
    refund_date: optional(calendarDate),
    payment_method: optional(idInput),
    reference_number: optionalText(64),
    notes: optionalText(500),
  })
  .strict();
export type RefundCreditNoteInput = z.infer<typeof refundCreditNoteInput>;

export const cancelCreditNoteInput = z.object({ reason: optionalText(500) }).strict();

// ---------------------------------------------------------------------------------------------
// Outputs

const money = z.number();
const named = z.object({ id, name: z.string() });
const person = z.object({ id, first_name: z.string(), last_name: z.string() });
const product = z.object({ id, name: z.string(), sku: z.string().nullable() });

export const creditNoteItemOutput = z.object({
  id,
  invoice_item: id,
  product,
  hsn: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  additional_discount: z.number(),
  /** The invoice line's tax-inclusive rate after its discounts (amount / quantity). */
  rate: money,
  /** The rate credited per unit, excluding GST: as entered, or the invoiced one's percent. */
  credit_rate: money,
  gst_rate: z.number(),
  cess_rate: z.number(),
  amount: money,
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
});

export const creditNoteApplicationOutput = z.object({
  id,
  invoice: z.object({ id, invoice_number: z.string() }),
  amount: money,
  created_at: timestamp,
  created_by: person.nullable(),
  cancelled_at: timestamp.nullable(),
});

const summaryShape = {
  id,
  credit_note_number: z.string(),
  credit_note_date: z.string(),
  status: z.enum(CREDIT_NOTE_STATUSES),
  invoice: z.object({ id, invoice_number: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  sales_return: z.object({ id, return_number: z.string() }).nullable(),
  buyer: named,
  branch: named,
  reference: z.string().nullable(),
  total: money,
  amount_applied: money,
  amount_refunded: money,
  balance: money,
  is_cancelled: z.boolean(),
  created_at: timestamp,
};

export const creditNoteSummaryOutput = z.object(summaryShape);
export type CreditNoteSummaryOutput = z.infer<typeof creditNoteSummaryOutput>;

export const creditNoteOutput = z.object({
  ...summaryShape,
  reason: z.string().nullable(),
  place_of_supply: z.object({ id, name: z.string(), gst_code: z.string() }),
  is_intra_state: z.boolean(),
  items: z.array(creditNoteItemOutput),
  totals: z.object({
    lines_total: money,
    taxable_value: money,
    cgst: money,
    sgst: money,
    igst: money,
    cess: money,
    total_tax: money,
    adjustments: money,
    round_off: money,
    total: money,
    hsn_summary: z.array(hsnSummaryRow),
  }),
  applications: z.array(creditNoteApplicationOutput),
  allowed_actions: z.array(z.enum(CREDIT_NOTE_ACTIONS)),
  created_by: person.nullable(),
  cancelled_at: timestamp.nullable(),
  cancelled_by: person.nullable(),
  updated_at: timestamp,
});
export type CreditNoteOutput = z.infer<typeof creditNoteOutput>;

/** GET admin/invoices/{id}/initiate_credit_note: each line with what is left to credit. */
export const initiateCreditNoteOutput = z.object({
  invoice: z.object({ id, invoice_number: z.string(), invoice_date: z.string(), status: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  buyer: named,
  place_of_supply: z.object({ id, name: z.string(), gst_code: z.string() }),
  is_intra_state: z.boolean(),
  round_off: z.boolean(),
  credit_note_date: z.string(),
  /** Returns of the invoice that have no credit note yet (to credit from). */
  open_returns: z.array(
    z.object({
      id,
      return_number: z.string(),
      adjustments: money,
      items: z.array(z.object({ invoice_item: id, return_quantity: z.number() })),
    }),
  ),
  items: z.array(
    z.object({
      invoice_item: id,
      product,
      hsn: z.string().nullable(),
      unit: z.string().nullable(),
      quantity: z.number(),
      rate: money,
      gst_rate: z.number(),
      cess_rate: z.number(),
      /** The invoice line's figures (rupees). */
      amount: money,
      taxable_value: money,
      cgst: money,
      sgst: money,
      igst: money,
      cess: money,
      /** The invoiced rate per unit excluding GST, after discounts: the credit rate's default and most. */
      taxable_rate: money,
      /** What live credit notes carried of the line (rupees), so a preview's last credit is exact. */
      credited: z.object({ taxable_value: money, cgst: money, sgst: money, igst: money, cess: money }),
      /** Credit units live credit notes already took (quantity thousandths x discount basis points). */
      credited_units: z.number(),
      /** The quantity that can still be credited at 100%. */
      creditable_quantity: z.number(),
    }),
  ),
});
export type InitiateCreditNoteOutput = z.infer<typeof initiateCreditNoteOutput>;

/** GET admin/credit_notes/{id}/open_invoices: the buyer's invoices with something due. */
export const openInvoicesOutput = z.object({
  balance: money,
  results: z.array(
    z.object({
      id,
      invoice_number: z.string(),
      invoice_date: z.string(),
      due_date: z.string().nullable(),
      invoice_total: money,
      amount_due: money,
    }),
  ),
});
export type OpenInvoicesOutput = z.infer<typeof openInvoicesOutput>;

/** Filters of GET admin/companies/{companyId}/credit_notes. */
export const creditNoteListQuery = z.object({
  invoice: idInput.optional(),
  order: idInput.optional(),
  buyer: idInput.optional(),
  sales_return: idInput.optional(),
  status__in: z.string().optional(),
  is_cancelled: z.enum(['true', 'false']).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});
