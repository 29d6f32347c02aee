import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { createUserWithPermissions, signUpCompany } from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  companyPath,
  confirmedOrder,
  invoicedOrder,
  invoiceOf,
  makeOverdue,
  orderOf,
  outstandingPaise,
  type PaymentWorld,
  payInvoices,
  paymentWorld,
} from '../../../test/payments-fixtures.ts';
import { createQuotation, daysFromToday, generateOrder, invoiceOrder } from '../../../test/sales-fixtures.ts';
import { CONCURRENT_CHANGE_MESSAGE } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { allocateBuyerCredit } from './buyer-credit.ts';
import { createHttpPaymentGateway } from './payment-gateway.ts';

describe('POST admin/companies/{companyId}/payments', { timeout: 120_000 }, () => {
  it('pays open invoices oldest first and keeps the rest as buyer credit', async () => {
    const world = await paymentWorld();
    const first = await invoicedOrder(world, 1); // 118
    const second = await invoicedOrder(world, 2); // 236
    await makeOverdue(world, first.invoice.id, 10);
    const before = await outstandingPaise(world.company, world.buyer.id);
    expect(before).toBe(35_400);

    const payment = await payInvoices(world, { amount: 200, reference_number: 'UTR-1' });
    expect(payment.payment_number).toMatch(/^RCPT\/\d{4}\/00001$/);
    expect(payment.status).toBe('completed');
    expect(payment.allocations.map((a: any) => [a.invoice.id, a.amount])).toEqual([
      [first.invoice.id, 118],
      [second.invoice.id, 82],
    ]);
    expect(payment.unallocated).toBe(0);
    expect(payment.buyer_outstanding).toBe(154);
    expect((await invoiceOf(world.company, first.invoice.id)).payment_status).toBe('paid');
    const secondNow = await invoiceOf(world.company, second.invoice.id);
    expect(secondNow.payment_status).toBe('partially_paid');
    expect(secondNow.amount_due).toBe(154);
    expect((await orderOf(world.company, first.order.id)).payment_status).toBe('paid');
    expect((await orderOf(world.company, second.order.id)).payment_status).toBe('partially_paid');

    // Chosen amounts leave the rest as credit, later allocated by hand to another open invoice.
    const third = await invoicedOrder(world, 1);
    const over = await payInvoices(world, {
      amount: 200,
      allocations: [{ invoice: second.invoice.id, amount: 154 }],
    });
    expect(over.allocations.map((a: any) => a.amount)).toEqual([154]);
    expect(over.unallocated).toBe(46);
    expect(over.allowed_actions).toEqual(['cancel', 'allocate', 'refund']);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(-4_600 + 11_800);
    const open = await world.company.api.get(companyPath(world, `buyers/${world.buyer.id}/open_invoices`));
    expect(open.body.credit).toBe(46);
    expect(open.body.results.map((r: any) => r.id)).toEqual([third.invoice.id]);
    const allocated = await world.company.api.post(`admin/payments/${over.id}/allocate`, {});
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    expect(allocated.body.unallocated).toBe(0);
    const thirdNow = await invoiceOf(world.company, third.invoice.id);
    expect(thirdNow.amount_due).toBe(72);
    expect(thirdNow.payment_status).toBe('partially_paid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(7_200);
    const again = await world.company.api.post(`admin/payments/${over.id}/allocate`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PAYMENT_MESSAGES.nothing_to_allocate);

    const applied = await world.company.api.get(`admin/invoices/${third.invoice.id}/applied_payments/`);
    expect(applied.status).toBe(200);
    expect(applied.body.results.map((a: any) => [a.payment.payment_number, a.amount])).toEqual([
      [over.payment_number, 46],
    ]);
  });

  it('takes chosen amounts, never more than due, and refuses bad input per field', async () => {
    const world = await paymentWorld();
    const a = await invoicedOrder(world, 1);
    const b = await invoicedOrder(world, 1);
    const chosen = await payInvoices(world, {
      amount: 150,
      allocations: [
        { invoice: b.invoice.id, amount: 100 },
        { invoice: a.invoice.id, amount: 0 },
      ],
    });
    expect(chosen.allocations.map((x: any) => [x.invoice.id, x.amount])).toEqual([[b.invoice.id, 100]]);
    expect(chosen.unallocated).toBe(50);
    expect((await invoiceOf(world.company, a.invoice.id)).payment_status).toBe('unpaid');

    const tooMuch = await payInvoices(
      world,
      { amount: 100, allocations: [{ invoice: b.invoice.id, amount: 19 }] },
      { status: 400 },
    );
    expect(tooMuch.errors['allocations.0.amount']).toEqual(['Only ₹18.00 is due on this invoice.']);
    const above = await payInvoices(
      world,
      { amount: 10, allocations: [{ invoice: a.invoice.id, amount: 11 }] },
      { status: 400 },
    );
    expect(above.errors.amount).toEqual([PAYMENT_MESSAGES.allocated_above_amount]);
    const other = await paymentWorld(world.company);
    const foreign = await invoicedOrder(other, 1);
    const notOpen = await payInvoices(
      world,
      { amount: 10, allocations: [{ invoice: foreign.invoice.id, amount: 10 }] },
      { status: 400 },
    );
    expect(notOpen.errors['allocations.0.invoice']).toEqual([PAYMENT_MESSAGES.invoice_not_open]);

    for (const [body, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ amount: 10, payment_date: '2026-13-01' }, 'payment_date'],
      [{ amount: 10, payment_date: daysFromToday(2) }, 'payment_date'],
      [{ amount: 10, buyer: 'x' }, 'buyer'],
      [{ amount: 10, allocations: [{ invoice: a.invoice.id, amount: -1 }] }, 'allocations.0.amount'],
      [{ amount: 10, extra: 1 }, ''],
    ] as const) {
      const res = await payInvoices(world, body, { status: 400 });
      if (field) expect(Object.keys(res.errors), JSON.stringify(res)).toContain(field);
    }
    const unknownBuyer = await payInvoices(world, { amount: 10, buyer: 999_999_999 }, { status: 400 });
    expect(unknownBuyer.errors.buyer).toEqual([PAYMENT_MESSAGES.buyer_not_found]);
    const unknownMethod = await payInvoices(
      world,
      { amount: 10, payment_method: 999_999_999 },
      { status: 400 },
    );
    expect(unknownMethod.errors.payment_method).toEqual([PAYMENT_MESSAGES.payment_method_not_found]);
  });

  it('answers 403 with the spec’s sentence without add_payment_received', async () => {
    const world = await paymentWorld();
    const viewer = await createUserWithPermissions(world.company, ['view_payment_received']);
    const res = await viewer.api.post(companyPath(world, 'payments'), { buyer: world.buyer.id, amount: 10 });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to record payment.');
    const list = await viewer.api.get(companyPath(world, 'payments'));
    expect(list.status).toBe(200);
    const nobody = await createUserWithPermissions(world.company, ['view_order']);
    expect((await nobody.api.get(companyPath(world, 'payments'))).status).toBe(403);
    expect((await nobody.api.get(companyPath(world, 'payments_to_be_received'))).status).toBe(403);
  });
});

