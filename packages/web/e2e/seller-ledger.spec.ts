// Seller ledger and contra (issue 19): a party that is both our buyer and our seller (unregistered,
// one phone number); our invoice to them is set off against their bill to us from the invoice page,
// both documents show it, and the seller's Ledger tab shows the bill, the adjustment and a zero
// balance, with the PDF statement downloaded.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await callApiAsUser(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Record<string, any>;
}

/** WCAG 2 A and AA problems axe rates serious or critical, one line each. */
async function seriousProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${new URL(page.url()).pathname} ${violation.id}: ${node.html.slice(0, 120)}`,
      ),
    );
}

test('contra journey: an invoice set off against the same party’s bill, seen on both documents and in the seller ledger', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Contra Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '8 JM Road',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: `contra.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world, through the API: a product with stock, the party as buyer and as seller (one phone),
  // their bill to us (1,180, received) and our invoice to them (2 x 1,180 = 2,360).
  const me = await ok(page, 'GET', 'me/');
  const companyId = (me.company as { id: number }).id;
  const warehouses = await ok(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.results as { id: number; branch: { id: number } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const taxes = await ok(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await ok(page, 'POST', `companies/${companyId}/categories`, { name: 'Pumps' });
  const pump = await ok(page, 'POST', `companies/${companyId}/products`, {
    name: `Water Pump ${stamp}`,
    sku: `WP-${stamp}`,
    category: category.id,
    mrp: 1500,
    selling_price: 1180,
    tax: gst18?.id,
    hsn: '84137010',
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 800,
  });
  const phone = `9${String(Date.now()).slice(-9)}`;
  const partyName = `Kulkarni Pumps ${stamp}`;
  const buyer = await ok(page, 'POST', `companies/${companyId}/buyers`, {
    name: partyName,
    buyer_type: 'unregistered',
    phone,
    billing_address: { address_line_1: '3 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
    addSameAsBilling: true,
  });
  const seller = await ok(page, 'POST', `companies/${companyId}/sellers`, {
    name: `${partyName} Supply`,
    phone,
    billing_address: { address_line_1: '3 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
  });
  const billNumber = `KP/${stamp.slice(-6)}`;
  const bill = await ok(page, 'POST', `admin/companies/${companyId}/bills`, {
    seller: seller.id,
    branch: warehouse.branch.id,
    warehouse: warehouse.id,
    bill_number: billNumber,
    bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [{ product: pump.id, quantity: 1, rate: 1000, tax_rate: 18 }],
  });
  await ok(page, 'POST', `admin/bills/${bill.id}/receive`);
  const addresses = buyer.addresses as { id: number; address_type: string }[];
  const address = (type: string) => addresses.find((a) => a.address_type === type)?.id ?? addresses[0]?.id;
  const quotation = await ok(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
    buyer: buyer.id,
    branch: warehouse.branch.id,
    billing_address: address('billing_address'),
    shipping_address: address('shipping_address'),
    items: [{ product: pump.id, warehouse: warehouse.id, quantity: 2 }],
  });
  const order = await ok(page, 'POST', `admin/quotations/${quotation.id}/generate_order/`, {});
  const confirmed = await ok(page, 'POST', `admin/orders/${order.id}/confirm/`);
  const items = (confirmed.order_items as { id: number; invoiceable_quantity: number }[]).map((item) => ({
    order_item: item.id,
    quantity: item.invoiceable_quantity,
  }));
  const invoice = await ok(page, 'POST', `admin/orders/${order.id}/generate_invoice/`, { items });
  const problems: string[] = [];

  // The invoice page: Adjust Against Purchase lists the party's open bill, filled with its balance.
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Adjust Against Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust Against Purchase' });
  await expect(dialog.getByRole('table', { name: 'Open bills of the seller' })).toContainText(billNumber);
  await expect(
    dialog.getByRole('textbox', { name: `Amount to adjust against bill ${billNumber}` }),
  ).toHaveValue('1180');
  problems.push(...(await seriousProblems(page)));
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(page.getByText(/Invoice adjusted against purchase successfully/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Payment' }).click();
  await expect(page.getByText(`Adjusted against purchase bill ${billNumber}`)).toBeVisible();

  // The bill: paid, with the invoice it was set against.
  await page.goto(`/bills/${bill.id}`);
  await expect(page.getByText(`Adjusted against invoice ${invoice.invoice_number}`)).toBeVisible();
  await expect(page.getByLabel('Balance Due')).toHaveText('₹0.00');

  // The seller's Ledger tab: the bill, the adjustment, nothing owed; the PDF statement downloads.
  await page.goto(`/sellers/${seller.id}`);
  await page.getByRole('tab', { name: 'Ledger' }).click();
  const ledger = page.getByRole('table', { name: `Ledger of ${partyName} Supply` });
  await expect(ledger).toContainText('Adjusted against invoice');
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(page.getByLabel('Closing balance')).toHaveText('₹0.00 Cr');
  await expect(page.getByText('Nothing is owed either way at the end of the period.')).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF statement' }).click();
  expect((await download).suggestedFilename()).toMatch(/statement\.pdf$/);

  // The ledger at phone width: the page does not scroll sideways (the table scrolls in its box).
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  expect(problems).toEqual([]);
});
