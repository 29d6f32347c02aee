// Tally export: a month with one invoice and one inventory adjustment whose product has no Tally
// name. The screen lists both with a link to the product; the user gives the product its Tally
// name, comes back, the check passes, and the vouchers file downloads with the invoice as a Sales
// voucher and the adjustment as a Stock Journal.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { callApiAsUser, companyAndBranch, invoiceOrderThroughApi, signUpAndVerify } from './journeys.ts';

test('Tally export: see a missing Tally name, fix it, download the vouchers', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signUpAndVerify(page, {
    company: `Ledger Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '9 FC Road',
    firstName: 'Anil',
    lastName: 'Kulkarni',
    email: `tally.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { companyId, branchId } = await companyAndBranch(page);

  // The branch's Tally ledgers and its godown's Tally name.
  const ledgers = await callApiAsUser(page, 'PUT', `v1/branches/${branchId}/ledger-mappings/update`, {
    ledger_mappings: {
      sales: 'Sales GST',
      output_cgst: 'Output CGST',
      output_sgst: 'Output SGST',
      round_off: 'Round Off',
    },
  });
  expect(ledgers.status, JSON.stringify(ledgers.body)).toBe(200);
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const godown = await callApiAsUser(page, 'PATCH', `warehouses/${warehouse?.id}`, {
    tally_warehouse_name: 'Main Godown',
  });
  expect(godown.status, JSON.stringify(godown.body)).toBe(200);

  // One invoice: 2 lamps at ₹1,180 (18%) to a buyer in Maharashtra; the lamp has no Tally name.
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Lighting',
  });
  const productName = `Desk Lamp ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `DL-${stamp}`,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    hsn: '9405',
    warehouse: warehouse?.id,
    opening_stock: 10,
    opening_rate: 700,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Kothrud Lights ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '3 JM Road', city: 'Pune', state_id: 27, pincode: '411004' },
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
  // One lamp found damaged: a stock journal taking it out of the godown at its opening rate.
  const adjustment = await callApiAsUser(page, 'POST', `companies/${companyId}/inventory_adjustments`, {
    warehouse: warehouse?.id,
    reason: 'stock_damaged',
    lines: [{ product: product.body.id, quantity: -1 }],
  });
  expect(adjustment.status, JSON.stringify(adjustment.body)).toBe(201);
  const adjustmentNumber: string = adjustment.body.number;

  // The check lists the invoice: its product has no Tally name. The vouchers cannot be downloaded yet.
  await page.goto('/reports/tally-export');
  await expect(page.getByRole('heading', { name: 'Tally Export' })).toBeVisible();
  const missing = page.getByRole('table', { name: 'Documents missing Tally names' });
  const row = missing.getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText(`Product ${productName} has no Tally name.`);
  const adjustmentRow = missing.getByRole('row', { name: new RegExp(adjustmentNumber) });
  await expect(adjustmentRow).toContainText('Inventory Adjustment');
  await expect(adjustmentRow).toContainText(`Product ${productName} has no Tally name.`);
  await expect(page.getByRole('button', { name: 'Download vouchers' })).toBeDisabled();
  await expect(
    page.getByText("Tally is not configured: set TALLY_URL to your Tally's address (port 9000)."),
  ).toBeVisible();

  // Fix it: the link opens the product's edit form.
  await row.getByRole('link', { name: 'Set the product’s Tally name' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.body.id}/edit`));
  await page.getByLabel('Tally Product Name').fill('Desk Lamp LED');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.body.id}$`));

  // Back on the export the check passes and the vouchers download.
  await page.goto('/reports/tally-export');
  await expect(page.getByText('Ready for Tally')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents missing Tally names' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download vouchers' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^tally-vouchers-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xml$/,
  );
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
  expect(xml).toContain('VCHTYPE="Sales" ACTION="Create"');
  expect(xml).toContain(`<VOUCHERNUMBER>${invoiceNumber}</VOUCHERNUMBER>`);
  expect(xml).toContain('<STOCKITEMNAME>Desk Lamp LED</STOCKITEMNAME>');
  expect(xml).toContain('<GODOWNNAME>Main Godown</GODOWNNAME>');
  // 2 × ₹1,000 taxable + ₹180 CGST + ₹180 SGST = ₹2,360 debited to the buyer.
  expect(xml).toContain('<AMOUNT>-2360.00</AMOUNT>');
  expect(xml).toContain('<LEDGERNAME>Output CGST</LEDGERNAME>');
  const journal = /<VOUCHER [^>]*VCHTYPE="Stock Journal"[\s\S]*?<\/VOUCHER>/.exec(xml)?.[0] ?? '';
  expect(journal).toContain(`<VOUCHERNUMBER>${adjustmentNumber}</VOUCHERNUMBER>`);
  expect(journal).toContain('<INVENTORYENTRIESOUT.LIST>\n<STOCKITEMNAME>Desk Lamp LED</STOCKITEMNAME>');
  // The lamp at its opening rate, ₹700.
  expect(journal).toContain('<AMOUNT>700.00</AMOUNT>');
});
