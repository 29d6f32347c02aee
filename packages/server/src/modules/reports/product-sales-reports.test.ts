import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { createWarehouse, dbOf } from '../../../test/inventory-fixtures.ts';
import { reportPath } from '../../../test/report-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
} from '../../../test/sales-fixtures.ts';

// The two-way sales reports and the Product Reports (issue 21) against hand-built sales: two
// buyers in two cities (Pune, intra-state; 'Elsewhere' in Karnataka, IGST), two brands and a
// product without one, a credit note, a cancelled invoice and a product without a cost price.
//
// Every product is 18% GST, priced tax-inclusive, so a unit of ₹118 is ₹100 taxable + ₹18 tax.
//   Invoice 1, Pune buyer:      Alpha One × 3 (₹100, cost ₹60), Beta One × 2 (₹50, cost ₹20)
//   Credit note on invoice 1:   Alpha One × 1 at 100%
//   Invoice 2, Karnataka buyer: Alpha One × 1, Alpha Two × 2 (₹200, no cost price)
//   Invoice 3, Pune buyer:      Beta One × 4 — cancelled: counts nowhere
//   Spare (no brand, cost ₹10): never sold; 5 in stock in a second warehouse

type Row = Record<string, string | number | null>;

async function createBrand(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/brands`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function createCategory(company: SignedUpCompany, name: string, parent?: number) {
  const res = await company.api.post(`companies/${company.companyId}/categories`, {
    name,
    ...(parent === undefined ? {} : { parent_category: parent }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function salesWorld() {
  const company = await signUpCompany();
  const tag = unique();
  const alpha = await createBrand(company, `Alpha ${tag}`);
  const beta = await createBrand(company, `Beta ${tag}`);
  const parent = await createCategory(company, `Parent ${tag}`);
  const child = await createCategory(company, `Child ${tag}`, parent.id);
  const alphaOne = await createTaxedProduct(company, {
    name: `Alpha One ${tag}`,
    openingStock: 100,
    fields: { brand: alpha.id, cost_price: 60, category: parent.id },
  });
  const alphaTwo = await createTaxedProduct(company, {
    name: `Alpha Two ${tag}`,
    sellingPrice: 236,
    openingStock: 10,
    fields: { brand: alpha.id, category: child.id },
  });
  const betaOne = await createTaxedProduct(company, {
    name: `Beta One ${tag}`,
    sellingPrice: 59,
    openingStock: 100,
    fields: { brand: beta.id, cost_price: 20 },
  });
  const second = await createWarehouse(company, { name: `Second ${tag}` });
  const spare = await createTaxedProduct(company, {
    name: `Spare ${tag}`,
    openingStock: 5,
    warehouseId: second.id,
    fields: { cost_price: 10 },
  });
  const pune = await createBuyerWithAddress(company, { name: `Pune Buyer ${tag}` });
  const karnataka = await createBuyerWithAddress(company, { name: `Karnataka Buyer ${tag}`, stateId: 29 });

  const first = await createInvoicedOrder(company, {
    buyer: pune,
    lines: [
      { product: alphaOne.id, quantity: 3 },
      { product: betaOne.id, quantity: 2 },
    ],
  });
  await createCreditNote(company, first.invoice, [[1, 100], null]);
  const secondSale = await createInvoicedOrder(company, {
    buyer: karnataka,
    lines: [
      { product: alphaOne.id, quantity: 1 },
      { product: alphaTwo.id, quantity: 2 },
    ],
  });
  const cancelled = await createInvoicedOrder(company, {
    buyer: pune,
    lines: [{ product: betaOne.id, quantity: 4 }],
  });
  const cancel = await company.api.post(`admin/invoices/${cancelled.invoice.id}/cancel/`, {});
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

  return {
    company,
    tag,
    alpha,
    beta,
    parent,
    child,
    alphaOne,
    alphaTwo,
    betaOne,
    spare,
    second,
    pune,
    karnataka,
    secondInvoice: secondSale.invoice,
  };
}

type World = Awaited<ReturnType<typeof salesWorld>>;

async function report(world: World, key: string, query = '') {
  const res = await world.company.api.get(`${reportPath(world.company, key)}${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; results: Row[]; totals: Row | null; chart: Row[] | null };
}

const byKey = (rows: Row[], ...keys: string[]) =>
  Object.fromEntries(rows.map((row) => [keys.map((key) => row[key]).join(' | '), row]));

