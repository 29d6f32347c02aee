import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, outstandingPaise, paymentWorld } from '../../../test/payments-fixtures.ts';
import { setRoundOff } from '../../../test/sales-fixtures.ts';

/**
 * Over the API: after any sequence of invoices, payments (oldest first or chosen), allocations of
 * credit, refunds, payment cancellations and invoice cancellations, the buyer's outstanding equals
 * live invoice totals minus completed payments plus refunds, every live invoice's amount due equals
 * its total minus its live allocations, and every payment's money is allocated, unallocated or
 * refunded, to the paisa.
 */

type Step =
  | { kind: 'invoice'; quantity: number }
  | { kind: 'pay'; rupees: number; chosen: boolean; pick: number }
  | { kind: 'cancel_payment'; pick: number }
  | { kind: 'cancel_invoice'; pick: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'allocate'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('pay' as const),
    rupees: fc.integer({ min: 1, max: 40_000 }).map((paise) => paise / 100),
    chosen: fc.boolean(),
    pick: fc.nat(10),
  }),
  fc.record({ kind: fc.constant('cancel_payment' as const), pick: fc.nat(10) }),
  fc.record({ kind: fc.constant('cancel_invoice' as const), pick: fc.nat(10) }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(10),
    share: fc.double({ min: 0.1, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('allocate' as const), pick: fc.nat(10) }),
);

describe('payments: the buyer’s outstanding and invoice dues stay exact', () => {
  it('holds for any sequence of steps', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 9 }), async (steps) => {
        const world = await paymentWorld(company);
        const path = `admin/companies/${company.companyId}`;
        const invoices: number[] = [];
        const payments: number[] = [];
        for (const s of steps) {
          if (s.kind === 'invoice') {
            invoices.push((await invoicedOrder(world, s.quantity)).invoice.id);
          } else if (s.kind === 'pay') {
            let allocations: { invoice: number; amount: number }[] | undefined;
            if (s.chosen && invoices.length) {
              const invoice = await company.api.get(`admin/invoices/${invoices[s.pick % invoices.length]}`);
              const due = invoice.body.amount_due as number;
              allocations = due > 0 ? [{ invoice: invoice.body.id, amount: Math.min(due, s.rupees) }] : [];
            }
            const res = await company.api.post(`${path}/payments`, {
              buyer: world.buyer.id,
              amount: s.rupees,
              ...(allocations ? { allocations } : {}),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            payments.push(res.body.id);
          } else if (s.kind === 'cancel_payment' && payments.length) {
            const res = await company.api.patch(
              `admin/order_payments/${payments[s.pick % payments.length]}/cancel`,
            );
            expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
          } else if (s.kind === 'cancel_invoice' && invoices.length) {
            const res = await company.api.post(
              `admin/invoices/${invoices[s.pick % invoices.length]}/cancel`,
              {},
            );
            expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
          } else if (s.kind === 'refund' && payments.length) {
            const payment = await company.api.get(`admin/payments/${payments[s.pick % payments.length]}`);
            const amount = Math.floor(payment.body.unallocated * s.share * 100) / 100;
            if (payment.body.status === 'completed' && amount > 0) {
              const res = await company.api.post(`${path}/refunds`, { payment: payment.body.id, amount });
              expect(res.status, JSON.stringify(res.body)).toBe(201);
            }
          } else if (s.kind === 'allocate' && payments.length) {
            const res = await company.api.post(
              `admin/payments/${payments[s.pick % payments.length]}/allocate`,
              {},
            );
            expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
          }
        }
        await expectExact(company, world.buyer.id);
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 300_000);
});

async function expectExact(company: Awaited<ReturnType<typeof signUpCompany>>, buyerId: number) {
  const db = dbOf(company);
  const companyId = company.companyId;
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'status', 'total_paise', 'amount_paid_paise'])
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .execute();
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'status', 'amount_paise', 'unallocated_paise', 'refunded_paise'])
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .execute();
  const allocations = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', (j) =>
      j.onRef('p.company_id', '=', 'a.company_id').onRef('p.id', '=', 'a.payment_id'),
    )
    .select(['a.payment_id', 'a.invoice_id', 'a.amount_paise'])
    .where('a.company_id', '=', companyId)
    .where('p.buyer_id', '=', buyerId)
    .where('a.cancelled_at', 'is', null)
    .execute();
  const refunds = await db
    .selectFrom('refunds')
    .select('amount_paise')
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .execute();
  const sum = (values: (number | string)[]) => values.reduce<number>((total, v) => total + Number(v), 0);
  const live = invoices.filter((i) => i.status !== 'cancelled');
  const completed = payments.filter((p) => p.status === 'completed');
  expect(await outstandingPaise(company, buyerId)).toBe(
    sum(live.map((i) => i.total_paise)) -
      sum(completed.map((p) => p.amount_paise)) +
      sum(refunds.map((r) => r.amount_paise)),
  );
  for (const invoice of invoices) {
    const allocated = sum(allocations.filter((a) => a.invoice_id === invoice.id).map((a) => a.amount_paise));
    expect(Number(invoice.amount_paid_paise)).toBe(allocated);
    const res = await company.api.get(`admin/invoices/${invoice.id}`);
    const expectedDue = invoice.status === 'cancelled' ? 0 : Number(invoice.total_paise) - allocated;
    expect(Math.round(res.body.amount_due * 100)).toBe(expectedDue);
    const expectedStatus =
      invoice.status === 'cancelled'
        ? 'cancelled'
        : expectedDue === 0
          ? 'paid'
          : allocated > 0
            ? 'partially_paid'
            : 'unpaid';
    expect(res.body.payment_status).toBe(expectedStatus);
  }
  for (const payment of payments) {
    const allocated = sum(allocations.filter((a) => a.payment_id === payment.id).map((a) => a.amount_paise));
    if (payment.status === 'completed') {
      expect(allocated + Number(payment.unallocated_paise) + Number(payment.refunded_paise)).toBe(
        Number(payment.amount_paise),
      );
    } else {
      expect(allocated).toBe(0);
    }
  }
}
