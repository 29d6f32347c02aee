import { chromium, expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

// Issue 24: one build, two modes. Pages on 127.0.0.1 run the admin app; pages on marketing.test
// (MARKETING_ADMIN_HOST in global-setup; the browser maps the name to 127.0.0.1) run the
// marketing-only app: its menu, its home redirect and its 404 button. Also the UTM parameters a
// sign-up carries, and the /download-app card.

const stamp = Date.now().toString(36);
const PASSWORD = 'Quiet-Harbour@42';
const ANDROID = 'https://play.google.com/store/apps/details?id=in.example.support';

test('admin and marketing-only modes on two host names, UTM at sign-up, the app-download card', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = `marketing-mode.${stamp}@example.in`;

  // The visitor first arrives from an advert, then from a newsletter: both sources are kept.
  await page.goto('/auth/login?UTM_SOURCE=google&utm_medium=cpc&utm_campaign=diwali');
  await page.goto('/auth/login?utm_source=newsletter&utm_source=google');
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/auth/signup/'));
  await signUpAndVerify(page, {
    company: `Marketing Mode Traders ${stamp}`,
    branch: 'Nagpur',
    city: 'Nagpur',
    pincode: '440001',
    addressLine1: '21 Sitabuldi Main Road',
    firstName: 'Meera',
    lastName: 'Deshpande',
    email,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: PASSWORD,
  });
  expect((await signup).postDataJSON()).toMatchObject({
    utm_source: 'google,newsletter',
    utm_medium: 'cpc',
    utm_campaign: 'diwali',
  });

  // Admin mode: the full menu, and the 404 page goes home.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home/overview');
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'GO TO HOME PAGE' })).toBeVisible();

  // The app-download card: says plainly when no link is set, then shows the link with its QR code.
  await page.goto('/download-app');
  await expect(page.getByRole('heading', { name: 'App Download' })).toBeVisible();
  await expect(page.getByText('Saves 100 hours monthly')).toBeVisible();
  await expect(page.getByText('50% lower customer acquisition cost')).toBeVisible();
  await expect(page.getByText('Your company has not set its app’s store links yet')).toBeVisible();
  await page.goto('/company');
  const card = page.getByRole('region', { name: 'App Download' });
  await card.getByLabel('Google Play link (Android)').fill('play.google.com/store');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Enter the store link as an https:// address.')).toBeVisible();
  await card.getByLabel('Google Play link (Android)').fill(ANDROID);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Configurations updated successfully.')).toBeVisible();
  await card.getByRole('link', { name: 'App Download' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the Android link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', ANDROID);
  await expect(page.getByText('No iOS link is set.')).toBeVisible();

  // The Policy page: written by the admin, saved with its toast.
  await page.goto('/policy');
  await page
    .getByRole('textbox', { name: 'Privacy Policy' })
    .fill('We use your phone number only to send your invoices.');
  await page.getByRole('button', { name: 'Save Policy' }).click();
  await expect(page.getByText('Policy saved successfully.')).toBeVisible();

  const me = await callApiAsUser(page, 'GET', 'me/');
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${(me.body.company as { id: number }).id}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

  // Marketing mode: the same server under the marketing host name.
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const marketingBrowser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP marketing.test 127.0.0.1'],
  });
  const marketing = await marketingBrowser.newPage({ viewport: { width: 1366, height: 860 } });
  const origin = `http://marketing.test:${new URL(baseURL ?? 'http://127.0.0.1:4310').port}`;
  await marketing.goto(`${origin}/auth/login`);
  await marketing.getByLabel('Email or Phone').fill(email);
  await marketing.getByLabel('Password').fill(PASSWORD);
  await marketing.getByRole('button', { name: 'Login', exact: true }).click();

  // Home is the marketing dashboard, and so is the empty path.
  await expect(marketing).toHaveURL(`${origin}/campaign-configuration/marketing`);
  await expect(marketing.getByRole('heading', { name: 'Marketing Dashboard' })).toBeVisible();
  await marketing.goto(`${origin}/`);
  await expect(marketing).toHaveURL(`${origin}/campaign-configuration/marketing`);

  // The marketing menu: a medium per group, each campaign link carrying its campaignMedium.
  const nav = marketing.getByRole('banner');
  for (const group of ['WhatsApp', 'Email', 'SMS', 'Push Notification'])
    await expect(nav.getByRole('button', { name: group })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sales' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Email' }).click();
  const oneTime = marketing.getByRole('menuitem', { name: 'One Time Campaign' });
  await expect(oneTime).toHaveAttribute('href', '/campaigns/one-time-campaign?campaignMedium=email');
  await oneTime.click();
  await expect(marketing).toHaveURL(/\/campaigns\/one-time-campaign\?campaignMedium=email$/);
  await nav.getByRole('button', { name: 'Push Notification' }).click();
  await expect(marketing.getByRole('menuitem', { name: 'Recurring Campaign' })).toHaveAttribute(
    'href',
    '/campaigns/automated-recurring-campaign?campaignMedium=push_notification',
  );
  await marketing.keyboard.press('Escape');

  // The marketing settings panel instead of the admin one.
  await marketing.getByRole('button', { name: 'Settings' }).click();
  const settings = marketing.getByRole('navigation', { name: 'Settings' });
  await expect(settings.getByRole('link', { name: 'Sales Channel' })).toBeVisible();
  await expect(settings.getByRole('link', { name: 'Import Center' })).toBeVisible();
  await expect(settings.getByRole('link', { name: 'Branches' })).toHaveCount(0);
  await marketing.keyboard.press('Escape');

  // A screen of the admin app is not part of the marketing app: its 404 goes to the dashboard.
  await marketing.goto(`${origin}/products`);
  await expect(marketing.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
  await marketing.getByRole('link', { name: 'GO TO DASHBOARD PAGE' }).click();
  await expect(marketing).toHaveURL(`${origin}/campaign-configuration/marketing`);

  // The app-download entry of the marketing menu opens the same card.
  await nav.getByRole('link', { name: 'App Download' }).click();
  await expect(marketing.getByRole('img', { name: 'QR code of the Android link' })).toBeVisible();
  await marketingBrowser.close();
});
