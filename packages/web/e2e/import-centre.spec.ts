import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('import centre: a products file with errors shows them all, the corrected file imports with a progress bar to done; buyers and new prices imported the same way', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Import Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '4 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    email: `imports.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { name: string }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');

  await page.goto('/bulk-import/import-center');
  await page.getByRole('button', { name: 'New import' }).click();
  await page.getByRole('menuitem', { name: 'Products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });

  const choose = async (content: string, name = 'products.csv', into = dialog) => {
    const chooser = page.waitForEvent('filechooser');
    await into.getByRole('button', { name: /CSV or XLSX file/ }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  };
  const header = 'SKU,Product Name,MRP,Selling Price,Warehouse,Opening Stock';
  const good = `TEA-${stamp},Assam Tea ${stamp},180,165,${warehouse.name},12`;

  await choose(`${header}\n${good}\nCOF-${stamp},,200,150,,\nSUG-${stamp},Sugar ${stamp},50,60,,\n`);
  const errors = dialog.getByRole('table', { name: 'Errors of the file' });
  await expect(errors.getByText('Product name is required.')).toBeVisible();
  await expect(errors.getByText('Selling price cannot be more than MRP.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await choose(
    `${header}\n${good}\nCOF-${stamp},Filter Coffee ${stamp},200,150,,\nSUG-${stamp},Sugar ${stamp},60,50,,\n`,
  );
  await expect(dialog.getByText('The file is ready')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'products.csv' }).first();
  await expect(row.getByText('Processed')).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('3 / 3');

  await page.goto(`/products?search=${stamp}`);
  await expect(page.getByText(`Assam Tea ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Filter Coffee ${stamp}`)).toBeVisible();

  // Another kind, the same path: a buyer found by its GSTIN's columns ('GST No', 'Mobile').
  const importFile = async (kind: string, name: string, content: string) => {
    await page.goto('/bulk-import/import-center');
    await page.getByRole('button', { name: 'New import' }).click();
    await page.getByRole('menuitem', { name: kind }).click();
    const kindDialog = page.getByRole('dialog', { name: `Import ${kind.toLowerCase()}` });
    await choose(content, name, kindDialog);
    await expect(kindDialog.getByText('The file is ready')).toBeVisible();
    await kindDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(kindDialog).toBeHidden();
    const jobRow = page.getByRole('row').filter({ hasText: name }).first();
    await expect(jobRow.getByText('Processed')).toBeVisible({ timeout: 60_000 });
    await expect(jobRow).toContainText('1 / 1');
  };
  await importFile(
    'Buyers',
    'buyers.csv',
    `Name,GST No,Mobile,Address,City,State,Pincode\nDeccan Stores ${stamp},27AAPFU0939F1ZV,9822012345,7 FC Road,Pune,Maharashtra,411004\n`,
  );
  await page.goto(`/buyers?search=${stamp}`);
  await expect(page.getByText(`Deccan Stores ${stamp}`)).toBeVisible();

  await importFile('Prices', 'prices.csv', `SKU,Selling Price\nTEA-${stamp},170\n`);
  await page.goto(`/products?search=TEA-${stamp}`);
  await expect(page.getByText('₹170.00').first()).toBeVisible();
});
