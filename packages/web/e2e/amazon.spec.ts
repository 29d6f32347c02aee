// Amazon Seller (issue 26): the owner connects the company's Amazon seller account on
// /amazon-seller-login through the consent page of a local stand-in of Seller Central (which sends
// the browser back to /amazon-authentication), chooses the buyer and warehouse of Amazon orders,
// imports an order Amazon has for one of the company's SKUs (it shows in /orders under the Amazon
// sales channel, its stock reserved), pushes stock, and reads both in the sync log.
// The app's server reads AMAZON_SP_APP_ID, AMAZON_LWA_*, AMAZON_SP_API_URL and
// AMAZON_SELLER_CENTRAL_URL (scripts/e2e.mjs points them at E2E_PORT + 1002).
import { expect, test } from '@playwright/test';
import { type AmazonStandIn, startAmazonStandIn } from '../../server/test/amazon-stand-in.ts';
import {
  callApiAsUser,
  companyAndBranch,
  dismissToasts,
  maharashtraGstin,
  pick,
  signUpAndVerify,
} from './journeys.ts';

const apiUrl = process.env.AMAZON_SP_API_URL ?? '';
let standIn: AmazonStandIn | undefined;

test.beforeAll(async () => {
  const url = new URL(apiUrl || 'http://127.0.0.1:0');
  const port = Number(url.port);
  if (url.hostname === '127.0.0.1' && port > 0) standIn = await startAmazonStandIn({ port });
});
test.afterAll(async () => {
  await standIn?.close();
});

