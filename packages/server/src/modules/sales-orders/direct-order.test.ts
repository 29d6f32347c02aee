import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { counterWorld, sell } from '../../../test/instore-fixtures.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { createBuyerWithAddress, createTaxedProduct, quotationBody } from '../../../test/sales-fixtures.ts';

// Issue 18: "A failed order leaves a draft quotation behind; counter sales show up as quotations."

beforeAll(() => testServer(), 180_000);

/** Every quotation row of the company, listed or not. */
const quotationRows = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('quotations')
    .select(['id', 'status', 'purpose'])
    .where('company_id', '=', company.companyId)
    .execute();

const listed = async (company: SignedUpCompany) =>
  (await company.api.get(`admin/companies/${company.companyId}/quotations?limit=-1`)).body;

describe('POST admin/companies/{companyId}/generate_order', { timeout: 120_000 }, () => {
  it('a refused order (stock, max quantity, minimum value) leaves no quotation behind', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const scarce = await createTaxedProduct(company, { openingStock: 2 });
    const capped = await createTaxedProduct(company, { openingStock: 10, maxQuantityPerTransaction: 3 });
    const place = async (lines: { product: number; quantity: number }[], extra = {}) =>
      company.api.post(
        `admin/companies/${company.companyId}/generate_order`,
        await quotationBody(company, buyer, lines, extra),
      );

    const stock = await place([{ product: scarce.id, quantity: 3 }]);
    expect(stock.status).toBe(409);
    expect(stock.body.errors['items.0.quantity'][0]).toMatch(/^Only 2 of .* sellable stock/);
    const cap = await place([{ product: capped.id, quantity: 4 }]);
    expect(cap.status).toBe(400);
    expect(cap.body.errors['items.0.quantity']).toEqual([
      `At most 3 of ${capped.name} can be ordered in one order; this order has 4.`,
    ]);
    const minimum = await place([{ product: capped.id, quantity: 1 }], { minimum_item_value: 100000 });
    expect(minimum.status).toBe(400);
    expect(minimum.body.errors.minimum_item_value).toBeDefined();
    const invalid = await place([]);
    expect(invalid.status).toBe(400);

    expect(await quotationRows(company)).toEqual([]);
    expect((await listed(company)).count).toBe(0);
    const orders = await company.api.get(`admin/companies/${company.companyId}/orders?limit=-1`);
    expect(orders.body.count).toBe(0);
  });

  it('places the order in one step; its quotation is kept for the record but not listed', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const fan = await createTaxedProduct(company, { openingStock: 10 });
    const res = await company.api.post(
      `admin/companies/${company.companyId}/generate_order`,
      await quotationBody(company, buyer, [{ product: fan.id, quantity: 2 }]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order_number).toMatch(/^SO/);
    expect(res.body.total_items).toBe(1);
    const instant = await company.api.post(`admin/companies/${company.companyId}/generate_order`, {
      ...(await quotationBody(company, buyer, [{ product: fan.id, quantity: 1 }])),
      instant: true,
    });
    expect(instant.status, JSON.stringify(instant.body)).toBe(201);
    const invoices = await company.api.get(`admin/orders/${instant.body.id}/invoices`);
    expect(invoices.body.count).toBe(1);

    expect((await quotationRows(company)).map((q) => [q.status, q.purpose])).toEqual([
      ['ordered', 'direct_order'],
      ['ordered', 'direct_order'],
    ]);
    expect((await listed(company)).count).toBe(0);
    // A quotation a user makes is listed as before.
    const made = await company.api.post(
      `admin/companies/${company.companyId}/generate_quotation`,
      await quotationBody(company, buyer, [{ product: fan.id, quantity: 1 }]),
    );
    expect(made.status).toBe(201);
    expect((await listed(company)).results.map((q: { id: number }) => q.id)).toEqual([made.body.id]);
  });

  it('needs add_order and refuses another company’s buyer', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await createBuyerWithAddress(other);
    const fan = await createTaxedProduct(company, { openingStock: 10 });
    const res = await company.api.post(
      `admin/companies/${company.companyId}/generate_order`,
      await quotationBody(company, buyer, [{ product: fan.id, quantity: 1 }]),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await quotationRows(company)).toEqual([]);
  });
});

describe('counter sales and the quotations list', { timeout: 120_000 }, () => {
  it('a counter sale is not a quotation', async () => {
    const world = await counterWorld();
    const res = await sell(world, {
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 118 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await listed(world.company)).count).toBe(0);
    expect((await quotationRows(world.company)).map((q) => q.purpose)).toEqual(['direct_order']);
  });
});
