// Zoho Books (issue 26): the owner connects Zoho Books on /connect-zoho through the consent page of
// a local stand-in of Zoho's accounts server, chooses the organisation and what is pushed, makes an
// invoice, syncs, sees the push in the sync log (and the stand-in has the invoice), and disconnects.
// The app's server reads ZOHO_CLIENT_ID, ZOHO_ACCOUNTS_URL and ZOHO_API_URL (scripts/e2e.mjs points
// both URLs at E2E_PORT + 1001, with the client id and secret the stand-in knows).
import { expect, test } from '@playwright/test';
import { startZohoStandIn, type ZohoStandIn } from '../../server/test/zoho-books-stand-in.ts';
import {
  callApiAsUser,
  companyAndBranch,
  dismissToasts,
  invoiceOrderThroughApi,
  maharashtraGstin,
  pick,
  signUpAndVerify,
} from './journeys.ts';

const accountsUrl = process.env.ZOHO_ACCOUNTS_URL ?? '';
let standIn: ZohoStandIn | undefined;

test.beforeAll(async () => {
  const url = new URL(accountsUrl || 'http://127.0.0.1:0');
  const port = Number(url.port);
  if (url.hostname === '127.0.0.1' && port > 0) standIn = await startZohoStandIn({ port });
});
test.afterAll(async () => {
  await standIn?.close();
});

test('Zoho Books: connect through the consent page, choose the organisation, sync an invoice, disconnect', async ({
  page,
}) => {
  test.setTimeout(180_000);
  test.skip(!standIn, 'ZOHO_ACCOUNTS_URL must name a local port for the stand-in (scripts/e2e.mjs sets it).');
  const zoho = standIn as ZohoStandIn;
  const stamp = Date.now().toString(36);
  const seed = Date.now() % 100_000;
  await signUpAndVerify(page, {
    company: `Narmada Books ${stamp}`,
    branch: 'Nagpur',
    city: 'Nagpur',
    pincode: '440001',
    addressLine1: '8 Sitabuldi Main Road',
    firstName: 'Sunita',
    lastName: 'Deshmukh',
    email: `zoho.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { companyId, branchId } = await companyAndBranch(page, maharashtraGstin(seed, 'ZHO'));

  // Configured but not connected: the Connect button, no sync log yet.
  await page.goto('/connect-zoho');
  await expect(page.getByRole('heading', { name: 'Connect Zoho', level: 2 })).toBeVisible();
  await expect(page.getByText('Zoho Books is not configured')).toHaveCount(0);

  // Two organisations in the Zoho account, so the owner chooses one (a lone one is chosen for them).
  zoho.organizations.push({ organization_id: '60098765432', name: `Narmada Books Trial ${stamp}` });

  // Connect: the browser goes to the stand-in's consent page, which sends it back with a code.
  await page.getByRole('button', { name: 'Connect Zoho Books' }).click();
  await expect(page).toHaveURL(/\/connect-zoho$/, { timeout: 20_000 });
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  expect(
    zoho.requests.some((r) => r.path === '/oauth/v2/token' || r.path.startsWith('/oauth/v2/token?')),
  ).toBe(true);
  await expect(page.getByText('Choose the Zoho Books organisation to push to.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();

  // The organisation, and what is pushed: invoices (with their buyers), not credit notes or payments.
  await pick(page, page, 'Zoho Books organisation', 'Zoho Books India Org (60012345678)');
  await page.getByLabel('Credit notes').uncheck({ force: true });
  await page.getByLabel('Payments received').uncheck({ force: true });
  await expect(page.getByLabel('Invoices')).toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Zoho Books settings saved.')).toBeVisible();
  await dismissToasts(page);
  await expect(page.getByText('Choose the Zoho Books organisation to push to.')).toHaveCount(0);
  await expect(page.getByLabel('Credit notes')).not.toBeChecked();
  const saved = await callApiAsUser(page, 'GET', `companies/${companyId}/zoho`);
  expect(saved.body.settings).toMatchObject({
    organization_id: '60012345678',
    push_invoices: true,
    push_credit_notes: false,
    push_payments: false,
  });

  // An invoice of ₹1,180 to a buyer.
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Ledgers',
  });
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Account Book ${stamp}`,
    sku: `AB-${stamp}`,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    warehouse: warehouse?.id,
    opening_stock: 10,
    opening_rate: 700,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Wardha Stationers ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    gst_number: maharashtraGstin(seed + 1, 'ZHO'),
    billing_address: { address_line_1: '3 Bajaj Chowk', city: 'Wardha', state_id: 27, pincode: '442001' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const invoice = await invoiceOrderThroughApi(page, {
    companyId,
    branchId,
    buyer: buyer.body,
    items: [{ product: product.body.id, warehouse: warehouse?.id, quantity: 1 }],
  });

  // Sync now: the buyer goes as a contact, the invoice as an invoice; the sync log shows both.
  await page.reload();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/2 records pushed to Zoho Books/).first()).toBeVisible();
  await dismissToasts(page);
  const log = page.getByRole('table');
  const invoiceRow = log.getByRole('row').filter({ hasText: invoice.invoice_number });
  await expect(invoiceRow).toContainText('Invoice');
  await expect(invoiceRow).toContainText('created');
  await expect(log.getByRole('row').filter({ hasText: 'Contact' })).toContainText(buyerName);
  const pushed = [...zoho.records.invoices.values()].filter(
    (r) => r.invoice_number === invoice.invoice_number,
  );
  expect(pushed).toHaveLength(1);
  await expect(invoiceRow).toContainText(String(pushed[0]?.invoice_id));
  expect([...zoho.records.contacts.values()].some((c) => c.contact_name === buyerName)).toBe(true);
  expect(zoho.records.creditnotes.size + zoho.records.customerpayments.size).toBe(0);
  await expect(page.getByText(/^Last sync .*2 records pushed/)).toBeVisible();

  // Disconnect: the tokens are revoked; what was pushed stays in Zoho.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Zoho Books?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Zoho Books was disconnected. The records pushed stay in Zoho.')).toBeVisible();
  await expect(page.getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Zoho Books' })).toBeVisible();
  expect(zoho.requests.some((r) => r.path.startsWith('/oauth/v2/token/revoke'))).toBe(true);
  expect(zoho.records.invoices.size).toBe(1);
});
