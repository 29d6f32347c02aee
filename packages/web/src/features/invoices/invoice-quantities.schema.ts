import { INVOICE_FORM_MESSAGES, INVOICE_LINE_QUANTITY_MESSAGE } from '@b2b/domain/api/invoices';
import { calendarDate } from '@b2b/domain/api/sales-orders';
import { invoiceLineQuantitySchema } from '@b2b/domain/validation';
import { z } from 'zod';
import type { InitiateInvoice, InvoiceQuantitiesBody } from './invoices.api';

/**
 * The Generate Invoice (and Edit Invoice) form: how much of each order item to invoice. A line
 * left at 0 is not invoiced; any other quantity must be a valid number not above what is
 * invoiceable, with the spec's sentence (the server answers the same one).
 */
const line = z.object({
  order_item: z.number(),
  invoiceable: z.number(),
  quantity: z.union([z.number(), z.string()]),
  /** A tracked product's units (the serial picker); the server checks one per unit. */
  serial_numbers: z.array(z.string()).optional(),
});

const isZero = (value: number | string) => String(value).trim() !== '' && Number(value) === 0;

export const invoiceQuantitiesSchema = z
  .object({
    invoice_date: calendarDate,
    due_date: z.string(),
    reference: z.string().trim().max(64, 'Ensure this field has no more than 64 characters.'),
    notes: z.string().trim().max(1000, 'Ensure this field has no more than 1000 characters.'),
    items: z.array(line),
  })
  .superRefine((value, ctx) => {
    value.items.forEach((item, index) => {
      if (isZero(item.quantity)) return;
      if (!invoiceLineQuantitySchema(item.invoiceable).safeParse(item.quantity).success) {
        ctx.addIssue({
          code: 'custom',
          message: INVOICE_LINE_QUANTITY_MESSAGE,
          path: ['items', index, 'quantity'],
        });
      }
    });
    if (value.items.every((item) => isZero(item.quantity))) {
      ctx.addIssue({ code: 'custom', message: INVOICE_FORM_MESSAGES.items_required, path: ['items'] });
    }
    if (value.due_date !== '' && value.due_date < value.invoice_date) {
      ctx.addIssue({
        code: 'custom',
        message: INVOICE_FORM_MESSAGES.due_date_before_invoice,
        path: ['due_date'],
      });
    }
  });

export type InvoiceQuantitiesValues = z.input<typeof invoiceQuantitiesSchema>;

/**
 * The form's first values: each line at what is invoiceable now, or at `current` (an edit starts
 * from the invoice's own quantities).
 */
export function initialQuantities(
  initiate: InitiateInvoice,
  current?: (orderItem: number) => number | undefined,
): InvoiceQuantitiesValues {
  return {
    invoice_date: initiate.invoice_date,
    due_date: initiate.due_date ?? '',
    reference: '',
    notes: '',
    items: initiate.items.map((item) => ({
      order_item: item.order_item,
      invoiceable: item.invoiceable_quantity,
      quantity: current?.(item.order_item) ?? item.invoiceable_quantity,
    })),
  };
}

/** The body of a valid form: lines at 0 left out, empty texts and due date left out. */
export function invoiceQuantitiesBody(values: InvoiceQuantitiesValues): InvoiceQuantitiesBody {
  return {
    invoice_date: values.invoice_date,
    ...(values.due_date ? { due_date: values.due_date } : {}),
    ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    items: values.items
      .filter((item) => !isZero(item.quantity))
      .map((item) => ({
        order_item: item.order_item,
        quantity: Number(item.quantity),
        ...(item.serial_numbers?.length ? { serial_numbers: item.serial_numbers } : {}),
      })),
  };
}

/**
 * The lines a totals preview can price now: every quantity valid (the form's own rule) and at least
 * one above 0; null while any is not, as the form would not submit them either.
 */
export function previewLines(items: InvoiceQuantitiesValues['items']): InvoiceQuantitiesBody['items'] | null {
  const valid = items.every(
    (item) =>
      isZero(item.quantity) || invoiceLineQuantitySchema(item.invoiceable).safeParse(item.quantity).success,
  );
  const lines = items
    .filter((item) => !isZero(item.quantity))
    .map((item) => ({ order_item: item.order_item, quantity: Number(item.quantity) }));
  return valid && lines.length > 0 ? lines : null;
}

/** Fields the server's 400 answers may name, besides items.N.quantity. */
export const INVOICE_SERVER_FIELDS = ['invoice_date', 'due_date', 'reference', 'notes', 'items'] as const;
export const INVOICE_LINE_SERVER_FIELD = /^items\.(\d+)\.(quantity|order_item|serial_numbers)$/;
