import { describe, expect, it } from 'vitest';
import {
  allowedOrderActions,
  ORDER_MESSAGES,
  ORDER_REFUSALS,
  type OrderFacts,
  orderRefusal,
  orderStatusColor,
  orderStatusLabel,
  orderTransition,
  paymentStatusLabel,
  paymentStatusOf,
  SALES_ORDER_STATUS_OPTIONS,
  statusAfterFulfilment,
} from './sales-orders.ts';

const order = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'new',
  totalQuantity: 10,
  quantityInvoiced: 0,
  quantityShipped: 0,
  activeInvoices: 0,
  ...overrides,
});

/** A confirmed order with 4 of 10 invoiced on one invoice. */
const processing = order({ status: 'processing', quantityInvoiced: 4, activeInvoices: 1 });

describe('order statuses', () => {
  it('has the spec labels and colours', () => {
    expect(SALES_ORDER_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'New',
      'Confirmed',
      'Processing',
      'Complete',
      'Cancelled',
      'On Hold',
      'Has New Version',
    ]);
    expect(orderStatusLabel('on_hold')).toBe('On Hold');
    expect(orderStatusColor('cancelled')).toBe('red');
    expect(orderStatusColor('on_hold')).toBe('red');
    expect(orderStatusColor('complete')).toBe('green');
  });
});

describe('allowedOrderActions', () => {
  it('lets a new order be confirmed, held, cancelled, edited and reordered, not invoiced or shipped', () => {
    expect(allowedOrderActions(order())).toEqual(['confirm', 'cancel', 'hold', 'edit', 'reorder']);
  });

  it('lets a confirmed order be invoiced', () => {
    expect(allowedOrderActions(order({ status: 'confirmed' }))).toEqual([
      'cancel',
      'hold',
      'edit',
      'invoice',
      'reorder',
    ]);
  });

  it('lets a partly invoiced order be invoiced further, shipped and held, not cancelled or edited', () => {
    expect(allowedOrderActions(processing)).toEqual(['hold', 'invoice', 'ship', 'reorder']);
  });

  it('lets a processing order whose invoices were all cancelled be cancelled', () => {
    expect(allowedOrderActions(order({ status: 'processing' }))).toContain('cancel');
  });

  it('lets a complete order be shipped while items are unshipped, and reordered', () => {
    const complete = order({ status: 'complete', quantityInvoiced: 10, activeInvoices: 2 });
    expect(allowedOrderActions(complete)).toEqual(['ship', 'reorder']);
    expect(allowedOrderActions({ ...complete, quantityShipped: 10 })).toEqual(['reorder']);
  });

  it('lets an order on hold be resumed, cancelled, edited and reordered', () => {
    expect(allowedOrderActions(order({ status: 'on_hold' }))).toEqual([
      'confirm',
      'cancel',
      'edit',
      'reorder',
    ]);
  });

  it('leaves a cancelled order only reorder, and a superseded one nothing', () => {
    expect(allowedOrderActions(order({ status: 'cancelled' }))).toEqual(['reorder']);
    expect(allowedOrderActions(order({ status: 'has_new_version' }))).toEqual([]);
    expect(allowedOrderActions(order({ status: 'draft' }))).toEqual([]);
  });

  it('compares three-decimal quantities without float dust', () => {
    const nearlyAll = order({
      status: 'processing',
      totalQuantity: 0.3,
      quantityInvoiced: 0.1 + 0.2,
      activeInvoices: 1,
    });
    expect(allowedOrderActions(nearlyAll)).not.toContain('invoice');
  });
});

