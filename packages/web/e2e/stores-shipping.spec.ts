// Stores and shipping charges (issue 26): a store made on /stores sells at the instore counter, and
// a shipping rule made on /delivery fills a new quotation's shipping charge.
import { expect, test } from '@playwright/test';
import { callApiAsUser, dismissToasts, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('stores and shipping: create a store, sell from it at the counter, create a shipping rule and see a quotation take its charge', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Store Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 Laxmi Road',
    firstName: 'Kavita',
    lastName: 'Joshi',
    email: `stores.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string; branch: { name: string } }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const upc = String(Date.now()).slice(-12).padStart(12, '8');
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Table Fan ${stamp}`,
    sku: `TF-${stamp}`,
    upc,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    hsn: '8414',
    weight: 3,
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 600,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Shivaji Electricals ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '22 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);

  // A store on /stores, printing on a 58 mm roll.
  await page.goto('/stores');
  await expect(page.getByText('No stores yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add Store' }).click();
  const storeForm = page.getByRole('form', { name: 'Add Store' });
  await storeForm.getByLabel('Store Name').fill(`FC Road Counter ${stamp}`);
  await pick(page, storeForm, 'Branch', warehouse.branch.name);
  await pick(page, storeForm, 'Warehouse', warehouse.name);
  await storeForm.getByText('58 mm').click();
  await storeForm.getByRole('button', { name: 'Add Store' }).click();
  await expect(page.getByText('Store created.')).toBeVisible();
  const stores = page.getByRole('table', { name: 'Stores' });
  await expect(stores.getByText(`FC Road Counter ${stamp}`)).toBeVisible();
  await expect(stores.getByText('58 mm')).toBeVisible();
  await dismissToasts(page);

  // The counter sells from the store.
  await page.goto('/instore-order');
  await expect(page.getByLabel('Store')).toHaveValue(new RegExp(`FC Road Counter ${stamp}`));
  const scan = page.getByLabel('Scan or search product');
  await expect(scan).toBeFocused();
  await page.keyboard.type(upc);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('₹1,180.00');
  await expect(page.getByLabel('Cash')).toHaveValue('1180.00');
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  const dialog = page.getByRole('dialog');
  const receipt = dialog.getByTestId('sale-receipt');
  await expect(receipt.getByText(`FC Road Counter ${stamp}`)).toBeVisible();
  await expect(page.locator('section[aria-label="Receipt"][data-width-mm="58"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'New Sale' }).click();

  // A flat shipping rule on /delivery, free from ₹50,000.
  await page.goto('/delivery');
  await expect(page.getByRole('heading', { name: 'Shipping Charges' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Rule' }).click();
  const ruleForm = page.getByRole('form', { name: 'Shipping Rule' });
  await ruleForm.getByLabel('Rule Name').fill(`Standard ${stamp}`);
  await ruleForm.getByRole('textbox', { name: 'Charge', exact: true }).fill('150');
  await ruleForm.getByLabel('Free Above').fill('50000');
  await ruleForm.getByRole('button', { name: 'Add Rule' }).click();
  await expect(page.getByText('Shipping rule created.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Shipping Rules' }).getByText(`Standard ${stamp}`),
  ).toBeVisible();
  await dismissToasts(page);

  // A new quotation takes the rule's charge.
  await page.goto('/quotations/new');
  const form = page.getByRole('form', { name: 'Sales Order' });
  await form.getByLabel('Buyer').fill('Shivaji');
  await page.getByRole('option', { name: new RegExp(buyerName) }).click();
  await pick(page, form, 'Branch', warehouse.branch.name);
  await form.getByLabel('Product 1').fill('Table Fan');
  await page.getByRole('option', { name: new RegExp(`Table Fan ${stamp}`) }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  const shipping = form.getByRole('textbox', { name: 'Shipping & Handling Charges' });
  await expect(shipping).toHaveValue(/150/);
  await expect(form.getByText(`Suggested ₹150.00 by Standard ${stamp}: Flat charge.`)).toBeVisible();
  await form.getByRole('button', { name: 'Create Quotation' }).click();
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  await expect(page.getByText('Shipping & Handling Charges').first()).toBeVisible();
  await expect(page.getByText('₹150.00').first()).toBeVisible();
});
