// GSTR-3B: a month with one intra-state invoice. The screen shows it in 3.1(a); a click on the
// figure lists the invoice behind it with a link to it; the user marks the return filed, sees the
// filed state, and the server then refuses to cancel the invoice dated in the filed month.
import { expect, test } from '@playwright/test';
import {
  callApiAsUser,
  companyAndBranch,
  dismissToasts,
  invoiceOrderThroughApi,
  maharashtraGstin,
  signUpAndVerify,
} from './journeys.ts';

test('GSTR-3B: open a month, trace a figure to its documents, mark the return filed', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const seed = Date.now() % 100_000;
  await signUpAndVerify(page, {
    company: `Summary Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '14 Law College Road',
    firstName: 'Anil',
    lastName: 'Deshmukh',
    email: `gstr3b.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const gstin = maharashtraGstin(seed, 'ABQ');
  const { companyId, branchId } = await companyAndBranch(page, gstin);

  // One invoice: 2 printers at ₹1,180 (18%) to a registered buyer in Maharashtra: ₹2,000 + ₹180 + ₹180.
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Printers',
  });
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Laser Printer ${stamp}`,
    sku: `LP-${stamp}`,
    category: category.body.id,
    hsn: '84433100',
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    warehouse: warehouse?.id,
    opening_stock: 10,
    opening_rate: 700,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Kothrud Offices ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    gst_number: maharashtraGstin(seed + 7, 'ABQ'),
    billing_address: { address_line_1: '3 Karve Road', city: 'Pune', state_id: 27, pincode: '411004' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const invoice = await invoiceOrderThroughApi(page, {
    companyId,
    branchId,
    buyer: buyer.body,
    items: [{ product: product.body.id, warehouse: warehouse?.id, quantity: 2 }],
  });
  const invoiceNumber = invoice.invoice_number;

  // This month's return: 3.1(a) holds the invoice, and 6.1 asks for the tax in cash (no ITC).
  await page.goto('/reports/gst/gstr-3b');
  await expect(page.getByRole('heading', { name: 'GSTR-3B', exact: true })).toBeVisible();
  await expect(page.getByLabel('GSTIN', { exact: true })).toHaveValue(new RegExp(gstin));
  const outward = page.getByRole('table', { name: /3\.1 Outward supplies/ });
  const taxable = outward.getByRole('row', { name: /\(a\) Outward taxable supplies/ });
  await expect(taxable).toContainText('₹2,000.00');
  await expect(taxable).toContainText('₹180.00');
  const payment = page.getByRole('table', { name: '6.1 Payment of tax' });
  await expect(payment.getByRole('row', { name: /^Central tax ₹/ })).toContainText('₹180.00');

  // The figure's documents: the invoice, linking to it.
  await taxable.getByRole('button', { name: /^2000\.00: show the documents/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('3.1(a) Outward taxable supplies');
  const documents = drawer.getByRole('table', { name: 'Documents behind the figure' });
  const row = documents.getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText(buyerName);
  await expect(row).toContainText('₹2,000.00');
  await expect(row.getByRole('link', { name: invoiceNumber })).toHaveAttribute(
    'href',
    new RegExp(`/invoices/${invoice.id}$`),
  );
  await page.getByRole('button', { name: 'Close documents' }).click();
  await expect(documents).toHaveCount(0);

  // Mark the return filed: the badge says so, and the invoice dated in the month is locked.
  await expect(page.getByText('GSTR-3B not filed')).toBeVisible();
  await page.getByRole('button', { name: 'Mark GSTR-3B filed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark filed' }).click();
  await expect(page.getByTestId('gstr3b-filed')).toHaveText('GSTR-3B filed');
  await expect(page.getByText(/Marked filed on \d{2}\/\d{2}\/\d{4} by Anil Deshmukh/)).toBeVisible();
  await dismissToasts(page);
  await expect(page.getByRole('button', { name: 'Reopen GSTR-3B' })).toBeVisible();
  const cancel = await callApiAsUser(page, 'POST', `admin/invoices/${invoice.id}/cancel`, {});
  expect(cancel.status).toBe(409);
  expect(String(cancel.body.detail)).toMatch(
    /^GSTR-3B for \w+ \d{4} is filed: documents dated in it cannot be changed/,
  );
});