describe('the two-way sales reports', { timeout: 120_000 }, () => {
  it('answer city × brand, city × buyer, brand × buyer and brand × product from the live documents', async () => {
    const world = await salesWorld();
    const { tag, pune, karnataka } = world;

    const cityBrand = await report(world, 'city_brand_sales');
    expect(cityBrand.count).toBe(3);
    expect(byKey(cityBrand.results, 'city', 'brand_name')).toEqual({
      [`Pune | Alpha ${tag}`]: {
        city: 'Pune',
        brand_name: `Alpha ${tag}`,
        quantity: 2,
        net_sales: 200,
        total: 236,
      },
      [`Pune | Beta ${tag}`]: {
        city: 'Pune',
        brand_name: `Beta ${tag}`,
        quantity: 2,
        net_sales: 100,
        total: 118,
      },
      [`Elsewhere | Alpha ${tag}`]: {
        city: 'Elsewhere',
        brand_name: `Alpha ${tag}`,
        quantity: 3,
        net_sales: 500,
        total: 590,
      },
    });
    expect(cityBrand.results[0].net_sales).toBe(500);
    expect(cityBrand.totals).toMatchObject({ quantity: 7, net_sales: 800, total: 944, city: null });
    expect(cityBrand.chart?.[0]).toEqual({ label: `Elsewhere · Alpha ${tag}`, net_sales: 500 });

    const cityDealers = await report(world, 'city_dealers_sales');
    expect(byKey(cityDealers.results, 'city', 'buyer_name')).toEqual({
      [`Pune | ${pune.name}`]: {
        city: 'Pune',
        buyer_name: pune.name,
        gstin: expect.stringMatching(/^27/),
        invoices: 1,
        net_sales: 300,
        total: 354,
      },
      [`Elsewhere | ${karnataka.name}`]: {
        city: 'Elsewhere',
        buyer_name: karnataka.name,
        gstin: expect.stringMatching(/^29/),
        invoices: 1,
        net_sales: 500,
        total: 590,
      },
    });
    expect(cityDealers.totals).toMatchObject({ invoices: 2, net_sales: 800, total: 944 });

    const brandDealer = await report(world, 'brand_dealer_sales');
    expect(
      brandDealer.results.map((r) => [r.brand_name, r.buyer_name, r.quantity, r.net_sales, r.total]),
    ).toEqual([
      [`Alpha ${tag}`, karnataka.name, 3, 500, 590],
      [`Alpha ${tag}`, pune.name, 2, 200, 236],
      [`Beta ${tag}`, pune.name, 2, 100, 118],
    ]);

    const brandProduct = await report(world, 'brand_product_sales', 'ordering=product_name');
    expect(
      brandProduct.results.map((r) => [r.brand_name, r.product_name, r.quantity, r.net_sales, r.total]),
    ).toEqual([
      [`Alpha ${tag}`, `Alpha One ${tag}`, 3, 300, 354],
      [`Alpha ${tag}`, `Alpha Two ${tag}`, 2, 400, 472],
      [`Beta ${tag}`, `Beta One ${tag}`, 2, 100, 118],
    ]);
    expect(brandProduct.results[0].sku).toBe(world.alphaOne.sku);
  });

  it('filter by city, brand, category and buyer, and keep to the period', async () => {
    const world = await salesWorld();
    const { tag, pune } = world;
    const inPune = await report(world, 'city_brand_sales', 'city=pune');
    expect(inPune.results.map((r) => r.brand_name).sort()).toEqual([`Alpha ${tag}`, `Beta ${tag}`]);
    expect(inPune.totals).toMatchObject({ net_sales: 300, total: 354 });

    const beta = await report(world, 'city_brand_sales', `brand=${world.beta.id}`);
    expect(beta.results).toEqual([
      { city: 'Pune', brand_name: `Beta ${tag}`, quantity: 2, net_sales: 100, total: 118 },
    ]);

    const parent = await report(world, 'brand_product_sales', `category=${world.parent.id}`);
    expect(parent.results.map((r) => r.product_name)).toEqual([`Alpha Two ${tag}`, `Alpha One ${tag}`]);

    const dealer = await report(world, 'brand_dealer_sales', `buyer=${pune.id}`);
    expect(dealer.totals).toMatchObject({ quantity: 4, net_sales: 300 });

    const before = await report(
      world,
      'city_dealers_sales',
      `start_date=${daysFromToday(-400)}&end_date=${daysFromToday(-1)}`,
    );
    expect(before.count).toBe(0);
    expect(before.totals).toMatchObject({ net_sales: 0 });
  });
});

