import { expect, type Page, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

type Api = (method: string, path: string, body?: unknown) => ReturnType<typeof callApiAsUser>;

/** Two products (one Havells, one Bajaj), a buyer in Nagpur, and an invoiced order of both. */
async function sellSomething(page: Page) {
  const api: Api = (method, path, body) => callApiAsUser(page, method, path, body);
  const me = await api('GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await api('GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; branch: { id: number } }[])[0];
  const taxes = await api('GET', `companies/${companyId}/taxes?limit=-1`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await api('POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const product = async (name: string, brand: string, price: number, cost: number) => {
    const made = await api('POST', `companies/${companyId}/brands`, { name: brand });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await api('POST', `companies/${companyId}/products`, {
      name: `${name} ${stamp}`,
      sku: `${brand.slice(0, 2).toUpperCase()}-${stamp}`,
      category: category.body.id,
      brand: made.body.id,
      mrp: price + 200,
      selling_price: price,
      cost_price: cost,
      tax: gst18?.id,
      hsn: '84145120',
      warehouse: warehouse.id,
      opening_stock: 20,
      opening_rate: cost,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; name: string };
  };
  const havells = await product('Ceiling Fan', 'Havells', 2360, 1500);
  const bajaj = await product('Table Fan', 'Bajaj', 1180, 800);
  const buyer = await api('POST', `companies/${companyId}/buyers`, {
    name: `Vidarbha Electricals ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '4 Sitabuldi', city: 'Nagpur', state_id: 27, pincode: '440012' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const address = (buyer.body.addresses as { id: number }[])[0].id;
  const quotation = await api('POST', `admin/companies/${companyId}/generate_quotation`, {
    buyer: buyer.body.id,
    branch: warehouse.branch.id,
    billing_address: address,
    shipping_address: address,
    items: [
      { product: havells.id, warehouse: warehouse.id, quantity: 3 },
      { product: bajaj.id, warehouse: warehouse.id, quantity: 5 },
    ],
  });
  expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
  const order = await api('POST', `admin/quotations/${quotation.body.id}/generate_order/`, {});
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  expect((await api('POST', `admin/orders/${order.body.id}/confirm/`)).status).toBe(200);
  const current = await api('GET', `admin/orders/${order.body.id}`);
  const items = (current.body.order_items as { id: number; invoiceable_quantity: number }[]).map((item) => ({
    order_item: item.id,
    quantity: item.invoiceable_quantity,
  }));
  const invoice = await api('POST', `admin/orders/${order.body.id}/generate_invoice/`, { items });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  return { havells, bajaj };
}

/** Opens a report from the Reports side panel by its title. */
async function openFromPanel(page: Page, group: string, title: string) {
  await page.getByRole('button', { name: 'Reports' }).click();
  const panel = page.getByRole('navigation', { name: group });
  await panel.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
}

const totalsRow = (page: Page) => page.getByRole('row', { name: 'Totals' });

test('reports: three reports from the panel, filtered, with their chart and totals, and a CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Orange City Distributors ${stamp}`,
    branch: 'Nagpur',
    city: 'Nagpur',
    pincode: '440001',
    addressLine1: '21 Civil Lines',
    firstName: 'Sunita',
    lastName: 'Wankhede',
    email: `reports.journey.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { havells } = await sellSomething(page);

  // Stock by warehouse: real time, no period; 20 − 3 Havells and 20 − 5 Bajaj left at cost.
  await openFromPanel(page, 'Inventory Reports', 'Stock by warehouse');
  await expect(page.getByText('Real time', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Period' })).toHaveCount(0);
  await expect(totalsRow(page)).toContainText('₹37,500.00');
  await expect(page.getByRole('figure', { name: 'Stock by warehouse chart' })).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^stock-by-warehouse-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv).toContain('Product,SKU,Brand,Warehouse');
  expect(csv).toContain(`${havells.name}`);

  // Filtered to one brand, the totals follow the filter.
  await pick(page, page, 'Brand', 'Havells');
  await expect(totalsRow(page)).toContainText('₹25,500.00');
  await expect(page).toHaveURL(/brand=\d+/);

  // Product Sales: 3 × ₹2,000 Havells and 5 × ₹1,000 Bajaj before GST; Bajaj alone when filtered.
  await openFromPanel(page, 'Product Reports', 'Product Sales');
  await expect(totalsRow(page)).toContainText('₹11,000.00');
  await expect(page.getByRole('figure', { name: 'Product Sales chart' })).toBeVisible();
  await pick(page, page, 'Brand', 'Bajaj');
  await expect(totalsRow(page)).toContainText('₹5,000.00');
  await expect(totalsRow(page)).not.toContainText('₹11,000.00');

  // Sales Summary: the month's Net Sales and the total with GST (18%).
  await openFromPanel(page, 'Business Reports', 'Sales Summary');
  await expect(totalsRow(page)).toContainText('₹11,000.00');
  await expect(totalsRow(page)).toContainText('₹12,980.00');
  expect(await seriousProblems(page)).toEqual([]);

  // The dashboard's sales this month are the reports' Net Sales.
  await page.goto('/home/overview');
  const thisMonth = page.getByRole('region', { name: 'Sales this month' });
  await expect(thisMonth).toContainText('₹11.00 K');
});
