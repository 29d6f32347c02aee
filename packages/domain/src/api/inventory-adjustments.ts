import { z } from 'zod';
import { batchFieldProblems, batchFieldsInput } from '../batches.ts';
import {
  INVENTORY_ADJUSTMENT_REASONS,
  type InventoryAdjustmentReason,
  quantityFitsReason,
  reasonDirectionMessage,
} from '../inventory-adjustments.ts';
import {
  calendarDateSchema,
  isNonZero,
  isNumber,
  MESSAGES,
  maxDecimals,
  numberField,
  todayInIndia,
} from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { QUANTITY_MAX } from './products.ts';
import { serialNumbersInput } from './serial-numbers.ts';

/** At most this many lines in one adjustment. */
export const INVENTORY_ADJUSTMENT_MAX_LINES = 500;
export const INVENTORY_ADJUSTMENT_NOTES_MAX = 1000;

export const INVENTORY_ADJUSTMENT_MESSAGES = {
  not_found: 'Inventory Adjustment Not Found',
  created: 'Inventory adjustment created successfully.',
  create_failed: 'Failed to create inventory adjustment.',
  load_failed: 'Failed to load inventory adjustments.',
  warehouse_required: 'Please select a warehouse.',
  reason_required: 'Please select a reason.',
  product_required: 'Please select a product.',
  product_not_found: 'Product Not Found',
  product_repeated: 'This product is already in the adjustment.',
  batch_repeated: 'This batch of the product is already in the adjustment.',
  lines_required: 'Add at least one product.',
  too_many_lines: `An adjustment can have at most ${INVENTORY_ADJUSTMENT_MAX_LINES} lines.`,
  quantity_required: 'Quantity is required.',
  quantity_zero: 'Quantity cannot be zero.',
  quantity_decimals: 'Quantity can have at most 3 decimal places.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
  date_invalid: 'Please enter a valid date (YYYY-MM-DD).',
  date_in_future: 'The adjustment date cannot be in the future.',
} as const;

/** Today's calendar day in India (YYYY-MM-DD): the latest day an adjustment may carry. */
export { todayInIndia };

/** A YYYY-MM-DD calendar date that exists (2024-02-30 does not). */
export const calendarDate = calendarDateSchema(INVENTORY_ADJUSTMENT_MESSAGES.date_invalid);

/** A signed quantity: positive brings stock in, negative takes it out; never zero; three decimals. */
export const adjustmentQuantityInput = numberField(
  [
    [isNumber, MESSAGES.number],
    [isNonZero, INVENTORY_ADJUSTMENT_MESSAGES.quantity_zero],
    [(v) => maxDecimals(v, 3), INVENTORY_ADJUSTMENT_MESSAGES.quantity_decimals],
    [(v) => Math.abs(Number(v)) <= QUANTITY_MAX, INVENTORY_ADJUSTMENT_MESSAGES.quantity_max],
  ],
  INVENTORY_ADJUSTMENT_MESSAGES.quantity_required,
);

/**
 * A line: a product and its signed quantity; with batches, the batch it comes from or goes into
 * (with its dates when new). Stock out without a batch goes first-expiry-first-out.
 */
export const inventoryAdjustmentLineInput = z
  .object({
    product: idInput,
    quantity: adjustmentQuantityInput,
    ...batchFieldsInput,
    /** One per unit, for a product that tracks serial numbers. */
    serial_numbers: serialNumbersInput,
  })
  .strict();

export const inventoryAdjustmentReasonInput = z.enum(INVENTORY_ADJUSTMENT_REASONS, {
  error: INVENTORY_ADJUSTMENT_MESSAGES.reason_required,
});

