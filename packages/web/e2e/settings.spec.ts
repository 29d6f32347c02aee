import { expect, type Page, test } from '@playwright/test';
import { signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const owner = {
  email: `settings.${stamp}@example.in`,
  phone: `7${String(Date.now()).slice(-9)}`,
  password: 'Quiet-Harbour@42',
};

/** The payment method names in the order the table shows them (the name cell shows the code below). */
async function methodOrder(page: Page): Promise<string[]> {
  const cells = await page
    .getByRole('table', { name: 'Payment Methods' })
    .locator('tbody tr td:nth-child(2)')
    .allInnerTexts();
  return cells.map((cell) => cell.split('\n')[0].trim());
}

test('settings: rename a GST tax, reorder payment methods, enable batches, add a notification contact', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Settings Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    ...owner,
  });

  // Taxes: the GST list shows only GST rates; rename the 18% one.
  await page.goto('/taxes');
  await expect(page).toHaveTitle('Taxes');
  const gst = page.getByRole('table', { name: 'GST taxes' });
  await expect(gst.getByRole('cell', { name: '18%', exact: true })).toBeVisible();
  await expect(gst.getByText(/^Cess /)).toHaveCount(0);
  await gst.getByRole('button', { name: 'Edit GST 18%' }).click();
  const taxDialog = page.getByRole('dialog', { name: 'Edit Tax' });
  await taxDialog.getByLabel('Display Name').fill('IGST 18%');
  await taxDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tax updated successfully.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'GST taxes' }).getByText('IGST 18%', { exact: true }),
  ).toBeVisible();

  // Payment methods: move the first one down; the order changes and stays changed.
  await page.goto('/payment-methods');
  await expect(page).toHaveTitle('Payment Methods');
  await expect(page.getByRole('button', { name: 'Move Cash down' })).toBeVisible();
  const before = await methodOrder(page);
  expect(before.slice(0, 2)).toEqual(['Cash', 'Cheque']);
  await page.getByRole('button', { name: 'Move Cash down' }).click();
  await expect(page.getByText('Payment Methods order updated successfully.')).toBeVisible();
  await expect.poll(() => methodOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await page.reload();
  await expect.poll(() => methodOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);

  // Configurations: switch batch configuration on.
  await page.goto('/configurations');
  const batch = page.getByRole('region', { name: 'Batch Configuration' });
  await expect(batch.getByText('Disabled', { exact: true })).toBeVisible();
  await batch.getByRole('switch', { name: 'Enable Batch Configuration' }).dispatchEvent('click');
  await expect(page.getByText('Configurations updated successfully.')).toBeVisible();
  await expect(batch.getByText('Enabled', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Batch Configuration' }).getByText('Enabled', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zoho Books' }).getByText('Not configured')).toBeVisible();

  // Company: add a notification contact person.
  await page.goto('/company');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add Notification Contact' });
  await contactDialog.getByLabel('Name').fill('Accounts Desk');
  await contactDialog.getByLabel('Email').fill(`accounts.${stamp}@example.in`);
  await contactDialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByText('Notification contact person added successfully.')).toBeVisible();
  const contacts = page.getByRole('table', { name: 'Notification Contacts' });
  await expect(contacts.getByRole('cell', { name: 'Accounts Desk', exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Notification Contacts' })
      .getByRole('cell', { name: `accounts.${stamp}@example.in` }),
  ).toBeVisible();
});
