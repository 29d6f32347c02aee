import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

test('URL shortener: create a short link, follow it to the target with its UTM parameters, see the click counted', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  // The target's stand-in: records what it was asked for and answers a landing page.
  const shopVisits: string[] = [];
  const shop = http.createServer((request, response) => {
    shopVisits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Shop</title><h1>Diwali landing page</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const shopPort = (shop.address() as AddressInfo).port;
  await signUpAndVerify(page, {
    company: `Short Link Traders ${stamp}`,
    branch: 'Indore',
    city: 'Indore',
    pincode: '452001',
    addressLine1: '9 MG Road',
    firstName: 'Kavita',
    lastName: 'Jain',
    email: `short-links.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${(me.body.company as { id: number }).id}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

  // Empty state first, then the create dialog with a field error from the server.
  await page.goto('/shorten-url');
  await expect(page.getByText('Create a Short Link and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Short Link' });
  await dialog.getByLabel('Target URL').fill(`http://shop.example.in:${shopPort}/landing?ref=e2e`);
  await dialog.getByLabel('Custom path').fill('Diwali Sale');
  await dialog.getByRole('button', { name: 'Create Short Link' }).click();
  await expect(dialog.getByText('Spaces are not allowed.')).toBeVisible();
  const path = `diwali-${stamp}`;
  await dialog.getByLabel('Custom path').fill(path);
  await dialog.getByLabel('UTM source').fill('whatsapp');
  await dialog.getByLabel('UTM campaign').fill('diwali');
  await dialog.getByRole('button', { name: 'Create Short Link' }).click();
  await expect(page.getByText('Short link created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: path })).toBeVisible();
  const detailUrl = page.url();

  // Follow it as a buyer would, in a browser of its own: the app's 302 sends it to the target,
  // whose host (shop.example.in) resolves to a local stand-in server started here.
  const buyerBrowser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP shop.example.in 127.0.0.1'],
  });
  // A desktop browser's User-Agent: headless Chromium's own names itself HeadlessChrome, which counts as a bot.
  const buyer = await buyerBrowser.newPage({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  await buyer.goto(`${baseURL}/s/${path}`);
  await expect(buyer.getByRole('heading', { name: 'Diwali landing page' })).toBeVisible();
  const landed = new URL(buyer.url());
  expect(`${landed.hostname}${landed.pathname}`).toBe('shop.example.in/landing');
  expect(landed.searchParams.get('ref')).toBe('e2e');
  expect(landed.searchParams.get('utm_source')).toBe('whatsapp');
  expect(landed.searchParams.get('utm_campaign')).toBe('diwali');
  expect(shopVisits[0]).toBe('/landing?ref=e2e&utm_source=whatsapp&utm_campaign=diwali');
  await buyerBrowser.close();

  // The click is written within a second or so: the detail page shows it, and the list too.
  await expect(async () => {
    await page.goto(detailUrl);
    await expect(page.getByRole('table', { name: 'Clicks by device' })).toContainText('Desktop1');
  }).toPass({ timeout: 20_000 });
  await page.goto('/shorten-url');
  const row = page.getByRole('row').filter({ hasText: path });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  shop.close();
});
