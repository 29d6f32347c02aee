import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/**
 * sales_lines (migration 0052) and invoice_due_shares (0055) are kept in step with the documents by
 * triggers. Over the API, after a seeded random sequence of orders, invoices (whole or partial),
 * invoice edits, partial credit notes, payments against an invoice, cancelled invoices and credit
 * notes, changed sales people and products moved to another brand (or none), each table holds exactly the rows its one definition (the views
 * sales_lines_from_documents and invoice_due_shares_from_documents) gives, every column compared
 * (cost too: no cost price changes here, so the cost at the time of sale is today's).
 */

type Step =
  | { kind: 'order'; buyer: number; person: number; first: number; second: number }
  | { kind: 'invoice'; pick: number; share: number }
  | { kind: 'edit_invoice'; pick: number; share: number }
  | { kind: 'credit'; pick: number; line: number; discount: number }
  | { kind: 'cancel_invoice'; pick: number }
  | { kind: 'cancel_credit'; pick: number }
  | { kind: 'pay'; pick: number; share: number }
  | { kind: 'brand'; product: number; brand: number }
  | { kind: 'sales_person'; pick: number; person: number };

const pick = fc.nat(20);
const share = fc.constantFrom(0.5, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    buyer: fc.nat(1),
    person: fc.nat(2),
    first: fc.integer({ min: 1, max: 4 }),
    second: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('invoice' as const), pick, share }),
  fc.record({ kind: fc.constant('edit_invoice' as const), pick, share }),
  fc.record({
    kind: fc.constant('credit' as const),
    pick,
    line: fc.nat(1),
    discount: fc.constantFrom(100, 50, 12.5),
  }),
  fc.record({ kind: fc.constant('cancel_invoice' as const), pick }),
  fc.record({ kind: fc.constant('cancel_credit' as const), pick }),
  fc.record({ kind: fc.constant('pay' as const), pick, share: fc.constantFrom(0.37, 1) }),
  fc.record({ kind: fc.constant('brand' as const), product: fc.nat(1), brand: fc.nat(2) }),
  fc.record({ kind: fc.constant('sales_person' as const), pick, person: fc.nat(2) }),
);

const COLUMNS = sql.raw(
  `company_id, document_type, document_id, line_id, order_id, day::text AS day, branch_id, buyer_id,
   product_id, warehouse_id, sales_channel_id, sales_person_id, city, quantity::text AS quantity,
   taxable_paise::text AS taxable_paise, tax_paise::text AS tax_paise, cost_paise::text AS cost_paise`,
);

beforeAll(() => testServer(), 180_000);

