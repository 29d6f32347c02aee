// Purchase orders (issue 19): an order to a seller written, marked as sent, billed from its page, and billed in full.
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

test('purchase order journey: an order to a seller, marked as sent, a bill made from it, the order billed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `PO Co ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Kiran',
    lastName: 'Patil',
    email: `po.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  )?.id;
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const made = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Pedestal Fan ${stamp}`,
    sku: `PF-${stamp}`,
    category: category.body.id,
    mrp: 3000,
    selling_price: 2500,
    tax: gst18,
    hsn: '84145110',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const fan = made.body as { id: number; name: string };
  const sellerName = `Nashik Electricals ${stamp}`;
  const seller = await callApiAsUser(page, 'POST', `companies/${companyId}/sellers`, {
    name: sellerName,
    gst_number: '27AAPFU0939F1ZV',
    billing_address: { address_line_1: '2 Gangapur Road', city: 'Nashik', state_id: 27, pincode: '422005' },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const problems: string[] = [];

  // The Purchase menu's first link; none yet: the empty card names purchase orders.
  await page.goto('/home/overview');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('menuitem', { name: 'Purchase Orders' }).click();
  await expect(page).toHaveURL(/\/purchase-orders$/);
  await expect(page.getByText('Create a Purchase Order and boost your business')).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase-orders\/new$/);

  const form = page.getByRole('form', { name: 'New Purchase Order' });
  await form.getByRole('combobox', { name: 'Seller' }).fill('Nashik');
  await page.getByRole('option', { name: sellerName }).click();
  await form.getByRole('combobox', { name: 'Product 1' }).fill('Pedestal');
  await page.getByRole('option', { name: fan.name }).click();
  await expect(form.getByRole('textbox', { name: 'HSN 1' })).toHaveValue('84145110');
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('5');
  await form.getByRole('textbox', { name: 'Rate 1' }).fill('1000');
  // Same state: CGST + SGST, 5 x 1,000 at 18%.
  const totals = form.getByLabel('Purchase order totals');
  await expect(totals.getByLabel('CGST')).toHaveText('₹450.00');
  await expect(totals.getByLabel('Total')).toHaveText('₹5,900.00');
  problems.push(...(await seriousProblems(page)));
  await form.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(page.getByText('Purchase order created.')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase-orders\/\d+$/);
  const orderUrl = page.url();
  await expect(page.getByRole('heading', { name: /^Purchase Order PO\/\d{4}\/00001$/ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();

  // Marked as sent (confirmed); then it may be billed.
  await page.getByRole('button', { name: 'Mark as Sent' }).click();
  await page
    .getByRole('dialog', { name: 'Mark as Sent' })
    .getByRole('button', { name: 'Mark as Sent' })
    .click();
  await expect(page.getByText('Purchase order marked as sent.')).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // Create Bill: the bill form starts from the order.
  await page.getByRole('button', { name: 'Create Bill' }).click();
  await expect(page).toHaveURL(/\/purchase-orders\/\d+\/bill$/);
  const bill = page.getByRole('form', { name: 'New Bill' });
  await expect(bill.getByText(/From purchase order PO\//)).toBeVisible();
  await expect(bill.getByRole('textbox', { name: 'Quantity 1' })).toHaveValue('5');
  await expect(bill.getByRole('textbox', { name: 'Rate 1' })).toHaveValue('1000');
  await bill.getByRole('textbox', { name: 'Bill Number' }).fill(`NE/${stamp.slice(-6)}`);
  await expect(bill.getByLabel('Bill totals').getByLabel('Total')).toHaveText('₹5,900.00');
  problems.push(...(await seriousProblems(page)));
  await bill.getByRole('button', { name: 'Save and Receive' }).click();
  await expect(page.getByText('Bill received.')).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/\d+$/);
  await expect(page.getByRole('link', { name: /^PO\/\d{4}\/00001$/ })).toBeVisible();

  // The order is billed in full: 5 ordered, 5 billed, nothing left; its bill is listed.
  await page.goto(orderUrl);
  await expect(page.getByText('Billed', { exact: true }).first()).toBeVisible();
  const lines = page.getByRole('table', { name: 'Purchase order items' });
  await expect(lines.getByLabel(`Billed ${fan.name}`)).toHaveText('5');
  await expect(
    page.getByRole('table', { name: 'Bills of the purchase order' }).getByText(`NE/${stamp.slice(-6)}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Bill' })).toHaveCount(0);
  problems.push(...(await seriousProblems(page)));

  // A new bill of the fan from this seller now starts from the last purchase rate.
  await page.goto('/bills/new');
  const next = page.getByRole('form', { name: 'New Bill' });
  await next.getByRole('combobox', { name: 'Seller' }).fill('Nashik');
  await page.getByRole('option', { name: sellerName }).click();
  await next.getByRole('combobox', { name: 'Product 1' }).fill('Pedestal');
  await page.getByRole('option', { name: fan.name }).click();
  await expect(next.getByRole('textbox', { name: 'Rate 1' })).toHaveValue('1000');
  await expect(
    next.getByText(new RegExp(`Last bought at ₹1,000.00 on .* \\(NE/${stamp.slice(-6)}\\)`)),
  ).toBeVisible();

  // At phone width the order form still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/purchase-orders/new');
  await expect(page.getByRole('form', { name: 'New Purchase Order' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  problems.push(...(await seriousProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
});
