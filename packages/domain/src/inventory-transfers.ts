import { INVENTORY_ADJUSTMENT_REASON_LABELS, isInventoryAdjustmentReason } from './inventory-adjustments.ts';

/**
 * Inventory transfers: stock moves from a source warehouse to a destination warehouse (same or
 * another branch). A draft can be edited; dispatching takes the stock out of the source (it is then
 * in transit); receiving brings it into the destination, all at once or in parts; a draft, or a
 * dispatched transfer of which nothing has arrived, can be cancelled (the stock in transit goes back
 * to the source). The pure rules live here; the server applies them under the transfer's row lock.
 */

export const INVENTORY_TRANSFER_STATUSES = [
  'draft',
  'in_transit',
  'partially_received',
  'received',
  'cancelled',
] as const;
export type InventoryTransferStatus = (typeof INVENTORY_TRANSFER_STATUSES)[number];

export const INVENTORY_TRANSFER_STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'in_transit', label: 'In Transit', color: 'blue' },
  { value: 'partially_received', label: 'Partially Received', color: 'yellow' },
  { value: 'received', label: 'Received', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly { value: InventoryTransferStatus; label: string; color: string }[];

export const isInventoryTransferStatus = (value: unknown): value is InventoryTransferStatus =>
  typeof value === 'string' && (INVENTORY_TRANSFER_STATUSES as readonly string[]).includes(value);

export const inventoryTransferStatusLabel = (status: string): string =>
  INVENTORY_TRANSFER_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

export type InventoryTransferAction = 'edit' | 'dispatch' | 'receive' | 'cancel';

/** Quantities are kept to three decimals; compare and subtract them without float dust. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface TransferLineState {
  id: number;
  quantity: number;
  received_quantity: number;
}

/** What is still on the road for a line: sent but not yet received. */
export const outstandingQuantity = (line: { quantity: number; received_quantity: number }): number =>
  Math.max(0, round3(line.quantity - line.received_quantity));

export const anythingReceived = (lines: readonly { received_quantity: number }[]) =>
  lines.some((line) => line.received_quantity > 0);

/**
 * The actions a transfer allows in its status: a draft is edited, dispatched or cancelled; a
 * transfer in transit is received, or cancelled while nothing of it has arrived; a partially
 * received one can only receive the rest; received and cancelled transfers are final.
 */
export function allowedActions(
  status: InventoryTransferStatus,
  lines: readonly { received_quantity: number }[] = [],
): InventoryTransferAction[] {
  switch (status) {
    case 'draft':
      return ['edit', 'dispatch', 'cancel'];
    case 'in_transit':
      return anythingReceived(lines) ? ['receive'] : ['receive', 'cancel'];
    case 'partially_received':
      return ['receive'];
    default:
      return [];
  }
}

export const INVENTORY_TRANSFER_STATE_MESSAGES = {
  edit: 'Only a draft transfer can be edited.',
  dispatch: 'Only a draft transfer can be dispatched.',
  receive: 'Only a transfer in transit can be received.',
  cancel_received: 'A transfer of which stock has been received cannot be cancelled.',
  cancel_final: 'This transfer is already cancelled.',
} as const;

/** Why an action is refused in a status (null when it is allowed). */
export function refusalOf(
  action: InventoryTransferAction,
  status: InventoryTransferStatus,
  lines: readonly { received_quantity: number }[] = [],
): string | null {
  if (allowedActions(status, lines).includes(action)) return null;
  if (action !== 'cancel') return INVENTORY_TRANSFER_STATE_MESSAGES[action];
  return status === 'cancelled'
    ? INVENTORY_TRANSFER_STATE_MESSAGES.cancel_final
    : INVENTORY_TRANSFER_STATE_MESSAGES.cancel_received;
}

/** What cancelling does: a draft just ends; a transfer in transit first sends its stock back to the source. */
export const cancelEffect = (status: InventoryTransferStatus): 'cancel' | 'return_stock' =>
  status === 'in_transit' ? 'return_stock' : 'cancel';

export const RECEIPT_MESSAGES = {
  line_unknown: 'This line is not part of the transfer.',
  line_repeated: 'This line is already in the receipt.',
  quantity_positive: 'Quantity must be greater than zero.',
  nothing_outstanding: 'Everything sent on this line has already been received.',
} as const;

export const receiveTooMuchMessage = (outstanding: number) =>
  `Cannot receive more than is in transit (${outstanding}).`;

/**
 * Checks a receipt against the transfer's lines: each receipt line names a line of the transfer
 * once, with a quantity above zero and at most what is still in transit. Returns the problems by
 * receipt index (empty when the receipt is good).
 */
export function receiptProblems(
  lines: readonly TransferLineState[],
  receipt: readonly { line: number; quantity: number }[],
): { index: number; field: 'line' | 'quantity'; message: string }[] {
  const problems: { index: number; field: 'line' | 'quantity'; message: string }[] = [];
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  receipt.forEach((entry, index) => {
    const line = byId.get(entry.line);
    if (!line) {
      problems.push({ index, field: 'line', message: RECEIPT_MESSAGES.line_unknown });
      return;
    }
    if (seen.has(entry.line)) {
      problems.push({ index, field: 'line', message: RECEIPT_MESSAGES.line_repeated });
      return;
    }
    seen.add(entry.line);
    const outstanding = outstandingQuantity(line);
    if (!(entry.quantity > 0)) {
      problems.push({ index, field: 'quantity', message: RECEIPT_MESSAGES.quantity_positive });
    } else if (outstanding === 0) {
      problems.push({ index, field: 'quantity', message: RECEIPT_MESSAGES.nothing_outstanding });
    } else if (round3(entry.quantity) > outstanding) {
      problems.push({ index, field: 'quantity', message: receiveTooMuchMessage(outstanding) });
    }
  });
  return problems;
}

/** The lines after a (valid) receipt. */
export function applyReceipt<L extends TransferLineState>(
  lines: readonly L[],
  receipt: readonly { line: number; quantity: number }[],
): L[] {
  const received = new Map(receipt.map((entry) => [entry.line, entry.quantity]));
  return lines.map((line) => ({
    ...line,
    received_quantity: round3(line.received_quantity + (received.get(line.id) ?? 0)),
  }));
}

/** The status after a receipt: received once nothing is outstanding, partially received before. */
export const statusAfterReceipt = (lines: readonly TransferLineState[]): InventoryTransferStatus =>
  lines.every((line) => outstandingQuantity(line) === 0) ? 'received' : 'partially_received';

/** The receipt that takes in everything still in transit (the receive dialog's default). */
export const fullReceipt = (lines: readonly TransferLineState[]) =>
  lines
    .filter((line) => outstandingQuantity(line) > 0)
    .map((line) => ({ line: line.id, quantity: outstandingQuantity(line) }));

/** Quantity still in transit on a line, given the transfer's status (nothing before dispatch or after cancel). */
export const inTransitQuantity = (
  status: InventoryTransferStatus,
  line: { quantity: number; received_quantity: number },
) => (status === 'in_transit' || status === 'partially_received' ? outstandingQuantity(line) : 0);

/** Ledger reasons of the movements a transfer posts. */
export const TRANSFER_MOVEMENT_REASONS = {
  out: 'transfer_out',
  in: 'transfer_in',
  back: 'transfer_return',
} as const;

const MOVEMENT_REASON_LABELS: Record<string, string> = {
  opening_stock: 'Opening stock',
  opening: 'Opening stock',
  transfer_out: 'Transfer dispatched',
  transfer_in: 'Transfer received',
  transfer_return: 'Transfer cancelled',
  // The sales side's reservations: reserve and release move reserved stock only; issue takes the
  // reserved stock out of the warehouse (an invoice); receive and return bring stock in.
  reserve: 'Reserved for an order',
  release: 'Reservation released',
  issue: 'Issued against an order',
  receive: 'Stock received',
  return: 'Stock returned',
  bulk_update: 'Bulk stock update',
};

/** The label of a stock ledger reason: the adjustment reasons' spec labels, the transfer and opening ones, else the reason humanised. */
export function stockMovementReasonLabel(reason: string): string {
  if (isInventoryAdjustmentReason(reason)) return INVENTORY_ADJUSTMENT_REASON_LABELS[reason];
  const known = MOVEMENT_REASON_LABELS[reason];
  if (known) return known;
  const words = reason.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