describe('sales_lines: the triggers keep the table equal to its definition', () => {
  it('holds after a random sequence of document changes', { timeout: 600_000 }, async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const brands: (number | null)[] = [null];
    for (const name of ['Alpha', 'Beta']) {
      const res = await company.api.post(`companies/${company.companyId}/brands`, {
        name: `${name} ${company.companyId}`,
      });
      brands.push(res.body.id);
    }
    const products = [
      await createTaxedProduct(company, {
        openingStock: 10_000,
        sellingPrice: 99.99,
        fields: { cost_price: 61.37 },
      }),
      await createTaxedProduct(company, { openingStock: 10_000, gstRate: 5, sellingPrice: 47.25 }),
    ];
    const buyers = [
      await createBuyerWithAddress(company),
      await createBuyerWithAddress(company, { stateId: 29 }),
    ];
    const staff = await createUserWithPermissions(company, ['view_reports']);
    const people = [null, company.userId, staff.user.id as number];
    // Which kinds of step went through at least once: the sequence must change the documents, not only be refused.
    const succeeded = new Set<Step['kind']>();
    let current: Step['kind'] = 'order';
    const handled = (status: number, body: unknown) => {
      expect([200, 201, 400, 409], JSON.stringify(body)).toContain(status);
      if (status < 300) succeeded.add(current);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 25 }), async (steps) => {
        const orders: number[] = [];
        const invoices: number[] = [];
        const notes: number[] = [];
        // Invoices with a credit note: editing one answers 500 today (deleting its lines breaks
        // credit_note_items' foreign key), a bug of the invoices area left to it; not edited here.
        const credited = new Set<number>();
        const start: Step[] = [
          { kind: 'order', buyer: 0, person: 1, first: 3, second: 2 },
          { kind: 'order', buyer: 1, person: 0, first: 2, second: 0 },
          { kind: 'invoice', pick: 0, share: 0.5 },
          { kind: 'edit_invoice', pick: 0, share: 1 },
        ];
        for (const s of [...start, ...steps]) {
          current = s.kind;
          if (s.kind === 'brand') {
            const res = await company.api.patch(`products/${products[s.product].id}`, {
              brand: brands[s.brand],
            });
            handled(res.status, res.body);
          } else if (s.kind === 'order') {
            const lines = [
              { product: products[0].id, quantity: s.first },
              ...(s.second ? [{ product: products[1].id, quantity: s.second }] : []),
            ];
            const { order } = await createOrder(company, {
              buyer: buyers[s.buyer],
              lines,
              fields: { sales_person: people[s.person] },
              confirm: true,
            });
            orders.push(order.id);
            succeeded.add('order');
          } else if (s.kind === 'invoice' || s.kind === 'sales_person') {
            if (!orders.length) continue;
            const orderId = orders[s.pick % orders.length];
            if (s.kind === 'sales_person') {
              const res = await company.api.patch(`admin/orders/${orderId}/`, {
                sales_person: people[s.person],
              });
              handled(res.status, res.body);
              continue;
            }
            const order = (await company.api.get(`admin/orders/${orderId}`)).body;
            const items = (order.order_items as { id: number; invoiceable_quantity: number }[])
              .map((item) => ({
                order_item: item.id,
                quantity: Math.ceil(item.invoiceable_quantity * s.share),
              }))
              .filter((item) => item.quantity > 0);
            if (!items.length) continue;
            const res = await company.api.post(`admin/orders/${orderId}/generate_invoice/`, { items });
            handled(res.status, res.body);
            if (res.status === 201) invoices.push(res.body.id);
          } else if (
            s.kind === 'edit_invoice' ||
            s.kind === 'credit' ||
            s.kind === 'cancel_invoice' ||
            s.kind === 'pay'
          ) {
            if (!invoices.length) continue;
            const invoiceId = invoices[s.pick % invoices.length];
            if (s.kind === 'pay') {
              const invoice = (await company.api.get(`admin/invoices/${invoiceId}`)).body;
              const amount = Math.floor(invoice.amount_due * s.share * 100) / 100;
              if (amount <= 0 || invoice.status === 'cancelled') continue;
              const res = await company.api.post(`admin/companies/${company.companyId}/payments`, {
                buyer: invoice.buyer.id,
                amount,
                allocations: [{ invoice: invoiceId, amount }],
              });
              handled(res.status, res.body);
              continue;
            }
            if (s.kind === 'cancel_invoice') {
              const res = await company.api.post(`admin/invoices/${invoiceId}/cancel`, {});
              handled(res.status, res.body);
              continue;
            }
            const invoice = (await company.api.get(`admin/invoices/${invoiceId}`)).body;
            const lines = invoice.items as { id: number; product: { id: number }; quantity: number }[];
            if (s.kind === 'edit_invoice') {
              // An invoice line names its product; the order has one line per product here.
              const order = (await company.api.get(`admin/orders/${invoice.order.id}`)).body;
              const orderItems = order.order_items as { id: number; product: { id: number } }[];
              const items = lines.map((line) => ({
                order_item: orderItems.find((item) => item.product.id === line.product.id)?.id,
                // Half (at least one), or one more than now (refused when the order has no more).
                quantity: s.share === 1 ? line.quantity + 1 : Math.max(1, Math.ceil(line.quantity * s.share)),
              }));
              const res = await company.api.post(`admin/invoices/${invoiceId}/edit_invoice`, { items });
              handled(res.status, res.body);
              // A credit note (even a cancelled one) names the invoice's lines: they stay as they are.
              if (credited.has(invoiceId)) expect(res.status, JSON.stringify(res.body)).toBe(409);
              continue;
            }
            const line = lines[s.line % lines.length];
            const res = await company.api.post(`admin/invoices/${invoiceId}/credit_notes`, {
              items: [{ invoice_item: line.id, quantity: 1, additional_discount: s.discount }],
            });
            handled(res.status, res.body);
            if (res.status === 201) {
              notes.push(res.body.id);
              credited.add(invoiceId);
            }
          } else {
            if (!notes.length) continue;
            const res = await company.api.post(
              `admin/credit_notes/${notes[s.pick % notes.length]}/cancel`,
              {},
            );
            handled(res.status, res.body);
          }
        }

        const db = dbOf(company);
        const read = (source: 'sales_lines' | 'sales_lines_from_documents') =>
          sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM ${sql.table(source)}
            WHERE company_id = ${company.companyId} ORDER BY document_type, line_id`.execute(db);
        const [table, view] = await Promise.all([read('sales_lines'), read('sales_lines_from_documents')]);
        expect(table.rows.length).toBeGreaterThan(0);
        expect(table.rows).toEqual(view.rows);
        const shares = (source: 'invoice_due_shares' | 'invoice_due_shares_from_documents') =>
          sql<Record<string, unknown>>`SELECT invoice_id, brand_id, share_paise::text AS share_paise
            FROM ${sql.table(source)} WHERE company_id = ${company.companyId}
            ORDER BY invoice_id, brand_id NULLS FIRST`.execute(db);
        const [kept, defined] = await Promise.all([
          shares('invoice_due_shares'),
          shares('invoice_due_shares_from_documents'),
        ]);
        expect(kept.rows.length).toBeGreaterThan(0);
        expect(kept.rows).toEqual(defined.rows);
      }),
      { seed: 20_260_421, numRuns: 2, endOnFailure: true },
    );
    expect([...succeeded].sort()).toEqual([
      'brand',
      'cancel_credit',
      'cancel_invoice',
      'credit',
      'edit_invoice',
      'invoice',
      'order',
      'pay',
      'sales_person',
    ]);
  });
});
