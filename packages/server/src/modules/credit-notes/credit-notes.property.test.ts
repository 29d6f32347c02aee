import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/**
 * Over the API: after any sequence of invoices, credit notes (any quantity and discount), their
 * applications to the buyer's invoices, removed applications, refunds and cancellations, the
 * buyer's outstanding equals live invoice totals minus live credit note totals plus refunds, every
 * invoice's amount due equals its total minus its live applications, and every note's total is
 * applied, refunded or left, to the paisa. Refused steps (409, 400) change nothing.
 */

type Step =
  | { kind: 'invoice'; quantity: number }
  | { kind: 'credit'; pick: number; quantity: number; discount: number }
  | { kind: 'apply'; note: number; invoice: number; share: number }
  | { kind: 'unapply'; note: number }
  | { kind: 'refund'; note: number; share: number }
  | { kind: 'cancel'; note: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('credit' as const),
    pick: fc.nat(10),
    quantity: fc.integer({ min: 1, max: 3 }),
    discount: fc.constantFrom(100, 50, 12.5, 10),
  }),
  fc.record({
    kind: fc.constant('apply' as const),
    note: fc.nat(10),
    invoice: fc.nat(10),
    share: fc.double({ min: 0.1, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('unapply' as const), note: fc.nat(10) }),
  fc.record({
    kind: fc.constant('refund' as const),
    note: fc.nat(10),
    share: fc.double({ min: 0.1, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), note: fc.nat(10) }),
);

const paise = (rupees: number) => Math.round(rupees * 100);

beforeAll(() => testServer(), 180_000);

describe('credit notes: the buyer’s outstanding and invoice dues stay exact', () => {
  it('holds for any sequence of steps', { timeout: 300_000 }, async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const product = await createTaxedProduct(company, { openingStock: 1000, sellingPrice: 99.99 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const buyer = await createBuyerWithAddress(company);
        const invoices: { id: number; items: { id: number; quantity: number }[] }[] = [];
        const notes: number[] = [];
        const expectHandled = (status: number, body: unknown) =>
          expect([200, 201, 400, 409], JSON.stringify(body)).toContain(status);
        for (const s of [{ kind: 'invoice', quantity: 2 } as Step, ...steps]) {
          if (s.kind === 'invoice') {
            const { invoice } = await createInvoicedOrder(company, {
              buyer,
              lines: [{ product: product.id, quantity: s.quantity }],
            });
            invoices.push(invoice);
          } else if (s.kind === 'credit') {
            const invoice = invoices[s.pick % invoices.length];
            const res = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
              items: [
                { invoice_item: invoice.items[0].id, quantity: s.quantity, additional_discount: s.discount },
              ],
            });
            expectHandled(res.status, res.body);
            if (res.status === 201) notes.push(res.body.id);
          } else if (notes.length === 0) {
          } else {
            const noteId = notes[s.note % notes.length];
            const note = (await company.api.get(`admin/credit_notes/${noteId}`)).body;
            if (s.kind === 'apply') {
              const invoice = (
                await company.api.get(`admin/invoices/${invoices[s.invoice % invoices.length].id}`)
              ).body;
              const amount = Math.floor(Math.min(note.balance, invoice.amount_due) * s.share * 100) / 100;
              if (amount <= 0) continue;
              const res = await company.api.post(`admin/credit_notes/${noteId}/apply`, {
                applications: [{ invoice: invoice.id, amount }],
              });
              expectHandled(res.status, res.body);
            } else if (s.kind === 'unapply') {
              const live = note.applications.find((a: { cancelled_at: unknown }) => a.cancelled_at === null);
              if (!live) continue;
              const res = await company.api.post(
                `admin/credit_notes/${noteId}/applications/${live.id}/cancel`,
                {},
              );
              expectHandled(res.status, res.body);
            } else if (s.kind === 'refund') {
              const amount = Math.floor(note.balance * s.share * 100) / 100;
              if (amount <= 0) continue;
              const res = await company.api.post(`admin/credit_notes/${noteId}/refund`, { amount });
              expectHandled(res.status, res.body);
            } else {
              const res = await company.api.post(`admin/credit_notes/${noteId}/cancel`, {});
              expectHandled(res.status, res.body);
            }
          }
        }

        const db = dbOf(company);
        const [buyerRow, invoiceRows, noteRows, applicationRows, refundRows] = await Promise.all([
          db
            .selectFrom('buyers')
            .select('outstanding_paise')
            .where('company_id', '=', company.companyId)
            .where('id', '=', buyer.id)
            .executeTakeFirstOrThrow(),
          Promise.all(invoices.map(async (i) => (await company.api.get(`admin/invoices/${i.id}`)).body)),
          Promise.all(notes.map(async (n) => (await company.api.get(`admin/credit_notes/${n}`)).body)),
          db
            .selectFrom('credit_note_applications')
            .select(['invoice_id', 'amount_paise'])
            .where('company_id', '=', company.companyId)
            .where('cancelled_at', 'is', null)
            .where(
              'invoice_id',
              'in',
              invoices.map((i) => i.id),
            )
            .execute(),
          db
            .selectFrom('refunds')
            .select('amount_paise')
            .where('company_id', '=', company.companyId)
            .where('buyer_id', '=', buyer.id)
            .execute(),
        ]);
        const live = noteRows.filter((n) => !n.is_cancelled);
        const refunded = refundRows.reduce((sum, r) => sum + Number(r.amount_paise), 0);
        const expected =
          invoiceRows.reduce((sum, i) => sum + paise(i.invoice_total), 0) -
          live.reduce((sum, n) => sum + paise(n.total), 0) +
          refunded;
        expect(Number(buyerRow.outstanding_paise)).toBe(expected);
        for (const invoice of invoiceRows) {
          const applied = applicationRows
            .filter((a) => a.invoice_id === invoice.id)
            .reduce((sum, a) => sum + Number(a.amount_paise), 0);
          expect(paise(invoice.amount_credited)).toBe(applied);
          expect(paise(invoice.amount_due)).toBe(paise(invoice.invoice_total) - applied);
        }
        for (const note of live) {
          expect(paise(note.amount_applied) + paise(note.amount_refunded) + paise(note.balance)).toBe(
            paise(note.total),
          );
        }
      }),
      { numRuns: 4 },
    );
  });
});
