// Payments made (issue 19): a received bill paid from its page with TDS deducted, the bill paid;
// the payment on the Payments Made list, its page, voided: the bill is due again.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

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

test('payment made journey: a received bill paid with TDS from its page, listed, voided, due again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Pay Co ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `paymade.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const branchId = ((me.body.branches ?? []) as { id: number }[])[0]?.id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; branch?: { id: number } }[])[0];
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Ceiling Fan ${stamp}`,
    sku: `CF-${stamp}`,
    category: category.body.id,
    mrp: 3000,
    selling_price: 2500,
    hsn: '84145110',
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const sellerName = `Nashik Electricals ${stamp}`;
  const seller = await callApiAsUser(page, 'POST', `companies/${companyId}/sellers`, {
    name: sellerName,
    billing_address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const bill = await callApiAsUser(page, 'POST', `admin/companies/${companyId}/bills`, {
    seller: seller.body.id,
    branch: branchId ?? warehouse?.branch?.id,
    warehouse: warehouse?.id,
    bill_number: `NE/${stamp.slice(-6)}`,
    bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [{ product: product.body.id, quantity: 10, rate: 1000, tax_rate: 18 }],
  });
  expect(bill.status, JSON.stringify(bill.body)).toBe(201);
  const received = await callApiAsUser(page, 'POST', `admin/bills/${bill.body.id}/receive`);
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  const problems: string[] = [];

  // TDS under section 194C at 1%, no threshold, set on the company page.
  await page.goto('/company');
  await page.getByRole('switch', { name: 'Deduct TDS on payments made' }).check();
  await page.getByRole('textbox', { name: 'Rate (%)' }).fill('1');
  await page.getByRole('button', { name: 'Save TDS Configuration' }).click();
  await expect(page.getByText('TDS configuration updated successfully.')).toBeVisible();
  await expect(page.getByText('194C at 1%')).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // None yet: the empty card names payments made.
  await page.goto('/payments-made');
  await expect(page.getByText('Record a Payment Made to a seller and boost your business')).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // From the bill (11,800 due): Record Payment, the whole balance, TDS 1% of 10,000 = 100.
  await page.goto(`/bills/${bill.body.id}`);
  await expect(page.getByLabel('Balance Due')).toHaveText('₹11,800.00');
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('form', { name: 'Record Payment Made' });
  await expect(dialog.getByRole('textbox', { name: `Allocate to NE/${stamp.slice(-6)}` })).toHaveValue(
    '₹11800',
  );
  await expect(dialog.getByLabel('TDS')).toContainText('₹100.00');
  await expect(dialog.getByLabel('TDS')).toContainText('₹11,700.00');
  await pick(page, dialog, 'Payment Method', 'Cash');
  await dialog.getByRole('textbox', { name: 'Reference (UTR / Cheque No.)' }).fill(`UTR${stamp}`);
  problems.push(...(await seriousProblems(page)));
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  await expect(page.getByLabel('Balance Due')).toHaveText('₹0.00');
  await expect(page.getByLabel('TDS Deducted')).toHaveText('₹100.00');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  // On the list, with its TDS; its page shows the bill paid; voided, the bill is due again.
  await page.goto('/payments-made');
  const list = page.getByRole('table', { name: 'Payments Made' });
  await expect(list.getByText(sellerName)).toBeVisible();
  await expect(list.getByText('₹100.00')).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await list.getByRole('link', { name: /^PAY\// }).click();
  await expect(page).toHaveURL(/\/payments-made\/\d+$/);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByText(`NE/${stamp.slice(-6)}`)).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Void' }).click();
  await page
    .getByRole('dialog', { name: 'Void Payment' })
    .getByRole('button', { name: 'Void Payment' })
    .click();
  await expect(page.getByText('Payment voided.')).toBeVisible();
  await page.goto(`/bills/${bill.body.id}`);
  await expect(page.getByLabel('Balance Due')).toHaveText('₹11,800.00');

  // At phone width the list fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/payments-made');
  await expect(page.getByRole('heading', { name: 'Payments Made' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems, problems.join('\n')).toEqual([]);
});
