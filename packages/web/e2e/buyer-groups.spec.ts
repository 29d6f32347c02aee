import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('buyer groups: create a static group, assign two buyers from the unassigned list, unassign one', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Kirana Network ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '7 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    email: `buyer.groups.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // Two buyers, made through the API (the buyer form has its own journey).
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const buyerNames = [`Asha Provisions ${stamp}`, `Bala General Store ${stamp}`];
  for (const name of buyerNames) {
    const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
      name,
      buyer_type: 'unregistered',
      billing_address: { address_line_1: '1 Market Yard', city: 'Pune', state_id: 27, pincode: '411037' },
      addSameAsBilling: true,
    });
    expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  }

  // Create the group; its page opens.
  await page.goto('/buyer-groups');
  await expect(page).toHaveTitle('Buyer Groups');
  // A company without groups sees the spec's empty-state card, whose button is 'Add'.
  await expect(page.getByText("Oops it's empty here")).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create Buyer Group' });
  const groupName = `Loyal Kiranas ${stamp}`;
  await create.getByLabel('Name').fill(groupName);
  await create.getByLabel('Description').fill('Shops that order every week');
  await create.getByRole('button', { name: 'Create Buyer Group' }).click();
  await expect(page.getByText('Static Buyer Group created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(page.getByText('0 buyers')).toBeVisible();

  // Buyers tab: pick both from the unassigned list.
  await page.getByRole('tab', { name: 'Buyers' }).click();
  await expect(page.getByText('No buyer is in this group yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Assign Buyers' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Buyers' });
  await assign.getByLabel('Search').fill(stamp);
  for (const name of buyerNames) await assign.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(assign.getByText('2 selected')).toBeVisible();
  await assign.getByRole('button', { name: 'Assign Selected' }).click();
  await expect(page.getByText('Buyers assigned successfully.')).toBeVisible();
  const members = page.getByRole('table', { name: 'Buyers of the group' });
  for (const name of buyerNames) await expect(members.getByText(name)).toBeVisible();
  await expect(page.getByText('2 buyers')).toBeVisible();

  // Unassign one.
  await members.getByRole('button', { name: `Unassign ${buyerNames[1]}` }).click();
  await page
    .getByRole('dialog', { name: 'Unassign Buyer' })
    .getByRole('button', { name: 'Unassign' })
    .click();
  await expect(page.getByText('Buyer unassigned successfully.')).toBeVisible();
  await expect(members.getByText(buyerNames[1])).toHaveCount(0);
  await expect(members.getByText(buyerNames[0])).toBeVisible();
  await expect(page.getByText('1 buyer', { exact: true })).toBeVisible();

  // The list shows the group with its one buyer.
  await page.getByRole('link', { name: 'Buyer Groups' }).first().click();
  const row = page
    .getByRole('table', { name: 'Buyer Groups' })
    .getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText('Static');
  await expect(row).toContainText('1');
});