describe('the Product Reports', { timeout: 120_000 }, () => {
  it('Product Sales: quantity net of credit notes, the quantity credited back, Net Sales, tax and total', async () => {
    const world = await salesWorld();
    const { tag, parent, child } = world;
    const res = await report(world, 'product_sales');
    expect(res.results).toEqual([
      {
        product_name: `Alpha Two ${tag}`,
        sku: world.alphaTwo.sku,
        category_name: `${parent.name} › ${child.name}`,
        brand_name: `Alpha ${tag}`,
        quantity: 2,
        returned_quantity: 0,
        net_sales: 400,
        tax: 72,
        total: 472,
      },
      {
        product_name: `Alpha One ${tag}`,
        sku: world.alphaOne.sku,
        category_name: parent.name,
        brand_name: `Alpha ${tag}`,
        quantity: 3,
        returned_quantity: 1,
        net_sales: 300,
        tax: 54,
        total: 354,
      },
      expect.objectContaining({ product_name: `Beta One ${tag}`, quantity: 2, net_sales: 100, tax: 18 }),
    ]);
    expect(res.totals).toMatchObject({
      quantity: 7,
      returned_quantity: 1,
      net_sales: 800,
      tax: 144,
      total: 944,
    });
    expect(res.chart?.map((r) => [r.label, r.net_sales])).toEqual([
      [`Alpha Two ${tag}`, 400],
      [`Alpha One ${tag}`, 300],
      [`Beta One ${tag}`, 100],
    ]);

    const karnataka = await report(
      world,
      'product_sales',
      `buyer=${world.karnataka.id}&product=${world.alphaOne.id}`,
    );
    expect(karnataka.results).toEqual([expect.objectContaining({ quantity: 1, net_sales: 100, tax: 18 })]);
  });

  it('Category Wise Sales: a row per own category with its parent, products sold and share of Net Sales', async () => {
    const world = await salesWorld();
    const { parent, child } = world;
    const res = await report(world, 'category_wise_sales');
    expect(res.results.slice(0, 2)).toEqual([
      {
        category_name: `${parent.name} › ${child.name}`,
        products_sold: 1,
        quantity: 2,
        net_sales: 400,
        share: 50,
      },
      { category_name: parent.name, products_sold: 1, quantity: 3, net_sales: 300, share: 37.5 },
    ]);
    expect(res.results[2]).toMatchObject({ products_sold: 1, net_sales: 100, share: 12.5 });
    expect(res.totals).toMatchObject({ quantity: 7, net_sales: 800, share: 100 });
    expect(res.chart?.map((r) => r.net_sales)).toEqual([400, 300, 100]);

    // The parent's filter takes in its sub-category; shares are of the filtered sales.
    const underParent = await report(world, 'category_wise_sales', `category=${parent.id}`);
    expect(underParent.results.map((r) => [r.net_sales, r.share])).toEqual([
      [400, 57.14],
      [300, 42.86],
    ]);
  });

  it('Profit Loss: cost at the time of sale given back by credit notes; no cost price, no profit', async () => {
    const world = await salesWorld();
    const { tag } = world;
    // A cost price set after the sales does not change their cost.
    const later = await world.company.api.patch(`products/${world.betaOne.id}`, { cost_price: 45 });
    expect(later.status, JSON.stringify(later.body)).toBe(200);

    const res = await report(world, 'profit_loss');
    expect(byKey(res.results, 'product_name')).toEqual({
      [`Alpha One ${tag}`]: {
        product_name: `Alpha One ${tag}`,
        sku: world.alphaOne.sku,
        quantity: 3,
        net_sales: 300,
        cost: 180,
        profit: 120,
        margin: 40,
      },
      [`Alpha Two ${tag}`]: {
        product_name: `Alpha Two ${tag}`,
        sku: world.alphaTwo.sku,
        quantity: 2,
        net_sales: 400,
        cost: null,
        profit: null,
        margin: null,
      },
      [`Beta One ${tag}`]: {
        product_name: `Beta One ${tag}`,
        sku: world.betaOne.sku,
        quantity: 2,
        net_sales: 100,
        cost: 40,
        profit: 60,
        margin: 60,
      },
    });
    // Margin of the total: ₹180 profit over the ₹400 sold of products with a cost (not ₹800).
    expect(res.totals).toMatchObject({ net_sales: 800, cost: 220, profit: 180, margin: 45 });
    expect(res.chart?.[0]).toEqual({ label: `Alpha Two ${tag}`, net_sales: 400, profit: null });
  });

  it('Unsold products: live products without an invoice in the chosen days, with stock on hand at cost', async () => {
    const world = await salesWorld();
    const { tag, company } = world;
    // The second invoice (the only sale of Alpha Two) dated 100 days ago.
    const longAgo = daysFromToday(-100);
    await dbOf(company)
      .updateTable('invoices')
      .set({ invoice_date: longAgo })
      .where('company_id', '=', company.companyId)
      .where('id', '=', world.secondInvoice.id)
      .execute();

    const ninety = await report(world, 'unsold_products');
    expect(ninety.results).toEqual([
      {
        product_name: `Spare ${tag}`,
        sku: world.spare.sku,
        brand_name: 'No Brand',
        category_name: expect.any(String),
        last_sold_on: null,
        days_since: null,
        on_hand: 5,
        stock_value: 50,
      },
      {
        product_name: `Alpha Two ${tag}`,
        sku: world.alphaTwo.sku,
        brand_name: `Alpha ${tag}`,
        category_name: `${world.parent.name} › ${world.child.name}`,
        last_sold_on: longAgo,
        days_since: 100,
        on_hand: 8,
        stock_value: null,
      },
    ]);
    expect(ninety.totals).toMatchObject({ on_hand: 13, stock_value: 50 });

    const halfYear = await report(world, 'unsold_products', 'days=180');
    expect(halfYear.results.map((r) => r.product_name)).toEqual([`Spare ${tag}`]);

    const inSecond = await report(world, 'unsold_products', `days=30&warehouse=${world.second.id}`);
    expect(inSecond.results.map((r) => r.product_name)).toEqual([`Spare ${tag}`]);
    const alpha = await report(world, 'unsold_products', `brand=${world.alpha.id}`);
    expect(alpha.results.map((r) => r.product_name)).toEqual([`Alpha Two ${tag}`]);
  });
});

