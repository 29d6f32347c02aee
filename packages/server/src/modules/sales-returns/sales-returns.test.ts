import { financialYearOf } from '@b2b/domain/invoices';
import { SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { todayInIndia } from '@b2b/domain/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { createWarehouse, dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { createSalesReturn, outstandingOf } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

const FY = financialYearOf(todayInIndia()).code;

// The shared server (migrations on a fresh database) starts once; on a busy machine that takes a while.
beforeAll(() => testServer(), 180_000);

/** A company without round-off, a product with 10 in stock and an invoice of `quantity` of it (118 each). */
async function invoiced(quantity = 3, company?: SignedUpCompany) {
  const c = company ?? (await signUpCompany());
  if (!company) await setRoundOff(c, false);
  const product = await createTaxedProduct(c, { openingStock: 10 });
  const { invoice, order, buyer } = await createInvoicedOrder(c, {
    lines: [{ product: product.id, quantity }],
  });
  const warehouse = await firstWarehouse(c);
  return { company: c, product, invoice, order, buyer, warehouse };
}

const ledgerRows = (company: SignedUpCompany, returnId: number) =>
  dbOf(company)
    .selectFrom('stock_ledger')
    .select(['product_id', 'warehouse_id', 'quantity', 'reason', 'document_type'])
    .where('company_id', '=', company.companyId)
    .where('document_type', '=', 'sales_return')
    .where('document_id', '=', returnId)
    .orderBy('id')
    .execute();

describe('GET admin/invoices/{id}/initiate_sales_return', () => {
  it('shows each line with sold, returned and returnable quantities', async () => {
    const w = await invoiced(3);
    const first = await w.company.api.get(`admin/invoices/${w.invoice.id}/initiate_sales_return`);
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      expect.objectContaining({
        invoice_item: w.invoice.items[0].id,
        quantity_sold: 3,
        quantity_returned: 0,
        returnable_quantity: 3,
        warehouse: { id: w.warehouse.id, name: w.warehouse.name },
        amount: 354,
      }),
    ]);
    await createSalesReturn(w.company, w.invoice, [1]);
    const after = await w.company.api.get(`admin/invoices/${w.invoice.id}/initiate_sales_return`);
    expect(after.body.items[0]).toMatchObject({ quantity_returned: 1, returnable_quantity: 2 });
  });
});

