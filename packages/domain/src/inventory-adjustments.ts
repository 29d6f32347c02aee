/**
 * Inventory adjustments (spec 2, "Inventory adjustment"): the eight reasons with their display
 * labels, and which way each one moves stock. Losses (fire, damage, expiry, theft, loss) only take
 * stock out; finds, repairs and returns only bring it in.
 */

export const INVENTORY_ADJUSTMENT_REASONS = [
  'stock_on_fire',
  'stock_damaged',
  'stock_outdated',
  'stock_stolen',
  'stock_lost',
  'extra_inventory_found',
  'inventory_repaired',
  'item_return',
] as const;
export type InventoryAdjustmentReason = (typeof INVENTORY_ADJUSTMENT_REASONS)[number];

/** The spec's display labels, word for word. */
export const INVENTORY_ADJUSTMENT_REASON_LABELS: Record<InventoryAdjustmentReason, string> = {
  stock_on_fire: 'Stock on fire',
  stock_damaged: 'Stock damaged',
  stock_outdated: 'Stock outdated',
  stock_stolen: 'Stock stolen',
  stock_lost: 'Stock lost',
  extra_inventory_found: 'Extra inventory found',
  inventory_repaired: 'Inventory Repaired',
  item_return: 'Item return',
};

export const INVENTORY_ADJUSTMENT_REASON_OPTIONS = INVENTORY_ADJUSTMENT_REASONS.map((value) => ({
  value,
  label: INVENTORY_ADJUSTMENT_REASON_LABELS[value],
}));

export type AdjustmentDirection = 'in' | 'out';

const DIRECTION: Record<InventoryAdjustmentReason, AdjustmentDirection> = {
  stock_on_fire: 'out',
  stock_damaged: 'out',
  stock_outdated: 'out',
  stock_stolen: 'out',
  stock_lost: 'out',
  extra_inventory_found: 'in',
  inventory_repaired: 'in',
  item_return: 'in',
};

export const isInventoryAdjustmentReason = (value: unknown): value is InventoryAdjustmentReason =>
  typeof value === 'string' && (INVENTORY_ADJUSTMENT_REASONS as readonly string[]).includes(value);

/** The label of a reason; an unknown value shows as it is. */
export const inventoryAdjustmentReasonLabel = (reason: string): string =>
  isInventoryAdjustmentReason(reason) ? INVENTORY_ADJUSTMENT_REASON_LABELS[reason] : reason;

/** Which way a reason moves stock. */
export const reasonDirection = (reason: InventoryAdjustmentReason): AdjustmentDirection => DIRECTION[reason];

/** The hint next to a quantity: '+ In' or '− Out'. */
export const directionHint = (direction: AdjustmentDirection): string =>
  direction === 'in' ? '+ In' : '− Out';

/** A signed quantity goes the way its reason moves stock (positive in, negative out; never zero). */
export function quantityFitsReason(reason: InventoryAdjustmentReason, quantity: number): boolean {
  if (!Number.isFinite(quantity) || quantity === 0) return false;
  return reasonDirection(reason) === 'in' ? quantity > 0 : quantity < 0;
}

/** The signed quantity for an amount typed without a sign: out-reasons make it negative. */
export function signedAdjustmentQuantity(reason: InventoryAdjustmentReason, amount: number): number {
  const magnitude = Math.abs(amount);
  return reasonDirection(reason) === 'in' ? magnitude : -magnitude;
}

/** Why a quantity does not fit its reason. */
export function reasonDirectionMessage(reason: InventoryAdjustmentReason): string {
  const label = INVENTORY_ADJUSTMENT_REASON_LABELS[reason];
  return reasonDirection(reason) === 'in'
    ? `${label} only brings stock in: the quantity must be positive.`
    : `${label} only takes stock out: the quantity must be negative.`;
}
