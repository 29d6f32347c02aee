// Razorpay (issue 26): the owner connects the company's Razorpay account on
// /razorpay-authentication against a local stand-in of Razorpay's API, checks the connection,
// makes a payment link on an unpaid invoice, the buyer pays on the stand-in's hosted page (which
// sends Razorpay's signed payment_link.paid webhook to the app), and the invoice shows as paid.
// The app's server reads RAZORPAY_API_URL (scripts/e2e.mjs sets it to E2E_PORT + 1000 by default).
import { expect, test } from '@playwright/test';
import { type RazorpayStandIn, startRazorpayStandIn } from '../../server/test/razorpay-stand-in.ts';
import {
  callApiAsUser,
  companyAndBranch,
  invoiceOrderThroughApi,
  maharashtraGstin,
  signUpAndVerify,
} from './journeys.ts';

const apiUrl = process.env.RAZORPAY_API_URL ?? '';
let standIn: RazorpayStandIn | undefined;

test.beforeAll(async () => {
  const port = Number(new URL(apiUrl || 'http://127.0.0.1:0').port);
  if (port > 0) standIn = await startRazorpayStandIn(port);
});
test.afterAll(async () => {
  await standIn?.close();
});

test('Razorpay: connect the account, send a payment link, the buyer pays, the invoice is paid', async ({
  page,
}) => {
  test.setTimeout(180_000);
  test.skip(!standIn, 'RAZORPAY_API_URL must name a local port for the stand-in (scripts/e2e.mjs sets it).');
  const rzp = standIn as RazorpayStandIn;
  const stamp = Date.now().toString(36);
  const seed = Date.now() % 100_000;
  await signUpAndVerify(page, {
    company: `Kaveri Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 Laxmi Road',
    firstName: 'Anil',
    lastName: 'Kulkarni',
    email: `razorpay.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { companyId, branchId } = await companyAndBranch(page, maharashtraGstin(seed, 'RZP'));

  // Not connected yet: the page says so plainly.
  await page.goto('/razorpay-authentication');
  await expect(page.getByRole('heading', { name: 'Razorpay authentication' })).toBeVisible();
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();

  const keyId = `rzp_test_${stamp.replace(/[^A-Za-z0-9]/g, '')}Kv`;
  const keySecret = `ks${stamp}secret`;
  const webhookSecret = `wh${stamp}secret`;
  rzp.keys.set(keyId, keySecret);
  await page.getByLabel('Key Id').fill(keyId);
  await page.getByLabel('Key Secret').fill(keySecret);
  await page.getByLabel('Webhook Secret').fill(webhookSecret);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Key Secret: configured')).toBeVisible();
  await expect(page.getByText(keySecret)).toHaveCount(0);
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByLabel('Last check')).toContainText('Razorpay accepted the key id and key secret.');
  const webhookUrl = await page.locator('pre', { hasText: '/api/webhooks/razorpay/' }).innerText();
  expect(webhookUrl.trim()).toMatch(new RegExp(`/api/webhooks/razorpay/${companyId}$`));
  rzp.webhook = { url: webhookUrl.trim(), secret: webhookSecret };

  // An invoice of ₹1,180 to a buyer.
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Pumps' });
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Water Pump ${stamp}`,
    sku: `WP-${stamp}`,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    warehouse: warehouse?.id,
    opening_stock: 10,
    opening_rate: 700,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Godavari Farms ${stamp}`,
    gst_number: maharashtraGstin(seed + 1, 'RZP'),
    billing_address: { address_line_1: '5 Station Road', city: 'Pune', state_id: 27, pincode: '411002' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const invoice = await invoiceOrderThroughApi(page, {
    companyId,
    branchId,
    buyer: buyer.body,
    items: [{ product: product.body.id, warehouse: warehouse?.id, quantity: 1 }],
  });

  // The Payment link action makes a link for the balance due.
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { name: invoice.invoice_number })).toBeVisible();
  await page.getByRole('button', { name: 'Payment link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment link' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByLabel('Payment link');
  await expect(linkField).toHaveValue(new RegExp(`^${rzp.url}/i/plink_`));
  await expect(dialog).toContainText('Awaiting payment');
  const shortUrl = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The buyer opens the link and pays; the stand-in sends the signed webhook.
  const buyerPage = await page.context().newPage();
  await buyerPage.goto(shortUrl);
  await buyerPage.getByRole('button', { name: /Pay ₹1180\.00/ }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await buyerPage.close();

  // The invoice is paid, by a payment received carrying Razorpay's payment id.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Payment link' })).toHaveCount(0);
  const payments = await callApiAsUser(page, 'GET', `admin/invoices/${invoice.id}/applied_payments`);
  expect(payments.body.count).toBe(1);
});
