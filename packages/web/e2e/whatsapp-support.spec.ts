import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const APP_SECRET = `app-secret-${stamp}`;
const PHONE_NUMBER_ID = '1098765432';

/** The WhatsApp Cloud API stand-in: takes the replies the inbox sends and gives each a wamid. */
let cloud: Server;
let cloudUrl = '';
const sent: Record<string, unknown>[] = [];
test.beforeAll(async () => {
  cloud = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const ok =
        request.url === `/v21.0/${PHONE_NUMBER_ID}/messages` &&
        request.headers.authorization === 'Bearer cloud-token';
      if (ok) sent.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          ok
            ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.out.${sent.length}.${stamp}` }] }
            : { error: { code: 190, message: 'Invalid OAuth access token.' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  cloudUrl = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}/v21.0`;
});
test.afterAll(() => new Promise<void>((resolve) => cloud.close(() => resolve())));

test('whatsapp support: a buyer’s message arrives, is assigned, answered and closed; the support center is edited', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUpAndVerify(page, {
    company: `Malabar Spices ${stamp}`,
    branch: 'Kochi',
    city: 'Kochi',
    pincode: '682001',
    addressLine1: '4 Broadway',
    firstName: 'Anjali',
    lastName: 'Menon',
    email: `support.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  await callApiAsUser(page, 'PATCH', `companies/${companyId}`, { is_marketing_enabled: true });

  // Before WhatsApp is connected the inbox says so and points to the mediums.
  await page.goto('/whatsapp-support');
  await expect(page).toHaveTitle('Whatsapp Support');
  await expect(page.getByRole('heading', { name: 'WhatsApp is not configured' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Configure Mediums' })).toBeVisible();

  const medium = await callApiAsUser(page, 'PUT', `v1/admin/companies/${companyId}/marketing_mediums`, {
    medium: 'whatsapp',
    api_url: cloudUrl,
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: '2098765432',
    access_token: 'cloud-token',
    app_secret: APP_SECRET,
    webhook_verify_token: `verify-${stamp}`,
  });
  expect(medium.status, JSON.stringify(medium.body)).toBe(200);

  // A buyer writes: Meta posts the message to the webhook, signed with the app secret.
  const customer = `919${String(Date.now()).slice(-9)}`;
  const text = `Namaste, is the 1 kg Malabar pepper pack in stock? Order ref on www.malabar-${stamp}.in`;
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '2098765432',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Ravi Nair' }, wa_id: customer }],
              messages: [
                {
                  from: customer,
                  id: `wamid.in.${stamp}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const webhook = await page.request.post(`${baseURL}/api/webhooks/whatsapp/${companyId}`, {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(payload).digest('hex')}`,
    },
    data: payload,
  });
  expect(webhook.status(), await webhook.text()).toBe(200);

  // The inbox picks it up by itself (it polls).
  const list = page.getByRole('navigation', { name: 'Conversation list' });
  const item = list.getByRole('button', { name: /Ravi Nair/ });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText('1 kg Malabar pepper');
  const problems = await seriousProblems(page);
  await item.click();
  const thread = page.getByRole('region', { name: 'Conversation with Ravi Nair' });
  await expect(
    thread.getByText('Namaste, is the 1 kg Malabar pepper pack in stock?', { exact: false }),
  ).toBeVisible();
  // The link in the message is clickable and opens in a new tab.
  const link = thread.getByRole('link', { name: `www.malabar-${stamp}.in` });
  await expect(link).toHaveAttribute('href', `https://www.malabar-${stamp}.in`);
  await expect(link).toHaveAttribute('target', '_blank');

  await thread.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('Conversation assigned.')).toBeVisible();
  await expect(thread.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Anjali Menon');

  await thread.getByLabel('Reply').fill('Yes, 40 packs are in stock. We can ship today.');
  await thread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();
  await expect(thread.getByText('Yes, 40 packs are in stock. We can ship today.')).toBeVisible();
  expect(sent.at(-1)).toMatchObject({
    to: customer,
    type: 'text',
    text: { body: 'Yes, 40 packs are in stock. We can ship today.' },
  });
  problems.push(...(await seriousProblems(page, 'conversation')));

  await thread.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('Conversation closed.')).toBeVisible();
  await expect(thread.getByText('This conversation is closed. Reopen it to reply.')).toBeVisible();
  // The open list no longer holds it.
  await expect(item).toBeHidden();

  // The support center buyers see.
  await page.goto('/campaign-configuration/support-center');
  await expect(page).toHaveTitle('Support Center');
  await page.getByLabel('Phone').fill('9847012345');
  await page.getByLabel('E-mail').fill(`care.${stamp}@malabarspices.in`);
  await page.getByLabel('WhatsApp number').fill('9847012346');
  await page.getByRole('switch', { name: 'Monday' }).click({ force: true });
  await page.getByLabel('Monday opens').fill('09:30');
  await page.getByLabel('Monday closes').fill('18:30');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Do you ship outside Kerala?');
  await page
    .getByRole('textbox', { name: 'Answer', exact: true })
    .fill('Yes, anywhere in India within 5 working days.');
  problems.push(...(await seriousProblems(page, 'support center')));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Support center saved successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue(
    'Do you ship outside Kerala?',
  );
  await expect(page.getByLabel('Monday opens')).toHaveValue('09:30');
  const saved = await callApiAsUser(page, 'GET', `v1/admin/companies/${companyId}/support_center`);
  expect(saved.body).toMatchObject({ phone: '9847012345', whatsapp_number: '9847012346' });
  expect(problems).toEqual([]);
});