describe('GET admin/companies/{companyId}/payments and admin/payments/{id}', { timeout: 120_000 }, () => {
  it('lists with filters, search and paging; a foreign payment is not found', async () => {
    const world = await paymentWorld();
    const { order } = await invoicedOrder(world, 1);
    const p1 = await payInvoices(world, { amount: 10, reference_number: 'NEFT-AAA' });
    const p2 = await payInvoices(world, { amount: 20, reference_number: 'NEFT-BBB' });
    await world.company.api.patch(`admin/order_payments/${p1.id}/cancel`);
    const all = await world.company.api.get(companyPath(world, 'payments?limit=1'));
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results[0].id).toBe(p2.id);
    expect(all.body.next).toContain('offset=1');
    const search = await world.company.api.get(companyPath(world, 'payments?search=bbb'));
    expect(search.body.results.map((p: any) => p.id)).toEqual([p2.id]);
    const cancelled = await world.company.api.get(companyPath(world, 'payments?status__in=cancelled'));
    expect(cancelled.body.results.map((p: any) => p.id)).toEqual([p1.id]);
    const byAmount = await world.company.api.get(companyPath(world, 'payments?ordering=amount'));
    expect(byAmount.body.results.map((p: any) => p.amount)).toEqual([10, 20]);
    for (const query of [
      'status__in=paid',
      'ordering=nope',
      'limit=x',
      'start_date=2026-02-30',
      'buyer=abc',
    ]) {
      const bad = await world.company.api.get(companyPath(world, `payments?${query}`));
      expect(bad.status, query).toBe(400);
    }
    const detail = await world.company.api.get(`admin/payments/${p2.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.allocations[0].invoice.order).toBe(order.id);
    const other = await signUpCompany();
    expect((await other.api.get(`admin/payments/${p2.id}`)).status).toBe(404);
    expect((await other.api.patch(`admin/order_payments/${p2.id}/cancel`)).status).toBe(404);
    expect((await world.company.api.get('admin/payments/abc')).status).toBe(400);
  });
});

describe('order payments', { timeout: 120_000 }, () => {
  it('records an advance before invoicing, then allocates it to the invoice', async () => {
    const world = await paymentWorld();
    const order = await confirmedOrder(world, 2); // 236
    const res = await world.company.api.post(`admin/orders/${order.id}/record_payments`, {
      amount: 100,
      payment_method: world.methodId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.id).toBe(order.id);
    expect(res.body.unallocated).toBe(100);
    expect((await orderOf(world.company, order.id)).payment_status).toBe('partially_paid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(-10_000);

    const invoice = await invoiceOrder(world.company, order);
    // Invoicing puts the order's advance on the invoice at once.
    expect(invoice.amount_due).toBe(136);
    const now = await invoiceOf(world.company, invoice.id);
    expect(now.amount_due).toBe(136);
    expect(now.payment_status).toBe('partially_paid');
    expect((await orderOf(world.company, order.id)).payment_status).toBe('partially_paid');

    const list = await world.company.api.get(`admin/orders/${order.id}/order_payments?limit=1000`);
    expect(list.body.results.map((p: any) => p.id)).toEqual([res.body.id]);
    const applied = await world.company.api.get(`admin/orders/${order.id}/payments`);
    expect(applied.body.results.map((a: any) => a.amount)).toEqual([100]);

    // Mark as paid pays exactly what is due; then nothing is due.
    const paid = await world.company.api.patch(`admin/orders/${order.id}/mark_as_paid`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.amount).toBe(136);
    expect((await orderOf(world.company, order.id)).payment_status).toBe('paid');
    expect((await invoiceOf(world.company, invoice.id)).payment_status).toBe('paid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(0);
    const twice = await world.company.api.patch(`admin/orders/${order.id}/mark_as_paid`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(PAYMENT_MESSAGES.nothing_due);
  });

  it('cancelling a payment reverses its allocations and the ledger; twice is 409', async () => {
    const world = await paymentWorld();
    const { order, invoice } = await invoicedOrder(world, 2);
    const res = await world.company.api.post(`admin/orders/${order.id}/record_payments`, { amount: 236 });
    expect(res.status).toBe(201);
    expect((await orderOf(world.company, order.id)).payment_status).toBe('paid');
    const cancel = await world.company.api.patch(`admin/order_payments/${res.body.id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    expect(cancel.body.allocations.every((a: any) => a.cancelled_at !== null)).toBe(true);
    const now = await invoiceOf(world.company, invoice.id);
    expect(now.amount_due).toBe(236);
    expect(now.payment_status).toBe('unpaid');
    expect((await orderOf(world.company, order.id)).payment_status).toBe('unpaid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(23_600);
    const twice = await world.company.api.patch(`admin/order_payments/${res.body.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(PAYMENT_MESSAGES.already_cancelled);
    const applied = await world.company.api.get(`admin/invoices/${invoice.id}/applied_payments`);
    expect(applied.body.results[0].cancelled_at).not.toBeNull();
  });

  it('refuses payments on cancelled or unknown orders and bad input', async () => {
    const world = await paymentWorld();
    const order = await confirmedOrder(world, 1);
    for (const body of [
      {},
      { amount: -5 },
      { amount: 5, payment_date: 'yesterday' },
      { amount: 5, foo: 1 },
    ]) {
      const res = await world.company.api.post(`admin/orders/${order.id}/record_payments`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await world.company.api.post('admin/orders/999999999/record_payments', { amount: 5 })).status,
    ).toBe(404);
    expect((await world.company.api.patch('admin/orders/999999999/mark_as_paid', {})).status).toBe(404);
    expect(
      (await world.company.api.patch(`admin/orders/${order.id}/mark_as_paid`, { payment_date: 'x' })).status,
    ).toBe(400);
    const nothing = await world.company.api.patch(`admin/orders/${order.id}/mark_as_paid`, {});
    expect(nothing.status).toBe(409);
    const cancelled = await world.company.api.post(`admin/orders/${order.id}/cancel/`, { reason: 'test' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refused = await world.company.api.post(`admin/orders/${order.id}/record_payments`, { amount: 5 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(PAYMENT_MESSAGES.order_cancelled);
    expect((await world.company.api.get('admin/orders/999999999/order_payments')).status).toBe(404);
    expect((await world.company.api.get('admin/orders/999999999/payments')).status).toBe(404);
    expect((await world.company.api.get('admin/invoices/999999999/applied_payments/')).status).toBe(404);
  });
});

describe('online payments: update_payment_status and recheck_payment_status', { timeout: 120_000 }, () => {
  it('initiated makes the order and its invoices pending; completed takes the money in; failed cancels', async () => {
    const world = await paymentWorld();
    const { order, invoice } = await invoicedOrder(world, 1);
    const initiated = await world.company.api.post(`admin/orders/${order.id}/update_payment_status`, {
      status: 'initiated',
      amount: 118,
      gateway_payment_id: 'pay_123',
    });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    expect(initiated.body.status).toBe('pending');
    expect(initiated.body.initiated_at).not.toBeNull();
    expect((await orderOf(world.company, order.id)).payment_status).toBe('pending');
    expect((await invoiceOf(world.company, invoice.id)).payment_status).toBe('pending');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(11_800);

    const recheck = await world.company.api.post(
      `admin/order_payments/${initiated.body.id}/recheck_payment_status`,
    );
    expect(recheck.status).toBe(409);
    expect(recheck.body.detail).toBe('No payment gateway is configured; record the payment by hand.');

    const completed = await world.company.api.post(`admin/orders/${order.id}/update_payment_status`, {
      status: 'completed',
      payment: initiated.body.id,
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect((await orderOf(world.company, order.id)).payment_status).toBe('paid');
    expect((await invoiceOf(world.company, invoice.id)).payment_status).toBe('paid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(0);
    const again = await world.company.api.post(`admin/orders/${order.id}/update_payment_status`, {
      status: 'failed',
      payment: initiated.body.id,
    });
    expect(again.status).toBe(409);

    const second = await invoicedOrder(world, 1);
    const pending = await world.company.api.post(`admin/orders/${second.order.id}/update_payment_status`, {
      status: 'initiated',
      amount: 50,
    });
    const failed = await world.company.api.post(`admin/orders/${second.order.id}/update_payment_status`, {
      status: 'failed',
      payment: pending.body.id,
    });
    expect(failed.body.status).toBe('cancelled');
    expect(failed.body.gateway_status).toBe('failed');
    expect((await orderOf(world.company, second.order.id)).payment_status).toBe('unpaid');
    expect((await invoiceOf(world.company, second.invoice.id)).payment_status).toBe('unpaid');
    for (const body of [
      { status: 'bogus' },
      { status: 'initiated' },
      { status: 'completed' },
      { status: 'completed', payment: 'x' },
    ]) {
      const res = await world.company.api.post(`admin/orders/${second.order.id}/update_payment_status`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const wrongOrder = await world.company.api.post(`admin/orders/${second.order.id}/update_payment_status`, {
      status: 'completed',
      payment: initiated.body.id,
    });
    expect(wrongOrder.status).toBe(400);
  });

  it('asks a configured gateway (a local stand-in) and applies its answer', async () => {
    const answers = new Map<string, string>([
      ['pay_ok', 'captured'],
      ['pay_wait', 'authorized'],
    ]);
    const seen: string[] = [];
    const standIn = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      const id = decodeURIComponent(req.url?.split('/').pop() ?? '');
      const status = answers.get(id);
      res.writeHead(status ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status ? { id, status, amount: 11800 } : { error: 'not found' }));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    const app = await testAppWith({
      paymentGateway: createHttpPaymentGateway({ url: `http://127.0.0.1:${port}/v1`, key: 'k', secret: 's' }),
    });
    try {
      const world = await paymentWorld();
      const api = new ApiClient(app.baseUrl, world.company.api.token);
      const { order } = await invoicedOrder(world, 1);
      const wait = await api.post(`admin/orders/${order.id}/update_payment_status`, {
        status: 'initiated',
        amount: 118,
        gateway_payment_id: 'pay_wait',
      });
      const stillPending = await api.post(`admin/order_payments/${wait.body.id}/recheck_payment_status`);
      expect(stillPending.status, JSON.stringify(stillPending.body)).toBe(200);
      expect(stillPending.body.status).toBe('pending');
      expect(stillPending.body.gateway_status).toBe('authorized');
      answers.set('pay_wait', 'captured');
      const captured = await api.post(`admin/order_payments/${wait.body.id}/recheck_payment_status`);
      expect(captured.body.status).toBe('completed');
      expect((await orderOf(world.company, order.id)).payment_status).toBe('paid');
      expect(seen[0]).toBe(`/v1/payments/pay_wait Basic ${Buffer.from('k:s').toString('base64')}`);
      const done = await api.post(`admin/order_payments/${wait.body.id}/recheck_payment_status`);
      expect(done.status).toBe(409);

      const second = await invoicedOrder(world, 1);
      const unknown = await api.post(`admin/orders/${second.order.id}/update_payment_status`, {
        status: 'initiated',
        amount: 118,
        gateway_payment_id: 'pay_missing',
      });
      const down = await api.post(`admin/order_payments/${unknown.body.id}/recheck_payment_status`);
      expect(down.status).toBe(503);
      expect(down.body.detail).toBe(PAYMENT_MESSAGES.gateway_failed);
    } finally {
      await app.close();
      standIn.close();
    }
  });
});

describe('refunds', { timeout: 120_000 }, () => {
  it('refunds never more than the unallocated balance; a refunded payment cannot be cancelled', async () => {
    const world = await paymentWorld();
    const payment = await payInvoices(world, { amount: 100 }); // no invoices: all credit
    expect(payment.unallocated).toBe(100);
    const refunds = companyPath(world, 'refunds');
    const tooMuch = await world.company.api.post(refunds, { payment: payment.id, amount: 100.01 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toBe('Only ₹100.00 of this payment is unallocated and can be refunded.');
    const refund = await world.company.api.post(refunds, {
      payment: payment.id,
      amount: 60,
      payment_method: world.methodId,
      reference_number: 'RF-1',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.refund_number).toMatch(/^RFND\/\d{4}\/00001$/);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(-4_000);
    const rest = await world.company.api.post(refunds, { payment: payment.id, amount: 40.01 });
    expect(rest.status).toBe(409);
    const detail = await world.company.api.get(`admin/payments/${payment.id}`);
    expect(detail.body.unallocated).toBe(40);
    expect(detail.body.refunded).toBe(60);
    expect(detail.body.refunds.map((r: any) => r.amount)).toEqual([60]);
    const cancel = await world.company.api.patch(`admin/order_payments/${payment.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toBe(PAYMENT_MESSAGES.cancel_refunded);
    const list = await world.company.api.get(`${refunds}?search=RF-1`);
    expect(list.body.results.map((r: any) => r.id)).toEqual([refund.body.id]);
    expect((await world.company.api.get(`admin/refunds/${refund.body.id}`)).body.amount).toBe(60);
    for (const body of [
      { amount: 5 },
      { payment: payment.id },
      { payment: payment.id, amount: 0 },
      { payment: payment.id, amount: 1, refund_date: 'x' },
    ]) {
      const res = await world.company.api.post(refunds, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await world.company.api.post(refunds, { payment: 999_999_999, amount: 1 })).status).toBe(400);
  });
});

describe('GET admin/companies/{companyId}/payments_to_be_received', { timeout: 120_000 }, () => {
  it('groups open invoices by buyer with ageing buckets, most overdue first', async () => {
    const world = await paymentWorld();
    const late = await paymentWorld(world.company);
    const a = await invoicedOrder(world, 1); // not due (due today)
    const b = await invoicedOrder(world, 1);
    await makeOverdue(world, b.invoice.id, 45);
    const c = await invoicedOrder(late, 1);
    await makeOverdue(late, c.invoice.id, 120);
    const d = await invoicedOrder(late, 2);
    await makeOverdue(late, d.invoice.id, 5);
    await payInvoices(late, { amount: 36, allocations: [{ invoice: d.invoice.id, amount: 36 }] });
    const paid = await invoicedOrder(world, 1);
    await payInvoices(world, { amount: 118, allocations: [{ invoice: paid.invoice.id, amount: 118 }] });

    const res = await world.company.api.get(companyPath(world, 'payments_to_be_received'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    const [first, second] = res.body.results;
    expect(first.buyer.id).toBe(late.buyer.id);
    expect(first.max_days_overdue).toBe(120);
    expect(first.buckets).toEqual({
      not_due: 0,
      days_0_30: 200,
      days_31_60: 0,
      days_61_90: 0,
      days_90_plus: 118,
    });
    expect(first.invoices.map((i: any) => [i.id, i.bucket, i.days_overdue])).toEqual([
      [c.invoice.id, 'days_90_plus', 120],
      [d.invoice.id, 'days_0_30', 5],
    ]);
    expect(second.buyer.id).toBe(world.buyer.id);
    expect(second.buckets).toEqual({
      not_due: 118,
      days_0_30: 0,
      days_31_60: 118,
      days_61_90: 0,
      days_90_plus: 0,
    });
    expect(second.invoices.map((i: any) => i.id)).toEqual([b.invoice.id, a.invoice.id]);
    expect(res.body.totals).toEqual({
      amount_due: 554,
      overdue: 436,
      not_due: 118,
      days_0_30: 200,
      days_31_60: 118,
      days_61_90: 0,
      days_90_plus: 118,
    });
    const paged = await world.company.api.get(companyPath(world, 'payments_to_be_received?limit=1&offset=1'));
    expect(paged.body.results.map((r: any) => r.buyer.id)).toEqual([world.buyer.id]);
    expect(paged.body.previous).not.toBeNull();
    const search = await world.company.api.get(
      companyPath(world, `payments_to_be_received?search=${encodeURIComponent(late.buyer.name)}`),
    );
    expect(search.body.results.map((r: any) => r.buyer.id)).toEqual([late.buyer.id]);
    expect(
      (await world.company.api.get(companyPath(world, 'payments_to_be_received?limit=abc'))).status,
    ).toBe(400);
    expect(
      (await world.company.api.get(companyPath(world, 'payments_to_be_received?overdue_only=maybe'))).status,
    ).toBe(400);
  });
});

describe('parallel payments and refunds', { timeout: 120_000 }, () => {
  it('never allocate more than is due nor refund more than the balance', async () => {
    const world = await paymentWorld();
    const { invoice } = await invoicedOrder(world, 1); // 118
    const payments = await Promise.all(
      Array.from({ length: 5 }, () =>
        world.company.api.post(companyPath(world, 'payments'), { buyer: world.buyer.id, amount: 50 }),
      ),
    );
    expect(payments.map((p) => p.status)).toEqual([201, 201, 201, 201, 201]);
    const allocated = payments.reduce((sum, p) => sum + p.body.allocated, 0);
    expect(allocated).toBe(118);
    const now = await invoiceOf(world.company, invoice.id);
    expect(now.amount_due).toBe(0);
    expect(now.payment_status).toBe('paid');
    const credit = payments.reduce((sum, p) => sum + p.body.unallocated, 0);
    expect(credit).toBe(132);

    const last = payments.find((p) => p.body.unallocated === 50);
    if (!last) throw new Error('a payment with all its 50 as credit was expected');
    const refunds = await Promise.all(
      Array.from({ length: 4 }, () =>
        world.company.api.post(companyPath(world, 'refunds'), { payment: last.body.id, amount: 20 }),
      ),
    );
    expect(refunds.filter((r) => r.status === 201)).toHaveLength(2);
    expect(refunds.filter((r) => r.status === 409)).toHaveLength(2);
    expect((await world.company.api.get(`admin/payments/${last.body.id}`)).body.unallocated).toBe(10);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(11_800 - 25_000 + 4_000);
  });
});

describe('allocateBuyerCredit', { timeout: 120_000 }, () => {
  it('puts the order’s own advance on its new invoice first, then older credit', async () => {
    const world = await paymentWorld();
    const older = await payInvoices(world, { amount: 50 }); // credit, no order
    const order = await confirmedOrder(world, 2); // 236
    const advance = await world.company.api.post(`admin/orders/${order.id}/record_payments`, { amount: 100 });
    expect(advance.status).toBe(201);
    const invoice = await invoiceOrder(world.company, order);
    const db = dbOf(world.company);
    // Invoicing allocated the credit itself: nothing is left for a second call.
    const allocated = await inTransaction(db, (tx) =>
      allocateBuyerCredit(tx, world.company.companyId, world.buyer.id, invoice.id, world.company.userId),
    );
    expect(allocated).toBe(0);
    const now = await invoiceOf(world.company, invoice.id);
    expect(now.amount_due).toBe(86);
    expect(now.payment_status).toBe('partially_paid');
    const applied = await world.company.api.get(`admin/invoices/${invoice.id}/applied_payments/`);
    expect(applied.body.results.map((a: any) => [a.payment.id, a.amount]).sort()).toEqual(
      [
        [advance.body.id, 100],
        [older.id, 50],
      ].sort(),
    );
    expect((await orderOf(world.company, order.id)).payment_status).toBe('partially_paid');
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(8_600);
    // Nothing left to allocate: a second call does nothing.
    const again = await inTransaction(db, (tx) =>
      allocateBuyerCredit(tx, world.company.companyId, world.buyer.id),
    );
    expect(again).toBe(0);
  });
});

/** The buyer's outstanding equals what is due on live invoices less the credit not yet used. */
async function expectOutstandingConsistent(world: PaymentWorld) {
  const db = dbOf(world.company);
  const due = await db
    .selectFrom('invoices')
    .select(
      sql<string>`coalesce(sum(total_paise - amount_paid_paise - credited_paise - write_off_paise), 0)`.as(
        'n',
      ),
    )
    .where('company_id', '=', world.company.companyId)
    .where('buyer_id', '=', world.buyer.id)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  const credit = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(unallocated_paise), 0)`.as('n'))
    .where('company_id', '=', world.company.companyId)
    .where('buyer_id', '=', world.buyer.id)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  expect(await outstandingPaise(world.company, world.buyer.id)).toBe(Number(due.n) - Number(credit.n));
}

describe('buyer credit used by later invoices', { timeout: 120_000 }, () => {
  it('generate_invoice puts the buyer’s unused credit on the new invoice, shown in its payments and history', async () => {
    const world = await paymentWorld();
    const credit = await payInvoices(world, { amount: 200 }); // nothing open: all credit
    expect(credit.unallocated).toBe(200);

    const first = await invoicedOrder(world, 1); // 118, paid from the credit
    expect(first.invoice.invoice_total).toBe(118);
    const firstNow = await invoiceOf(world.company, first.invoice.id);
    expect(firstNow.payment_status).toBe('paid');
    expect(firstNow.amount_due).toBe(0);
    expect((await orderOf(world.company, first.order.id)).payment_status).toBe('paid');
    const applied = await world.company.api.get(`admin/invoices/${first.invoice.id}/applied_payments/`);
    expect(applied.body.results.map((a: any) => [a.payment.id, a.amount])).toEqual([[credit.id, 118]]);
    const history = await world.company.api.get(`admin/invoices/${first.invoice.id}/history`);
    expect(history.status).toBe(200);
    const entry = history.body.results.find((h: any) => h.actions.action === 'buyer_credit_applied');
    expect(entry?.actions.changes).toEqual({ payments: credit.payment_number, amount: 118 });

    const second = await invoicedOrder(world, 1); // 118: 82 of credit left
    const secondNow = await invoiceOf(world.company, second.invoice.id);
    expect(secondNow.payment_status).toBe('partially_paid');
    expect(secondNow.amount_due).toBe(36);
    expect((await world.company.api.get(`admin/payments/${credit.id}`)).body.unallocated).toBe(0);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(3_600);
    await expectOutstandingConsistent(world);

    // No credit left: the next invoice is simply unpaid.
    const third = await invoicedOrder(world, 1);
    expect((await invoiceOf(world.company, third.invoice.id)).payment_status).toBe('unpaid');
  });

  it('an instant order from a quotation is invoiced with the buyer’s credit on it', async () => {
    const world = await paymentWorld();
    await payInvoices(world, { amount: 500 });
    const quotation = await createQuotation(world.company, world.buyer, [
      { product: world.productId, quantity: 2 },
    ]);
    const instant = await generateOrder(world.company, quotation.id, true);
    const res = { body: instant };
    const order = await orderOf(world.company, res.body.id);
    expect(order.payment_status).toBe('paid');
    await expectOutstandingConsistent(world);
  });

  it('POST admin/invoices/{id}/apply_buyer_credit applies credit by hand, with clear refusals', async () => {
    const world = await paymentWorld();
    const a = await invoicedOrder(world, 1); // 118
    const b = await invoicedOrder(world, 1); // 118
    const path = (id: number) => `admin/invoices/${id}/apply_buyer_credit`;

    const none = await world.company.api.post(path(b.invoice.id));
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe(PAYMENT_MESSAGES.no_buyer_credit);

    // 200 paid, 118 chosen for A: 82 stays as credit while B is open.
    await payInvoices(world, { amount: 200, allocations: [{ invoice: a.invoice.id, amount: 118 }] });
    const open = await world.company.api.get(companyPath(world, `buyers/${world.buyer.id}/open_invoices`));
    expect(open.body.credit).toBe(82);

    const viewer = await createUserWithPermissions(world.company, ['view_payment_received']);
    const forbidden = await viewer.api.post(path(b.invoice.id));
    expect(forbidden.status).toBe(403);

    const applied = await world.company.api.post(path(b.invoice.id));
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toEqual({
      detail: 'Buyer credit of ₹82.00 applied.',
      applied: 82,
      invoice: { id: b.invoice.id, amount_due: 36, payment_status: 'partially_paid' },
      buyer_credit: 0,
    });
    const again = await world.company.api.post(path(b.invoice.id));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PAYMENT_MESSAGES.no_buyer_credit);
    await expectOutstandingConsistent(world);

    // Credit again (50 chosen for B's 36: 14 left), refused on an invoice with nothing due.
    await payInvoices(world, { amount: 50, allocations: [{ invoice: b.invoice.id, amount: 36 }] });
    const paidUp = await world.company.api.post(path(a.invoice.id));
    expect(paidUp.status).toBe(409);
    expect(paidUp.body.detail).toBe(PAYMENT_MESSAGES.invoice_nothing_due);

    // A cancelled invoice takes no credit.
    const c = await invoicedOrder(world, 1); // generated with the 14 of credit on it
    expect((await invoiceOf(world.company, c.invoice.id)).amount_due).toBe(104);
    const d = await invoicedOrder(world, 1);
    await payInvoices(world, { amount: 10, allocations: [{ invoice: c.invoice.id, amount: 1 }] });
    const cancelled = await world.company.api.post(`admin/invoices/${d.invoice.id}/cancel/`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const onCancelled = await world.company.api.post(path(d.invoice.id));
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.detail).toBe(PAYMENT_MESSAGES.invoice_cancelled);

    expect((await world.company.api.post(path(999_999_999))).status).toBe(404);
    expect((await world.company.api.post('admin/invoices/abc/apply_buyer_credit')).status).toBe(400);
    const other = await signUpCompany();
    expect((await other.api.post(path(b.invoice.id))).status).toBe(404);
  });

  it('a payment cancelled while the buyer is invoiced: both succeed or one is told to retry, never a 500', async () => {
    const world = await paymentWorld();
    for (let round = 0; round < 4; round++) {
      // An advance of 200 on an order of 118: 82 of it is credit when the next order is invoiced.
      const advanced = await confirmedOrder(world, 1);
      const advance = await world.company.api.post(`admin/orders/${advanced.id}/record_payments`, {
        amount: 200,
      });
      expect(advance.status).toBe(201);
      await invoiceOrder(world.company, advanced);
      const next = await confirmedOrder(world, 2);
      const items = next.order_items.map((item) => ({
        order_item: item.id,
        quantity: item.invoiceable_quantity,
      }));
      const [cancel, invoice] = await Promise.all([
        world.company.api.patch(`admin/order_payments/${advance.body.id}/cancel`),
        world.company.api.post(`admin/orders/${next.id}/generate_invoice/`, { items }),
      ]);
      expect([200, 409], JSON.stringify(cancel.body)).toContain(cancel.status);
      expect([201, 409], JSON.stringify(invoice.body)).toContain(invoice.status);
      if (cancel.status === 409) expect(cancel.body.detail).toBe(CONCURRENT_CHANGE_MESSAGE);
      if (invoice.status === 409) expect(invoice.body.detail).toBe(CONCURRENT_CHANGE_MESSAGE);
      await expectOutstandingConsistent(world);
      // Whatever the order, the cancelled advance pays nothing in the end.
      if (cancel.status === 200 && invoice.status === 201) {
        expect((await invoiceOf(world.company, invoice.body.id)).payment_status).toBe('unpaid');
      }
    }
  });
});

describe('GET admin/companies/{companyId}/payments filters', { timeout: 120_000 }, () => {
  it('filters by buyer, payment date range and payment method; an end before the start is 400', async () => {
    const world = await paymentWorld();
    const other = await paymentWorld(world.company);
    const methods = await dbOf(world.company)
      .selectFrom('payment_methods')
      .select('id')
      .where('company_id', '=', world.company.companyId)
      .where('is_active', '=', true)
      .orderBy('position')
      .execute();
    const second = methods[1].id;
    const p1 = await payInvoices(world, { amount: 10, payment_date: daysFromToday(-5) });
    const p2 = await payInvoices(world, { amount: 20, payment_method: second });
    const p3 = await payInvoices(other, { amount: 30, payment_date: daysFromToday(-2) });
    const ids = async (query: string) => {
      const res = await world.company.api.get(companyPath(world, `payments?${query}`));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((p: any) => p.id).sort((x: number, y: number) => x - y);
    };
    expect(await ids(`buyer=${world.buyer.id}`)).toEqual([p1.id, p2.id]);
    expect(await ids(`buyer=${other.buyer.id}`)).toEqual([p3.id]);
    expect(await ids(`start_date=${daysFromToday(-3)}`)).toEqual([p2.id, p3.id]);
    expect(await ids(`start_date=${daysFromToday(-6)}&end_date=${daysFromToday(-1)}`)).toEqual([
      p1.id,
      p3.id,
    ]);
    expect(await ids(`payment_method__in=${second}`)).toEqual([p2.id]);
    expect(await ids(`payment_method__in=${world.methodId},${second}&buyer=${world.buyer.id}`)).toEqual([
      p1.id,
      p2.id,
    ]);
    const backwards = await world.company.api.get(
      companyPath(world, `payments?start_date=${daysFromToday(-1)}&end_date=${daysFromToday(-3)}`),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toEqual([PAYMENT_MESSAGES.date_range]);
    for (const query of ['payment_method__in=x', 'end_date=2026-02-30', 'buyer=-1']) {
      expect((await world.company.api.get(companyPath(world, `payments?${query}`))).status, query).toBe(400);
    }
  });
});