describe('POST admin/invoices/{id}/sales_returns', () => {
  it('puts the goods back into the chosen warehouse through the stock ledger', async () => {
    const w = await invoiced(3);
    const other = await createWarehouse(w.company);
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(7);
    const created = await createSalesReturn(w.company, w.invoice, [2], {
      warehouse: other.id,
      reason: 'Wrong size',
      return_reference_no: 'RMA-7',
      adjustments: -10,
    });
    expect(created).toMatchObject({
      return_number: `SR/${FY}/00001`,
      status: 'received',
      disposition: 'restock',
      invoice: { id: w.invoice.id },
      order: { id: w.order.id },
      buyer: { id: w.buyer.id },
      warehouse: { id: other.id },
      reason: 'Wrong size',
      return_reference_no: 'RMA-7',
      adjustments: -10,
      total_quantity: 2,
      credit_note: null,
      allowed_actions: ['issue_credit_note', 'cancel'],
    });
    expect(created.items).toEqual([
      expect.objectContaining({ return_quantity: 2, warehouse: { id: other.id, name: other.name } }),
    ]);
    expect(await levelOf(w.company, w.product.id, other.id)).toBe(2);
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(7);
    const rows = await ledgerRows(w.company, created.id);
    expect(rows).toEqual([
      expect.objectContaining({
        product_id: w.product.id,
        warehouse_id: other.id,
        quantity: 2,
        reason: 'return',
      }),
    ]);
    // Without a warehouse, goods go back where they were sold from.
    const second = await createSalesReturn(w.company, w.invoice, [1]);
    expect(second.return_number).toBe(`SR/${FY}/00002`);
    expect(second.items[0].warehouse.id).toBe(w.warehouse.id);
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(8);
    // The buyer owes the same until a credit note is issued.
    expect(await outstandingOf(w.company, w.buyer.id)).toBe(354);
  });

  it('records damaged goods without adding sellable stock, and says so in the history', async () => {
    const w = await invoiced(2);
    const created = await createSalesReturn(w.company, w.invoice, [1], { disposition: 'damaged' });
    expect(created).toMatchObject({ disposition: 'damaged', warehouse: null });
    expect(created.items[0].warehouse).toBeNull();
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(8);
    expect(await ledgerRows(w.company, created.id)).toEqual([]);
    const history = await w.company.api.get(`admin/sales_returns/${created.id}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body.results[0].actions)).toMatch(
      /damaged and written off; no sellable stock/,
    );
    // Damaged goods still count as returned.
    const next = await w.company.api.get(`admin/invoices/${w.invoice.id}/initiate_sales_return`);
    expect(next.body.items[0].returnable_quantity).toBe(1);
  });

  it('never takes back more than was sold less what was returned, with a sentence at the line', async () => {
    const w = await invoiced(3);
    await createSalesReturn(w.company, w.invoice, [2]);
    const tooMany = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 2 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors['items.0.return_quantity']).toEqual([
      'Only 1 can still be returned of this item.',
    ]);
    const repeated = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [
        { invoice_item: w.invoice.items[0].id, return_quantity: 0.5 },
        { invoice_item: w.invoice.items[0].id, return_quantity: 0.5 },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors['items.1.invoice_item']).toEqual([SALES_RETURN_MESSAGES.item_repeated]);
    const foreign = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [{ invoice_item: 999_999_999, return_quantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors['items.0.invoice_item']).toEqual([SALES_RETURN_MESSAGES.item_not_in_invoice]);
    const early = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      return_date: daysFromToday(-400),
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
    });
    expect(early.status).toBe(400);
    expect(early.body.errors.return_date).toEqual([SALES_RETURN_MESSAGES.before_invoice]);
  });

  it('lets 10 parallel returns take back exactly what was sold, no more', async () => {
    const w = await invoiced(3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
          items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(10);
    const numbers = responses
      .filter((r) => r.status === 201)
      .map((r) => r.body.return_number)
      .sort();
    expect(numbers).toEqual([`SR/${FY}/00001`, `SR/${FY}/00002`, `SR/${FY}/00003`]);
  });

  it('refuses a cancelled invoice, and answers bad input per field, never 500', async () => {
    const w = await invoiced(1);
    const cancelled = await w.company.api.post(`admin/invoices/${w.invoice.id}/cancel/`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refused = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(SALES_RETURN_MESSAGES.invoice_cancelled);

    const w2 = await invoiced(2);
    for (const body of [
      {},
      { items: [] },
      { items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 'abc' }] },
      { items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 0 }] },
      { items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1.2345 }] },
      { items: [{ invoice_item: 'x', return_quantity: 1 }] },
      { disposition: 'lost', items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1 }] },
      { adjustments: 'ten', items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1 }] },
      { return_date: '2026-13-40', items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1 }] },
      { warehouse: 999_999_999, items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1 }] },
      { unknown: 1, items: [{ invoice_item: w2.invoice.items[0].id, return_quantity: 1 }] },
    ]) {
      const res = await w2.company.api.post(`admin/invoices/${w2.invoice.id}/sales_returns`, body);
      expect(res.status, JSON.stringify({ body, answer: res.body })).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).length, JSON.stringify(res.body)).toBeGreaterThan(0);
    }
    expect(await levelOf(w2.company, w2.product.id, w2.warehouse.id)).toBe(8);
  });

  it('issues the credit note at once when asked: the return is credited and the buyer owes less', async () => {
    const w = await invoiced(3);
    const created = await createSalesReturn(w.company, w.invoice, [1], {
      issue_credit_note: true,
      adjustments: -8,
    });
    expect(created.status).toBe('credited');
    expect(created.credit_note).toMatchObject({ credit_note_number: `CN/${FY}/00001`, status: 'open' });
    expect(created.allowed_actions).toEqual([]);
    const note = await w.company.api.get(`admin/credit_notes/${created.credit_note.id}`);
    expect(note.body).toMatchObject({ total: 110, sales_return: { id: created.id } });
    expect(note.body.totals).toMatchObject({
      lines_total: 118,
      adjustments: -8,
      cgst: 9,
      sgst: 9,
      taxable_value: 100,
    });
    expect(await outstandingOf(w.company, w.buyer.id)).toBe(354 - 110);
  });
});

describe('POST admin/sales_returns/{id}/cancel', () => {
  it('takes restocked goods out again; refused once credited', async () => {
    const w = await invoiced(3);
    const created = await createSalesReturn(w.company, w.invoice, [2]);
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(9);
    // The invoice cannot be cancelled under a live return (its goods would come back twice).
    const invoiceCancel = await w.company.api.post(`admin/invoices/${w.invoice.id}/cancel/`, {});
    expect(invoiceCancel.status).toBe(409);
    expect(invoiceCancel.body.detail).toMatch(/cancel its sales returns first/);
    const cancelled = await w.company.api.post(`admin/sales_returns/${created.id}/cancel`, {
      reason: 'Entered twice',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect(await levelOf(w.company, w.product.id, w.warehouse.id)).toBe(7);
    const again = await w.company.api.post(`admin/sales_returns/${created.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(SALES_RETURN_MESSAGES.already_cancelled);
    // A cancelled return gives its quantity back to what is returnable.
    const next = await w.company.api.get(`admin/invoices/${w.invoice.id}/initiate_sales_return`);
    expect(next.body.items[0].returnable_quantity).toBe(3);

    const credited = await createSalesReturn(w.company, w.invoice, [1], { issue_credit_note: true });
    const refused = await w.company.api.post(`admin/sales_returns/${credited.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(SALES_RETURN_MESSAGES.cancel_credited);
  });
});

describe('GET admin/companies/{companyId}/sales_returns', () => {
  it('lists with filters (invoice, status, is_cancelled, buyer, dates), search and paging; an order lists its own', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const a = await invoiced(3, company);
    const b = await invoiced(2, company);
    const r1 = await createSalesReturn(company, a.invoice, [1]);
    const r2 = await createSalesReturn(company, a.invoice, [1], { disposition: 'damaged' });
    const r3 = await createSalesReturn(company, b.invoice, [1]);
    await company.api.post(`admin/sales_returns/${r2.id}/cancel`, {});
    const list = (query: string) =>
      company.api.get(`admin/companies/${company.companyId}/sales_returns?${query}`);

    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(
      (await list(`invoice=${a.invoice.id}`)).body.results.map((r: { id: number }) => r.id).sort(),
    ).toEqual([r1.id, r2.id].sort());
    expect((await list('is_cancelled=false')).body.count).toBe(2);
    expect((await list('status__in=cancelled')).body.results[0].id).toBe(r2.id);
    expect((await list(`buyer=${b.buyer.id}`)).body.results.map((r: { id: number }) => r.id)).toEqual([
      r3.id,
    ]);
    expect(
      (await list(`search=${encodeURIComponent(r3.return_number)}`)).body.results.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([r3.id]);
    expect((await list(`start_date=${daysFromToday(1)}`)).body.count).toBe(0);
    const paged = await list('limit=2&ordering=return_number');
    expect(paged.body.results.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);
    expect(paged.body.next).toContain('offset=2');
    expect((await list('status__in=lost')).status).toBe(400);
    expect((await list('ordering=nonsense')).status).toBe(400);

    const ofOrder = await company.api.get(`admin/orders/${a.order.id}/sales_returns?limit=1000`);
    expect(ofOrder.status).toBe(200);
    expect(ofOrder.body.count).toBe(2);
  });
});

describe('permissions and tenants', () => {
  it('answers 403 without the permission and 404 for another company’s documents', async () => {
    const w = await invoiced(2);
    const created = await createSalesReturn(w.company, w.invoice, [1]);
    const viewer = await createUserWithPermissions(w.company, ['view_sales_return']);
    expect((await viewer.api.get(`admin/sales_returns/${created.id}`)).status).toBe(200);
    const denied = await viewer.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
    });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe(SALES_RETURN_MESSAGES.forbidden_create);
    expect((await viewer.api.post(`admin/sales_returns/${created.id}/cancel`, {})).status).toBe(403);
    const nobody = await createUserWithPermissions(w.company, ['view_order']);
    expect((await nobody.api.get(`admin/companies/${w.company.companyId}/sales_returns`)).status).toBe(403);

    const other = await signUpCompany();
    expect((await other.api.get(`admin/sales_returns/${created.id}`)).status).toBe(404);
    expect((await other.api.post(`admin/sales_returns/${created.id}/cancel`, {})).status).toBe(404);
    const foreign = await other.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
    });
    expect(foreign.status).toBe(404);
    expect((await other.api.get(`admin/companies/${w.company.companyId}/sales_returns`)).status).toBe(404);
    expect((await other.api.get(`admin/orders/${w.order.id}/sales_returns`)).status).toBe(404);
    // Another company's warehouse is not a place to return goods to.
    const otherBuyer = await createBuyerWithAddress(other);
    expect(otherBuyer.id).toBeGreaterThan(0);
    const theirs = await firstWarehouse(other);
    const wrongWarehouse = await w.company.api.post(`admin/invoices/${w.invoice.id}/sales_returns`, {
      warehouse: theirs.id,
      items: [{ invoice_item: w.invoice.items[0].id, return_quantity: 1 }],
    });
    expect(wrongWarehouse.status).toBe(400);
  });
});