describe('orderRefusal', () => {
  it('names the status in a sentence', () => {
    expect(orderRefusal(order({ status: 'cancelled' }), 'confirm')).toBe(
      'A cancelled order cannot be confirmed.',
    );
    expect(orderRefusal(order({ status: 'complete', quantityInvoiced: 10, activeInvoices: 1 }), 'hold')).toBe(
      'A complete order cannot be put on hold.',
    );
    expect(orderRefusal(order(), 'invoice')).toBe('A new order cannot be invoiced; confirm it first.');
    expect(orderRefusal(order({ status: 'on_hold' }), 'invoice')).toBe(
      'An order on hold cannot be invoiced; confirm it to resume.',
    );
    expect(orderRefusal(order({ status: 'has_new_version' }), 'reorder')).toBe(
      'An order that has a new version cannot be reordered.',
    );
    expect(orderRefusal(order({ status: 'has_new_version' }), 'edit')).toBe(
      'An order that has a new version cannot be edited; edit its new version.',
    );
  });

  it('says when the order is already there', () => {
    expect(orderRefusal(order({ status: 'confirmed' }), 'confirm')).toBe(ORDER_REFUSALS.already_confirmed);
    expect(orderRefusal(order({ status: 'on_hold' }), 'hold')).toBe(ORDER_REFUSALS.already_on_hold);
    expect(orderRefusal(order({ status: 'cancelled' }), 'cancel')).toBe(ORDER_REFUSALS.already_cancelled);
  });

  it('asks to cancel the invoices before the order', () => {
    expect(orderRefusal(processing, 'cancel')).toBe(
      'This order has invoices that are not cancelled; cancel its invoices first.',
    );
    expect(
      orderRefusal(order({ status: 'complete', quantityInvoiced: 10, activeInvoices: 1 }), 'cancel'),
    ).toBe(ORDER_REFUSALS.cancel_invoiced);
    expect(orderRefusal(order({ status: 'on_hold', quantityInvoiced: 4, activeInvoices: 1 }), 'cancel')).toBe(
      ORDER_REFUSALS.cancel_invoiced,
    );
  });

  it('refuses to edit an invoiced order, even on hold', () => {
    expect(orderRefusal(order({ status: 'on_hold', quantityInvoiced: 4, activeInvoices: 1 }), 'edit')).toBe(
      ORDER_REFUSALS.edit_invoiced,
    );
  });

  it('refuses to invoice what is all invoiced, and to ship what is not invoiced or all shipped', () => {
    expect(
      orderRefusal(order({ status: 'processing', quantityInvoiced: 10, activeInvoices: 1 }), 'invoice'),
    ).toBe(ORDER_REFUSALS.fully_invoiced);
    expect(orderRefusal(order({ status: 'confirmed' }), 'ship')).toBe(ORDER_REFUSALS.ship_uninvoiced);
    expect(orderRefusal({ ...processing, quantityShipped: 10 }, 'ship')).toBe(ORDER_REFUSALS.fully_shipped);
  });
});

describe('orderTransition', () => {
  it('confirms, holds, cancels and supersedes', () => {
    expect(orderTransition(order(), 'confirm')).toEqual({ allowed: true, status: 'confirmed' });
    expect(orderTransition(order({ status: 'confirmed' }), 'hold')).toEqual({
      allowed: true,
      status: 'on_hold',
    });
    expect(orderTransition(order({ status: 'confirmed' }), 'cancel')).toEqual({
      allowed: true,
      status: 'cancelled',
    });
    expect(orderTransition(order({ status: 'on_hold' }), 'edit')).toEqual({
      allowed: true,
      status: 'has_new_version',
    });
  });

  it('resumes an order on hold where its invoices put it', () => {
    expect(orderTransition(order({ status: 'on_hold' }), 'confirm')).toEqual({
      allowed: true,
      status: 'confirmed',
    });
    const heldWhileProcessing = { ...processing, status: 'on_hold' as const };
    expect(orderTransition(heldWhileProcessing, 'confirm')).toEqual({ allowed: true, status: 'processing' });
  });

  it('leaves the status to statusAfterFulfilment when invoicing', () => {
    expect(orderTransition(order({ status: 'confirmed' }), 'invoice')).toEqual({
      allowed: true,
      status: 'confirmed',
    });
  });

  it('refuses with the sentence', () => {
    expect(orderTransition(order({ status: 'cancelled' }), 'confirm')).toEqual({
      allowed: false,
      reason: 'A cancelled order cannot be confirmed.',
    });
  });
});

