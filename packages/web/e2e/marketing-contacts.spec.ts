import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const mobile = (n: number) => `9${String(Date.now() + n).slice(-9)}`;

test('marketing contacts: import a CSV with one bad row, see the error, import the valid rows, build a dynamic list and see its count', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Marketing Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '3 FC Road',
    firstName: 'Anita',
    lastName: 'Kulkarni',
    email: `marketing.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${companyId}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

  const csv = [
    'Name,Mobile,Email,City,Tags,Consent Email',
    `Ravi Shah ${stamp},${mobile(1)},ravi.${stamp}@shop.in,Pune,retail,yes`,
    `Sunita Rao ${stamp},+91 ${mobile(2)},,Pune,wholesale,no`,
    `Bad Row ${stamp},12345,,Nagpur,,`,
    `Imran Ali ${stamp},${mobile(3)},,Nagpur,,`,
  ].join('\n');

  await page.goto('/bulk-import/create-contact');
  await expect(page.getByRole('heading', { name: 'Import Contacts' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The columns are mapped from the headers.
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('Mobile');
  await page.getByRole('button', { name: 'Check File' }).click();
  const errors = page.getByRole('table', { name: 'Import errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('4');
  await expect(errors.getByRole('row').nth(1)).toContainText('10-digit Indian mobile');
  await expect(page.getByText('4 rows: 3 ready to import, 1 error.')).toBeVisible();

  // All or nothing: the file with the bad row imports nothing.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('The file has errors; nothing was imported.')).toBeVisible();
  await expect(page.getByText('Validation Error')).toBeVisible();

  // Import the valid rows: three contacts, the bad row left out.
  await page.getByLabel('Import the valid rows (leave the rows with errors out)').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Partial Success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/3 of 3 rows: 3 created, 0 updated, 1 with errors left out/)).toBeVisible();

  await page.goto('/contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('row', { name: new RegExp(`Ravi Shah ${stamp}`) })).toContainText('Email');
  await expect(table.getByRole('row', { name: new RegExp(`Imran Ali ${stamp}`) })).toBeVisible();
  await expect(page.getByText(`Bad Row ${stamp}`)).toHaveCount(0);

  // A dynamic list of the Pune contacts, its count live in the builder and on its page.
  await page.goto('/contact-lists');
  // No list yet: the empty card's Add opens the form.
  await expect(page.getByText('Create a Contact List and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Contact List' });
  await dialog.getByLabel('Name').fill(`Pune buyers ${stamp}`);
  await dialog.getByRole('combobox', { name: 'Cities' }).fill('Pune');
  await dialog.getByRole('combobox', { name: 'Cities' }).press('Enter');
  await expect(dialog.getByText('Matching contacts: 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Contact List' }).click();
  await expect(page.getByRole('heading', { name: `Pune buyers ${stamp}` })).toBeVisible();
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
  await expect(page.getByText('In Pune')).toBeVisible();
  const members = page.getByRole('table', { name: 'List contacts' });
  await expect(members.getByRole('row')).toHaveCount(3);
});
