import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('warehouses: create one under a branch, make it private, assign a product and see it in the product inventory', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Godown Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Ravi',
    lastName: 'Patil',
    email: `warehouses.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A product to assign, made through the API (the product form has its own journey).
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Grains' });
  const productName = `Basmati Rice ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `RICE-${stamp}`,
    category: category.body.id,
    mrp: 120,
    selling_price: 110,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // Create a warehouse under the Pune branch.
  await page.goto('/warehouses');
  await expect(page).toHaveTitle('Warehouses');
  await expect(page.getByRole('table', { name: 'Warehouses' }).getByText('Pune Warehouse')).toBeVisible();
  await page.getByRole('button', { name: 'Create Warehouse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Warehouse' });
  const name = `Bhiwandi ${stamp}`;
  await dialog.getByLabel('Warehouse Name').fill(name);
  await pick(page, dialog, 'Branch', 'Pune');
  await dialog.getByLabel('Contact Person Name').fill('Sunil More');
  await dialog.getByLabel('Contact Person Phone').fill('9822012345');
  await dialog.getByLabel('Address Line 1').fill('Gala 4, Mankoli Naka');
  await pick(page, dialog, 'State', 'Maharashtra');
  await dialog.getByLabel('City').fill('Bhiwandi');
  await dialog.getByLabel('Pincode').fill('421302');
  await dialog.getByLabel('Tally Name').fill('Bhiwandi Godown');
  await dialog.getByRole('button', { name: 'Create Warehouse' }).click();
  await expect(page.getByText('Warehouse created successfully.')).toBeVisible();

  // The new warehouse's page: make it private.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Branch Pune')).toBeVisible();
  await expect(page.getByText('Gala 4, Mankoli Naka')).toBeVisible();
  await page.getByRole('switch', { name: 'Private' }).click();
  await expect(page.getByText('Warehouse made private successfully.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Private' })).toBeChecked();

  // Products tab: assign the product from the unassigned list.
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByText('No product is assigned to this warehouse yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Assign Products' }).click();
  const assign = page.getByRole('dialog', { name: `Assign Products to ${name}` });
  await assign.getByLabel('Search').fill('Basmati');
  await assign.getByRole('checkbox', { name: `${productName} (RICE-${stamp})` }).check();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Products assigned successfully.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assigned products' }).getByText(productName)).toBeVisible();

  // Product inventory tab: the product is there with zero stock.
  await page.getByRole('tab', { name: 'Product Inventory' }).click();
  const row = page
    .getByRole('table', { name: 'Product inventory' })
    .getByRole('row', { name: new RegExp(productName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Out of stock')).toBeVisible();
  await expect(row.getByRole('cell', { name: `RICE-${stamp}` })).toBeVisible();

  // The list shows it private; after deactivating, the server refuses further assignments.
  await page.goto('/warehouses');
  const listRow = page
    .getByRole('table', { name: 'Warehouses' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(listRow.getByText('Private')).toBeVisible();
  await listRow.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Warehouse' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Warehouse deactivated successfully.')).toBeVisible();
  await expect(listRow.getByText('Inactive')).toBeVisible();
  const warehouses = await callApiAsUser(
    page,
    'GET',
    `companies/${companyId}/warehouses?search=${encodeURIComponent(name)}`,
  );
  const id = (warehouses.body.results as { id: number }[])[0].id;
  const refused = await callApiAsUser(page, 'POST', `warehouses/${id}/assign_products`, {
    products: [product.body.id],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe(`Warehouse ${name} is inactive.`);
});