/** POST companies/{companyId}/inventory_adjustments. */
export const inventoryAdjustmentCreate = z
  .object({
    warehouse: z.coerce
      .number({ error: INVENTORY_ADJUSTMENT_MESSAGES.warehouse_required })
      .int(INVENTORY_ADJUSTMENT_MESSAGES.warehouse_required)
      .positive(INVENTORY_ADJUSTMENT_MESSAGES.warehouse_required),
    reason: inventoryAdjustmentReasonInput,
    /** The day the stock changed (India); today when absent. */
    adjusted_on: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      calendarDate.optional(),
    ),
    notes: optionalText(INVENTORY_ADJUSTMENT_NOTES_MAX),
    lines: z
      .array(inventoryAdjustmentLineInput, { error: INVENTORY_ADJUSTMENT_MESSAGES.lines_required })
      .min(1, INVENTORY_ADJUSTMENT_MESSAGES.lines_required)
      .max(INVENTORY_ADJUSTMENT_MAX_LINES, INVENTORY_ADJUSTMENT_MESSAGES.too_many_lines),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.adjusted_on && value.adjusted_on > todayInIndia()) {
      ctx.addIssue({
        code: 'custom',
        message: INVENTORY_ADJUSTMENT_MESSAGES.date_in_future,
        path: ['adjusted_on'],
        input: value.adjusted_on,
      });
    }
    const seen = new Set<string>();
    value.lines.forEach((line, index) => {
      // One line per product, or per batch of a product.
      const key = `${line.product}|${line.batch_number ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: line.batch_number
            ? INVENTORY_ADJUSTMENT_MESSAGES.batch_repeated
            : INVENTORY_ADJUSTMENT_MESSAGES.product_repeated,
          path: ['lines', index, line.batch_number ? 'batch_number' : 'product'],
          input: line.product,
        });
      }
      seen.add(key);
      for (const [field, message] of batchFieldProblems(line)) {
        ctx.addIssue({ code: 'custom', message, path: ['lines', index, field], input: line[field] });
      }
      if (!quantityFitsReason(value.reason, line.quantity)) {
        ctx.addIssue({
          code: 'custom',
          message: reasonDirectionMessage(value.reason),
          path: ['lines', index, 'quantity'],
          input: line.quantity,
        });
      }
    });
  });
export type InventoryAdjustmentCreate = z.infer<typeof inventoryAdjustmentCreate>;

export const inventoryAdjustmentListQuery = z.object({
  warehouse: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  reason: z.enum(INVENTORY_ADJUSTMENT_REASONS).optional(),
  product: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** adjusted_on from this day (inclusive). */
  start_date: calendarDate.optional(),
  /** adjusted_on up to this day (inclusive). */
  end_date: calendarDate.optional(),
});

export const batchOutput = z.object({
  id,
  batch_number: z.string(),
  manufactured_on: z.string().nullable(),
  expires_on: z.string().nullable(),
});

const person = z.object({ id, first_name: z.string(), last_name: z.string() }).nullable();

export const inventoryAdjustmentSummaryOutput = z.object({
  id,
  number: z.string(),
  warehouse: z.object({ id, name: z.string() }),
  branch: z.object({ id, name: z.string() }),
  reason: z.enum(INVENTORY_ADJUSTMENT_REASONS),
  reason_label: z.string(),
  adjusted_on: z.string(),
  notes: z.string().nullable(),
  lines_count: z.number().int(),
  /** Sum of the signed quantities of the lines. */
  total_quantity: z.number(),
  created_by: person,
  created_at: timestamp,
});
export type InventoryAdjustmentSummary = z.infer<typeof inventoryAdjustmentSummaryOutput>;

export const inventoryAdjustmentLineOutput = z.object({
  id,
  product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
  quantity: z.number(),
  stock_before: z.number(),
  stock_after: z.number(),
  batch: batchOutput.nullable(),
});
export type InventoryAdjustmentLine = z.infer<typeof inventoryAdjustmentLineOutput>;

export const inventoryAdjustmentOutput = inventoryAdjustmentSummaryOutput.extend({
  lines: z.array(inventoryAdjustmentLineOutput),
});
export type InventoryAdjustmentOutput = z.infer<typeof inventoryAdjustmentOutput>;

/** GET inventory_adjustments/{id}/history: newest first, with who did it. */
export const inventoryAdjustmentHistoryOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      id,
      created_at: timestamp,
      actions: z.object({ action: z.string(), changes: z.unknown() }),
      user: person,
    }),
  ),
});
export type InventoryAdjustmentHistory = z.infer<typeof inventoryAdjustmentHistoryOutput>;

export type { InventoryAdjustmentReason };
