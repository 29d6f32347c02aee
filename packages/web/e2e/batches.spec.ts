import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** A calendar day `days` from today in India, as the date picker shows it (DD/MM/YYYY) and as ISO. */
function dayFromToday(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}/${m}/${y}` };
}

test('batches: switch batches on, receive two batches with expiry dates, write off from a chosen batch, see the batches on the product', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Pharma Distributors ${stamp}`,
    branch: 'Nagpur',
    city: 'Nagpur',
    pincode: '440001',
    addressLine1: '5 Sitabuldi',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `batches.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Medicines',
  });
  const productName = `Paracetamol 500 ${stamp}`;
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `PCM-${stamp}`,
    category: category.body.id,
    mrp: 30,
    selling_price: 25,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  // Batches are switched on in Configurations.
  await page.goto('/configurations');
  const batchCard = page.getByRole('region', { name: 'Batch Configuration' });
  await batchCard.getByRole('switch', { name: 'Enable Batch Configuration' }).dispatchEvent('click');
  await expect(page.getByText('Configurations updated successfully.')).toBeVisible();

  // Extra inventory found: 10 in batch B-LATE and 6 in batch B-SOON, each with its expiry date.
  const late = dayFromToday(200);
  const soon = dayFromToday(15);
  await page.goto('/inventory-adjustments/new');
  const form = page.getByRole('form', { name: 'New Adjustment' });
  await pick(page, form, 'Warehouse', warehouse.name);
  await pick(page, form, 'Reason', 'Extra inventory found');
  for (const [index, batch] of [
    { number: 'B-LATE', quantity: '10', expiry: late },
    { number: 'B-SOON', quantity: '6', expiry: soon },
  ].entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Line' }).click();
    const n = index + 1;
    await form.getByLabel(`Product ${n}`).fill('Paracetamol');
    await page.getByRole('option', { name: productName }).click();
    await form.getByRole('textbox', { name: `Quantity ${n}` }).fill(batch.quantity);
    await form.getByRole('textbox', { name: `Batch Number ${n}` }).fill(batch.number);
    await form.getByLabel(`Expiry Date ${n}`).click();
    await pickDay(page, batch.expiry.iso);
    await expect(form.getByLabel(`Expiry Date ${n}`)).toHaveText(batch.expiry.shown);
  }
  await form.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Adjustment lines' });
  await expect(lines.getByRole('row', { name: /B-LATE/ })).toContainText(`Exp ${late.shown}`);
  await expect(lines.getByRole('row', { name: /B-SOON/ })).toContainText(`Exp ${soon.shown}`);

  // Stock damaged: 4 out of the batch chosen from those on hand (B-LATE, not the first to expire).
  await page.goto('/inventory-adjustments/new');
  await pick(page, form, 'Warehouse', warehouse.name);
  await pick(page, form, 'Reason', 'Stock damaged');
  await form.getByLabel('Product 1').fill('Paracetamol');
  await page.getByRole('option', { name: productName }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('4');
  await form.getByLabel('Batch 1').click();
  await page.getByRole('option', { name: /^B-LATE · 10 on hand/ }).click();
  await form.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();

  // The product page lists both batches, first expiry first, with what is left of each.
  await lines.getByRole('link', { name: productName }).click();
  const batches = page.getByRole('table', { name: 'Batches' });
  const rows = batches.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('B-SOON');
  await expect(rows.nth(1)).toContainText('Expiring in 15 days');
  await expect(rows.nth(1)).toHaveText(/6$/);
  await expect(rows.nth(2)).toContainText('B-LATE');
  await expect(rows.nth(2)).toHaveText(/6$/);
  const movements = page.getByRole('table', { name: 'Stock movements' });
  await expect(movements.getByRole('row').nth(1)).toContainText('Batch B-LATE');
  await expect(movements.getByRole('row').nth(1)).toHaveText(/−4\s*12$/);
});

/** Picks a day in the open date picker: moves month by month to it, then clicks the day. */
async function pickDay(page: import('@playwright/test').Page, iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const label = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = page.getByRole('button', { name: label, exact: true });
  for (let i = 0; i < 24 && !(await day.isVisible()); i++) {
    await page.locator('button[data-direction="next"]').last().click();
  }
  await day.click();
}
