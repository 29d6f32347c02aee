import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

/** Every built screen a new company reaches from the menu, its create forms and its settings. */
const SCREENS = [
  '/home/overview',
  '/products',
  '/products/new',
  '/categories',
  '/brands',
  '/variant-groups',
  '/grouped-products',
  '/product-attributes',
  '/product-collections',
  '/orders',
  '/orders/new',
  '/instore-order',
  '/quotations',
  '/quotations/new',
  '/invoices',
  '/shipments',
  '/payments-received',
  '/sales-returns',
  '/credit-notes',
  '/credit-notes/new',
  '/delivery-challans',
  '/payments-to-be-received',
  '/buyers',
  '/buyer-groups',
  '/leads',
  '/sellers',
  '/inventory-transfers',
  '/inventory-adjustments',
  '/inventory-adjustments/new',
  '/reports/inventory-reports/inventory-age',
  '/company',
  '/configurations',
  '/branches',
  '/warehouses',
  '/web-stores',
  '/users',
  '/users/roles',
  '/payment-methods',
  '/stores',
  '/logs-and-errors',
  '/delivery',
  '/amazon-seller-login',
  '/connect-zoho',
  '/taxes',
  '/accounts',
  '/bills',
  '/reports/gst/gstr-1',
  '/reports/gst/gstr-3b',
  '/reports/tally-export',
  '/business-intelligence/business-performance',
  '/business-intelligence/buyer-performance/actionable-insights',
  '/serial-numbers',
  '/contacts',
  '/contact-lists',
  '/bulk-import/create-contact',
  '/bulk-import/import-center',
  '/template-manager',
  '/shorten-url',
  '/customer-feedback',
  '/google-review-account-verifications',
  '/campaigns',
  '/campaigns/one-time-campaign?campaignMedium=email',
  '/recurring-campaigns',
  '/campaigns/automated-recurring-campaign?campaignMedium=sms',
  '/campaign-report',
  '/products-ads',
  '/products-ads/organic-non-organic-stat',
  '/products-ads/competitiveness-overall',
  '/ads-account-verifications',
  '/whatsapp-support',
  '/campaign-configuration/support-center',
  '/download-app',
  '/policy',
  '/onboarding',
];

test('accessibility: axe finds no serious or critical WCAG 2 AA problem on the sign-in page and every built screen (issue 18)', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email or Phone')).toBeVisible();
  const problems = await seriousProblems(page);

  await signUpAndVerify(page, {
    company: `Accessible Traders ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '5 College Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `a11y-${stamp}@example.in`,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  // The marketing screens (issue 23) need the company's marketing switch on.
  const me = await callApiAsUser(page, 'GET', 'me/');
  await callApiAsUser(page, 'PATCH', `companies/${(me.body.company as { id: number }).id}`, {
    is_marketing_enabled: true,
  });
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    // Lists and forms settle (their loading skeletons gone) before axe reads the page.
    await page.waitForLoadState('networkidle');
    problems.push(...(await seriousProblems(page)));
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
