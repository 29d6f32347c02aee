import { expect, type Locator, type Page } from '@playwright/test';
import { otpFor } from './mailbox.ts';

/** The owner of a company a journey signs up; every journey makes its own, with unique contacts. */
export interface Owner {
  company: string;
  branch: string;
  city: string;
  pincode: string;
  addressLine1: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/** Opens a Mantine select by its label inside `scope` and picks an option (options render in a portal). */
export async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function login(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email or Phone').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/auth\/login/);
}

/**
 * Signs a new company up (branch in Maharashtra), verifies it with the OTP the SMTP server
 * received, and waits for the home page's greeting.
 */
export async function signUpAndVerify(page: Page, owner: Owner) {
  await page.goto('/signup');
  await page.getByLabel('Company Name').fill(owner.company);
  await page.getByLabel('Branch Name').fill(owner.branch);
  await pick(page, page, 'State', 'Maharashtra');
  await page.getByLabel('City').fill(owner.city);
  await page.getByLabel('Pincode').fill(owner.pincode);
  await page.getByLabel('Address Line 1').fill(owner.addressLine1);
  await page.getByLabel('First Name').fill(owner.firstName);
  await page.getByLabel('Last Name').fill(owner.lastName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Phone').fill(owner.phone);
  await page.getByLabel('Password').fill(owner.password);
  const signedUpAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/signup\/verify/);
  await page.getByLabel('OTP').fill(await otpFor(owner.email, { after: signedUpAt }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome, ${owner.firstName}`) })).toBeVisible();
}
