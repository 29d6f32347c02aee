import { describe, expect, it } from 'vitest';
import {
  byPriority,
  displayedBranchStock,
  displayedStock,
  effectiveMaxQuantity,
  isInStock,
  isSellingPriceWithinMrp,
  maxQuantityLabel,
  type ProductStock,
  roundQuantity,
  sumQuantities,
} from './products.ts';

describe('isSellingPriceWithinMrp', () => {
  it('allows a selling price up to and including the MRP', () => {
    expect(isSellingPriceWithinMrp(99_900, 100_000)).toBe(true);
    expect(isSellingPriceWithinMrp(100_000, 100_000)).toBe(true);
    expect(isSellingPriceWithinMrp(0, 0)).toBe(true);
  });

  it('refuses a selling price above the MRP, even by one paisa', () => {
    expect(isSellingPriceWithinMrp(100_001, 100_000)).toBe(false);
    expect(isSellingPriceWithinMrp(1, 0)).toBe(false);
  });
});

describe('max quantity per transaction', () => {
  it('0 means the full available stock', () => {
    expect(effectiveMaxQuantity(0, 42.5)).toBe(42.5);
    expect(effectiveMaxQuantity(0, -3)).toBe(0);
  });

  it('any other value is the limit itself', () => {
    expect(effectiveMaxQuantity(5, 42.5)).toBe(5);
    expect(effectiveMaxQuantity(0.25, 0)).toBe(0.25);
  });

  it('shows 0 as Unlimited', () => {
    expect(maxQuantityLabel(0)).toBe('Unlimited');
    expect(maxQuantityLabel(12)).toBe('12');
  });
});

describe('byPriority', () => {
  it('puts lower priority values first, then orders by name and id', () => {
    const items = [
      { id: 1, priority: 5, name: 'Zeta' },
      { id: 2, priority: 0, name: 'beta' },
      { id: 3, priority: 5, name: 'alpha' },
      { id: 4, priority: 0, name: 'Beta' },
      { id: 5, priority: -1, name: 'Omega' },
    ];
    expect([...items].sort(byPriority).map((i) => i.id)).toEqual([5, 2, 4, 3, 1]);
  });
});

describe('quantities', () => {
  it('sums without binary noise and rounds to three decimals', () => {
    expect(sumQuantities([0.1, 0.2])).toBe(0.3);
    expect(sumQuantities([])).toBe(0);
    expect(sumQuantities([1.005, -0.005])).toBe(1);
    expect(roundQuantity(2.0004)).toBe(2);
    expect(roundQuantity(-0.0001)).toBe(0);
  });
});

const stock = (overrides: Partial<ProductStock> = {}): ProductStock => ({
  in_stock: true,
  stock_by_branches: [
    {
      id: 10,
      name: 'Pune',
      stock_by_warehouses: [
        { id: 100, name: 'Pune Warehouse', available_stock: 12.5, df_quantity: 2 },
        { id: 101, name: 'Pune Annexe', available_stock: 1, df_quantity: 4 },
      ],
    },
    {
      id: 20,
      name: 'Mumbai',
      stock_by_warehouses: [{ id: 200, name: 'Mumbai Warehouse', available_stock: 0.3, df_quantity: 0.1 }],
    },
  ],
  ...overrides,
});

describe('isInStock', () => {
  it('is true when the stock on hand over all warehouses is above zero', () => {
    expect(isInStock([{ available_stock: 0.001 }])).toBe(true);
    expect(isInStock([{ available_stock: 5 }, { available_stock: -2 }])).toBe(true);
  });

  it('is false with no stock, no rows, or back-ordered stock that nets to zero or less', () => {
    expect(isInStock([])).toBe(false);
    expect(isInStock([{ available_stock: 0 }])).toBe(false);
    expect(isInStock([{ available_stock: 2 }, { available_stock: -2 }])).toBe(false);
  });
});

describe('displayedStock (spec: |available_stock - df_quantity|, zero if not in stock or not found)', () => {
  it('is the absolute difference of available stock and committed quantity', () => {
    expect(displayedStock(stock(), 10, 100)).toBe(10.5);
    expect(displayedStock(stock(), 10, 101)).toBe(3);
    expect(displayedStock(stock(), 20, 200)).toBe(0.2);
  });

  it('is zero when the product is not in stock', () => {
    expect(displayedStock(stock({ in_stock: false }), 10, 100)).toBe(0);
  });

  it('is zero when the branch or the warehouse is not found, or there is no stock at all', () => {
    expect(displayedStock(stock(), 99, 100)).toBe(0);
    expect(displayedStock(stock(), 10, 200)).toBe(0);
    expect(displayedStock(null, 10, 100)).toBe(0);
    expect(displayedStock(undefined, 10, 100)).toBe(0);
  });

  it('adds up a branch by the same rule', () => {
    expect(displayedBranchStock(stock(), 10)).toBe(13.5);
    expect(displayedBranchStock(stock(), 20)).toBe(0.2);
    expect(displayedBranchStock(stock(), 30)).toBe(0);
    expect(displayedBranchStock(stock({ in_stock: false }), 10)).toBe(0);
  });
});
