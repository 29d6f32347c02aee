import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('buyer prices and bids: a group price, a bid within the range accepted, one below the floor approved, both in the bidding report', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Sahyadri Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 Camp Road',
    firstName: 'Anil',
    lastName: 'Patwardhan',
    email: `bids.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world: a product of ₹1,000 (cost ₹800, margin 15%, bidding 10%), a buyer, its group.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; branch: { id: number; name: string } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Pumps' });
  const productName = `Monoblock Pump ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `MP-${stamp}`,
    category: category.body.id,
    mrp: 1200,
    selling_price: 1000,
    cost_price: 800,
    margin: 15,
    max_bidding_percentage: 10,
    warehouse: warehouse.id,
    opening_stock: 50,
    opening_rate: 800,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Krishna Agro ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '3 Market Yard', city: 'Pune', state_id: 27, pincode: '411037' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const group = await callApiAsUser(page, 'POST', `companies/${companyId}/buyer_groups`, {
    name: `Farm Dealers ${stamp}`,
    branches: [warehouse.branch.id],
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  await callApiAsUser(page, 'POST', `buyer_groups/${group.body.id}/buyers`, { buyer: buyer.body.id });

  // The product page shows its bidding range at the selling price: the margin lifts the floor to ₹920.
  await page.goto(`/products/${product.body.id}`);
  await expect(page.getByText('Bids from ₹920.00 are accepted; lower bids need approval.')).toBeVisible();

  // The group's price of the product: ₹950.
  await page.goto(`/buyer-groups/${group.body.id}`);
  await page.getByRole('tab', { name: 'Prices' }).click();
  await expect(page.getByText('No prices yet.', { exact: false })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).fill('Monoblock');
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await page.getByRole('textbox', { name: 'Group Price (₹)' }).fill('950');
  await page.getByRole('button', { name: 'Set Price' }).click();
  await expect(page.getByText('Price saved.')).toBeVisible();
  const prices = page.getByRole('table', { name: 'Group prices' });
  await expect(prices.getByRole('cell', { name: '₹950.00' })).toBeVisible();
  const problems = await seriousProblems(page);

  // A quotation for the buyer, made in the form: the line's rate starts at the group price.
  await page.goto('/quotations/new');
  const form = page.getByRole('form', { name: 'Sales Order' });
  await form.getByLabel('Buyer').fill('Krishna');
  await page.getByRole('option', { name: new RegExp(buyerName) }).click();
  await pick(page, form, 'Branch', warehouse.branch.name);
  await form.getByLabel('Product 1').fill('Monoblock');
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await expect(form.getByRole('textbox', { name: 'Rate 1' })).toHaveValue(/^950(\.00)?$/);
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('3');
  await form.getByRole('button', { name: 'Create Quotation' }).click();
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  const quotationId = Number(page.url().split('/').pop());
  const ranges = page.getByRole('table', { name: 'Bidding ranges' });
  await expect(ranges.getByRole('cell', { name: '₹950.00' }).first()).toBeVisible();
  await expect(ranges.getByRole('cell', { name: '₹920.00' })).toBeVisible();

  // A bid within the range (₹930) is accepted: the line's rate becomes ₹930.
  await ranges.getByRole('button', { name: `Bid on ${productName}` }).click();
  let dialog = page.getByRole('dialog', { name: `Bid on ${productName}` });
  await dialog.getByRole('textbox', { name: 'Proposed Rate (₹)' }).fill('930');
  await expect(dialog.getByText('Within the range: accepted at once.')).toBeVisible();
  problems.push(...(await seriousProblems(page, 'bid dialog')));
  await dialog.getByRole('button', { name: 'Place Bid' }).click();
  await expect(page.getByText('Bid accepted: the line now has the bid rate.')).toBeVisible();
  await expect(ranges.getByRole('cell', { name: '₹930.00' })).toBeVisible();

  // A bid below the floor (₹880) waits for approval; the line keeps ₹930.
  await ranges.getByRole('button', { name: `Bid on ${productName}` }).click();
  dialog = page.getByRole('dialog', { name: `Bid on ${productName}` });
  await dialog.getByRole('textbox', { name: 'Proposed Rate (₹)' }).fill('880');
  await expect(dialog.getByText('Below the floor: it will wait for approval.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Place Bid' }).click();
  await expect(page.getByText('The bid is below the floor and waits for approval.')).toBeVisible();
  await expect(page.getByText('1 waiting for approval')).toBeVisible();
  // The server refuses an order while it waits.
  const blocked = await callApiAsUser(page, 'POST', `admin/quotations/${quotationId}/generate_order/`, {});
  expect(blocked.status).toBe(409);

  // Approved: the line's rate becomes ₹880.
  await page.getByRole('button', { name: `Approve the bid on ${productName}` }).click();
  await expect(page.getByText('Bid approved: the line now has the bid rate.')).toBeVisible();
  await expect(ranges.getByRole('cell', { name: '₹880.00' })).toBeVisible();
  await expect(page.getByText('1 waiting for approval')).toBeHidden();
  const placed = page.getByRole('table', { name: 'Bids placed' });
  await expect(placed.getByText('Approved')).toBeVisible();
  await expect(placed.getByText('Accepted')).toBeVisible();
  const saved = await callApiAsUser(page, 'GET', `admin/quotations/${quotationId}`);
  expect((saved.body.items as { rate: number }[])[0]?.rate).toBe(880);

  // The bidding report (the report engine's page, from the Reports panel) lists both, newest
  // first, with who decided, and counts them by status in its chart.
  await page.getByRole('button', { name: 'Reports' }).click();
  await page
    .getByRole('navigation', { name: 'Product Reports' })
    .getByRole('link', { name: 'Bidding Reports', exact: true })
    .click();
  const report = page.getByRole('table', { name: 'Bidding Reports' });
  await expect(page.getByRole('figure', { name: 'Bidding Reports chart' })).toBeVisible();
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByRole('row').nth(1)).toContainText('₹880.00');
  await expect(report.getByRole('row').nth(1)).toContainText('Approved');
  await expect(report.getByRole('row').nth(1)).toContainText('Anil Patwardhan');
  await expect(report.getByRole('row').nth(2)).toContainText('Accepted');
  // The quotation's number opens the quotation.
  await expect(report.getByRole('row').nth(1).getByRole('link').first()).toHaveAttribute(
    'href',
    `/quotations/${quotationId}`,
  );
  await pick(page, page, 'Status', 'Accepted');
  await expect(report.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/status=accepted/);
  problems.push(...(await seriousProblems(page)));

  // At 390 px the report still reads (the table scrolls inside its card).
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('heading', { name: 'Bidding Reports' })).toBeVisible();
  expect(problems).toEqual([]);
});
