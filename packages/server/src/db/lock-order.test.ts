import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';
import { counterWorld } from '../../test/instore-fixtures.ts';
import { createWarehouse, dbOf } from '../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createQuotation,
  createTaxedProduct,
  invoiceOrder,
  setCompanyFlags,
} from '../../test/sales-fixtures.ts';

type Answer = { status: number; body: { detail?: string } };

/** Deadlocks PostgreSQL has detected in this database so far (all sessions, all tests). */
async function deadlocks(db: ReturnType<typeof dbOf>) {
  const { rows } = await sql<{ deadlocks: number }>`
    select deadlocks::int from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0]?.deadlocks ?? 0);
}

/**
 * Every money path of one buyer at the same moment, on PostgreSQL (PGlite is one session: nothing
 * runs concurrently there). Each path takes its locks in the order of db/lock-order.ts, so none
 * waits in a cycle: no deadlock is detected and no request has to be answered 409 to try again.
 * Test files run one at a time on the PostgreSQL database, so the deadlock count is this test's.
 */
describe.runIf(inject('databaseUrl'))('the money lock order (PostgreSQL)', { timeout: 300_000 }, () => {
  it('orders placed, confirmed and cancelled, invoices, instant sales, payments, a credit note, cancels, a refund and a write-off of one buyer in parallel: no deadlock', async () => {
    const world = await counterWorld();
    const { company } = world;
    const db = dbOf(company);
    const buyer = await createBuyerWithAddress(company);
    const pen = await createTaxedProduct(company, { openingStock: 1_000 });
    const tea = await createTaxedProduct(company, { openingStock: 1_000, gstRate: 5, sellingPrice: 105 });
    const lines = [
      { product: tea.id, quantity: 4 },
      { product: pen.id, quantity: 4 },
    ];
    const confirmed = async () => (await createOrder(company, { buyer, lines, confirm: true })).order;

    const toInvoice = [];
    for (let i = 0; i < 12; i++) toInvoice.push(await confirmed());
    const invoiced = [];
    for (let i = 0; i < 4; i++) {
      const order = await confirmed();
      invoiced.push({ order, invoice: await invoiceOrder(company, order) });
    }
    const [toCancel, toCredit, toWriteOff, toPayOrder] = invoiced;
    // Orders of the same buyer placed (plain and instant), confirmed and cancelled meanwhile.
    const toPlace = [];
    for (let i = 0; i < 6; i++) toPlace.push(await createQuotation(company, buyer, lines));
    const toConfirm = [];
    for (let i = 0; i < 2; i++) toConfirm.push((await createOrder(company, { buyer, lines })).order);
    const toCancelOrder = await confirmed();
    const advance = await company.api.post(`admin/companies/${company.companyId}/payments`, {
      buyer: buyer.id,
      // More than every invoice here can take of it: the refund always finds its ₹20.
      amount: 15_000,
      allocations: [],
    });
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);

    const before = await deadlocks(db);
    const started = Date.now();
    const requests: Promise<Answer>[] = [
      // Twelve partial invoices: half of each line.
      ...toInvoice.map((order) => invoiceOrderAnswer(company, order)),
      // Six counter sales to the buyer (an instant order, its invoice and payment each).
      ...Array.from({ length: 6 }, (_, i) =>
        company.api.post(`admin/companies/${company.companyId}/instore_orders`, {
          warehouse: world.warehouseId,
          buyer: buyer.id,
          items: [
            { product: i % 2 ? pen.id : tea.id, quantity: 1 },
            { product: i % 2 ? tea.id : pen.id, quantity: 1 },
          ],
          tenders: [{ payment_method: world.methods.cash, amount: 500 }],
        }),
      ),
      // Payments of the buyer (on one invoice: the one to cancel must stay unpaid), and one
      // against an order.
      ...Array.from({ length: 3 }, () =>
        company.api.post(`admin/companies/${company.companyId}/payments`, {
          buyer: buyer.id,
          amount: 150,
          allocations: [{ invoice: toPayOrder.invoice.id, amount: 50 }],
        }),
      ),
      company.api.post(`admin/orders/${toPayOrder.order.id}/record_payments`, { amount: 50 }),
      company.api.post(`admin/invoices/${toCancel.invoice.id}/cancel`, { reason: 'Raised twice' }),
      company.api.post(`admin/invoices/${toCredit.invoice.id}/credit_notes`, {
        items: [{ invoice_item: toCredit.invoice.items[0].id, quantity: 1, additional_discount: 100 }],
      }),
      company.api.post(`admin/invoices/${toWriteOff.invoice.id}/write_off_balance`, {
        write_off_amount: 10,
        expense_ledger_name: 'Bad debts',
      }),
      company.api.post(`admin/companies/${company.companyId}/refunds`, {
        payment: advance.body.id,
        amount: 20,
      }),
      // Order placement: four plain orders and two instant ones (placed and invoiced at once).
      ...toPlace.map((quotation, i) =>
        company.api.post(`admin/quotations/${quotation.id}/generate_order/`, i < 2 ? { instant: true } : {}),
      ),
      ...toConfirm.map((order) => company.api.post(`admin/orders/${order.id}/confirm/`)),
      company.api.post(`admin/orders/${toCancelOrder.id}/cancel`, { reason: 'Buyer withdrew' }),
    ];
    const answers = await Promise.all(requests);
    const seconds = (Date.now() - started) / 1000;
    const refused = answers.filter((answer) => answer.status >= 300);
    expect(
      refused.map((answer) => `${answer.status} ${answer.body.detail}`),
      `${seconds} s`,
    ).toEqual([]);
    expect(await deadlocks(db)).toBe(before);
  });
});

describe.runIf(inject('databaseUrl'))('stock before numbers (PostgreSQL)', { timeout: 300_000 }, () => {
  it('orders split by warehouse and single orders on the same stock, auto-confirmed, in parallel: no deadlock', async () => {
    const company = await signUpCompany();
    await setCompanyFlags(company, { is_order_auto_confirm: true });
    const buyer = await createBuyerWithAddress(company);
    const second = await createWarehouse(company);
    const near = await createTaxedProduct(company, { openingStock: 1_000 });
    const far = await createTaxedProduct(company, { openingStock: 1_000, warehouseId: second.id });
    const db = dbOf(company);
    // The split order's first part is the far warehouse's: part by part it would lock the far
    // level, take a number, then lock the near level, out of the product-then-warehouse order
    // that a single order of both reserves in before taking its number.
    const split = [];
    const single = [];
    for (let i = 0; i < 6; i++) {
      split.push(
        await createQuotation(company, buyer, [
          { product: far.id, quantity: 1, warehouse: second.id },
          { product: near.id, quantity: 1 },
        ]),
      );
      single.push(
        await createQuotation(company, buyer, [
          { product: near.id, quantity: 1 },
          { product: far.id, quantity: 1, warehouse: second.id },
        ]),
      );
    }
    const before = await deadlocks(db);
    const answers: Answer[] = await Promise.all([
      ...split.map((q) => company.api.post(`v1/admin/quotations/${q.id}/generate_fulfilment_order/`)),
      ...single.map((q) => company.api.post(`admin/quotations/${q.id}/generate_order/`, {})),
    ]);
    expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.detail}`)).toEqual([]);
    expect(await deadlocks(db)).toBe(before);
    // Every order reserved its goods: 6 split into two, 6 single, one of each product apiece.
    const { rows } = await sql<{ reserved: string }>`
      select sum(df_quantity)::text as reserved from stock_levels
      where company_id = ${company.companyId} and product_id in (${near.id}, ${far.id})`.execute(db);
    expect(Number(rows[0]?.reserved)).toBe(24);
  });
});

function invoiceOrderAnswer(
  company: Awaited<ReturnType<typeof counterWorld>>['company'],
  order: { id: number; order_items: { id: number; invoiceable_quantity: number }[] },
): Promise<Answer> {
  return company.api.post(`admin/orders/${order.id}/generate_invoice/`, {
    items: order.order_items.map((item) => ({
      order_item: item.id,
      quantity: item.invoiceable_quantity / 2,
    })),
  });
}
