import { describe, expect, it } from 'vitest';
import {
  type BuyerStockRow,
  buyerVisibleStock,
  displayedWarehouseStock,
  isInStockForBuyers,
  isStockVisibleToBuyers,
} from './warehouse-stock.ts';

const row = (overrides: Partial<BuyerStockRow> = {}): BuyerStockRow => ({
  available_stock: 10,
  df_quantity: 0,
  is_private: false,
  is_active: true,
  branch_is_active: true,
  ...overrides,
});

describe('displayedWarehouseStock', () => {
  it('is the absolute difference of available stock and committed quantity, to three decimals', () => {
    expect(displayedWarehouseStock({ available_stock: 10, df_quantity: 3 })).toBe(7);
    expect(displayedWarehouseStock({ available_stock: 2, df_quantity: 5 })).toBe(3);
    expect(displayedWarehouseStock({ available_stock: 0.3, df_quantity: 0.1 })).toBe(0.2);
    expect(displayedWarehouseStock({ available_stock: 0, df_quantity: 0 })).toBe(0);
  });
});

describe('isStockVisibleToBuyers', () => {
  it('shows a public, active warehouse of an active branch', () => {
    expect(isStockVisibleToBuyers(row())).toBe(true);
  });

  it('hides a private warehouse, an inactive one and one of an inactive branch', () => {
    expect(isStockVisibleToBuyers(row({ is_private: true }))).toBe(false);
    expect(isStockVisibleToBuyers(row({ is_active: false }))).toBe(false);
    expect(isStockVisibleToBuyers(row({ branch_is_active: false }))).toBe(false);
  });
});

describe('buyerVisibleStock', () => {
  it('adds up the free stock of the public warehouses only', () => {
    expect(
      buyerVisibleStock([
        row({ available_stock: 10, df_quantity: 4 }),
        row({ available_stock: 5.5 }),
        row({ available_stock: 1000, is_private: true }),
      ]),
    ).toBe(11.5);
  });

  it('never lets a private warehouse show through, even when it holds all the stock', () => {
    const rows = [row({ available_stock: 0 }), row({ available_stock: 250, is_private: true })];
    expect(buyerVisibleStock(rows)).toBe(0);
    expect(isInStockForBuyers(rows)).toBe(false);
  });

  it('leaves out inactive warehouses and warehouses of inactive branches', () => {
    expect(
      buyerVisibleStock([
        row({ available_stock: 3 }),
        row({ available_stock: 7, is_active: false }),
        row({ available_stock: 9, branch_is_active: false }),
      ]),
    ).toBe(3);
  });

  it('counts an over-committed warehouse as zero, not against the others', () => {
    expect(
      buyerVisibleStock([row({ available_stock: 2, df_quantity: 5 }), row({ available_stock: 4 })]),
    ).toBe(4);
  });

  it('sums decimals exactly and is zero for no warehouses', () => {
    expect(buyerVisibleStock([row({ available_stock: 0.1 }), row({ available_stock: 0.2 })])).toBe(0.3);
    expect(buyerVisibleStock([])).toBe(0);
    expect(isInStockForBuyers([row({ available_stock: 0.001 })])).toBe(true);
  });
});
