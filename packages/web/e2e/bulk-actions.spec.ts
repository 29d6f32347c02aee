import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** Expects a 2xx answer and hands back its body. */
async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await callApiAsUser(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Ticks the 'Select row' box of the list row that shows `text`. */
async function selectRow(page: Page, table: string, text: string) {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
  await row.getByRole('checkbox', { name: 'Select row' }).check();
}

/** At phone width the bulk bar wraps: every action stays on screen and usable. */
async function fitsAPhone(page: Page, names: string[]) {
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of names) {
    const button = bar.getByRole('button', { name });
    await expect(button).toBeInViewport();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} fits 390 px`).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test('bulk actions: two invoices downloaded as one PDF, two shipments marked shipped then delivered from the list; the bulk bar fits a phone', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Deccan Lamps ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Neha',
    lastName: 'Joshi',
    email: `bulk.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world, through the API: a lamp with stock, a buyer, two confirmed orders, each invoiced
  // and shipped in full.
  const me = await ok(page, 'GET', 'me/');
  const companyId = (me.company as { id: number }).id;
  const warehouses = await ok(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.results as { id: number; branch: { id: number } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const taxes = await ok(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await ok(page, 'POST', `companies/${companyId}/categories`, { name: 'Lamps' });
  const lamp = await ok(page, 'POST', `companies/${companyId}/products`, {
    name: `Desk Lamp ${stamp}`,
    sku: `DL-${stamp}`,
    category: category.id,
    mrp: 900,
    selling_price: 590,
    tax: gst18?.id,
    hsn: '94052010',
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 300,
  });
  const buyer = await ok(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Shivaji Electricals ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '3 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
    addSameAsBilling: true,
  });
  const addresses = buyer.addresses as { id: number; address_type: string }[];
  const address = (type: string) => addresses.find((a) => a.address_type === type)?.id ?? addresses[0]?.id;

  const invoices: { id: number; number: string }[] = [];
  const shipments: string[] = [];
  for (const quantity of [1, 2]) {
    const quotation = await ok(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
      buyer: buyer.id,
      branch: warehouse.branch.id,
      billing_address: address('billing_address'),
      shipping_address: address('shipping_address'),
      items: [{ product: lamp.id, warehouse: warehouse.id, quantity }],
    });
    const order = await ok(page, 'POST', `admin/quotations/${quotation.id}/generate_order/`, {});
    const confirmed = await ok(page, 'POST', `admin/orders/${order.id}/confirm/`);
    const items = (confirmed.order_items as { id: number; invoiceable_quantity: number }[]).map((item) => ({
      order_item: item.id,
      quantity: item.invoiceable_quantity,
    }));
    const invoice = await ok(page, 'POST', `admin/orders/${order.id}/generate_invoice/`, { items });
    invoices.push({ id: invoice.id as number, number: invoice.invoice_number as string });
    const proposal = await ok(page, 'GET', `admin/invoices/${invoice.id}/initiate_shipment/`);
    const lines = (proposal.items as { invoice_item: number; shippable_quantity: number }[]).map((line) => ({
      invoice_item: line.invoice_item,
      quantity: line.shippable_quantity,
    }));
    const shipment = await ok(page, 'POST', `admin/invoices/${invoice.id}/shipments`, { items: lines });
    shipments.push(shipment.shipment_number as string);
  }

  // Invoices: tick both, one PDF of the two.
  await page.goto('/invoices');
  for (const invoice of invoices) await selectRow(page, 'Invoices', invoice.number);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  const pdfAnswer = page.waitForResponse((r) =>
    r.url().endsWith(`/companies/${companyId}/invoices/bulk_pdf`),
  );
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Download PDF' }).click();
  const answer = await pdfAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({
    ids: invoices.map((invoice) => invoice.id),
  });
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.pdf$/);
  // The file the browser saved is the PDF (the answer's body went to the download).
  const pdf = await readFile(await saved.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2000);
  const problems = await seriousProblems(page, '/invoices with a selection:');

  await fitsAPhone(page, ['Download PDF', 'Send by e-mail', 'Export selected', 'Clear selection']);

  // Shipments: both scheduled; mark them shipped (no question), then delivered (asked first).
  await page.goto('/shipments');
  for (const number of shipments) await selectRow(page, 'Shipments', number);
  const shipmentBar = page.getByRole('region', { name: 'Bulk actions' });
  await fitsAPhone(page, ['Export selected', 'Mark as …', 'Clear selection']);
  await shipmentBar.getByRole('button', { name: 'Mark as …' }).click();
  await page.getByRole('menuitem', { name: 'Mark Shipped' }).click();
  const changed = page.getByText('2 shipments changed.');
  await expect(changed).toBeVisible();
  await expect(shipmentBar).toBeHidden();
  // The next change toasts the same sentence: the first toast closes first.
  await page.getByRole('button', { name: 'Close notification' }).first().click();
  await expect(changed).toBeHidden();

  for (const number of shipments) await selectRow(page, 'Shipments', number);
  await shipmentBar.getByRole('button', { name: 'Mark as …' }).click();
  await page.getByRole('menuitem', { name: 'Mark Delivered' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark Delivered' });
  await expect(confirm.getByText('Mark 2 shipments as Delivered? This cannot be undone.')).toBeVisible();
  problems.push(...(await seriousProblems(page, "dialog 'Mark Delivered':")));
  await confirm.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(changed).toBeVisible();
  const table = page.getByRole('table', { name: 'Shipments' });
  for (const number of shipments) {
    await expect(table.getByRole('row').filter({ hasText: number }).getByText('Delivered')).toBeVisible();
  }
  problems.push(...(await seriousProblems(page, '/shipments after the change:')));
  expect(problems).toEqual([]);
});