describe('CSV, bad input and other companies', { timeout: 120_000 }, () => {
  it('downloads Product Sales as CSV in the page order', async () => {
    const world = await salesWorld();
    const { company, tag } = world;
    const res = await fetch(`${company.t.baseUrl}/${reportPath(company, 'product_sales')}?format=csv`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /product-sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Product,SKU,Category,Brand,Quantity Sold,Returned Quantity,Net Sales,Tax,Total (with GST)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`Alpha Two ${tag}`);
    expect(lines[1].endsWith(',2,0,400.00,72.00,472.00')).toBe(true);
  });

  it('refuses an unknown choice, another company’s records and filters a report does not offer', async () => {
    const world = await salesWorld();
    const { company } = world;
    const days = await company.api.get(`${reportPath(company, 'unsold_products')}?days=45`);
    expect(days.status).toBe(400);
    expect(JSON.stringify(days.body)).toContain('choose one of 30, 60, 90, 180');

    const other = await signUpCompany();
    const foreignBrand = await createBrand(other, `Foreign ${unique()}`);
    const brand = await company.api.get(`${reportPath(company, 'product_sales')}?brand=${foreignBrand.id}`);
    expect(brand.status).toBe(400);
    expect(brand.body.errors.brand[0]).toBe('There is no such brand in this company.');

    for (const query of ['start_date=2026-04-01', 'city=Pune', 'product=1']) {
      const res = await company.api.get(`${reportPath(company, 'unsold_products')}?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await company.api.get(`${reportPath(company, 'profit_loss')}?city=Pune`)).status).toBe(400);
  });

  it('shows another company none of the first one’s sales or products', async () => {
    await salesWorld();
    const other = await signUpCompany();
    for (const key of [
      'city_brand_sales',
      'city_dealers_sales',
      'brand_dealer_sales',
      'brand_product_sales',
      'product_sales',
      'category_wise_sales',
      'profit_loss',
      'unsold_products',
    ]) {
      const res = await other.api.get(reportPath(other, key));
      expect(res.status, `${key} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.count, key).toBe(0);
      expect(res.body.results, key).toEqual([]);
    }
  });
});
