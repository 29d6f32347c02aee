import { z } from 'zod';
import { INVENTORY_TRANSFER_STATUSES } from '../inventory-transfers.ts';
import { isNumber, MESSAGES, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { calendarDate } from './inventory-adjustments.ts';
import { QUANTITY_MAX } from './products.ts';

export const INVENTORY_TRANSFER_MAX_LINES = 500;
export const INVENTORY_TRANSFER_NOTES_MAX = 1000;

/** Toasts and field messages, in the spec's section-8 style. */
export const INVENTORY_TRANSFER_MESSAGES = {
  not_found: 'Inventory Transfer Not Found',
  created: 'Inventory transfer created successfully.',
  create_failed: 'Failed to create inventory transfer.',
  updated: 'Inventory transfer updated successfully.',
  update_failed: 'Failed to update inventory transfer.',
  dispatched: 'Inventory transfer dispatched successfully.',
  dispatch_failed: 'Failed to dispatch inventory transfer.',
  received: 'Inventory transfer received successfully.',
  receive_failed: 'Failed to receive inventory transfer.',
  cancelled: 'Inventory transfer cancelled successfully.',
  cancel_failed: 'Failed to cancel inventory transfer.',
  load_failed: 'Failed to load inventory transfers.',
  source_required: 'Please select a source warehouse.',
  destination_required: 'Please select a destination warehouse.',
  same_warehouse: 'The destination warehouse must be different from the source warehouse.',
  product_required: 'Please select a product.',
  product_not_found: 'Product Not Found',
  product_repeated: 'This product is already in the transfer.',
  lines_required: 'Add at least one product.',
  too_many_lines: `A transfer can have at most ${INVENTORY_TRANSFER_MAX_LINES} lines.`,
  receipt_required: 'Enter the quantity received of at least one line.',
  quantity_required: 'Quantity is required.',
  quantity_positive: 'Quantity must be greater than zero.',
  quantity_decimals: 'Quantity can have at most 3 decimal places.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
} as const;

/** A quantity sent or received: above zero, three decimals at most. */
export const transferQuantityInput = numberField(
  [
    [isNumber, MESSAGES.number],
    [(v) => Number(v) > 0, INVENTORY_TRANSFER_MESSAGES.quantity_positive],
    [(v) => maxDecimals(v, 3), INVENTORY_TRANSFER_MESSAGES.quantity_decimals],
    [(v) => Number(v) <= QUANTITY_MAX, INVENTORY_TRANSFER_MESSAGES.quantity_max],
  ],
  INVENTORY_TRANSFER_MESSAGES.quantity_required,
);

const warehouseInput = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const inventoryTransferLineInput = z
  .object({ product: idInput, quantity: transferQuantityInput })
  .strict();

const lines = z
  .array(inventoryTransferLineInput, { error: INVENTORY_TRANSFER_MESSAGES.lines_required })
  .min(1, INVENTORY_TRANSFER_MESSAGES.lines_required)
  .max(INVENTORY_TRANSFER_MAX_LINES, INVENTORY_TRANSFER_MESSAGES.too_many_lines);

function checkTransfer(
  value: {
    source_warehouse?: number;
    destination_warehouse?: number;
    lines?: { product: number }[];
  },
  ctx: z.RefinementCtx,
) {
  if (
    value.source_warehouse !== undefined &&
    value.destination_warehouse !== undefined &&
    value.source_warehouse === value.destination_warehouse
  ) {
    ctx.addIssue({
      code: 'custom',
      message: INVENTORY_TRANSFER_MESSAGES.same_warehouse,
      path: ['destination_warehouse'],
      input: value.destination_warehouse,
    });
  }
  const seen = new Set<number>();
  value.lines?.forEach((line, index) => {
    if (seen.has(line.product)) {
      ctx.addIssue({
        code: 'custom',
        message: INVENTORY_TRANSFER_MESSAGES.product_repeated,
        path: ['lines', index, 'product'],
        input: line.product,
      });
    }
    seen.add(line.product);
  });
}

/** POST companies/{companyId}/inventory_transfers: a draft. */
export const inventoryTransferCreate = z
  .object({
    source_warehouse: warehouseInput(INVENTORY_TRANSFER_MESSAGES.source_required),
    destination_warehouse: warehouseInput(INVENTORY_TRANSFER_MESSAGES.destination_required),
    notes: optionalText(INVENTORY_TRANSFER_NOTES_MAX),
    lines,
  })
  .strict()
  .superRefine(checkTransfer);
export type InventoryTransferCreate = z.infer<typeof inventoryTransferCreate>;

/** PATCH inventory_transfers/{id}: a draft's fields; `lines` replaces all lines. */
export const inventoryTransferUpdate = z
  .object({
    source_warehouse: warehouseInput(INVENTORY_TRANSFER_MESSAGES.source_required).optional(),
    destination_warehouse: warehouseInput(INVENTORY_TRANSFER_MESSAGES.destination_required).optional(),
    notes: z.preprocess((v) => (v === null ? '' : v), optionalText(INVENTORY_TRANSFER_NOTES_MAX)),
    lines: lines.optional(),
  })
  .strict()
  .superRefine(checkTransfer);
export type InventoryTransferUpdate = z.infer<typeof inventoryTransferUpdate>;

/** POST inventory_transfers/{id}/receive: how much of each line arrived. */
export const inventoryTransferReceive = z
  .object({
    lines: z
      .array(z.object({ line: idInput, quantity: transferQuantityInput }).strict(), {
        error: INVENTORY_TRANSFER_MESSAGES.receipt_required,
      })
      .min(1, INVENTORY_TRANSFER_MESSAGES.receipt_required)
      .max(INVENTORY_TRANSFER_MAX_LINES, INVENTORY_TRANSFER_MESSAGES.too_many_lines),
  })
  .strict();
export type InventoryTransferReceive = z.infer<typeof inventoryTransferReceive>;

const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

export const inventoryTransferListQuery = z.object({
  status: z.enum(INVENTORY_TRANSFER_STATUSES).optional(),
  source_warehouse: optionalId,
  destination_warehouse: optionalId,
  /** Either end of the transfer. */
  warehouse: optionalId,
  product: optionalId,
});

const person = z.object({ id, first_name: z.string(), last_name: z.string() }).nullable();
const place = z.object({
  id,
  name: z.string(),
  branch: z.object({ id, name: z.string() }),
});

export const inventoryTransferSummaryOutput = z.object({
  id,
  number: z.string(),
  status: z.enum(INVENTORY_TRANSFER_STATUSES),
  status_label: z.string(),
  source_warehouse: place,
  destination_warehouse: place,
  notes: z.string().nullable(),
  lines_count: z.number().int(),
  total_quantity: z.number(),
  received_quantity: z.number(),
  dispatched_at: timestamp.nullable(),
  received_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  created_by: person,
  created_at: timestamp,
  updated_at: timestamp,
});
export type InventoryTransferSummary = z.infer<typeof inventoryTransferSummaryOutput>;

export const inventoryTransferLineOutput = z.object({
  id,
  product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
  quantity: z.number(),
  received_quantity: z.number(),
  in_transit_quantity: z.number(),
  /** The batches that left on dispatch (first expiry first), and how much of each has arrived. */
  batches: z.array(
    z.object({
      batch_number: z.string(),
      expires_on: z.string().nullable(),
      sent: z.number(),
      received: z.number(),
    }),
  ),
});
export type InventoryTransferLine = z.infer<typeof inventoryTransferLineOutput>;

export const inventoryTransferOutput = inventoryTransferSummaryOutput.extend({
  lines: z.array(inventoryTransferLineOutput),
  actions: z.array(z.enum(['edit', 'dispatch', 'receive', 'cancel'])),
});
export type InventoryTransferOutput = z.infer<typeof inventoryTransferOutput>;

export const inventoryTransferHistoryOutput = z.object({
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
export type InventoryTransferHistory = z.infer<typeof inventoryTransferHistoryOutput>;

/** GET products/{id}/stock_movements. */
export const stockMovementListQuery = z.object({
  warehouse: optionalId,
  /** From this day (India), inclusive. */
  start_date: calendarDate.optional(),
  /** Up to this day (India), inclusive. */
  end_date: calendarDate.optional(),
});

export const stockMovementOutput = z.object({
  id,
  warehouse: z.object({ id, name: z.string() }),
  branch: z.object({ id, name: z.string() }),
  reason: z.string(),
  reason_label: z.string(),
  /** Signed: positive in, negative out. */
  quantity: z.number(),
  /** The warehouse's stock of the product after this movement. */
  balance: z.number(),
  /** Signed change to the stock reserved for confirmed orders (reserve +, release and issue -; else 0). */
  reserved_quantity: z.number(),
  /** The warehouse's reserved stock of the product after this movement. */
  reserved_after: z.number(),
  /** The batch moved; null for stock in no batch. */
  batch_number: z.string().nullable(),
  document: z
    .object({ type: z.string(), id: z.number().int().nullable(), number: z.string().nullable() })
    .nullable(),
  user: person,
  created_at: timestamp,
});
export type StockMovement = z.infer<typeof stockMovementOutput>;
