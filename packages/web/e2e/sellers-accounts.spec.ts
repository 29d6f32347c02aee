import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

async function signUp(page: Page, tag: string) {
  await signUpAndVerify(page, {
    company: `${tag} Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `${tag.toLowerCase()}.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  return (me.body.company as { id: number }).id;
}

test('sellers: create a seller with billing and shipping addresses, assign a product, download the CSV', async ({
  page,
}) => {
  const companyId = await signUp(page, 'Sellers');
  // A product to assign, made through the API (the product form has its own journey).
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Hardware',
  });
  const productName = `Brass Tap, "Premium" ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `TAP-${stamp}`,
    category: category.body.id,
    mrp: 1250,
    selling_price: 999.5,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  await page.goto('/sellers');
  await expect(page).toHaveTitle('Sellers');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Seller' });
  const name = `Ganesh Agencies ${stamp}`;
  await dialog.getByLabel('Seller Name').fill(name);
  await dialog.getByLabel('Contact Person Name').fill('Ramesh Patil');
  await dialog.getByLabel('Phone').fill('9822012345');
  // A Karnataka GSTIN with a Maharashtra billing address is refused before anything is sent.
  await dialog.getByLabel('GST Number').fill('29AAPFU0939F1ZR');
  await dialog.getByLabel('Address Line 1').first().fill('Shop 4, Market Yard');
  await pick(page, dialog, 'State', 'Maharashtra');
  await dialog.getByLabel('City').first().fill('Pune');
  await dialog.getByLabel('Pincode').first().fill('411037');
  await dialog.getByRole('button', { name: 'Create Seller' }).click();
  await expect(dialog.getByText('GSTIN does not belong to the state of the address.')).toBeVisible();
  await dialog.getByLabel('GST Number').fill('27AAPFU0939F1ZV');
  // A separate shipping address in Karnataka.
  await dialog.getByRole('checkbox', { name: /Same as billing/ }).uncheck();
  await dialog.getByLabel('Address Line 1').nth(1).fill('22 Residency Road');
  await dialog.getByLabel('State').nth(1).click();
  await page.getByRole('option', { name: 'Karnataka' }).click();
  await dialog.getByLabel('City').nth(1).fill('Bengaluru');
  await dialog.getByLabel('Pincode').nth(1).fill('560025');
  await dialog.getByRole('button', { name: 'Create Seller' }).click();
  await expect(page.getByText('Seller created successfully.')).toBeVisible();

  // The seller's page: details and both addresses.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('27AAPFU0939F1ZV')).toBeVisible();
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page.getByText('Shop 4, Market Yard')).toBeVisible();
  await expect(page.getByText('22 Residency Road')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete address Shop 4, Market Yard' })).toBeDisabled();

  // Products tab: assign the product from the unassigned list.
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByText('No product is assigned to this seller yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Assign products' }).click();
  const assign = page.getByRole('dialog', { name: `Assign products to ${name}` });
  await assign.getByLabel('Search').fill('Brass');
  await assign.getByRole('checkbox', { name: `Select ${productName}` }).check();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Products assigned successfully.')).toBeVisible();
  const products = page.getByRole('table', { name: 'Seller products' });
  await expect(products.getByText(productName)).toBeVisible();
  await expect(products.getByText('₹1,250.00')).toBeVisible();

  // Download CSV: the file the browser saves has the product, quoted where needed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ganesh-agencies-[a-z0-9-]+-products\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.replace(/^\uFEFF/, '')).toBe(
    `Name,SKU,MRP,Selling Price,Stock\r\n"Brass Tap, ""Premium"" ${stamp}",TAP-${stamp},1250.00,999.50,0\r\n`,
  );

  // History records it all; deactivating blocks further assignments on the server too.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Products Assigned', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Seller' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Seller deactivated successfully.')).toBeVisible();
  const sellers = await callApiAsUser(
    page,
    'GET',
    `companies/${companyId}/sellers?search=${encodeURIComponent(name)}`,
  );
  const sellerId = (sellers.body.results as { id: number }[])[0].id;
  const refused = await callApiAsUser(page, 'POST', `v1/sellers/${sellerId}/assign_products`, {
    products: [product.body.id],
  });
  expect(refused.status).toBe(409);

  // An unknown seller's page returns to the list with the spec's notice.
  await page.goto('/sellers/999999999');
  await expect(page.getByText('Seller Not Found')).toBeVisible();
  await expect(page).toHaveURL(/\/sellers$/);
});

test('accounts: the seeded chart, create an account under a group, then delete it', async ({ page }) => {
  await signUp(page, 'Accounts');
  await page.goto('/accounts');
  await expect(page).toHaveTitle('Accounts');
  // The seeded chart: Tally's groups, with system accounts that cannot be deleted.
  await expect(page.getByRole('button', { name: /^Duties & Taxes \(8\)/ })).toBeVisible();
  const taxes = page.getByRole('table', { name: 'Duties & Taxes accounts' });
  await expect(taxes.getByText('Output CGST')).toBeVisible();
  await expect(taxes.getByRole('button', { name: 'Delete Output CGST' })).toBeDisabled();

  // A bank account under Bank Accounts, then one under it.
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  const name = `HDFC Current ${stamp}`;
  await dialog.getByLabel('Account Name').fill(name);
  await pick(page, dialog, 'Account Type', 'Bank');
  await dialog.getByLabel('Code').fill(`HDFC-${stamp}`);
  await dialog.getByLabel('Description').fill('Main current account');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully.')).toBeVisible();
  const banks = page.getByRole('table', { name: 'Bank Accounts accounts' });
  await expect(banks.getByText(name)).toBeVisible();

  // Filter by type: only bank accounts remain.
  await pick(page, page, 'Account Type', 'Bank');
  await expect(page.getByRole('table', { name: 'Duties & Taxes accounts' })).toHaveCount(0);
  await expect(banks.getByText(name)).toBeVisible();

  // Delete it.
  await banks.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Account' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Account deleted successfully.')).toBeVisible();
  await expect(page.getByText('No account matches the search or the filters.')).toBeVisible();
});
