import { describe, expect, it } from 'vitest';
import { billInput, computeBill } from './bills.ts';
import {
  allowedPurchaseOrderActions,
  billingStatus,
  computePurchaseOrder,
  lastRateSentence,
  lastRatesQuery,
  overBilledMessage,
  purchaseOrderInput,
  purchaseOrderRefusal,
  purchaseOrderStatusColor,
  purchaseOrderStatusLabel,
  quantityLeft,
} from './purchase-orders.ts';

const order = {
  seller: 1,
  branch: 2,
  warehouse: 3,
  order_date: '2026-07-01',
  items: [{ product: 9, quantity: 10, rate: 120.5, tax_rate: 18 }],
};

describe('purchase order statuses and actions', () => {
  it('labels and colours every status', () => {
    expect(purchaseOrderStatusLabel('partially_billed')).toBe('Partially Billed');
    expect(purchaseOrderStatusColor('billed')).toBe('green');
    expect(purchaseOrderStatusColor('cancelled')).toBe('red');
  });

  it('allows edit and send only on a draft; bill only once sent and not fully billed', () => {
    expect(allowedPurchaseOrderActions({ status: 'draft' })).toEqual(['edit', 'send', 'cancel']);
    expect(allowedPurchaseOrderActions({ status: 'sent' })).toEqual(['cancel', 'bill']);
    expect(allowedPurchaseOrderActions({ status: 'partially_billed', anyBilled: true })).toEqual(['bill']);
    expect(allowedPurchaseOrderActions({ status: 'billed', anyBilled: true })).toEqual([]);
    expect(allowedPurchaseOrderActions({ status: 'cancelled' })).toEqual([]);
  });

  it('refuses with a sentence', () => {
    expect(purchaseOrderRefusal({ status: 'sent' }, 'edit')).toBe(
      'Only a draft purchase order can be edited.',
    );
    expect(purchaseOrderRefusal({ status: 'sent', anyBilled: true }, 'cancel')).toMatch(
      /cannot be cancelled/,
    );
    expect(purchaseOrderRefusal({ status: 'draft' }, 'bill')).toBe(
      'Mark the purchase order as sent before billing it.',
    );
    expect(purchaseOrderRefusal({ status: 'cancelled' }, 'cancel')).toMatch(/already cancelled/);
  });

  it('works the status out of the lines billed', () => {
    expect(billingStatus([{ quantity: 10, billed: 0 }])).toBe('sent');
    expect(
      billingStatus([
        { quantity: 10, billed: 4 },
        { quantity: 2, billed: 0 },
      ]),
    ).toBe('partially_billed');
    expect(
      billingStatus([
        { quantity: 0.333, billed: 0.333 },
        { quantity: 2, billed: 2 },
      ]),
    ).toBe('billed');
    expect(quantityLeft({ quantity: 10, billed: 3.5 })).toBe(6.5);
    expect(quantityLeft({ quantity: 1.1, billed: 0.7 })).toBe(0.4);
  });

  it('names the product, the order and what is left when a bill asks for too much', () => {
    expect(overBilledMessage('Basmati Rice 25kg', 'PO/2627/00003', { ordered: 10, billed: 6 })).toBe(
      'Only 4 of Basmati Rice 25kg is left to bill on PO/2627/00003 (ordered 10, billed 6).',
    );
  });
});

