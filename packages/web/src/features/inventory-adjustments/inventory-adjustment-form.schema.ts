import {
  calendarDate,
  INVENTORY_ADJUSTMENT_MAX_LINES,
  INVENTORY_ADJUSTMENT_NOTES_MAX,
  INVENTORY_ADJUSTMENT_MESSAGES as M,
  todayInIndia,
} from '@b2b/domain/api/inventory-adjustments';
import { QUANTITY_MAX } from '@b2b/domain/api/products';
import { BATCH_MESSAGES, BATCH_NUMBER_MAX, type BatchFields, batchFieldProblems } from '@b2b/domain/batches';
import {
  INVENTORY_ADJUSTMENT_REASONS,
  type InventoryAdjustmentReason,
  reasonDirection,
  signedAdjustmentQuantity,
} from '@b2b/domain/inventory-adjustments';
import { parseSerialNumberText } from '@b2b/domain/serial-numbers';
import {
  isPositiveNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
} from '@b2b/domain/validation';
import { z } from 'zod';
import type { InventoryAdjustmentBody } from './inventory-adjustments.api';

/**
 * The 'New Adjustment' form. A line's quantity is typed without a sign: the reason says which
 * way it goes ('+ In' or '− Out'), and the body sent carries the signed quantity.
 */
const line = z.object({
  product: z.number({ error: M.product_required }).int().positive(M.product_required).nullable(),
  /** With batches: the batch coming in (with its dates) or going out ('' = first expiry first out). */
  batch_number: z.string().trim().max(BATCH_NUMBER_MAX, BATCH_MESSAGES.batch_number_max),
  manufactured_on: z.string(),
  expires_on: z.string(),
  /** A tracked product's serials, one a line (the server checks one per unit). */
  serial_numbers_text: z.string().optional(),
  quantity: numberField(
    [
      [isPositiveNumber, MESSAGES.positive],
      [(v) => maxDecimals(v, 3), M.quantity_decimals],
      [(v) => Number(v) <= QUANTITY_MAX, M.quantity_max],
    ],
    M.quantity_required,
  ),
});

export const adjustmentFormSchema = z
  .object({
    warehouse: z.string({ error: M.warehouse_required }).min(1, M.warehouse_required).nullable(),
    reason: z.enum(INVENTORY_ADJUSTMENT_REASONS, { error: M.reason_required }).nullable(),
    adjusted_on: calendarDate.refine((v) => v <= todayInIndia(), M.date_in_future),
    notes: z.string().max(INVENTORY_ADJUSTMENT_NOTES_MAX, maxLengthMessage(INVENTORY_ADJUSTMENT_NOTES_MAX)),
    lines: z.array(line).min(1, M.lines_required).max(INVENTORY_ADJUSTMENT_MAX_LINES, M.too_many_lines),
  })
  .superRefine((value, ctx) => {
    if (value.warehouse === null) {
      ctx.addIssue({ code: 'custom', message: M.warehouse_required, path: ['warehouse'] });
    }
    if (value.reason === null) {
      ctx.addIssue({ code: 'custom', message: M.reason_required, path: ['reason'] });
    }
    const seen = new Set<string>();
    const goesIn = value.reason !== null && reasonDirection(value.reason) === 'in';
    value.lines.forEach((l, index) => {
      const key = `${l.product}|${l.batch_number}`;
      if (l.product === null) {
        ctx.addIssue({ code: 'custom', message: M.product_required, path: ['lines', index, 'product'] });
      } else if (seen.has(key)) {
        const batch = l.batch_number !== '';
        ctx.addIssue({
          code: 'custom',
          message: batch ? M.batch_repeated : M.product_repeated,
          path: ['lines', index, batch ? 'batch_number' : 'product'],
        });
      } else {
        seen.add(key);
      }
      if (!goesIn) return;
      for (const [field, message] of batchFieldProblems(batchFieldsOf(l))) {
        ctx.addIssue({ code: 'custom', message, path: ['lines', index, field] });
      }
    });
  });

export type AdjustmentFormValues = z.input<typeof adjustmentFormSchema>;
export type AdjustmentFormOutput = z.output<typeof adjustmentFormSchema>;

export const emptyLine = (): AdjustmentFormValues['lines'][number] => ({
  product: null,
  quantity: '',
  batch_number: '',
  manufactured_on: '',
  expires_on: '',
});

/** A line's batch fields as the API takes them: empty ones left out. */
function batchFieldsOf(l: {
  batch_number: string;
  manufactured_on: string;
  expires_on: string;
}): BatchFields {
  return {
    ...(l.batch_number.trim() ? { batch_number: l.batch_number.trim() } : {}),
    ...(l.manufactured_on ? { manufactured_on: l.manufactured_on } : {}),
    ...(l.expires_on ? { expires_on: l.expires_on } : {}),
  };
}

export const emptyAdjustmentForm = (warehouse: string | null = null): AdjustmentFormValues => ({
  warehouse,
  reason: null,
  adjusted_on: todayInIndia(),
  notes: '',
  lines: [emptyLine()],
});

/** The request body of a valid form: quantities signed by the reason. */
export function adjustmentBody(values: AdjustmentFormOutput): InventoryAdjustmentBody {
  const reason = values.reason as InventoryAdjustmentReason;
  return {
    warehouse: Number(values.warehouse),
    reason,
    adjusted_on: values.adjusted_on,
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    lines: values.lines.map((l) => {
      const batch = batchFieldsOf(l);
      return {
        product: l.product as number,
        quantity: signedAdjustmentQuantity(reason, l.quantity),
        // Stock going out names its batch only; the batch's dates are known.
        ...(reasonDirection(reason) === 'in'
          ? batch
          : batch.batch_number
            ? { batch_number: batch.batch_number }
            : {}),
        ...serialNumbersOf(l.serial_numbers_text),
      };
    }),
  };
}

const serialNumbersOf = (text: string | undefined) => {
  const serials = parseSerialNumberText(text ?? '');
  return serials.length ? { serial_numbers: serials } : {};
};

/** Form fields the server's 400 answers may name (and lines.N.<field> of LINE_SERVER_FIELDS). */
export const SERVER_FIELDS = ['warehouse', 'reason', 'adjusted_on', 'notes', 'lines'] as const;

/** Line fields the server's answers may name as lines.N.<field>. */
export const LINE_SERVER_FIELD =
  /^lines\.\d+\.(product|quantity|batch_number|manufactured_on|expires_on|serial_numbers_text)$/;

/** A server field of the line's serials (`lines.N.serial_numbers[.i]`) is the line's text field. */
export const formFieldOf = (field: string) =>
  field.replace(/\.serial_numbers(\.\d+)?$/, '.serial_numbers_text');
