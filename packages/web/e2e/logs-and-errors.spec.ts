import { expect, test } from '@playwright/test';
import { callApiAsUser, companyAndBranch, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('logs and errors: nothing has failed yet, and the audit log finds a change just made', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Log Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    email: `logs.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const { companyId } = await companyAndBranch(page);
  const brandName = `Sahyadri ${stamp}`;
  const brand = await callApiAsUser(page, 'POST', `companies/${companyId}/brands`, { name: brandName });
  expect(brand.status).toBe(201);

  await page.goto('/logs-and-errors');
  await expect(page).toHaveTitle('Logs and Errors');
  await expect(page.getByRole('heading', { name: 'Logs and Errors' })).toBeVisible();
  await expect(page.getByText('No background work has failed.')).toBeVisible();

  await page.getByRole('tab', { name: 'Integration calls' }).click();
  await expect(page.getByText('No calls to outside systems match.')).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await pick(page, page, 'Area', 'Brand');
  const row = log.getByRole('row').filter({ hasText: `Brand #${brand.body.id}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Created');
  await expect(row).toContainText('Meera Kulkarni');
  await pick(page, page, 'Area', 'Invoice');
  await expect(page.getByText('No changes match.')).toBeVisible();
});
