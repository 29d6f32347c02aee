import { expect, type Page, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** Expects a 2xx answer and hands back its body. */
async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await callApiAsUser(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

test('referral program: cashpoint rewards set, an invite recorded, the new buyer linked, their first order rewards both buyers', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Sahyadri Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '4 JM Road',
    firstName: 'Kavita',
    lastName: 'Deshmukh',
    email: `referrals.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world through the API: a product in stock and two buyers, the referrer and the new one.
  const me = await ok(page, 'GET', 'me/');
  const companyId = (me.company as { id: number }).id;
  const warehouses = await ok(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.results as { id: number; branch: { id: number } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const category = await ok(page, 'POST', `companies/${companyId}/categories`, { name: 'Rice' });
  const rice = await ok(page, 'POST', `companies/${companyId}/products`, {
    name: `Basmati 25kg ${stamp}`,
    sku: `BAS-${stamp}`,
    category: category.id,
    mrp: 2500,
    selling_price: 2200,
    hsn: '10063020',
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 1800,
  });
  const buyer = async (name: string) =>
    ok(page, 'POST', `companies/${companyId}/buyers`, {
      name,
      buyer_type: 'unregistered',
      billing_address: { address_line_1: '9 Market Yard', city: 'Pune', state_id: 27, pincode: '411037' },
      addSameAsBilling: true,
    });
  const referrerName = `Asha Provisions ${stamp}`;
  const newName = `Bala Kirana ${stamp}`;
  const referrer = await buyer(referrerName);
  const newBuyer = await buyer(newName);

  // The program: 100 points for the referrer, 50 for the new buyer, first order of ₹1,000 or more.
  await page.goto('/referral-program');
  await expect(page).toHaveTitle('Referral Program');
  await expect(page.getByText('No referrals yet')).toBeVisible();
  const settings = page.getByRole('form', { name: 'Referral program settings' });
  await settings.getByLabel('Program active').check();
  await pick(page, settings, 'Referrer: reward', 'Cashpoints');
  await settings.getByLabel('Referrer: points').fill('100');
  await settings.getByLabel('Referrer: validity (days)').fill('90');
  await pick(page, settings, 'New buyer: reward', 'Cashpoints');
  await settings.getByLabel('New buyer: points').fill('50');
  await settings.getByLabel('New buyer: validity (days)').fill('30');
  await settings.getByLabel('Minimum first order value (₹)').fill('1000');
  await settings.getByLabel('Referral code prefix').fill('kav');
  await settings.getByRole('button', { name: 'Save Program' }).click();
  await expect(page.getByText('Referral program saved successfully.')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  // Record the invite the referrer made.
  await page.getByRole('button', { name: 'Record Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Record Invite' });
  await invite.getByLabel('Referrer').fill(referrerName);
  await page.getByRole('option', { name: referrerName }).click();
  await invite.getByLabel("Invited contact's name").fill('Bala');
  await invite.getByLabel('Phone').fill('9822012345');
  expect(await seriousProblems(page, 'Record Invite')).toEqual([]);
  await invite.getByRole('button', { name: 'Record Invite' }).click();
  await expect(page.getByText('Invite recorded successfully.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Referrals' });
  const row = table.getByRole('row').filter({ hasText: 'Bala' });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByText(/^KAV/)).toBeVisible();

  // Bala signed up: link the new buyer.
  await row.getByRole('button', { name: /Link buyer/ }).click();
  const link = page.getByRole('dialog', { name: 'Link Buyer' });
  await link.getByLabel('New buyer').fill(newName);
  await page.getByRole('option', { name: newName }).click();
  await link.getByRole('button', { name: 'Link Buyer' }).click();
  await expect(page.getByText('Buyer linked to the referral successfully.')).toBeVisible();
  await expect(row.getByText('Signed Up', { exact: true })).toBeVisible();

  // The new buyer's first order (2 bags, well above ₹1,000).
  const addresses = newBuyer.addresses as { id: number; address_type: string }[];
  const address = (type: string) => addresses.find((a) => a.address_type === type)?.id ?? addresses[0]?.id;
  const quotation = await ok(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
    buyer: newBuyer.id,
    branch: warehouse.branch.id,
    billing_address: address('billing_address'),
    shipping_address: address('shipping_address'),
    items: [{ product: rice.id, warehouse: warehouse.id, quantity: 2 }],
  });
  const order = await ok(page, 'POST', `admin/quotations/${quotation.id}/generate_order/`, {});

  // The referral is rewarded with the order, and the points are on the new buyer.
  await page.reload();
  const rewarded = page
    .getByRole('table', { name: 'Referrals' })
    .getByRole('row')
    .filter({ hasText: 'Bala' });
  await expect(rewarded.getByText('Rewarded', { exact: true })).toBeVisible();
  await expect(rewarded.getByText(String(order.order_number))).toBeVisible();
  await expect(rewarded.getByText('Referrer 100.00 pts · New buyer 50.00 pts')).toBeVisible();

  await page.goto(`/buyers/${newBuyer.id}`);
  await page.getByRole('tab', { name: 'Cashpoints' }).click();
  await expect(page.getByLabel('Total Available Cashpoints')).toHaveText('50.00');

  // The referrer's page shows their code and the rewarded referral.
  await page.goto(`/buyers/${referrer.id}`);
  await expect(page.getByTestId('buyer-referral-code')).toHaveText(/^KAV/);
  await expect(page.getByText('1 referral, 1 rewarded')).toBeVisible();

  // At phone width the program page stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/referral-program');
  await expect(page.getByRole('button', { name: 'Record Invite' })).toBeVisible();
});
