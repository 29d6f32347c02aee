import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('inventory adjustments: take 3 damaged units out of 10 and see 10 → 7 on the document and the product page', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Stock Keepers ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '7 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `adjustments.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A product with opening stock 10 in the sign-up warehouse, made through the API.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const productName = `Table Fan ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `FAN-${stamp}`,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1400,
    warehouse: warehouse.id,
    opening_stock: 10,
    opening_rate: 900,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // The list is empty at first.
  await page.goto('/inventory-adjustments');
  await expect(page).toHaveTitle('Inventory Adjustment');
  await expect(page.getByRole('heading', { name: 'Inventory Adjustment' })).toBeVisible();
  await page.goto('/inventory-adjustments/new');

  // New Adjustment: Stock damaged takes stock out.
  const form = page.getByRole('form', { name: 'New Adjustment' });
  await pick(page, form, 'Warehouse', warehouse.name);
  await pick(page, form, 'Reason', 'Stock damaged');
  await expect(form.getByLabel('Direction')).toHaveText('− Out');
  await form.getByLabel('Product 1').fill('Table Fan');
  await page.getByRole('option', { name: productName }).click();
  await expect(form.getByText('Current stock: 10')).toBeVisible();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('3');
  await expect(form.getByText('After: 7')).toBeVisible();
  await form.getByLabel('Notes').fill('Water damage in the godown');
  await form.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();

  // The document: its number, its reason and the line's stock 10 → 7.
  await expect(page.getByRole('heading', { name: 'ADJ-000001' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Adjustment lines' });
  await expect(lines.getByRole('row', { name: new RegExp(productName) })).toHaveText(
    new RegExp(`${productName}\\s*FAN-${stamp}\\s*−3\\s*10\\s*7$`),
  );
  await expect(page.getByLabel('Adjustment history').getByText('Created')).toBeVisible();

  // The list shows it; the product page's stock now reads 7.
  await page.goto('/inventory-adjustments');
  await expect(
    page.getByRole('table', { name: 'Inventory Adjustments' }).getByText('ADJ-000001'),
  ).toBeVisible();
  await page.getByRole('table', { name: 'Inventory Adjustments' }).getByText('ADJ-000001').click();
  await lines.getByRole('link', { name: productName }).click();
  const stock = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(stock.getByRole('row', { name: new RegExp(warehouse.name) })).toHaveText(
    new RegExp(`${warehouse.name}\\s*7$`),
  );
});
