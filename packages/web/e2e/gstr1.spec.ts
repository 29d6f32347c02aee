// GSTR-1: a month with one invoice whose product has no HSN. The screen lists the invoice as a
// problem with a link to the product; the user gives the product its HSN, comes back, the problem
// is gone, the JSON for the portal downloads, and the user marks the month's GSTR-1 filed there.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  callApiAsUser,
  companyAndBranch,
  invoiceOrderThroughApi,
  maharashtraGstin,
  signUpAndVerify,
} from './journeys.ts';

test('GSTR-1: see a document with a problem, fix it, download the JSON', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const seed = Date.now() % 100_000;
  await signUpAndVerify(page, {
    company: `Return Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '9 FC Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `gstr1.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const gstin = maharashtraGstin(seed, 'AAK');
  const { companyId, branchId } = await companyAndBranch(page, gstin);

  // One invoice: 2 routers at ₹1,180 (18%) to a registered buyer in Maharashtra; the product has no HSN.
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Networking',
  });
  const productName = `Wi-Fi Router ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `WR-${stamp}`,
    category: category.body.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    warehouse: warehouse?.id,
    opening_stock: 10,
    opening_rate: 700,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerGstin = maharashtraGstin(seed + 1, 'AAK');
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Deccan Networks ${stamp}`,
    gst_number: buyerGstin,
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

  // The month's return: B2B holds the invoice (₹2,000 taxable, ₹180 + ₹180), and the invoice is a problem.
  await page.goto('/reports/gst/gstr-1');
  await expect(page.getByRole('heading', { name: 'GSTR-1' })).toBeVisible();
  await expect(page.getByLabel('GSTIN', { exact: true })).toHaveValue(new RegExp(gstin));
  const sections = page.getByRole('table', { name: 'GSTR-1 sections' });
  const b2b = sections.getByRole('row', { name: /B2B Invoices/ });
  await expect(b2b).toContainText('₹2,000.00');
  await expect(b2b).toContainText('₹180.00');
  const problems = page.getByRole('table', { name: 'Documents with problems' });
  const problem = problems.getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(problem).toContainText('The HSN code is missing');

  // Fix it: the link opens the product's edit form.
  await problem.getByRole('link', { name: 'Fix product' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.body.id}/edit`));
  await page.getByLabel('HSN Code').fill('85176290');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.body.id}$`));

  // Back on GSTR-1 the problem is gone.
  await page.goto('/reports/gst/gstr-1');
  await expect(page.getByText('No problems found')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents with problems' })).toHaveCount(0);

  // The JSON for the portal.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^GSTR1_${gstin}_\\d{6}\\.json$`));
  const json = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(json.gstin).toBe(gstin);
  expect(json.b2b).toEqual([
    {
      ctin: buyerGstin,
      inv: [
        expect.objectContaining({
          inum: invoiceNumber,
          val: 2360,
          pos: '27',
          itms: [{ num: 1801, itm_det: { rt: 18, txval: 2000, iamt: 0, camt: 180, samt: 180, csamt: 0 } }],
        }),
      ],
    },
  ]);
  expect(json.hsn.hsn_b2b).toEqual([expect.objectContaining({ hsn_sc: '85176290', qty: 2, txval: 2000 })]);

  // Filed on the portal: mark the month filed from GSTR-1; the invoice dated in it is locked.
  await expect(page.getByText('GSTR-1 not filed')).toBeVisible();
  await page.getByRole('button', { name: 'Mark GSTR-1 filed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark filed' }).click();
  await expect(page.getByTestId('gstr1-filed')).toHaveText('GSTR-1 filed');
  await expect(page.getByText(/Marked filed on \d{2}\/\d{2}\/\d{4} by Meera Joshi/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen GSTR-1' })).toBeVisible();
  const cancel = await callApiAsUser(page, 'POST', `admin/invoices/${invoice.id}/cancel`, {});
  expect(cancel.status).toBe(409);
  expect(String(cancel.body.detail)).toMatch(
    /^GSTR-1 for \w+ \d{4} is filed: documents dated in it cannot be changed/,
  );
});
