import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('bulk inventory: a file with a wrong row changes nothing and gives an error report; the corrected file applies', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Bulk Stockists ${stamp}`,
    branch: 'Indore',
    city: 'Indore',
    pincode: '452001',
    addressLine1: '9 Siyaganj',
    firstName: 'Kavita',
    lastName: 'Jain',
    email: `bulk.${stamp}@example.in`,
    phone: `6${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Stationery',
  });
  for (const [name, sku, stock] of [
    [`Gel Pen ${stamp}`, `PEN-${stamp}`, 20],
    [`A4 Notebook ${stamp}`, `NB-${stamp}`, 0],
  ] as const) {
    const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      name,
      sku,
      category: category.body.id,
      mrp: 50,
      selling_price: 40,
      warehouse: warehouse.id,
      ...(stock > 0 ? { opening_stock: stock, opening_rate: 20 } : {}),
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
  }

  await page.goto(`/warehouses/${warehouse.id}`);
  await page.getByRole('tab', { name: 'Product Inventory' }).click();
  await page.getByRole('button', { name: 'Bulk Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Update' });

  const choose = async (content: string) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
    await expect(dialog.getByText('stock.csv')).toBeVisible();
  };

  // Row 3 names a SKU nobody has: nothing is written, the error is listed and can be downloaded.
  await choose(
    `sku,quantity,reason,notes\n${`PEN-${stamp}`},-5,Stock damaged,Leaking\nNOPE-${stamp},4,extra_inventory_found,\n`,
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('The file has errors; nothing was changed.')).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'File errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText(/^3\s*sku/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download error report' }).click();
  expect((await download).suggestedFilename()).toBe('bulk-inventory-adjustment-errors.csv');

  // The corrected file: 5 damaged pens out, 12 notebooks found.
  await choose(
    `sku,quantity,reason,notes\n${`PEN-${stamp}`},-5,Stock damaged,Leaking\nNB-${stamp},12,extra_inventory_found,\n`,
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('2 rows applied.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const inventory = page.getByRole('table').first();
  await expect(inventory.getByRole('row', { name: new RegExp(`Gel Pen ${stamp}`) })).toContainText('15');
  await expect(inventory.getByRole('row', { name: new RegExp(`A4 Notebook ${stamp}`) })).toContainText('12');

  // Each reason made its own adjustment document.
  await page.goto('/inventory-adjustments');
  await expect(page.getByRole('link', { name: 'ADJ-000001' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ADJ-000002' })).toBeVisible();
});
