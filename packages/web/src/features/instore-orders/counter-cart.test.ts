import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cannotAdd,
  cartTotals,
  EMPTY_TENDERS,
  lineProblem,
  removeLine,
  tenderSummary,
  updateLine,
} from './counter-cart';
import type { CounterProduct } from './instore-orders.api';

const product = (id: number, overrides: Partial<CounterProduct> = {}): CounterProduct => ({
  id,
  name: `Product ${id}`,
  sku: `SKU-${id}`,
  upc: null,
  hsn: '8471',
  unit: null,
  price: 118,
  gst_rate: 18,
  cess_rate: 0,
  sellable_stock: 10,
  allow_back_ordering: false,
  ...overrides,
});

describe('the cart', () => {
  it('refuses a product with no stock, and one more than the stock, unless it may be back-ordered (issue 18)', () => {
    expect(cannotAdd([], product(1, { sellable_stock: 0 }))).toBe(
      'Product 1 is out of stock in this warehouse.',
    );
    const two = addToCart(
      addToCart([], product(1, { sellable_stock: 2 })),
      product(1, { sellable_stock: 2 }),
    );
    expect(cannotAdd(two, product(1, { sellable_stock: 2 }))).toBe(
      'Only 2 of Product 1 in stock, all in the cart.',
    );
    expect(cannotAdd(two.slice(0, 0), product(1, { sellable_stock: 2 }))).toBeNull();
    expect(cannotAdd([], product(1, { sellable_stock: 0, allow_back_ordering: true }))).toBeNull();
  });

  it('adds a scanned product once and counts it up on the next scan', () => {
    let lines = addToCart([], product(1));
    lines = addToCart(lines, product(2));
    lines = addToCart(lines, product(1));
    expect(lines.map((l) => [l.product.id, l.quantity])).toEqual([
      [1, '2'],
      [2, '1'],
    ]);
    expect(removeLine(lines, 0).map((l) => l.product.id)).toEqual([2]);
  });

  it('prices like the server: tax-inclusive, CGST + SGST, line discounts, round-off', () => {
    let lines = addToCart([], product(1));
    lines = addToCart(lines, product(2, { price: 105, gst_rate: 5 }));
    lines = updateLine(lines, 0, { quantity: '2', discount: '10' });
    const totals = cartTotals(lines, false);
    // 2 × 118 less 10% = 212.40; 105 → 317.40
    expect(totals.totalPaise).toBe(31_740);
    expect(totals.lineAmountsPaise).toEqual([21_240, 10_500]);
    expect(totals.pricing?.totals.igstPaise).toBe(0);
    expect(totals.pricing?.totals.cgstPaise).toBe(totals.pricing?.totals.sgstPaise);
    expect(cartTotals(lines, true).totalPaise).toBe(31_700);
  });

  it('leaves out incomplete lines and names the field at fault', () => {
    const lines = updateLine(addToCart([], product(1)), 0, { quantity: '' });
    expect(cartTotals(lines, false)).toMatchObject({ totalPaise: 0, complete: false });
    expect(lineProblem(lines[0])?.field).toBe('quantity');
    expect(lineProblem(updateLine(lines, 0, { quantity: '1', discount: '120' })[0])?.field).toBe('discount');
    expect(cartTotals(updateLine(lines, 0, { quantity: '0' }), false).complete).toBe(false);
  });
});

describe('the tenders', () => {
  it('fills Cash with the amount due until it is typed', () => {
    const summary = tenderSummary(11_800, EMPTY_TENDERS);
    expect(summary.cashText).toBe('118.00');
    expect(summary.tenders).toEqual([{ kind: 'cash', amountPaise: 11_800 }]);
    expect(summary.problem).toBeNull();
  });

  it('lets card and UPI take part and cash the rest', () => {
    const summary = tenderSummary(22_300, { ...EMPTY_TENDERS, card: '100', upi: '23' });
    expect(summary.cashText).toBe('100.00');
    expect(summary.tenders.map((t) => [t.kind, t.amountPaise])).toEqual([
      ['cash', 10_000],
      ['card', 10_000],
      ['upi', 2_300],
    ]);
  });

  it('shows the change for more cash, and refuses short or over-charged tenders', () => {
    expect(tenderSummary(10_500, { ...EMPTY_TENDERS, cash: '200' }).changeDuePaise).toBe(9_500);
    const short = tenderSummary(11_800, { ...EMPTY_TENDERS, cash: '100' });
    expect(short.leftPaise).toBe(1_800);
    expect(short.problem).toMatch(/still due/);
    expect(tenderSummary(11_800, { ...EMPTY_TENDERS, cash: '', card: '200' }).problem).toMatch(/left to pay/);
  });
});
