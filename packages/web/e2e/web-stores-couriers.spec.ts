// Web stores and courier accounts (issue 26): a sales channel added on /web-stores shows its cart API
// secret once, and a courier account added on /shipment-integrations passes Check connection against
// a local stand-in of the courier, then fails it with a token the courier refuses.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { dismissToasts, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const TOKEN = `courier-token-${stamp}`;

test('web stores and couriers: add a channel and see its secret once, add a courier account and check its connection', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The courier's stand-in: GET /account answers 200 for the right token, 401 otherwise.
  const courier = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      response.statusCode = 401;
      response.end(JSON.stringify({ detail: 'Invalid API token' }));
    } else if (request.url === '/account') {
      response.end(JSON.stringify({ name: 'Deccan Express, Pune hub' }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => courier.listen(0, '127.0.0.1', resolve));
  const courierUrl = `http://127.0.0.1:${(courier.address() as AddressInfo).port}`;
  try {
    await signUpAndVerify(page, {
      company: `Channel Co ${stamp}`,
      branch: 'Pune',
      city: 'Pune',
      pincode: '411001',
      addressLine1: '9 FC Road',
      firstName: 'Meera',
      lastName: 'Kulkarni',
      email: `channels.${stamp}@example.in`,
      phone: `8${String(Date.now()).slice(-9)}`,
      password: 'Quiet-Harbour@42',
    });

    // A new sales channel: its secret is shown once, in the modal.
    await page.goto('/web-stores');
    await page.getByRole('button', { name: 'Add Sales Channel' }).click();
    const form = page.getByRole('form', { name: 'Add Sales Channel' });
    await form.getByLabel('Name').fill(`Shopify Store ${stamp}`);
    await pick(page, form, 'Type', 'Web Store');
    await form.getByLabel('Marketing enabled').check();
    await form.getByRole('button', { name: 'Add Sales Channel' }).click();
    const modal = page.getByRole('dialog', { name: `Credentials of Shopify Store ${stamp}` });
    await expect(modal.getByText('Shown only once', { exact: true })).toBeVisible();
    const secret = await modal.getByLabel('Client Secret').inputValue();
    expect(secret).toMatch(/^scs_/);
    await modal.getByRole('button', { name: 'I have copied the secret' }).click();
    await expect(modal).toBeHidden();
    const channels = page.getByRole('table', { name: 'Sales Channels' });
    const row = channels.getByRole('row', { name: new RegExp(`Shopify Store ${stamp}`) });
    await expect(row.getByText('Web Store', { exact: true })).toBeVisible();
    await expect(row.getByText('Enabled')).toBeVisible();
    // Never shown again: not on the page after a reload.
    await page.reload();
    await expect(channels.getByText(`Shopify Store ${stamp}`)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await dismissToasts(page);

    // Rotate secret: a new one, shown once.
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: `Rotate secret of Shopify Store ${stamp}` }).click();
    const rotated = page.getByRole('dialog', { name: `Credentials of Shopify Store ${stamp}` });
    const newSecret = await rotated.getByLabel('Client Secret').inputValue();
    expect(newSecret).toMatch(/^scs_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'I have copied the secret' }).click();

    // Courier accounts: none yet, said plainly.
    await page.goto('/shipment-integrations');
    await expect(page.getByText('No courier configured')).toBeVisible();
    await page.getByRole('button', { name: 'Add Courier Account' }).click();
    const courierForm = page.getByRole('form', { name: 'Add Courier Account' });
    await courierForm.getByLabel('Courier Name').fill('Deccan Express');
    await courierForm.getByLabel('API Base URL').fill(courierUrl);
    await courierForm.getByLabel('API Token').fill(TOKEN);
    await courierForm.getByRole('button', { name: 'Add Courier Account' }).click();
    const accounts = page.getByRole('table', { name: 'Courier Accounts' });
    await expect(accounts.getByText('Deccan Express', { exact: true })).toBeVisible();
    await expect(accounts.getByText('Stored (hidden)')).toBeVisible();
    await expect(page.getByText(TOKEN)).toHaveCount(0);
    await expect(page.getByText('Shipments can be booked with Deccan Express.')).toBeVisible();
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Check connection of Deccan Express' }).click();
    await expect(accounts.getByText('Connected')).toBeVisible();
    await expect(accounts.getByText(/Connection successful: Deccan Express, Pune hub/)).toBeVisible();
    await dismissToasts(page);

    // A token the courier refuses: the check says so.
    await page.getByRole('button', { name: 'Edit Deccan Express' }).click();
    const edit = page.getByRole('form', { name: 'Edit Courier Account' });
    await edit.getByLabel('API Token').fill('a-revoked-token');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Check connection of Deccan Express' }).click();
    await expect(accounts.getByText('Failed', { exact: true })).toBeVisible();
    await expect(accounts.getByText(/The carrier refused: Invalid API token/)).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => courier.close(() => resolve()));
  }
});
