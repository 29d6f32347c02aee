import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { outstandingPaise } from '../../../test/payments-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/**
 * Over the API, money and credit together: after any sequence of invoices, payments (oldest first),
 * credit notes, their applications, payment cancellations, credit note cancellations and invoice
 * cancellations, the buyer's outstanding equals live invoice totals minus completed payments minus
 * live credit notes, and every invoice's paid, credited and due amounts agree with the live
 * allocations and applications, to the paisa. Refused steps (400, 409) change nothing.
 */

type Step =
  | { kind: 'invoice'; quantity: number }
  | { kind: 'pay'; paise: number }
  | { kind: 'credit'; pick: number; discount: number }
  | { kind: 'apply'; note: number; invoice: number }
  | { kind: 'cancel_payment'; pick: number }
  | { kind: 'cancel_note'; pick: number }
  | { kind: 'cancel_invoice'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('pay' as const), paise: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({
    kind: fc.constant('credit' as const),
    pick: fc.nat(10),
    discount: fc.constantFrom(100, 25, 12.5),
  }),
  fc.record({ kind: fc.constant('apply' as const), note: fc.nat(10), invoice: fc.nat(10) }),
  fc.record({ kind: fc.constant('cancel_payment' as const), pick: fc.nat(10) }),
  fc.record({ kind: fc.constant('cancel_note' as const), pick: fc.nat(10) }),
  fc.record({ kind: fc.constant('cancel_invoice' as const), pick: fc.nat(10) }),
);

const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (values: readonly (number | string)[]) =>
  values.reduce<number>((total, v) => total + Number(v), 0);

beforeAll(() => testServer(), 180_000);

describe('invoice settlement: payments and credit notes together keep the books exact', () => {
  it('holds for any sequence of invoices, payments, credit notes and cancellations', {
    timeout: 300_000,
  }, async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const product = await createTaxedProduct(company, { openingStock: 1000, sellingPrice: 99.99 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 9 }), async (steps) => {
        const buyer = await createBuyerWithAddress(company);
        const invoices: { id: number; items: { id: number; quantity: number }[] }[] = [];
        const payments: number[] = [];
        const notes: number[] = [];
        const handled = (res: { status: number; body: unknown }) =>
          expect([200, 201, 400, 409], JSON.stringify(res.body)).toContain(res.status);
        for (const s of [{ kind: 'invoice', quantity: 2 } as Step, ...steps]) {
          if (s.kind === 'invoice') {
            const { invoice } = await createInvoicedOrder(company, {
              buyer,
              lines: [{ product: product.id, quantity: s.quantity }],
            });
            invoices.push(invoice);
          } else if (s.kind === 'pay') {
            const res = await company.api.post(`admin/companies/${company.companyId}/payments`, {
              buyer: buyer.id,
              amount: s.paise / 100,
            });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            payments.push(res.body.id);
          } else if (s.kind === 'credit') {
            const invoice = invoices[s.pick % invoices.length];
            const res = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
              items: [{ invoice_item: invoice.items[0].id, quantity: 1, additional_discount: s.discount }],
            });
            handled(res);
            if (res.status === 201) notes.push(res.body.id);
          } else if (s.kind === 'apply' && notes.length) {
            const noteId = notes[s.note % notes.length];
            const note = (await company.api.get(`admin/credit_notes/${noteId}`)).body;
            const invoice = (
              await company.api.get(`admin/invoices/${invoices[s.invoice % invoices.length].id}`)
            ).body;
            const amount = Math.min(note.balance, invoice.amount_due);
            if (amount <= 0) continue;
            handled(
              await company.api.post(`admin/credit_notes/${noteId}/apply`, {
                applications: [{ invoice: invoice.id, amount }],
              }),
            );
          } else if (s.kind === 'cancel_payment' && payments.length) {
            handled(
              await company.api.patch(`admin/order_payments/${payments[s.pick % payments.length]}/cancel`),
            );
          } else if (s.kind === 'cancel_note' && notes.length) {
            handled(await company.api.post(`admin/credit_notes/${notes[s.pick % notes.length]}/cancel`, {}));
          } else if (s.kind === 'cancel_invoice') {
            handled(
              await company.api.post(`admin/invoices/${invoices[s.pick % invoices.length].id}/cancel`, {}),
            );
          }
        }
        await expectExact(
          company,
          buyer.id,
          invoices.map((i) => i.id),
        );
      }),
      { numRuns: 5 },
    );
  });
});

async function expectExact(company: SignedUpCompany, buyerId: number, invoiceIds: number[]) {
  const db = dbOf(company);
  const companyId = company.companyId;
  const [payments, allocations, applications, notes, invoices] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['status', 'amount_paise'])
      .where('company_id', '=', companyId)
      .where('buyer_id', '=', buyerId)
      .execute(),
    db
      .selectFrom('payment_allocations')
      .select(['invoice_id', 'amount_paise'])
      .where('company_id', '=', companyId)
      .where('invoice_id', 'in', invoiceIds)
      .where('cancelled_at', 'is', null)
      .execute(),
    db
      .selectFrom('credit_note_applications')
      .select(['invoice_id', 'amount_paise'])
      .where('company_id', '=', companyId)
      .where('invoice_id', 'in', invoiceIds)
      .where('cancelled_at', 'is', null)
      .execute(),
    db
      .selectFrom('credit_notes')
      .select(['status', 'total_paise'])
      .where('company_id', '=', companyId)
      .where('buyer_id', '=', buyerId)
      .execute(),
    Promise.all(invoiceIds.map(async (id) => (await company.api.get(`admin/invoices/${id}`)).body)),
  ]);
  const liveInvoices = invoices.filter((i) => i.status !== 'cancelled');
  expect(await outstandingPaise(company, buyerId)).toBe(
    sum(liveInvoices.map((i) => paise(i.invoice_total))) -
      sum(payments.filter((p) => p.status === 'completed').map((p) => p.amount_paise)) -
      sum(notes.filter((n) => n.status !== 'cancelled').map((n) => n.total_paise)),
  );
  for (const invoice of invoices) {
    const paid = sum(allocations.filter((a) => a.invoice_id === invoice.id).map((a) => a.amount_paise));
    const credited = sum(applications.filter((a) => a.invoice_id === invoice.id).map((a) => a.amount_paise));
    expect(paise(invoice.amount_paid)).toBe(paid);
    expect(paise(invoice.amount_credited)).toBe(credited);
    const due = invoice.status === 'cancelled' ? 0 : paise(invoice.invoice_total) - paid - credited;
    expect(paise(invoice.amount_due)).toBe(due);
    const status =
      invoice.status === 'cancelled'
        ? 'cancelled'
        : due === 0
          ? 'paid'
          : paid + credited > 0
            ? 'partially_paid'
            : 'unpaid';
    expect(invoice.payment_status).toBe(status);
  }
}
