// Bills (issue 19): a seller's bill for two products entered, saved and received; the goods come into stock.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

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

test('bill journey: a Karnataka seller’s bill for two products, IGST worked out live, saved and received, stock risen, voided, stock back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Bill Co ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `bill.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
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
      warehouse: warehouse?.id,
      opening_stock: 10,
      opening_rate: 900,
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

  // The menu's Purchase group leads to Bills; none yet: the empty card names bills.
  await page.goto('/home/overview');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('menuitem', { name: 'Bills' }).click();
  await expect(page).toHaveURL(/\/bills$/);
  await expect(page.getByText('Add a Bill and boost your business')).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/bills\/new$/);

  const form = page.getByRole('form', { name: 'New Bill' });
  await form.getByRole('combobox', { name: 'Seller' }).fill('Bengaluru');
  await page.getByRole('option', { name: sellerName }).click();
  await expect(form.getByText('GSTIN: 29AAACI1195H1ZI')).toBeVisible();
  await form.getByRole('textbox', { name: 'Bill Number' }).fill(`KA/${stamp.slice(-6)}`);
  // One branch and one warehouse: both chosen already; Karnataka to Maharashtra is inter-state.
  await expect(form.getByRole('combobox', { name: 'Receiving Warehouse' })).toHaveValue(
    warehouse?.name ?? '',
  );
  await expect(form.getByText('Another state than the seller: IGST')).toBeVisible();

  await form.getByRole('combobox', { name: 'Product 1' }).fill('Ceiling');
  await page.getByRole('option', { name: fan.name }).click();
  await expect(form.getByRole('textbox', { name: 'HSN 1' })).toHaveValue('84145110');
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('5');
  await form.getByRole('textbox', { name: 'Rate 1' }).fill('1000');
  await form.getByRole('button', { name: 'Add Line' }).click();
  await form.getByRole('combobox', { name: 'Product 2' }).fill('Table');
  await page.getByRole('option', { name: lamp.name }).click();
  await expect(form.getByRole('combobox', { name: 'GST Rate 2' })).toHaveValue('12%');
  await form.getByRole('textbox', { name: 'Quantity 2' }).fill('4');
  await form.getByRole('textbox', { name: 'Rate 2' }).fill('500');
  // 5 x 1,000 at 18% and 4 x 500 at 12%: taxable 7,000, IGST 900 + 240.
  const totals = form.getByLabel('Bill totals');
  await expect(totals.getByLabel('Taxable Value')).toHaveText('₹7,000.00');
  await expect(totals.getByLabel('IGST')).toHaveText('₹1,140.00');
  await expect(totals.getByLabel('Total')).toHaveText('₹8,140.00');
  problems.push(...(await seriousProblems(page)));

  await form.getByRole('button', { name: 'Save and Receive' }).click();
  await expect(page.getByText('Bill received.')).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/\d+$/);
  await expect(page.getByRole('heading', { name: `Bill KA/${stamp.slice(-6)}` })).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Receive' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const items = page.getByRole('table', { name: 'Bill items' });
  await expect(items.getByRole('columnheader', { name: 'IGST' })).toBeVisible();
  await expect(items.getByText(lamp.name)).toBeVisible();
  await expect(page.getByLabel('Balance Due')).toHaveText('₹8,140.00');
  problems.push(...(await seriousProblems(page)));
  const billUrl = page.url();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Bill history' });
  await expect(history.getByRole('cell', { name: 'Created', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Received', exact: true })).toBeVisible();

  // The list shows it; the goods came in: 10 opening + 5 received of the fan.
  await page.goto('/bills');
  const list = page.getByRole('table', { name: 'Bills' });
  await expect(list.getByText(sellerName)).toBeVisible();
  await expect(list.getByText('₹8,140.00').first()).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.goto(`/products/${fan.id}`);
  const stock = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(stock.getByRole('row', { name: new RegExp(`${warehouse?.name}\\s*15`) })).toBeVisible();

  // Voided (confirmed, as it cannot be undone): the goods go back out, 10 again.
  await page.goto(billUrl);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Void Bill' }).click();
  const confirm = page.getByRole('dialog', { name: 'Void Bill' });
  await expect(confirm.getByText(/cannot be restored/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Void Bill' }).click();
  await expect(page.getByText('Bill voided.')).toBeVisible();
  await expect(page.getByText('Void', { exact: true }).first()).toBeVisible();
  await page.goto(`/products/${fan.id}`);
  await expect(stock.getByRole('row', { name: new RegExp(`${warehouse?.name}\\s*10`) })).toBeVisible();

  // At phone width the bill form still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bills/new');
  await expect(page.getByRole('form', { name: 'New Bill' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  problems.push(...(await seriousProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
});
