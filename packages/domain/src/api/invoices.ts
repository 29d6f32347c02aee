import { z } from 'zod';
import { invoiceContraOutput } from '../contra.ts';
import { isNumber, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { rupeesInput } from './products.ts';
import {
  calendarDate,
  commentOutput,
  documentAddressOutput,
  documentTotalsOutput,
  PAYMENT_STATUSES,
  pricedLineOutput,
} from './sales-orders.ts';
import { serialNumbersInput } from './serial-numbers.ts';

/**
 * GST invoices (spec 1: Invoice, section 7 "Invoices"). Amounts in rupees at the API edge.
 * The line quantity rule is the spec's: a valid number, and not more than the invoiceable quantity.
 */

export const INVOICE_STATUSES = ['generated', 'ready_to_ship', 'processed', 'cancelled'] as const;
export const INVOICE_ACTIONS = [
  'cancel',
  'ready_to_ship',
  'edit',
  'write_off',
  'cancel_write_off',
  'e_invoice',
  'resend',
] as const;

export const INVOICE_LINE_QUANTITY_MESSAGE =
  'Please ensure quantity is a valid input and is less than Invoiceable quantity.';

export const INVOICE_FORM_MESSAGES = {
  items_required: 'Invoice at least one item.',
  item_not_in_order: 'This item is not in the order.',
  item_repeated: 'This item is already in the invoice.',
  write_off_amount: 'Please enter a valid positive number',
  write_off_too_large: 'The write-off cannot be more than the amount due.',
  expense_ledger_required: 'Please enter the expense ledger name.',
  no_write_off: 'This invoice has no write-off to cancel.',
  bank_charges_too_large: 'Bank charges cannot be more than the invoice total.',
  e_invoice_not_configured:
    'E-invoicing is not connected yet: your login to the e-invoice portal (IRP, or your GSP) has to be set up once on the server that runs this app. Ask whoever set up the app to connect it; Generate E-Invoice then works here.',
  e_invoice_exists: 'An e-invoice has already been generated for this invoice.',
  no_buyer_email: 'The buyer has no e-mail address to send the invoice to.',
  notifications_sent: 'Invoice sent to the buyer.',
  due_date_before_invoice: 'The due date cannot be before the invoice date.',
} as const;

/** An invoice line's quantity: any valid number above zero (the cap is checked against the order). */
const invoiceQuantity = numberField(
  [
    [isNumber, INVOICE_LINE_QUANTITY_MESSAGE],
    [(v) => Number(v) > 0, INVOICE_LINE_QUANTITY_MESSAGE],
    [(v) => maxDecimals(v, 3), INVOICE_LINE_QUANTITY_MESSAGE],
  ],
  INVOICE_LINE_QUANTITY_MESSAGE,
);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** POST admin/orders/{id}/generate_invoice/: the order items and how much of each to invoice. */
export const generateInvoiceInput = z
  .object({
    /** YYYY-MM-DD; today when absent. Decides the financial year of the number. */
    invoice_date: optional(calendarDate),
    /** YYYY-MM-DD; invoice date plus the order's payment terms when absent. */
    due_date: optional(calendarDate),
    reference: optionalText(64),
    notes: optionalText(1000),
    items: z
      .array(
        z
          .object({ order_item: idInput, quantity: invoiceQuantity, serial_numbers: serialNumbersInput })
          .strict(),
        {
          error: INVOICE_FORM_MESSAGES.items_required,
        },
      )
      .min(1, INVOICE_FORM_MESSAGES.items_required)
      .max(500),
  })
  .strict();
export type GenerateInvoiceInput = z.infer<typeof generateInvoiceInput>;

/** POST admin/invoices/{id}/edit_invoice: new quantities of the same items (lower or higher). */
export const editInvoiceInput = generateInvoiceInput;

/** PATCH admin/invoices/{id}/: details that change nothing priced. */
export const invoiceUpdate = z
  .object({
    due_date: z.preprocess((v) => (v === '' ? null : v), calendarDate.nullable().optional()),
    reference: optionalText(64),
    notes: optionalText(1000),
    terms_and_conditions: optionalText(4000),
  })
  .strict();

export const writeOffInput = z
  .object({
    write_off_amount: numberField([
      [isNumber, INVOICE_FORM_MESSAGES.write_off_amount],
      [(v) => Number(v) > 0, INVOICE_FORM_MESSAGES.write_off_amount],
      [(v) => maxDecimals(v, 2), INVOICE_FORM_MESSAGES.write_off_amount],
    ]),
    expense_ledger_name: z
      .string({ error: INVOICE_FORM_MESSAGES.expense_ledger_required })
      .trim()
      .min(1, INVOICE_FORM_MESSAGES.expense_ledger_required)
      .max(100),
  })
  .strict();

export const bankChargesInput = z
  .object({ bank_charges: rupeesInput, is_payment_mode_emi: z.boolean().optional() })
  .strict();

export const shippingChargesPaidByCompanyInput = z
  .object({ shipping_charges_paid_by_company: z.boolean() })
  .strict();

// ---------------------------------------------------------------------------------------------
// Outputs

const money = z.number();
const named = z.object({ id, name: z.string() });
const person = z.object({ id, first_name: z.string(), last_name: z.string() });

/** GET admin/orders/{id}/initiate_invoice/: what can be invoiced now. */
export const initiateInvoiceOutput = z.object({
  order: z.object({ id, order_number: z.string(), status: z.string() }),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  items: z.array(
    z.object({
      order_item: id,
      product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
      warehouse: named,
      quantity: z.number(),
      quantity_invoiced: z.number(),
      invoiceable_quantity: z.number(),
      rate: money,
      discount: z.number(),
      gst_rate: z.number(),
      unit: z.string().nullable(),
    }),
  ),
});

/**
 * POST admin/orders/{id}/preview_invoice (body: generate_invoice's): the totals the invoice of these
 * quantities would have, as the generated invoice's `totals` answers them.
 */
export const invoicePreviewOutput = z.object({ totals: documentTotalsOutput });
export type InvoicePreviewOutput = z.infer<typeof invoicePreviewOutput>;

/** GET admin/invoices/{id}/initiate_edit_invoice/: initiate_invoice's answer with the invoice's own quantities. */
export const initiateEditInvoiceOutput = initiateInvoiceOutput.extend({
  invoice: z.object({ id, invoice_number: z.string() }),
  items: z.array(
    initiateInvoiceOutput.shape.items.element.extend({
      /** What this invoice holds of the item now (the edit form's starting value). */
      invoice_quantity: z.number(),
    }),
  ),
});

export const invoiceOutput = z.object({
  id,
  invoice_number: z.string(),
  financial_year: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  order: z.object({ id, order_number: z.string(), version: z.number() }),
  seller_company: z.string(),
  seller_branch: z.object({ id, name: z.string() }),
  seller_branch_address: documentAddressOutput.nullable(),
  seller_gstin: z.string().nullable(),
  buyer: z.object({ id, name: z.string() }),
  buyer_company: z.string(),
  buyer_gstin: z.string().nullable(),
  billing_address: documentAddressOutput,
  shipping_address: documentAddressOutput,
  place_of_supply: z.object({ id, name: z.string(), gst_code: z.string() }),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  terms_and_conditions: z.string().nullable(),
  items: z.array(pricedLineOutput),
  totals: documentTotalsOutput,
  invoice_total: money,
  amount_paid: money,
  /** Settled by credit notes applied and contra adjustments against bills (money paid is amount_paid). */
  amount_credited: money,
  amount_due: money,
  write_off_amount: money,
  expense_ledger_name: z.string().nullable(),
  bank_charges: money,
  is_payment_mode_emi: z.boolean(),
  shipping_charges_paid_by_company: z.boolean(),
  e_invoice: z
    .object({
      irn: z.string(),
      ack_number: z.string(),
      ack_date: timestamp,
      signed_qr_code: z.string(),
      /** Set when the invoice was cancelled and its IRN with it. */
      irn_cancelled_at: timestamp.nullable(),
    })
    .nullable(),
  /** Whether the server has an IRP configured (the e-invoice button says so when not). */
  e_invoicing_configured: z.boolean(),
  comments: z.array(commentOutput),
  /** Set off against the same party's bills (POST admin/invoices/{id}/adjust_against_purchase). */
  contra_adjustments: z.array(invoiceContraOutput).optional(),
  allowed_actions: z.array(z.enum(INVOICE_ACTIONS)),
  sales_person: person.nullable(),
  created_by: person.nullable(),
  cancelled_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type InvoiceOutput = z.infer<typeof invoiceOutput>;

export const invoiceSummaryOutput = z.object({
  id,
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  order: z.object({ id, order_number: z.string() }),
  buyer: named,
  buyer_company: z.string(),
  seller_branch: named,
  sales_person: person.nullable(),
  invoice_total: money,
  amount_due: money,
  irn: z.string().nullable(),
  created_at: timestamp,
});
export type InvoiceSummaryOutput = z.infer<typeof invoiceSummaryOutput>;

/** Filters of GET admin/companies/{companyId}/invoices and invoices_export. */
export const invoiceListQuery = z.object({
  status__in: z.string().optional(),
  payment_status__in: z.string().optional(),
  sales_channel__in: z.string().optional(),
  sales_person__in: z.string().optional(),
  seller_branch__in: z.string().optional(),
  buyer: idInput.optional(),
  order: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  due_date__lt: calendarDate.optional(),
});

export const writeOffRecordOutput = z.object({
  id,
  write_off_amount: money,
  expense_ledger_name: z.string(),
  created_at: timestamp,
  created_by: person.nullable(),
  cancelled_at: timestamp.nullable(),
  cancelled_by: person.nullable(),
});

export const INVOICE_ORDERINGS = [
  'invoice_date',
  'created_at',
  'invoice_number',
  'invoice_total',
  'due_date',
] as const;