describe('purchaseOrderInput', () => {
  it('accepts a minimal order and fills defaults', () => {
    const parsed = purchaseOrderInput.parse(order);
    expect(parsed.is_tax_inclusive).toBe(false);
    expect(parsed.items[0]?.quantity).toBe(10);
  });

  it('refuses no items, an expected date before the order, bad quantities and unknown fields', () => {
    const issues = (value: unknown) =>
      purchaseOrderInput.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...order, items: [] })).toEqual([['items', 'Add at least one product.']]);
    expect(issues({ ...order, expected_date: '2026-06-30' })).toEqual([
      ['expected_date', 'The expected date cannot be before the order date.'],
    ]);
    expect(issues({ ...order, items: [{ ...order.items[0], quantity: -1 }] })?.[0]?.[0]).toBe(
      'items.0.quantity',
    );
    expect(issues({ ...order, items: [{ ...order.items[0], batch_number: 'B1' }] })?.[0]?.[0]).toBe(
      'items.0',
    );
    expect(issues({ ...order, status: 'billed' })).toHaveLength(1);
  });

  it('lets a bill name a purchase order line only with the order', () => {
    const bill = {
      seller: 1,
      branch: 2,
      warehouse: 3,
      bill_number: 'INV-1',
      bill_date: '2026-07-02',
      items: [{ product: 9, quantity: 1, rate: 10, tax_rate: 5, purchase_order_item: 4 }],
    };
    expect(billInput.safeParse(bill).error?.issues[0]?.path).toEqual(['items', 0, 'purchase_order_item']);
    expect(billInput.safeParse({ ...bill, purchase_order: 7 }).success).toBe(true);
  });
});

describe('computePurchaseOrder', () => {
  it('gives the figures a bill of the same lines gives (computeBill, not a copy)', () => {
    const lines = [
      { quantity: 3, ratePaise: 3333, discountPercent: 0, gstRatePercent: 5 },
      { quantity: 2, ratePaise: 100_000, discountPercent: 10, gstRatePercent: 18 },
    ];
    const po = computePurchaseOrder({ lines, intraState: true, roundOff: true, freightChargesPaise: 5000 });
    const bill = computeBill({
      lines: lines.map((l) => ({ ...l, itcEligible: true })),
      intraState: true,
      roundOff: true,
      freightChargesPaise: 5000,
    });
    expect(po).toEqual(bill);
    // 99.99 at 5% (2.50 + 2.50) + 1,800.00 at 18% (162 + 162) + 50 freight = 2,279.00 -> 2,279
    expect(po.totals.taxablePaise).toBe(189_999);
    expect(po.totals.cgstPaise).toBe(16_450);
    expect(po.totals.totalPaise).toBe(227_900);
    expect(po.totals.reverseChargeTaxPaise).toBe(0);
  });

  it('splits IGST on an inter-state order', () => {
    const po = computePurchaseOrder({
      lines: [{ quantity: 1, ratePaise: 10_000, discountPercent: 0, gstRatePercent: 12 }],
      intraState: false,
    });
    expect(po.totals).toMatchObject({ igstPaise: 1200, cgstPaise: 0, totalPaise: 11_200 });
  });
});

describe('last purchase rates', () => {
  it('reads the product ids and refuses what is not a list of ids', () => {
    expect(lastRatesQuery.parse({ products: '3,1,3', seller: '7' })).toEqual({ products: [3, 1], seller: 7 });
    expect(lastRatesQuery.safeParse({ products: '1,,2' }).success).toBe(false);
    expect(lastRatesQuery.safeParse({ products: '0' }).success).toBe(false);
    expect(lastRatesQuery.safeParse({ products: '1'.repeat(16) }).success).toBe(false);
    expect(lastRatesQuery.safeParse({}).success).toBe(false);
    expect(lastRatesQuery.safeParse({ products: '1', seller: '1e30' }).success).toBe(false);
  });

  it('says the rate, the date and the bill, and the seller when it is another one', () => {
    const last = {
      rate: 1250.5,
      bill_date: '2026-07-04',
      bill_number: 'SE/2627/0418',
      from_seller: true,
      seller: { id: 1, name: 'Sahyadri' },
    };
    expect(lastRateSentence(last)).toBe('Last bought at ₹1,250.50 on 04/07/2026 (SE/2627/0418)');
    expect(lastRateSentence({ ...last, from_seller: false })).toBe(
      'Last bought at ₹1,250.50 from Sahyadri on 04/07/2026 (SE/2627/0418)',
    );
  });
});
