import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** A calendar day `days` from today in India, as YYYY-MM-DD. */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const shown = (day: string) => day.split('-').reverse().join('/');

test('inventory reports: stock brought in today is in the 0–30 days bucket; its batches show their expiry', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Pharma Traders ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '3 College Road',
    firstName: 'Kavita',
    lastName: 'Deshpande',
    email: `reports.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Medicines',
  });
  const productName = `Cough Syrup ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `CS-${stamp}`,
    category: category.body.id,
    mrp: 120,
    selling_price: 110,
    warehouse: warehouse.id,
    opening_stock: 4,
    opening_rate: 50,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // Before any batch comes in, the batch report says how batches get recorded.
  await page.goto('/reports/inventory-reports/batch-inventory');
  await expect(page.getByRole('heading', { name: 'Batch Inventory', level: 2 })).toBeVisible();
  await expect(page.getByText('Real time', { exact: true })).toBeVisible();
  await expect(
    page.getByText('No batches on hand. Batches are recorded when stock comes in with a batch number.'),
  ).toBeVisible();

  // Batches on (expiry alert 30 days); stock comes in by an adjustment in two batches.
  const config = await callApiAsUser(page, 'POST', 'company_configurations', {
    configuration_type: 'batch_configuration',
    configurations: { expiry_alert_days: 30, is_batch_mandatory: false },
    is_enabled: true,
  });
  expect(config.status, JSON.stringify(config.body)).toBe(201);
  const soon = dayFromToday(10);
  const later = dayFromToday(200);
  const adjustment = await callApiAsUser(page, 'POST', `companies/${companyId}/inventory_adjustments`, {
    warehouse: warehouse.id,
    reason: 'extra_inventory_found',
    lines: [
      { product: product.body.id, quantity: 6, batch_number: `LOT-A-${stamp}`, expires_on: soon },
      { product: product.body.id, quantity: 5, batch_number: `LOT-B-${stamp}`, expires_on: later },
    ],
  });
  expect(adjustment.status, JSON.stringify(adjustment.body)).toBe(201);

  // Inventory Age: all 15 on hand came in today (4 at ₹50 opening, 11 without a rate).
  await page.goto('/reports/inventory-reports/inventory-age');
  await expect(page).toHaveTitle('Reports');
  await expect(page.getByRole('heading', { name: 'Inventory Age', level: 2 })).toBeVisible();
  const ages = page.getByRole('table', { name: 'Inventory Age' });
  const row = ages.getByRole('row', { name: new RegExp(productName) });
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(warehouse.name);
  await expect(cells.nth(3)).toHaveText('15');
  await expect(cells.nth(4)).toHaveText('15');
  await expect(cells.nth(12)).toHaveText('0');
  await expect(cells.nth(15)).toHaveText(shown(dayFromToday(0)));
  await expect(ages.getByRole('row', { name: 'Totals' })).toContainText('15');
  await expect(page.getByRole('figure', { name: 'Inventory Age chart' })).toBeVisible();

  // Batch Inventory: the soon-expiring batch first, Expiring soon; the other OK; the expired choice is empty.
  await page.goto('/reports/inventory-reports/batch-inventory');
  const batches = page.getByRole('table', { name: 'Batch Inventory' });
  const rows = batches.getByRole('row');
  await expect(rows.nth(1)).toContainText(`LOT-A-${stamp}`);
  await expect(rows.nth(1)).toContainText(shown(soon));
  await expect(rows.nth(1)).toContainText('Expiring soon');
  await expect(rows.nth(2)).toContainText(`LOT-B-${stamp}`);
  await expect(rows.nth(2)).toContainText('OK');
  await expect(batches.getByRole('row', { name: 'Totals' })).toContainText('11');
  await expect(page.getByRole('figure', { name: 'Batch Inventory chart' })).toBeVisible();
  await expect(batches.getByRole('link', { name: productName }).first()).toHaveAttribute(
    'href',
    `/products/${product.body.id}`,
  );

  await pick(page, page, 'Status', 'Expired');
  await expect(page).toHaveURL(/status=expired/);
  await expect(
    page.getByText('No batches on hand. Batches are recorded when stock comes in with a batch number.'),
  ).toBeVisible();
  await pick(page, page, 'Status', 'All');
  await expect(rows.nth(2)).toContainText(`LOT-B-${stamp}`);

  // The CSV has every batch.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`batch-inventory-${dayFromToday(0)}.csv`);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv).toContain(`LOT-A-${stamp},,${soon},10,Expiring soon,6`);
  expect(csv).toContain(`LOT-B-${stamp},,${later},200,OK,5`);
});
