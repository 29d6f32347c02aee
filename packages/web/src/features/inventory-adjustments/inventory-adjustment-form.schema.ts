import {
  calendarDate,
  INVENTORY_ADJUSTMENT_MAX_LINES,
  INVENTORY_ADJUSTMENT_NOTES_MAX,
  INVENTORY_ADJUSTMENT_MESSAGES as M,
  todayInIndia,
} from '@b2b/domain/api/inventory-adjustments';
import { QUANTITY_MAX } from '@b2b/domain/api/products';
import {
  INVENTORY_ADJUSTMENT_REASONS,
  type InventoryAdjustmentReason,
  signedAdjustmentQuantity,
} from '@b2b/domain/inventory-adjustments';
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
    const seen = new Set<number>();
    value.lines.forEach((l, index) => {
      if (l.product === null) {
        ctx.addIssue({ code: 'custom', message: M.product_required, path: ['lines', index, 'product'] });
      } else if (seen.has(l.product)) {
        ctx.addIssue({ code: 'custom', message: M.product_repeated, path: ['lines', index, 'product'] });
      } else {
        seen.add(l.product);
      }
    });
  });

export type AdjustmentFormValues = z.input<typeof adjustmentFormSchema>;
export type AdjustmentFormOutput = z.output<typeof adjustmentFormSchema>;

export const emptyLine = (): AdjustmentFormValues['lines'][number] => ({ product: null, quantity: '' });

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
    lines: values.lines.map((l) => ({
      product: l.product as number,
      quantity: signedAdjustmentQuantity(reason, l.quantity),
    })),
  };
}

/** Form fields the server's 400 answers may name (lines.N.product and lines.N.quantity too). */
export const SERVER_FIELDS = ['warehouse', 'reason', 'adjusted_on', 'notes', 'lines'] as const;
