// Purchase returns and debit notes (issue 19): a received bill for two products, one unit returned
// from the bill's page, the debit note set against the bill (its balance falls); the bill paid,
// another unit returned, its debit note refunded by the seller.
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

test('purchase return journey: return 1 unit, see the debit note and the bill’s balance fall; a paid bill’s note refunded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Return Co ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Ravi',
    lastName: 'Kulkarni',
    email: `returns.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  const branches = await callApiAsUser(page, 'GET', `companies/${companyId}/branches?limit=-1`);
  const branch = (branches.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst = (rate: number) =>
    (taxes.body.results as { id: number; type: string; rate: number }[]).find(
      (t) => t.type === 'gst' && t.rate === rate,
    )?.id;
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const product = async (name: string, sku: string, tax: number | undefined) => {
    const made = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      name,
      sku,
      category: category.body.id,
      mrp: 3000,
      selling_price: 2500,
      tax,
      hsn: '84145110',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: number; name: string };
  };
  const fan = await product(`Ceiling Fan ${stamp}`, `CF-${stamp}`, gst(18));
  const lamp = await product(`Table Lamp ${stamp}`, `TL-${stamp}`, gst(12));
  const seller = await callApiAsUser(page, 'POST', `companies/${companyId}/sellers`, {
    name: `Bengaluru Electricals ${stamp}`,
    gst_number: '29AAACI1195H1ZI',
    billing_address: {
      address_line_1: '8 Residency Road',
      city: 'Bengaluru',
      state_id: 29,
      pincode: '560025',
    },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  // 2 fans at 1,000 (18%) and 3 lamps at 500 (12%) from Karnataka: IGST, 2,360 + 1,680 = 4,040.
  const billNumber = `KA/${stamp.slice(-6)}`;
  const bill = await callApiAsUser(page, 'POST', `admin/companies/${companyId}/bills`, {
    seller: seller.body.id,
    branch: branch?.id,
    warehouse: warehouse?.id,
    bill_number: billNumber,
    bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [
      { product: fan.id, quantity: 2, rate: 1000, tax_rate: 18 },
      { product: lamp.id, quantity: 3, rate: 500, tax_rate: 12 },
    ],
  });
  expect(bill.status, JSON.stringify(bill.body)).toBe(201);
  const received = await callApiAsUser(page, 'POST', `admin/bills/${bill.body.id}/receive`, {});
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  const problems: string[] = [];

  // None yet: the menu's Purchase Returns shows the empty card.
  await page.goto('/home/overview');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('menuitem', { name: 'Purchase Returns' }).click();
  await expect(page).toHaveURL(/\/purchase-returns$/);
  await expect(page.getByText('Add a Purchase Return and boost your business')).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // From the bill's page: Return Goods, one fan.
  await page.goto(`/bills/${bill.body.id}`);
  await expect(page.getByLabel('Balance Due')).toHaveText('₹4,040.00');
  await page.getByRole('button', { name: 'Return Goods' }).click();
  await expect(page).toHaveURL(/\/bills\/\d+\/return$/);
  const form = page.getByRole('form', { name: 'Return Goods' });
  const lines = form.getByRole('table', { name: 'Lines to return' });
  await expect(lines.getByRole('row', { name: new RegExp(fan.name) })).toContainText('2');
  problems.push(...(await seriousProblems(page)));
  await lines.getByRole('textbox', { name: `Return quantity of ${fan.name}` }).fill('3');
  await form.getByRole('button', { name: 'Return Goods' }).click();
  await expect(form.getByText('At most 2 can be returned.')).toBeVisible();
  await lines.getByRole('textbox', { name: `Return quantity of ${fan.name}` }).fill('1');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Blade cracked in transit');
  await form.getByRole('button', { name: 'Return Goods' }).click();
  await expect(page.getByText('Purchase return created.')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase-returns\/\d+$/);
  await expect(page.getByRole('heading', { name: /PR\/\d{4}\/00001/ })).toBeVisible();
  const noteCard = page.getByLabel('Debit note');
  await expect(noteCard.getByText(/DN\/\d{4}\/00001/)).toBeVisible();
  // 1 x 1,000 + IGST 180, all set against the bill.
  await expect(noteCard.getByText('₹1,180.00').first()).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // The bill's balance fell by the note, and its Returns / Debit Notes card lists it.
  await page.goto(`/bills/${bill.body.id}`);
  await expect(page.getByLabel('Balance Due')).toHaveText('₹2,860.00');
  await expect(page.getByText('Partially Paid').first()).toBeVisible();
  const billNotes = page.getByRole('table', { name: 'Debit notes of the bill' });
  await expect(billNotes.getByText(/DN\/\d{4}\/00001/)).toBeVisible();
  await expect(billNotes.getByText('Goods Returned')).toBeVisible();

  // The rest is paid; a lamp goes back later: its note stays as the seller's credit, then refunded.
  const methods = await callApiAsUser(page, 'GET', `companies/${companyId}/payment_methods`);
  const cash = (methods.body.results as { id: number; name: string }[]).find((m) => m.name === 'Cash');
  const paid = await callApiAsUser(page, 'POST', `admin/companies/${companyId}/payments_made`, {
    seller: seller.body.id,
    amount: 2860,
    payment_method: cash?.id,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  await page.goto(`/bills/${bill.body.id}/return`);
  await lines.getByRole('textbox', { name: `Return quantity of ${lamp.name}` }).fill('1');
  await form.getByRole('button', { name: 'Return Goods' }).click();
  await expect(page).toHaveURL(/\/purchase-returns\/\d+$/);
  await page
    .getByLabel('Debit note')
    .getByRole('link', { name: /DN\/\d{4}\/00002/ })
    .click();
  await expect(page).toHaveURL(/\/debit-notes\/\d+$/);
  await expect(page.getByRole('heading', { name: /DN\/\d{4}\/00002/ })).toBeVisible();
  await expect(page.getByText('Balance (Seller Credit)').locator('..')).toContainText('₹560.00');
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Record Refund' }).click();
  const dialog = page.getByRole('form', { name: 'Record Refund' });
  await pick(page, dialog, 'Payment Method', 'Cash');
  await dialog.getByRole('textbox', { name: /Reference/ }).fill('CASH-1');
  problems.push(...(await seriousProblems(page)));
  await dialog.getByRole('button', { name: 'Record Refund' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Refunds' }).getByText('CASH-1')).toBeVisible();

  // The lists show both; at phone width the debit notes list and the return form still fit.
  await page.goto('/debit-notes');
  await expect(page.getByRole('table', { name: 'Debit Notes' }).getByText(/DN\/\d{4}\/00002/)).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/purchase-returns');
  await expect(page.getByRole('table', { name: 'Purchase Returns' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  problems.push(...(await seriousProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
});
