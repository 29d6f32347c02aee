import { describe, expect, it } from 'vitest';
import {
  directionHint,
  INVENTORY_ADJUSTMENT_REASON_LABELS,
  INVENTORY_ADJUSTMENT_REASON_OPTIONS,
  INVENTORY_ADJUSTMENT_REASONS,
  inventoryAdjustmentReasonLabel,
  isInventoryAdjustmentReason,
  quantityFitsReason,
  reasonDirection,
  reasonDirectionMessage,
  signedAdjustmentQuantity,
} from './inventory-adjustments.ts';

describe('inventory adjustment reasons', () => {
  it('are the spec’s eight, in its order, with its labels', () => {
    expect(INVENTORY_ADJUSTMENT_REASONS).toEqual([
      'stock_on_fire',
      'stock_damaged',
      'stock_outdated',
      'stock_stolen',
      'stock_lost',
      'extra_inventory_found',
      'inventory_repaired',
      'item_return',
    ]);
    expect(INVENTORY_ADJUSTMENT_REASON_OPTIONS.map((o) => o.label)).toEqual([
      'Stock on fire',
      'Stock damaged',
      'Stock outdated',
      'Stock stolen',
      'Stock lost',
      'Extra inventory found',
      'Inventory Repaired',
      'Item return',
    ]);
    expect(inventoryAdjustmentReasonLabel('stock_damaged')).toBe('Stock damaged');
    expect(inventoryAdjustmentReasonLabel('sale')).toBe('sale');
    expect(isInventoryAdjustmentReason('item_return')).toBe(true);
    expect(isInventoryAdjustmentReason('opening_stock')).toBe(false);
    expect(isInventoryAdjustmentReason(3)).toBe(false);
  });

  it('losses take stock out; finds, repairs and returns bring it in', () => {
    const out = INVENTORY_ADJUSTMENT_REASONS.filter((r) => reasonDirection(r) === 'out');
    expect(out).toEqual(['stock_on_fire', 'stock_damaged', 'stock_outdated', 'stock_stolen', 'stock_lost']);
    expect(directionHint('in')).toBe('+ In');
    expect(directionHint('out')).toBe('− Out');
  });

  it('a quantity fits its reason only when signed the reason’s way, and never zero', () => {
    expect(quantityFitsReason('stock_damaged', -3)).toBe(true);
    expect(quantityFitsReason('stock_damaged', 3)).toBe(false);
    expect(quantityFitsReason('item_return', 0.5)).toBe(true);
    expect(quantityFitsReason('item_return', -0.5)).toBe(false);
    for (const reason of INVENTORY_ADJUSTMENT_REASONS) {
      expect(quantityFitsReason(reason, 0)).toBe(false);
      expect(quantityFitsReason(reason, Number.NaN)).toBe(false);
      expect(quantityFitsReason(reason, signedAdjustmentQuantity(reason, 2))).toBe(true);
      expect(quantityFitsReason(reason, signedAdjustmentQuantity(reason, -2))).toBe(true);
    }
  });

  it('signs an unsigned amount by the reason and explains a wrong sign', () => {
    expect(signedAdjustmentQuantity('stock_lost', 4)).toBe(-4);
    expect(signedAdjustmentQuantity('extra_inventory_found', 4)).toBe(4);
    expect(reasonDirectionMessage('stock_lost')).toBe(
      'Stock lost only takes stock out: the quantity must be negative.',
    );
    expect(reasonDirectionMessage('inventory_repaired')).toBe(
      'Inventory Repaired only brings stock in: the quantity must be positive.',
    );
    expect(Object.keys(INVENTORY_ADJUSTMENT_REASON_LABELS)).toHaveLength(8);
  });
});