test('Amazon Seller: connect through the consent page, choose buyer and warehouse, import an order, push stock', async ({
  page,
}) => {
  test.setTimeout(180_000);
  test.skip(!standIn, 'AMAZON_SP_API_URL must name a local port for the stand-in (scripts/e2e.mjs sets it).');
  const amazon = standIn as AmazonStandIn;
  const stamp = Date.now().toString(36);
  const seed = Date.now() % 100_000;
  await signUpAndVerify(page, {
    company: `Tapti Handlooms ${stamp}`,
    branch: 'Jalgaon',
    city: 'Jalgaon',
    pincode: '425001',
    addressLine1: '21 Navi Peth',
    firstName: 'Rohit',
    lastName: 'Patil',
    email: `amazon.${stamp}@example.in`,
    phone: `6${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { companyId } = await companyAndBranch(page, maharashtraGstin(seed, 'AMZ'));

  // A product whose SKU Amazon sells (10 in stock), and the buyer Amazon orders are placed for.
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0] as {
    id: number;
    name: string;
  };
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst5 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 5,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Sarees' });
  const sku = `SAR-${stamp}`.toUpperCase();
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Cotton Saree ${stamp}`,
    sku,
    category: category.body.id,
    mrp: 1800,
    selling_price: 1050,
    tax: gst5?.id,
    warehouse: warehouse.id,
    opening_stock: 10,
    opening_rate: 600,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Amazon Customers ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'consumer',
    billing_address: { address_line_1: '1 Station Road', city: 'Jalgaon', state_id: 27, pincode: '425002' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);

  // Configured but not connected: the Connect button, an empty sync log.
  await page.goto('/amazon-seller-login');
  await expect(page.getByRole('heading', { name: 'Amazon Seller', level: 2 })).toBeVisible();
  await expect(page.getByText('No import or stock push yet.')).toBeVisible();

  // Connect: Seller Central's consent page sends the browser back to /amazon-authentication,
  // which finishes the connection and opens /amazon-seller-login.
  const authentication = page.waitForURL(/\/amazon-authentication\?/);
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await authentication;
  await expect(page).toHaveURL(/\/amazon-seller-login$/, { timeout: 20_000 });
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(`Selling partner ${amazon.sellerId}`)).toBeVisible();
  await expect(
    page.getByText('Choose the buyer and the warehouse of Amazon orders, then import.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import orders' })).toBeDisabled();
  await dismissToasts(page);

  // The buyer and the warehouse of Amazon orders.
  await page.getByLabel('Buyer of Amazon orders').fill(buyerName);
  await page.getByRole('option', { name: buyerName }).click();
  await pick(page, page, 'Warehouse', warehouse.name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Amazon settings saved.')).toBeVisible();
  await dismissToasts(page);
  await expect(
    page.getByText('Choose the buyer and the warehouse of Amazon orders, then import.'),
  ).toHaveCount(0);

  // Amazon has an unshipped order of 3 sarees.
  const amazonOrderId = `171-${String(Date.now()).slice(-7)}-${String(seed).padStart(7, '0')}`;
  amazon.orders.push({
    AmazonOrderId: amazonOrderId,
    PurchaseDate: new Date(Date.now() - 3600_000).toISOString(),
    LastUpdateDate: new Date(Date.now() - 1800_000).toISOString(),
    OrderStatus: 'Unshipped',
    items: [
      {
        SellerSKU: sku,
        Title: `Cotton Saree ${stamp}`,
        QuantityOrdered: 3,
        ItemPrice: { CurrencyCode: 'INR', Amount: '3150.00' },
      },
    ],
  });
  await page.getByRole('button', { name: 'Import orders' }).click();
  await expect(page.getByText('1 order imported, 0 already imported, 0 not imported.')).toBeVisible();
  await dismissToasts(page);
  const log = page.getByRole('table', { name: 'Amazon sync log' });
  const importRow = log.getByRole('row').filter({ hasText: 'Order import' });
  await expect(importRow).toContainText('By hand');
  await expect(importRow).toContainText('OK');
  await expect(importRow).toContainText('1 imported, 0 already imported, 0 not imported');
  await expect(page.getByText(/orders count under the Amazon sales channel/)).toBeVisible();

  // The order is in /orders, under the Amazon sales channel, confirmed.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const orderRow = page.getByRole('row').filter({ hasText: buyerName });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText('Confirmed');
  await expect(orderRow).toContainText('1 item');
  await orderRow.getByRole('link').first().click();
  await expect(page.getByText('Sales Channel', { exact: true }).locator('xpath=..')).toContainText('Amazon');
  await expect(page.getByText('Reference', { exact: true }).locator('xpath=..')).toContainText(amazonOrderId);

  // Stock reserved: of 10 on hand, 3 are the Amazon order's, so Amazon is told 7.
  await page.goto('/amazon-seller-login');
  const before = amazon.requests.length;
  await page.getByRole('button', { name: 'Sync stock' }).click();
  await expect(page.getByText('1 listing updated, 0 refused.')).toBeVisible();
  await dismissToasts(page);
  const patch = amazon.requests.slice(before).find((r) => r.method === 'PATCH' && r.path.includes(sku));
  expect(patch?.path).toContain(`/listings/2021-08-01/items/${amazon.sellerId}/${sku}?`);
  expect(patch?.body).toMatchObject({
    patches: [{ value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 7 }] }],
  });
  // (The stock watch may push the reserved stock by itself too, a row 'Stock changed'.)
  const pushRow = log.getByRole('row').filter({ hasText: 'Stock push' }).filter({ hasText: 'By hand' });
  await expect(pushRow).toContainText('OK');
  await expect(pushRow).toContainText('1 updated, 0 refused');
  await expect(log.locator('tbody').getByText('Problems', { exact: true })).toHaveCount(0);

  // A second import finds the order imported already: no second order.
  await page.getByRole('button', { name: 'Import orders' }).click();
  await expect(page.getByText(/order(s)? imported, \d+ already imported/)).toBeVisible();
  await dismissToasts(page);
  const orders = await callApiAsUser(page, 'GET', `admin/companies/${companyId}/orders?limit=10`);
  expect(orders.status, JSON.stringify(orders.body)).toBe(200);
  expect(orders.body.count).toBe(1);
});
