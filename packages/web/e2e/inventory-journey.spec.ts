import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('inventory journey: damage 2 of 10 in A, transfer 5 to B, dispatch, receive, and see both levels and the movements', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Godown Movers ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 Market Yard',
    firstName: 'Rohan',
    lastName: 'Kulkarni',
    email: `journey.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // Warehouse A (sign-up) holds 10 of a product; warehouse B is made through the API.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const a = (warehouses.body.results as { id: number; name: string; branch: { id: number } }[])[0];
  if (!a) throw new Error('no sign-up warehouse');
  const bName = `North Godown ${stamp}`;
  const b = await callApiAsUser(page, 'POST', `branches/${a.branch.id}/warehouses`, {
    name: bName,
    address: { address_line_1: '3 Ring Road', city: 'Pune', state_id: 27, pincode: '411019' },
  });
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Coolers',
  });
  const productName = `Air Cooler ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `CLR-${stamp}`,
    category: category.body.id,
    mrp: 8000,
    selling_price: 7500,
    warehouse: a.id,
    opening_stock: 10,
    opening_rate: 5000,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // Stock damaged: 2 out of A, through the adjustments UI.
  await page.goto('/inventory-adjustments/new');
  const adjust = page.getByRole('form', { name: 'New Adjustment' });
  await pick(page, adjust, 'Warehouse', a.name);
  await pick(page, adjust, 'Reason', 'Stock damaged');
  await adjust.getByLabel('Product 1').fill('Air Cooler');
  await page.getByRole('option', { name: productName }).click();
  await adjust.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  await adjust.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ADJ-000001' })).toBeVisible();

  // The transfers list, then a new transfer of 5 from A to B.
  await page.goto('/inventory-transfers');
  await expect(page).toHaveTitle('Inventory Transfer');
  await expect(page.getByRole('heading', { name: 'Inventory Transfer' })).toBeVisible();
  await page.goto('/inventory-transfers/new');
  const form = page.getByRole('form', { name: 'New Transfer' });
  await pick(page, form, 'Source Warehouse', a.name);
  await pick(page, form, 'Destination Warehouse', bName);
  await form.getByLabel('Product 1').fill('Air Cooler');
  // The picker shows the sellable stock at the source: 8 after the damage.
  await page.getByRole('option', { name: new RegExp(`${productName}.*8 sellable`) }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('5');
  await form.getByRole('button', { name: 'Create Transfer' }).click();
  await expect(page.getByText('Inventory transfer created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TRF-000001' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // Dispatch: the stock leaves A.
  await page.getByRole('button', { name: 'Dispatch' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('Inventory transfer dispatched successfully.')).toBeVisible();
  await expect(page.getByText('In Transit', { exact: true }).first()).toBeVisible();
  const lines = page.getByRole('table', { name: 'Transfer lines' });
  await expect(lines.getByRole('row', { name: new RegExp(productName) })).toHaveText(
    new RegExp(`${productName}\\s*CLR-${stamp}\\s*5\\s*0\\s*5$`),
  );

  // Receive: the dialog defaults to everything in transit.
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive Transfer' });
  await expect(dialog.getByLabel(`Receive ${productName}`)).toHaveValue('5');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Inventory transfer received successfully.')).toBeVisible();
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(productName) })).toHaveText(
    new RegExp(`${productName}\\s*CLR-${stamp}\\s*5\\s*5\\s*0$`),
  );
  const history = page.getByLabel('Transfer history');
  await expect(history.getByText('Received')).toBeVisible();
  await expect(history.getByText('Dispatched')).toBeVisible();

  // The product page: A holds 3, B holds 5, and the movements list the four rows with balances.
  await lines.getByRole('link', { name: productName }).click();
  const stock = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(stock.getByRole('row', { name: new RegExp(`^${a.name}`) })).toHaveText(
    new RegExp(`${a.name}\\s*3$`),
  );
  await expect(stock.getByRole('row', { name: new RegExp(bName) })).toHaveText(new RegExp(`${bName}\\s*5$`));
  const movements = page.getByRole('table', { name: 'Stock movements' });
  const rows = movements.getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText('Transfer received');
  await expect(rows.nth(1)).toContainText(bName);
  await expect(rows.nth(1)).toContainText('TRF-000001');
  await expect(rows.nth(1)).toHaveText(/\+5\s*5$/);
  await expect(rows.nth(2)).toContainText('Transfer dispatched');
  await expect(rows.nth(2)).toHaveText(/−5\s*3$/);
  await expect(rows.nth(3)).toContainText('Stock damaged');
  await expect(rows.nth(3)).toContainText('ADJ-000001');
  await expect(rows.nth(3)).toHaveText(/−2\s*8$/);
  await expect(rows.nth(4)).toContainText('Opening stock');
  // Filtered to B: only the receipt.
  await page.getByLabel('Movements of warehouse').click();
  await page.getByRole('option', { name: new RegExp(bName) }).click();
  await expect(rows).toHaveCount(2);
  // The document links lead back to the transfer.
  await movements.getByRole('link', { name: 'TRF-000001' }).click();
  await expect(page.getByRole('heading', { name: 'TRF-000001' })).toBeVisible();
});
