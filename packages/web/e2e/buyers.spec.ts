import { expect, test } from '@playwright/test';
import { computeGstinCheckChar } from '../../domain/src/gstin.ts';
import { pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** A valid Maharashtra GSTIN, different on every run. */
function maharashtraGstin(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = Date.now();
  const pan = `AA${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}P${String(n % 10_000).padStart(4, '0')}F`;
  const first14 = `27${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
}

test('buyers: a buyer with a billing and a different shipping address, found by search, pays and owes less', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Buyer Journey Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 MG Road',
    firstName: 'Kiran',
    lastName: 'Patil',
    email: `buyers.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // No buyer yet: the empty-state card opens the form.
  await page.goto('/buyers');
  await expect(page).toHaveTitle('Buyers');
  await expect(page.getByText('Add a Buyer and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Create Buyer' });
  const name = `Deshmukh Hardware ${stamp}`;
  const contact = `Meena Joshi ${stamp}`;
  await form.getByLabel('Buyer Name').fill(name);
  await form.getByLabel('Contact Person').fill(contact);
  await form.getByLabel('Phone').fill(`8${String(Date.now()).slice(-9)}`);
  await form.getByLabel('Email').fill(`orders.${stamp}@deshmukh.example.in`);
  await form.getByLabel('GST Number').fill(maharashtraGstin());
  await form.getByLabel('Opening Balance').fill('10000');

  await form.getByLabel('Billing Address Line 1').fill('5 FC Road');
  await pick(page, form, 'Billing State', 'Maharashtra');
  await form.getByLabel('Billing City').fill('Pune');
  await form.getByLabel('Billing Pincode').fill('411004');
  // The goods go to a warehouse in another state.
  await form.getByLabel('Same as billing').uncheck();
  await form.getByLabel('Shipping Address Line 1').fill('44 Peenya Industrial Area');
  await pick(page, form, 'Shipping State', 'Karnataka');
  await form.getByLabel('Shipping City').fill('Bengaluru');
  await form.getByLabel('Shipping Pincode').fill('560058');
  await form.getByRole('button', { name: 'Create Buyer' }).click();
  await expect(page.getByText('Buyer created successfully.')).toBeVisible();

  // The buyer's page: both addresses, the opening balance owed.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const summary = page.getByLabel('Buyer summary');
  await expect(summary.getByLabel('Outstanding')).toHaveText('₹10,000.00');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  const addresses = page.getByRole('table', { name: 'Addresses' });
  await expect(
    addresses.getByRole('row', { name: /Billing Address.*5 FC Road.*Pune.*Maharashtra/ }),
  ).toBeVisible();
  await expect(
    addresses.getByRole('row', { name: /Shipping Address.*44 Peenya Industrial Area.*Bengaluru.*Karnataka/ }),
  ).toBeVisible();

  // Found again from the list by its contact's name.
  await page.goto('/buyers');
  await page.getByLabel('Search').fill(contact);
  await expect(page).toHaveURL(/\/buyers\?.*q=/);
  const list = page.getByRole('table', { name: 'Buyers' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // Back finds the list as it was left: the search is kept in the address (issue 18).
  await page.goBack();
  await expect(page).toHaveURL(/\/buyers\?q=Meena/);
  await expect(page.getByLabel('Search')).toHaveValue(contact);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // A payment of ₹2,500.50 in cash brings the outstanding down to the paisa.
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByRole('button', { name: 'Record Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Transaction' });
  await dialog.getByLabel('Amount').fill('2500.50');
  await pick(page, dialog, 'Payment Method', 'Cash');
  await dialog.getByLabel('Reference Number').fill(`RCPT-${stamp}`);
  await dialog.getByRole('button', { name: 'Record Transaction' }).click();
  await expect(page.getByText('Transaction Recorded Successfully.')).toBeVisible();
  await expect(summary.getByLabel('Outstanding')).toHaveText('₹7,499.50');
  await expect(summary.getByLabel('Credit Used')).toHaveText('₹7,499.50');
  const ledger = page.getByRole('table', { name: 'Transactions' });
  await expect(
    ledger.getByRole('row', { name: new RegExp(`Payment.*₹2,500.50.*₹7,499.50.*Cash.*RCPT-${stamp}`) }),
  ).toBeVisible();
  await expect(ledger.getByRole('row', { name: /Opening Balance.*₹10,000.00/ })).toBeVisible();

  // Payments to be Received says the same ₹7,499.50: the opening balance is its own row, less the
  // payment that sits on no invoice (issue 18: one figure everywhere).
  await page.goto('/payments-to-be-received');
  const receivables = page.getByRole('table', { name: 'Payments to be Received' });
  const buyerRow = receivables.getByRole('row', { name: new RegExp(`${name}.*Opening Balance.*₹7,499.50`) });
  await expect(buyerRow).toBeVisible();
  await receivables.getByRole('button', { name: `Show what is due from ${name}` }).click();
  await expect(
    receivables.getByRole('row', { name: /Opening Balance dated .*₹7,499.50.*Not Due/ }),
  ).toBeVisible();

  // The whole list as a CSV file, and bulk actions on the selected rows (issue 18).
  await page.goto('/buyers');
  const buyersList = page.getByRole('table', { name: 'Buyers' });
  await expect(buyersList.getByRole('link', { name })).toBeVisible();
  const wholeList = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await wholeList).suggestedFilename()).toMatch(/^buyers-\d{4}-\d{2}-\d{2}\.csv$/);
  await buyersList.getByRole('checkbox', { name: 'Select row' }).first().check();
  await expect(page.getByText('1 selected')).toBeVisible();
  const selected = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected' }).click();
  expect((await selected).suggestedFilename()).toBe('buyers-selected.csv');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('1 deactivated')).toBeVisible();
  await expect(buyersList.getByRole('row', { name: new RegExp(`${name}.*Inactive`) })).toBeVisible();

  // An unknown buyer sends the user back to the list.
  await page.goto('/buyers/999999999');
  await expect(page.getByText('Buyer Not found.')).toBeVisible();
  await expect(page).toHaveURL(/\/buyers$/);
});
