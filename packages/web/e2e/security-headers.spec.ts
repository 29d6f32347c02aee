import { expect, type Page, test } from '@playwright/test';
import { signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

/**
 * Collects every Content-Security-Policy violation the page reports, from the DOM event (set up
 * before any page script runs) and from the console, where Chromium also writes them.
 */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test('a page on another origin cannot frame the app', async ({ page, baseURL }) => {
  // A page of another origin (served by the browser itself) that puts the app in a frame.
  await page.route('http://foreign.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Foreign</title><iframe id="app" src="${baseURL}/auth/login" width="800" height="600"></iframe>`,
    }),
  );
  const app = await page.request.get(`${baseURL}/auth/login`);
  expect(app.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(app.headers()['x-frame-options']).toBe('DENY');
  await page.goto('http://foreign.example/');
  // Chromium refuses to render it: the frame shows its error page instead of the app.
  const child = () => page.frames().find((frame) => frame !== page.mainFrame());
  await expect.poll(() => child()?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#app').getByLabel('Email or Phone')).toHaveCount(0);
});

test('the app, its screens and the API docs load with no CSP violation', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchCsp(page);

  await page.goto('/auth/login');
  await expect(page.getByLabel('Email or Phone')).toBeVisible();

  await signUpAndVerify(page, {
    company: `Headers Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '7 FC Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `owner.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products' }).first()).toBeVisible();
  await page.goto('/products/new');
  await expect(page.getByLabel(/Product Name|Name/).first()).toBeVisible();
  await page.goto('/configurations');
  await expect(page.getByText('Zoho Books').first()).toBeVisible();
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' }).first()).toBeVisible();

  await page.goto('/api/docs/');
  // The swagger UI renders the whole document at once: slow on a busy machine.
  await expect(page.getByRole('heading', { name: /B2B Back Office API/ })).toBeVisible({ timeout: 60_000 });

  expect(violations).toEqual([]);
});
