import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('leads: create a lead, log a visit, share inventory by link, convert the lead to a buyer', async ({
  page,
  browser,
}) => {
  // A long journey (five tabs and a second browser) on a shared two-core machine.
  test.setTimeout(300_000);
  await signUpAndVerify(page, {
    company: `Sahyadri Foods ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '9 Tilak Road',
    firstName: 'Rohan',
    lastName: 'Joshi',
    email: `leads.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A product with stock to share (made through the API: the catalogue has its own journeys).
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: `Grains ${stamp}`,
  });
  const productName = `Basmati Rice 25 kg ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    category: category.body.id,
    mrp: 2400,
    selling_price: 2150,
    warehouse: warehouse.id,
    opening_stock: 40,
    opening_rate: 1800,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // Create the lead from the empty list.
  await page.goto('/leads');
  await expect(page).toHaveTitle('Leads');
  await expect(page.getByText("Oops it's empty here")).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create Lead' });
  const leadName = `Annapurna Stores ${stamp}`;
  await create.getByLabel('Business Name').fill(leadName);
  await create.getByLabel('Contact Person').fill('Sunita Pawar');
  await create.getByLabel('Phone').fill(`9${String(Date.now()).slice(-9)}`);
  await create.getByLabel('E-mail').fill(`sunita.${stamp}@example.in`);
  await create.getByRole('button', { name: 'Create Lead' }).click();
  await expect(page.getByText('Lead created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: leadName })).toBeVisible();

  // A billing address, needed to make the buyer later.
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await page.getByRole('button', { name: 'Add Address' }).click();
  const address = page.getByRole('dialog', { name: 'Add Address' });
  await address.getByLabel('Address Line 1').fill('14 Market Yard');
  await pick(page, address, 'State', 'Maharashtra');
  await address.getByLabel('City').fill('Pune');
  await address.getByLabel('Pincode').fill('411037');
  await address.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address created successfully.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Addresses' }).getByText('14 Market Yard')).toBeVisible();

  // Log a visit.
  await page.getByRole('tab', { name: 'Visits' }).click();
  await page.getByRole('button', { name: 'Log Visit' }).click();
  const visit = page.getByRole('dialog', { name: 'Log Visit' });
  await visit.getByLabel('Location').fill('Shop 14, Market Yard, Pune');
  await visit.getByLabel('Outcome').fill('Met the owner; wants rice prices');
  await visit.getByLabel('Next Step').fill('Share the stock list');
  await visit.getByRole('button', { name: 'Log Visit' }).click();
  await expect(page.getByText('Visit logged successfully.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Visits' }).getByText('Met the owner; wants rice prices'),
  ).toBeVisible();
  // The visit marked the new lead as contacted.
  await expect(page.getByText('Contacted', { exact: true })).toBeVisible();

  // Share the product with the lead.
  await page.getByRole('tab', { name: 'Exposed Inventory' }).click();
  await page.getByRole('button', { name: 'Expose Inventory' }).click();
  const expose = page.getByRole('dialog', { name: 'Expose Inventory' });
  await expose.getByLabel('Products').fill(stamp);
  await page.getByRole('option', { name: productName }).click();
  await expose.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Inventory exposed to lead successfully.')).toBeVisible();
  const shared = page.getByRole('table', { name: 'Exposed inventory' });
  await expect(shared.getByText(productName)).toBeVisible();
  const link = await shared.getByRole('link', { name: 'Open' }).getAttribute('href');
  expect(link).toMatch(/\/api\/lead-inventory\/[A-Za-z0-9_-]{43}$/);

  // The lead opens the link in a browser of their own, without signing in.
  const visitor = await browser.newContext();
  const leadPage = await visitor.newPage();
  await leadPage.goto(link as string);
  await expect(leadPage.getByRole('heading', { name: `Sahyadri Foods ${stamp}` })).toBeVisible();
  await expect(leadPage.getByText(leadName)).toBeVisible();
  const row = leadPage.getByRole('row', { name: new RegExp(productName) });
  await expect(row).toContainText('40');
  await expect(row).toContainText('2,150.00');
  await visitor.close();

  // Convert the lead into a buyer.
  await page.getByRole('button', { name: 'Convert to Buyer' }).click();
  await page
    .getByRole('dialog', { name: 'Convert to Buyer' })
    .getByRole('button', { name: 'Convert' })
    .click();
  await expect(page.getByText('Lead activated successfully.')).toBeVisible();
  await expect(page.getByText('Converted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert to Buyer' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open Buyer' }).click();
  await expect(page.getByRole('heading', { name: leadName })).toBeVisible();
  await expect(page).toHaveURL(/\/buyers\/\d+$/);

  // A lead that does not exist: the spec's toast, back to the list.
  await page.goto('/leads/999999999');
  await expect(page.getByText('Lead Not found')).toBeVisible();
  await expect(page).toHaveURL(/\/leads$/);
});
