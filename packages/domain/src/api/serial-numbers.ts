import { z } from 'zod';
import {
  normaliseSerialNumber,
  SERIAL_NUMBER_EVENTS,
  SERIAL_NUMBER_MAX,
  SERIAL_NUMBER_MESSAGES,
  SERIAL_NUMBER_STATUS_VALUES,
  serialNumberProblem,
} from '../serial-numbers.ts';
import { id, idParam, timestamp } from './common.ts';

/** Serial numbers of one line: normalised on the way in; the count is checked against the product. */
export const serialNumbersInput = z
  .array(
    z
      .string()
      .max(SERIAL_NUMBER_MAX * 2)
      .transform(normaliseSerialNumber)
      .superRefine((serial, ctx) => {
        const problem = serialNumberProblem(serial);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: serial });
      }),
  )
  .max(10_000)
  .optional();

const named = z.object({ id, name: z.string() });
const product = z.object({ id, name: z.string(), sku: z.string().nullable() });
const document = z.object({ type: z.string(), id: id.nullable(), number: z.string().nullable() });

/** GET invoices/{id}/serial_numbers (spec 1): the serials sold on the invoice, line by line. */
export const invoiceSerialNumbersOutput = z.object({
  invoice: z.object({ id, invoice_number: z.string(), status: z.string() }),
  count: z.number().int(),
  lines: z.array(
    z.object({
      invoice_item_id: id,
      position: z.number().int(),
      product,
      quantity: z.number(),
      serial_numbers: z.array(z.string()),
    }),
  ),
});
export type InvoiceSerialNumbers = z.infer<typeof invoiceSerialNumbersOutput>;

export const serialNumberListQuery = z.object({
  product_id: idParam.optional(),
  warehouse_id: idParam.optional(),
  status: z.enum(SERIAL_NUMBER_STATUS_VALUES).optional(),
});

export const serialNumberOutput = z.object({
  id,
  serial_number: z.string(),
  status: z.enum(SERIAL_NUMBER_STATUS_VALUES),
  product,
  warehouse: named,
  came_in: document,
  sold_on: z.object({ id, invoice_number: z.string(), buyer: z.string() }).nullable(),
  updated_at: timestamp,
});
export type SerialNumberOutput = z.infer<typeof serialNumberOutput>;

/** GET .../serial_numbers/{id}/trace: the unit and every change of it, oldest first. */
export const serialNumberTraceOutput = serialNumberOutput.extend({
  events: z.array(
    z.object({
      id,
      event: z.enum(SERIAL_NUMBER_EVENTS.map((e) => e.value) as [string, ...string[]]),
      label: z.string(),
      warehouse: named,
      document,
      /** The buyer of a sale, its cancellation or its return; the seller of a bill. */
      party: z.string().nullable(),
      user: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
      created_at: timestamp,
    }),
  ),
});
export type SerialNumberTrace = z.infer<typeof serialNumberTraceOutput>;

export const availableSerialNumbersQuery = z.object({
  warehouse_id: idParam,
  search: z.string().trim().max(SERIAL_NUMBER_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** GET .../products/{id}/serial_numbers/available: what the invoice line's picker offers. */
export const availableSerialNumbersOutput = z.object({
  product: product.extend({ tracks_serial_numbers: z.boolean() }),
  count: z.number().int(),
  results: z.array(z.object({ id, serial_number: z.string() })),
});
export type AvailableSerialNumbers = z.infer<typeof availableSerialNumbersOutput>;

export { SERIAL_NUMBER_MESSAGES };