describe('statusAfterFulfilment', () => {
  const confirmed = order({ status: 'confirmed' });

  it('moves to processing on a partial invoice and complete when all is invoiced', () => {
    expect(statusAfterFulfilment({ ...confirmed, quantityInvoiced: 4, activeInvoices: 1 })).toBe(
      'processing',
    );
    expect(statusAfterFulfilment({ ...confirmed, quantityInvoiced: 10, activeInvoices: 1 })).toBe('complete');
  });

  it('can require shipping for complete', () => {
    const allInvoiced = { ...confirmed, quantityInvoiced: 10, activeInvoices: 2 };
    expect(statusAfterFulfilment({ ...allInvoiced, completeRequiresShipment: true })).toBe('processing');
    expect(
      statusAfterFulfilment({ ...allInvoiced, quantityShipped: 10, completeRequiresShipment: true }),
    ).toBe('complete');
    // Delivered goods decide when they are given: shipped but not delivered is still processing.
    const shippedNotDelivered = { ...allInvoiced, quantityShipped: 10, quantityDelivered: 4 };
    expect(statusAfterFulfilment({ ...shippedNotDelivered, completeRequiresShipment: true })).toBe(
      'processing',
    );
    expect(
      statusAfterFulfilment({
        ...shippedNotDelivered,
        quantityDelivered: 10,
        completeRequiresShipment: true,
      }),
    ).toBe('complete');
  });

  it('goes back after an invoice is cancelled', () => {
    expect(
      statusAfterFulfilment({ ...order({ status: 'complete' }), quantityInvoiced: 0, activeInvoices: 0 }),
    ).toBe('confirmed');
    expect(
      statusAfterFulfilment({ ...order({ status: 'complete' }), quantityInvoiced: 6, activeInvoices: 1 }),
    ).toBe('processing');
  });

  it('leaves orders that are not being fulfilled alone', () => {
    for (const status of ['new', 'on_hold', 'cancelled', 'has_new_version'] as const) {
      expect(statusAfterFulfilment({ ...order({ status }), quantityInvoiced: 10, activeInvoices: 1 })).toBe(
        status,
      );
    }
  });
});

describe('paymentStatusOf', () => {
  const invoice = { totalPaise: 100_000, paidPaise: 0, writtenOffPaise: 0, cancelled: false };

  it('follows payments, write-offs and cancellation', () => {
    expect(paymentStatusOf(invoice)).toBe('unpaid');
    expect(paymentStatusOf({ ...invoice, paidPaise: 40_000 })).toBe('partially_paid');
    expect(paymentStatusOf({ ...invoice, paidPaise: 100_000 })).toBe('paid');
    expect(paymentStatusOf({ ...invoice, paidPaise: 99_000, writtenOffPaise: 1_000 })).toBe('paid');
    expect(paymentStatusOf({ ...invoice, writtenOffPaise: 100_000 })).toBe('paid');
    expect(paymentStatusOf({ ...invoice, pendingPaise: 100_000 })).toBe('pending');
    expect(paymentStatusOf({ ...invoice, paidPaise: 100_000, cancelled: true })).toBe('cancelled');
    expect(paymentStatusOf({ ...invoice, totalPaise: 0 })).toBe('paid');
  });

  it('has the spec labels', () => {
    expect(paymentStatusLabel('partially_paid')).toBe('Partially Paid');
    expect(paymentStatusLabel('pending')).toBe('Pending');
  });
});

describe('ORDER_MESSAGES', () => {
  it('holds the spec texts verbatim', () => {
    expect(ORDER_MESSAGES.put_on_hold).toBe('Order is put on hold successfully');
    expect(ORDER_MESSAGES.not_found).toBe('Order Not Found');
    expect(ORDER_MESSAGES.forbidden_place).toBe('You do not have permissions to place order.');
    expect(ORDER_MESSAGES.coupon_applied).toBe('Coupon Applied successfully');
  });
});
