import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('reorder alert: a reorder point, an adjustment below it, the under-stocking report and the notification resolved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Reorder Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '8 Market Yard',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `reorder.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A product with 10 in the sign-up warehouse and no reorder point yet.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const units = await callApiAsUser(page, 'GET', `companies/${companyId}/units`);
  const pcs = (units.body.results as { id: number; code: string }[]).find((u) => u.code === 'PCS');
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Grains' });
  const productName = `Basmati Rice 5 kg ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `RICE-${stamp}`,
    category: category.body.id,
    unit: pcs?.id,
    mrp: 600,
    selling_price: 550,
    warehouse: warehouse.id,
    opening_stock: 10,
    opening_rate: 400,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const productId = product.body.id as number;

  // The reorder point, set on the product form.
  await page.goto(`/products/${productId}/edit`);
  const form = page.getByRole('form', { name: `Edit ${productName}` });
  await form.getByLabel('Reorder Point').fill('5');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully.')).toBeVisible();

  // Nothing below its reorder point yet: the bell has no count.
  await page.goto('/reports/product-reports/inventory-movement');
  await expect(
    page.getByRole('heading', { name: 'Under-stocking and Overstocking', level: 2 }),
  ).toBeVisible();
  await expect(page.getByText('Real time', { exact: true })).toBeVisible();
  await expect(page.getByText('No product in this state in the warehouses you can see.')).toBeVisible();

  // 6 damaged: 4 left, below the reorder point of 5.
  await page.goto('/inventory-adjustments/new');
  const adjust = page.getByRole('form', { name: 'New Adjustment' });
  await pick(page, adjust, 'Warehouse', warehouse.name);
  await pick(page, adjust, 'Reason', 'Stock damaged');
  await adjust.getByLabel('Product 1').fill('Basmati');
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await adjust.getByRole('textbox', { name: 'Quantity 1' }).fill('6');
  await adjust.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();

  // The report lists it as Understock with the shortfall, and links to the product.
  await page.goto('/reports/product-reports/inventory-movement');
  const report = page.getByRole('table', { name: 'Under-stocking and Overstocking' });
  const row = report.getByRole('row', { name: new RegExp(productName) });
  await expect(row).toHaveText(
    new RegExp(
      `^${productName}\\s*RICE-${stamp}\\s*PCS\\s*4\\s*0\\s*4\\s*5\\s*1\\s*\\d{2}/\\d{2}/\\d{4}\\s*Understock$`,
    ),
  );
  await expect(report.getByRole('row', { name: 'Totals' })).toContainText('1');
  // Stock went out today: not overstocked.
  await pick(page, page, 'Stock Status', 'Overstock');
  await expect(page).toHaveURL(/stock=overstock/);
  await expect(page.getByText('No product in this state in the warehouses you can see.')).toBeVisible();
  await pick(page, page, 'Stock Status', 'Understock');
  await expect(row).toBeVisible();

  // The bell counts it; the panel shows it; Mark as Resolved clears it.
  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(page.getByRole('banner').getByText('1', { exact: true })).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Inventory');
  await expect(item).toContainText('Warning');
  await expect(item).toContainText(`Stock of ${productName} is 4 pcs, below its reorder point of 5.`);
  await item.getByRole('button', { name: 'Mark as Resolved' }).click();
  await expect(page.getByText('Warning has been Marked as Resolved.')).toBeVisible();
  await expect(panel.getByText('No new notifications')).toBeVisible();

  // Still below the reorder point: the report keeps listing it until stock comes back.
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(report.getByRole('link', { name: productName })).toBeVisible();
  await report.getByRole('link', { name: productName }).click();
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
});
