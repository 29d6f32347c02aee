import { expect, test } from '@playwright/test';
import { pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const owner = {
  email: `branches.${stamp}@example.in`,
  phone: `8${String(Date.now()).slice(-9)}`,
  password: 'Quiet-Harbour@42',
};
const branchName = `Mumbai ${stamp}`;
const accountNumber = `5010${String(Date.now()).slice(-10)}`;

test('branches: create a branch with an address and a bank account, edit the account, deactivate the branch', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Branch Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Kiran',
    lastName: 'Joshi',
    ...owner,
  });

  await page.goto('/branches');
  await expect(page).toHaveTitle('Branches');
  const list = page.getByRole('table', { name: 'Branches' });
  await expect(list.getByRole('link', { name: 'Pune', exact: true })).toBeVisible();

  // A new branch with its GSTIN, contact person and billing address.
  await page.getByRole('button', { name: 'Create Branch' }).click();
  const form = page.getByRole('dialog', { name: 'Create Branch' });
  await form.getByLabel('Branch Name').fill(branchName);
  await expect(form.getByText('GSTIN is 15 characters.')).toBeVisible();
  await form.getByLabel('GSTIN').fill('27AAPFU0939F1ZX');
  await form.getByLabel('Contact Person Name').fill('Ravi Patil');
  await form.getByLabel('Contact Person Phone').fill('9822012345');
  await form.getByLabel('Address Line 1').fill('1 Marine Drive');
  await pick(page, form, 'State', 'Maharashtra');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('Pincode').fill('400020');
  await form.getByRole('button', { name: 'Create Branch' }).click();
  await expect(form.getByText('Please enter a valid GSTIN')).toBeVisible();
  await form.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await form.getByRole('button', { name: 'Create Branch' }).click();
  await expect(page.getByText('Branch created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/branches\/\d+$/);
  await expect(page.getByRole('heading', { name: branchName })).toBeVisible();
  await expect(page.getByText('GSTIN 27AAPFU0939F1ZV')).toBeVisible();

  await page.getByRole('tab', { name: 'Addresses' }).click();
  const addresses = page.getByRole('table', { name: 'Branch addresses' });
  await expect(addresses.getByText('Mumbai, Maharashtra 400020')).toBeVisible();

  // A bank account: the branch's first one becomes its default.
  await page.getByRole('tab', { name: 'Bank Accounts' }).click();
  await expect(page.getByText('No bank account yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const accountForm = page.getByRole('dialog', { name: 'Add Bank Account' });
  await accountForm.getByLabel('Bank Name').fill('HDFC Bank');
  await accountForm.getByLabel('Account Holder Name').fill(`Branch Traders ${stamp}`);
  await accountForm.getByLabel('Account Number').fill(accountNumber);
  await accountForm.getByLabel('IFSC Code').fill('hdfc0000060');
  await accountForm.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(page.getByText('Bank account added successfully.')).toBeVisible();
  const accounts = page.getByRole('table', { name: 'Bank accounts' });
  await expect(accounts.getByText(accountNumber)).toBeVisible();
  await expect(accounts.getByText('HDFC0000060')).toBeVisible();
  await expect(accounts.locator('tbody').getByText('Default', { exact: true })).toBeVisible();

  // Edit it: the bank branch and UPI id show in the list.
  await accounts.getByRole('button', { name: `Edit HDFC Bank ${accountNumber}` }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit Bank Account' });
  await expect(editForm.getByLabel('Account Number')).toHaveValue(accountNumber);
  await editForm.getByLabel('Bank Branch').fill('Nariman Point');
  await editForm.getByLabel('UPI ID').fill('branchtraders@hdfcbank');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank account updated successfully.')).toBeVisible();
  await expect(accounts.getByText('Nariman Point')).toBeVisible();
  await expect(accounts.getByText('branchtraders@hdfcbank')).toBeVisible();

  // Deactivate the branch: it is marked inactive and its bank accounts can no longer change.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Branch' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Branch deactivated successfully.')).toBeVisible();
  await expect(page.getByText(`Branch ${branchName} is inactive.`)).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Bank Account' })).toHaveCount(0);
  await expect(accounts.getByRole('button', { name: `Edit HDFC Bank ${accountNumber}` })).toHaveCount(0);

  // The list shows it inactive, under the Inactive filter as well.
  await page.getByRole('link', { name: 'Branches' }).first().click();
  await expect(page).toHaveURL(/\/branches$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: branchName }) });
  await expect(row.getByText('Inactive')).toBeVisible();
  await pick(page, page, 'Status', 'Inactive');
  await expect(list.getByRole('link', { name: branchName })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Pune', exact: true })).toHaveCount(0);
});
