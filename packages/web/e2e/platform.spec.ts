import { expect, test } from '@playwright/test';
import { login, logout, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const owner = {
  email: `owner.${stamp}@example.in`,
  phone: `9${String(Date.now()).slice(-9)}`,
  password: 'Quiet-Harbour@42',
};
const staff = {
  email: `staff.${stamp}@example.in`,
  phone: `8${String(Date.now() + 7).slice(-9)}`,
  password: 'Counter-Desk@42',
};

test('sign up, verify by e-mailed OTP, log in, and a user without view_order is refused /orders', async ({
  page,
}) => {
  // Sign up a new company and verify it with the OTP the SMTP server received.
  await signUpAndVerify(page, {
    company: `Journey Traders ${stamp}`,
    branch: 'Nagpur',
    city: 'Nagpur',
    pincode: '440001',
    addressLine1: '5 Civil Lines',
    firstName: 'Kavya',
    lastName: 'Rao',
    ...owner,
  });

  // Log out and in again with the password: the home page greets the admin.
  await logout(page);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/home\/overview/);
  await expect(page.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();

  // Home shows the Setup Guide's progress (mail is connected on this server, nothing else done yet).
  await expect(page.getByText('Setup Guide: 1 of 10 done')).toBeVisible();
  await page.getByRole('link', { name: 'Open Setup Guide' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Setup Guide' })).toBeVisible();
  await expect(page.getByLabel('E-mail: done')).toBeVisible();
  await expect(page.getByLabel('Company logo: not done')).toBeVisible();
  await expect(page.getByLabel('E-invoicing: not done')).toBeVisible();
  // A step links to its screen: the bank account and UPI ID are added on the branch's page.
  await page.getByRole('link', { name: 'Add bank account and UPI ID (Nagpur)' }).click();
  await expect(page).toHaveURL(/\/branches\/\d+$/);
  await page.getByRole('tab', { name: 'Bank Accounts' }).click();
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const accountForm = page.getByRole('dialog', { name: 'Add Bank Account' });
  await accountForm.getByLabel('Bank Name').fill('State Bank of India');
  await accountForm.getByLabel('Account Holder Name').fill(`Journey Traders ${stamp}`);
  await accountForm.getByLabel('Account Number').fill(`3010${String(Date.now()).slice(-9)}`);
  await accountForm.getByLabel('IFSC Code').fill('SBIN0000432');
  await accountForm.getByLabel('UPI ID').fill(`journey.${stamp}@sbi`);
  await accountForm.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(page.getByText('Bank account added successfully.')).toBeVisible();
  // The Settings panel counts it under its Setup Guide link, and the guide marks the step done.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog').getByText('2 of 10 done')).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: 'Setup Guide' }).click();
  await expect(page.getByLabel('Bank account and UPI ID: done')).toBeVisible();
  await expect(page.getByText('2 of 10 done')).toBeVisible();

  // Settings panel -> Users -> Roles: a role that may see the dashboard and invoices, not orders.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(owner.email)).toBeVisible();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create Role' }).click();
  const roleDialog = page.getByRole('dialog');
  await roleDialog.getByLabel('Role Name').fill('Accounts Viewer');
  await roleDialog.getByLabel('View Dashboard').check();
  await roleDialog.getByLabel('View Invoice').check();
  await roleDialog.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByRole('cell', { name: 'Accounts Viewer', exact: true })).toBeVisible();

  // Create a user holding that role.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Create User' }).click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByLabel('First Name').fill('Sunil');
  await userDialog.getByLabel('Last Name').fill('Patil');
  await userDialog.getByLabel('Email').fill(staff.email);
  await userDialog.getByLabel('Phone').fill(staff.phone);
  await userDialog.getByLabel('Password').fill(staff.password);
  await pick(page, userDialog, 'Role', 'Accounts Viewer');
  await pick(page, userDialog, 'Branches', 'Nagpur');
  await userDialog.getByLabel('First Name').click(); // close the branch drop-down
  await userDialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully.')).toBeVisible();
  await expect(page.getByRole('cell', { name: staff.email, exact: true })).toBeVisible();

  // The new user signs in: no Sales Order in the menu, and /orders is refused.
  await logout(page);
  await login(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: /Welcome, Sunil/ })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to view this page. Please contact your Company Admin."),
  ).toBeVisible();
  // He reads the Setup Guide too, but its steps link only to screens he may open.
  await page.goto('/onboarding');
  await expect(page.getByLabel('Add your first product: not done')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create order' })).toHaveCount(0);

  // The admin never types Sunil's password: a reset signs him out and his old password stops working.
  await logout(page);
  await login(page, owner.email, owner.password);
  await expect(page.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();
  await page.goto('/users');
  await page.getByRole('button', { name: 'Actions for Sunil Patil' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(editDialog.getByLabel('New Password')).toHaveCount(0);
  await editDialog.getByRole('button', { name: 'Send Password Reset' }).click();
  await expect(page.getByText('Password reset sent successfully.')).toBeVisible();
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await logout(page);
  await login(page, staff.email, staff.password);
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
});
