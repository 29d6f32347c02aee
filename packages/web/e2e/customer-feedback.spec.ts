import { expect, test } from '@playwright/test';
import { callApiAsUser, dismissToasts, maharashtraGstin, signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

test('Customer feedback: create a form, request feedback for a buyer, answer the public link in another browser, see it in the list with the average', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Feedback Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 FC Road',
    firstName: 'Neha',
    lastName: 'Joshi',
    email: `feedback.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${companyId}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const buyerName = `Kulkarni Electricals ${stamp}`;
  const address = { address_line_1: '12 Laxmi Road', city: 'Pune', state_id: 27, pincode: '411030' };
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    gst_number: maharashtraGstin(Date.now() % 9000, 'FBKPL'),
    billing_address: address,
    shipping_address: address,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);

  // Empty states, then a form with one question besides the rating.
  await page.goto('/customer-feedback');
  await expect(page.getByRole('heading', { name: 'Customer Feedback' })).toBeVisible();
  await expect(page.getByText('No answers in this period yet.', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Forms' }).click();
  await expect(page.getByText('No feedback form yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Create Form' }).click();
  const formDialog = page.getByRole('dialog', { name: 'Create Feedback Form' });
  await formDialog.getByLabel('Title').fill('How was your order?');
  await formDialog.getByRole('button', { name: 'Add Question' }).click();
  await formDialog
    .getByRole('textbox', { name: 'Question 1', exact: true })
    .fill('Anything we could do better?');
  await formDialog.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.getByText('Feedback form created successfully.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Feedback forms' }).getByText('How was your order?'),
  ).toBeVisible();
  await dismissToasts(page);

  // Ask the buyer: the link is shown to share (this buyer has no e-mail address).
  await page.getByRole('button', { name: 'Request Feedback' }).click();
  const ask = page.getByRole('dialog', { name: 'Request Feedback' });
  await ask.getByRole('combobox', { name: 'Buyer' }).fill(buyerName.slice(0, 18));
  await page.getByRole('option', { name: buyerName }).first().click();
  await ask.getByRole('button', { name: 'Request Feedback' }).click();
  const link = ask.getByTestId('feedback-link');
  await expect(link).toBeVisible();
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/\/api\/feedback\/[A-Za-z0-9_-]{43}$/);
  await ask.getByRole('button', { name: 'Done' }).click();

  // The buyer answers in a browser of their own, without signing in.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(url);
  await expect(buyerPage.getByRole('heading', { name: `Feedback Traders ${stamp}` })).toBeVisible();
  await expect(buyerPage.getByText(buyerName)).toHaveCount(0);
  await buyerPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(buyerPage.getByRole('alert')).toContainText('Please choose a rating from 1 to 5 stars.');
  await buyerPage
    .getByRole('group', { name: /How would you rate us/ })
    .getByLabel(/4 – Good/)
    .check();
  await buyerPage.getByLabel('Anything we could do better?').fill('Deliver before noon, please.');
  await buyerPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  // The same link a second time: already answered.
  await buyerPage.goto(url);
  await expect(buyerPage.getByText('This feedback has already been submitted. Thank you!')).toBeVisible();
  await buyerContext.close();

  // Back in the app: the answer in the list, its average, and its answers in the drawer.
  await page.getByRole('tab', { name: 'Responses' }).click();
  const table = page.getByRole('table', { name: 'Customer feedback' });
  const row = table.getByRole('row').filter({ hasText: buyerName });
  await expect(row.getByText('4/5 Good')).toBeVisible();
  await expect(row.getByText('Answered')).toBeVisible();
  await expect(page.getByText('4.00 / 5')).toBeVisible();
  await row.click();
  const drawer = page.getByRole('dialog', { name: 'Feedback' });
  await expect(drawer.getByText('Deliver before noon, please.')).toBeVisible();
});
