// The buying side end to end (issue 19): a seller's bill for two products entered on the form, one
// line with a batch, saved and received (stock rises, the batch is on the product); one unit goes
// back to the seller (the debit note comes off the bill); the rest is paid with TDS from the bill's
// page; the bill is Paid and the seller's ledger closes at zero. The purchase reports follow it:
// Amount Payables owes the seller the balance, then nothing; Payment To Seller shows the payment and its TDS.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** Opens a report from the Reports side panel by its title: the report engine's page, its table named by the title. */
async function openReport(page: Page, group: string, title: string) {
  await page.getByRole('button', { name: 'Reports' }).click();
  await page.getByRole('navigation', { name: group }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  return page.getByRole('table', { name: title });
}

/** WCAG 2 A and AA problems axe rates serious or critical, one line each. */
async function seriousProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${new URL(page.url()).pathname} ${violation.id}: ${node.failureSummary ?? ''} (${node.html.slice(0, 120)})`,
      ),
    );
}

test('purchase journey: bill with a batch received, one unit returned, the rest paid with TDS, the seller’s ledger at zero', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndVerify(page, {
    company: `Purchase Co ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Anil',
    lastName: 'Deshpande',
    email: `purchase.${stamp}@example.in`,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst = (rate: number) =>
    (taxes.body.results as { id: number; type: string; rate: number }[]).find(
      (t) => t.type === 'gst' && t.rate === rate,
    )?.id;
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const product = async (name: string, sku: string, tax: number | undefined, hsn: string) => {
    const made = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      name,
      sku,
      category: category.body.id,
      mrp: 3000,
      selling_price: 2500,
      tax,
      hsn,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: number; name: string };
  };
  const fan = await product(`Ceiling Fan ${stamp}`, `CF-${stamp}`, gst(18), '84145110');
  const lamp = await product(`Table Lamp ${stamp}`, `TL-${stamp}`, gst(12), '94052000');
  const sellerName = `Bengaluru Electricals ${stamp}`;
  const seller = await callApiAsUser(page, 'POST', `companies/${companyId}/sellers`, {
    name: sellerName,
    gst_number: '29AAACI1195H1ZI',
    billing_address: {
      address_line_1: '8 Residency Road',
      city: 'Bengaluru',
      state_id: 29,
      pincode: '560025',
    },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const problems: string[] = [];

  // Batches on, and TDS under 194C at 1%, as the owner sets them up.
  await page.goto('/configurations');
  await page
    .getByRole('region', { name: 'Batch Configuration' })
    .getByRole('switch', { name: 'Enable Batch Configuration' })
    .dispatchEvent('click');
  await expect(page.getByText('Configurations updated successfully.')).toBeVisible();
  await page.goto('/company');
  await page.getByRole('switch', { name: 'Deduct TDS on payments made' }).check();
  await page.getByRole('textbox', { name: 'Rate (%)' }).fill('1');
  await page.getByRole('button', { name: 'Save TDS Configuration' }).click();
  await expect(page.getByText('TDS configuration updated successfully.')).toBeVisible();

  // The bill: 2 fans at 1,000 (18%) in batch FAN-B1 and 3 lamps at 500 (12%), from Karnataka (IGST).
  const billNumber = `KA/${stamp.slice(-6)}`;
  await page.goto('/bills/new');
  const form = page.getByRole('form', { name: 'New Bill' });
  await form.getByRole('combobox', { name: 'Seller' }).fill('Bengaluru');
  await page.getByRole('option', { name: sellerName }).click();
  await form.getByRole('textbox', { name: 'Bill Number' }).fill(billNumber);
  await form.getByRole('combobox', { name: 'Product 1' }).fill('Ceiling');
  await page.getByRole('option', { name: fan.name }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  await form.getByRole('textbox', { name: 'Rate 1' }).fill('1000');
  await form.getByRole('textbox', { name: 'Batch Number 1' }).fill('FAN-B1');
  await form.getByRole('button', { name: 'Add Line' }).click();
  await form.getByRole('combobox', { name: 'Product 2' }).fill('Table');
  await page.getByRole('option', { name: lamp.name }).click();
  await form.getByRole('textbox', { name: 'Quantity 2' }).fill('3');
  await form.getByRole('textbox', { name: 'Rate 2' }).fill('500');
  const totals = form.getByLabel('Bill totals');
  await expect(totals.getByLabel('IGST')).toHaveText('₹540.00');
  await expect(totals.getByLabel('Total')).toHaveText('₹4,040.00');
  problems.push(...(await seriousProblems(page)));
  await form.getByRole('button', { name: 'Save and Receive' }).click();
  await expect(page.getByText('Bill received.')).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/\d+$/);
  const billUrl = page.url();
  await expect(page.getByLabel('Balance Due')).toHaveText('₹4,040.00');

  // Stock rose: 2 fans, in batch FAN-B1.
  await page.goto(`/products/${fan.id}`);
  const stock = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(stock.getByRole('row', { name: new RegExp(`${warehouse?.name}\\s*2`) })).toBeVisible();
  await expect(page.getByText('FAN-B1').first()).toBeVisible();

  // One fan goes back: the debit note (1,000 + IGST 180) comes off the bill.
  await page.goto(billUrl);
  await page.getByRole('button', { name: 'Return Goods' }).click();
  const returnForm = page.getByRole('form', { name: 'Return Goods' });
  const lines = returnForm.getByRole('table', { name: 'Lines to return' });
  await lines.getByRole('textbox', { name: `Return quantity of ${fan.name}` }).fill('1');
  await returnForm.getByRole('textbox', { name: 'Reason' }).fill('Blade cracked in transit');
  problems.push(...(await seriousProblems(page)));
  await returnForm.getByRole('button', { name: 'Return Goods' }).click();
  await expect(page.getByText('Purchase return created.')).toBeVisible();
  const noteCard = page.getByLabel('Debit note');
  await expect(noteCard.getByText(/DN\/\d{4}\/00001/)).toBeVisible();
  await expect(noteCard.getByText('₹1,180.00').first()).toBeVisible();
  await page.goto(`/products/${fan.id}`);
  await expect(stock.getByRole('row', { name: new RegExp(`${warehouse?.name}\\s*1`) })).toBeVisible();

  // Amount Payables (real time): we owe the seller the bill's balance, 2,860; its name opens the seller.
  const payables = await openReport(page, 'Business Reports', 'Amount Payables');
  await expect(page.getByText('Real time', { exact: true })).toBeVisible();
  await pick(page, page, 'Seller', sellerName);
  await expect(page).toHaveURL(/seller=\d+/);
  const owed = payables.getByRole('row', { name: new RegExp(sellerName) });
  await expect(owed).toContainText('₹2,860.00');
  await expect(owed.getByRole('link', { name: sellerName })).toHaveAttribute(
    'href',
    `/sellers/${seller.body.id}`,
  );
  problems.push(...(await seriousProblems(page)));

  // The rest (2,860) paid from the bill's page: TDS 1% of its taxable share (2,477.72) = 25.
  await page.goto(billUrl);
  await expect(page.getByLabel('Balance Due')).toHaveText('₹2,860.00');
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('form', { name: 'Record Payment Made' });
  await expect(dialog.getByLabel('TDS')).toContainText('₹25.00');
  await pick(page, dialog, 'Payment Method', 'Cash');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  await expect(page.getByLabel('Balance Due')).toHaveText('₹0.00');
  await expect(page.getByLabel('TDS Deducted')).toHaveText('₹25.00');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(
    page.getByRole('table', { name: 'Payments made' }).getByText(/PAY\/\d{4}\/00001/),
  ).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // Payment To Seller: the payment of 2,860 with TDS 25, net paid 2,835; nothing is owed any more.
  const payments = await openReport(page, 'Purchase Reports', 'Payment To Seller');
  const paid = payments.getByRole('row', { name: new RegExp(sellerName) });
  await expect(paid).toContainText('₹2,860.00');
  await expect(paid).toContainText('₹25.00');
  await expect(paid).toContainText('₹2,835.00');
  await expect(page.getByRole('figure', { name: 'Payment To Seller chart' })).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await openReport(page, 'Business Reports', 'Amount Payables');
  await expect(
    page.getByText('Nothing is owed to sellers. Received bills with a balance show here.'),
  ).toBeVisible();

  // The seller's ledger: the bill, the debit note, the payment and its TDS; nothing owed.
  await page.goto(`/sellers/${seller.body.id}`);
  await page.getByRole('tab', { name: 'Ledger' }).click();
  await expect(page.getByLabel('Closing balance')).toContainText('₹0.00');
  problems.push(...(await seriousProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
});
