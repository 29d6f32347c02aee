import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** The WhatsApp Cloud API, as far as the medium's test reads it: one phone number behind one token. */
let graph: Server;
let graphUrl = '';
test.beforeAll(async () => {
  graph = createServer((request, response) => {
    const ok =
      request.url?.startsWith('/v21.0/1098765432') && request.headers.authorization === 'Bearer cloud-token';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        ok
          ? { display_phone_number: '+91 98200 12345', verified_name: `Deccan Traders ${stamp}` }
          : { error: { message: 'Invalid OAuth access token.' } },
      ),
    );
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`;
});
test.afterAll(() => new Promise<void>((resolve) => graph.close(() => resolve())));

test('campaign mediums: connect WhatsApp and test it, make push keys, never see a saved token again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Deccan Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 JM Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `mediums.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  await callApiAsUser(page, 'PATCH', `companies/${companyId}`, { is_marketing_enabled: true });

  await page.goto('/campaign-configuration/configure-mediums');
  await expect(page.getByRole('heading', { name: 'Campaign Mediums' })).toBeVisible();
  const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
  await expect(whatsapp.getByText('Not configured', { exact: true })).toBeVisible();
  const problems = await seriousProblems(page);

  await whatsapp.getByRole('button', { name: 'Set Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'WhatsApp Settings' });
  await dialog.getByLabel('Cloud API address').fill(graphUrl);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Required fields are named before anything is sent.
  await expect(dialog.getByText('Please enter the phone number id.')).toBeVisible();
  await dialog.getByLabel('Phone number ID').fill('1098765432');
  await dialog.getByLabel('WhatsApp Business Account ID').fill('2098765432');
  await dialog.getByLabel('Access token').fill('cloud-token');
  problems.push(...(await seriousProblems(page, 'WhatsApp settings dialog')));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('WhatsApp settings saved successfully.')).toBeVisible();
  await expect(whatsapp.getByText('Configured', { exact: true })).toBeVisible();

  await whatsapp.getByRole('button', { name: 'Test' }).click();
  await expect(whatsapp.getByText(`Connected: Deccan Traders ${stamp} (+91 98200 12345).`)).toBeVisible();

  // The saved token is never shown: the form says it is kept, and the page's data does not hold it.
  await whatsapp.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Access token')).toHaveValue('');
  await expect(dialog.getByLabel('Access token')).toHaveAttribute(
    'placeholder',
    'Saved — leave blank to keep',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const config = await callApiAsUser(page, 'GET', `admin/companies/${companyId}/configurations/`);
  expect(JSON.stringify(config.body)).not.toContain('cloud-token');

  const push = page.getByRole('region', { name: 'Push Notification' });
  await push.getByLabel('Contact for push services').fill(`mailto:mediums.${stamp}@example.in`);
  await push.getByRole('button', { name: 'Generate Keys' }).click();
  await expect(push.getByText('Configured', { exact: true })).toBeVisible();
  await push.getByRole('button', { name: 'Test' }).click();
  await expect(push.getByText('The VAPID keys are a valid pair.')).toBeVisible();
  expect(problems).toEqual([]);
});
