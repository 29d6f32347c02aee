import { expect, type Locator, test } from '@playwright/test';
import { logout, signUpAndVerify } from './journeys.ts';
import { mailTo } from './mailbox.ts';

/**
 * Issue 18: from the sign-in page of a new company to its first GST invoice sent to the buyer, in
 * at most 15 clicks. The buyer and the product are created from the order form's pickers
 * ('+ New Buyer', '+ New Product'); Place Instant Order confirms and invoices at once and opens the
 * invoice. Typing is not a click; opening a select and choosing its option are two.
 */
const CLICK_BUDGET = 15;

const stamp = Date.now().toString(36);
const owner = {
  company: `First Invoice Traders ${stamp}`,
  branch: 'Pune',
  city: 'Pune',
  pincode: '411001',
  addressLine1: '12 FC Road',
  firstName: 'Meera',
  lastName: 'Joshi',
  email: `first.${stamp}@example.in`,
  phone: `7${String(Date.now()).slice(-9)}`,
  password: 'Ledger-Lantern@42',
};
const buyerEmail = `accounts.${stamp}@example.in`;

test('a new company sends its first GST invoice in at most 15 clicks', async ({ page }) => {
  await signUpAndVerify(page, owner);
  await logout(page);

  let clicks = 0;
  const click = async (target: Locator) => {
    clicks += 1;
    await target.click();
  };

  // The sign-in page.
  await page.goto('/auth/login');
  await page.getByLabel('Email or Phone').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await click(page.getByRole('button', { name: 'Login', exact: true }));
  await expect(page.getByRole('heading', { name: /Welcome, Meera/ })).toBeVisible();

  // New Order.
  await click(page.getByRole('link', { name: /Sales Orders/ }).first());
  await expect(page).toHaveURL(/\/orders$/);
  // A company without orders shows the empty state, with Add. The list re-renders while it loads
  // (on 27 Nov Playwright did not see the button stable), so the one click a user makes on the
  // settled page is retried here until the form opens.
  const add = page
    .getByRole('main')
    .getByRole('button', { name: /^(New Order|Add)$/ })
    .first();
  clicks += 1;
  await expect(async () => {
    await add.click({ force: true, timeout: 2000 });
    await expect(page).toHaveURL(/\/orders\/new$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Sales Order' });
  await expect(form).toBeVisible();
  // The company's only branch is chosen already.
  await expect(form.getByRole('combobox', { name: 'Branch' })).toHaveValue(owner.branch);

  // The buyer, created from the buyer picker.
  await click(form.getByRole('combobox', { name: 'Buyer' }));
  await click(page.getByRole('option', { name: '+ New Buyer' }));
  const buyerDialog = page.getByRole('dialog', { name: 'Create Buyer' });
  await buyerDialog.getByLabel('Buyer Name').fill(`Sahyadri Retail ${stamp}`);
  await buyerDialog.getByLabel('Email').fill(buyerEmail);
  await buyerDialog.getByLabel('GST Number').fill('27AAPFU0939F1ZV');
  await buyerDialog.getByLabel('Billing Address Line 1').fill('4 Station Road');
  await click(buyerDialog.getByRole('combobox', { name: 'Billing State' }));
  await click(page.getByRole('option', { name: 'Maharashtra', exact: true }));
  await buyerDialog.getByLabel('Billing City').fill('Pune');
  await buyerDialog.getByLabel('Billing Pincode').fill('411002');
  await click(buyerDialog.getByRole('button', { name: 'Create Buyer' }));
  await expect(buyerDialog).toBeHidden();
  await expect(form.getByRole('combobox', { name: 'Buyer' })).toHaveValue(
    new RegExp(`Sahyadri Retail ${stamp}`),
  );
  await expect(form.getByRole('combobox', { name: 'Shipping Address' })).toHaveValue(/4 Station Road/);

  // The product, created from the line's product picker (18% GST is chosen for it).
  const productName = `Steel Tiffin ${stamp}`;
  await click(form.getByRole('combobox', { name: 'Product 1' }));
  await page.keyboard.type(productName);
  await click(page.getByRole('option', { name: '+ New Product' }));
  const productDialog = page.getByRole('dialog', { name: 'New Product' });
  await expect(productDialog.getByLabel('Product Name')).toHaveValue(productName);
  await productDialog.getByLabel('HSN/SAC Code').fill('7323');
  await productDialog.getByLabel('Selling Price (incl. GST)').fill('590');
  await expect(productDialog.getByRole('combobox', { name: 'GST' })).toHaveValue(/18/);
  await productDialog.getByLabel('Opening Stock').fill('50');
  await click(productDialog.getByRole('button', { name: 'Create Product' }));
  await expect(productDialog).toBeHidden();
  await expect(form.getByRole('combobox', { name: 'Product 1' })).toHaveValue(productName);
  await expect(form.getByRole('textbox', { name: 'Rate 1' })).toHaveValue('590');
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('4');
  // 4 × 590 including 18% GST, within Maharashtra: CGST and SGST.
  await expect(form.getByText('₹2,360.00').first()).toBeVisible();

  // Placed, confirmed and invoiced at once: the invoice opens.
  await click(form.getByRole('button', { name: 'Place Instant Order' }));
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: /\/\d{4}\/00001/ })).toBeVisible();

  // Sent to the buyer by e-mail, the tax invoice PDF attached.
  const sentAt = Date.now() - 1000;
  await click(page.getByRole('button', { name: 'More' }));
  await click(page.getByRole('menuitem', { name: 'Resend Notifications' }));
  await expect(page.getByText(/sent/i).first()).toBeVisible();
  const mail = await mailTo(buyerEmail, /Tax invoice/, { after: sentAt });
  expect(mail).toMatch(/Content-Type: application\/pdf/i);

  console.log(`first invoice in ${clicks} clicks`);
  expect(clicks).toBeLessThanOrEqual(CLICK_BUDGET);
});
