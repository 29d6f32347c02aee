import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

/** The company's own mail server: a real SMTP server that takes every message and counts it. */
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];
test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** A new company with marketing on, its e-mail medium on the local SMTP server, a list of two consenting contacts and an e-mail template. */
async function setUp(page: Page, who: string) {
  await signUpAndVerify(page, {
    company: `Konkan Traders ${who} ${stamp}`,
    branch: 'Ratnagiri',
    city: 'Ratnagiri',
    pincode: '415612',
    addressLine1: '3 Maruti Mandir Road',
    firstName: 'Asha',
    lastName: 'Sawant',
    email: `${who}.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  await callApiAsUser(page, 'PATCH', `companies/${companyId}`, { is_marketing_enabled: true });

  // The e-mail medium on the company's own (local) mail server.
  const medium = await callApiAsUser(page, 'PUT', `v1/admin/companies/${companyId}/marketing_mediums`, {
    medium: 'email',
    mode: 'smtp',
    from_name: 'Konkan Traders',
    from_email: `offers.${stamp}@example.in`,
    smtp_host: '127.0.0.1',
    smtp_port: smtpPort,
    smtp_security: 'none',
  });
  expect(medium.status).toBeLessThan(300);

  // Two contacts who consented to e-mail, in a static list; an e-mail template with a coupon.
  const contactIds: number[] = [];
  for (const name of ['Ravi Patil', 'Sunita Desai']) {
    const contact = await callApiAsUser(page, 'POST', `companies/${companyId}/contacts`, {
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}.${stamp}@example.in`,
      consents: { email: true },
    });
    expect(contact.status).toBe(201);
    contactIds.push(contact.body.id as number);
  }
  const list = await callApiAsUser(page, 'POST', `companies/${companyId}/contact_lists`, {
    name: `Diwali buyers ${stamp}`,
    kind: 'static',
    contacts: contactIds,
  });
  expect(list.status).toBe(201);
  const template = await callApiAsUser(page, 'POST', `v1/admin/companies/${companyId}/templates`, {
    medium: 'email',
    name: `diwali_offer_${stamp}`,
    subject: 'Diwali offer for {contact_name}',
    html_body: '<p>Hello {contact_name}, use {coupon_code} for 10% off.</p>',
  });
  expect(template.status).toBe(201);

  return { companyId };
}

test('campaigns: send a one-time e-mail campaign, see it delivered and in the report', async ({ page }) => {
  test.setTimeout(240_000);
  await setUp(page, 'campaigns');
  // The list: empty, with a way to start per medium.
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 2 })).toBeVisible();
  await expect(page.getByText("Oops it's empty here")).toBeVisible();
  await page.getByRole('link', { name: 'Email' }).click();
  await expect(page.getByRole('heading', { name: 'New Email Campaign' })).toBeVisible();

  // The form: title rule, template, audience with its live count, the variable warning.
  await page.getByLabel('Title').fill('Diwali sale 50%!');
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: `diwali_offer_${stamp}` }).click();
  await page.getByRole('combobox', { name: 'Contact lists' }).click();
  await page.getByRole('option', { name: `Diwali buyers ${stamp} (2)` }).click();
  await page.keyboard.press('Escape');
  const audience = page.getByRole('region', { name: 'Audience' });
  await expect(audience.getByText('Will receive')).toContainText('2');
  await expect(
    page.getByText('Please fill the necessary inputs required by editing the email template'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(
    page.getByText('Title can only contain letters, digits, hyphen, underscore, dot and space.'),
  ).toBeVisible();
  await expect(page.getByText('Enter a value for {coupon_code}.')).toBeVisible();
  await page.getByLabel('Title').fill(`Diwali sale ${stamp}`);
  await page.getByLabel('{coupon_code}').fill('DIWALI10');
  const problems = await seriousProblems(page, 'one-time campaign form');
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page.getByText('Campaign created successfully.')).toBeVisible();
  await expect(page.getByText('Campaign will now run successfully as per scheduling.')).toBeVisible();

  // The summary: both messages go to the mail server and read as delivered/submitted.
  await expect(page.getByRole('heading', { name: `Diwali sale ${stamp}` })).toBeVisible();
  await expect(page.getByText('Processed', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(sent).toContainText('2');
  const messages = page.getByRole('table', { name: 'Campaign messages' });
  await expect(messages.getByText('Ravi Patil')).toBeVisible();
  await expect(messages.getByText(/Submitted|Delivered/).first()).toBeVisible();
  expect(received).toEqual(
    expect.arrayContaining([`ravi.${stamp}@example.in`, `sunita.${stamp}@example.in`]),
  );
  problems.push(...(await seriousProblems(page, 'campaign summary')));

  await page.goto('/campaign-report');
  await expect(page.getByRole('link', { name: `Diwali sale ${stamp}` })).toBeVisible();
  problems.push(...(await seriousProblems(page, 'campaign report')));
  expect(problems).toEqual([]);
});

test('recurring campaigns: make a payment reminder, pause and resume it', async ({ page }) => {
  test.setTimeout(180_000);
  await setUp(page, 'recurring');
  const problems: string[] = [];
  // A payment reminder that runs every day: who receives it is explained; pause and resume it.
  await page.goto('/campaigns/automated-recurring-campaign?campaignMedium=email');
  await expect(page.getByRole('heading', { name: 'New Email Recurring Campaign' })).toBeVisible();
  await page.getByLabel('Title').fill(`Dues reminder ${stamp}`);
  await expect(page.getByText(/Buyers with an invoice falling due within 3 day/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: `diwali_offer_${stamp}` }).click();
  await page.getByLabel('{coupon_code}').fill('PAYNOW');
  problems.push(...(await seriousProblems(page, 'recurring campaign form')));
  await page.getByRole('button', { name: 'Create Recurring Campaign' }).click();
  await expect(page.getByText('Recurring campaign created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Dues reminder ${stamp}` })).toBeVisible();
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Pause' }).click();
  await page
    .getByRole('dialog', { name: 'Pause recurring campaign' })
    .getByRole('button', { name: 'Pause' })
    .click();
  await expect(page.getByText('Recurring campaign paused.')).toBeVisible();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page
    .getByRole('dialog', { name: 'Resume recurring campaign' })
    .getByRole('button', { name: 'Resume' })
    .click();
  await expect(page.getByText('Recurring campaign resumed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  await page.goto('/recurring-campaigns');
  await expect(page.getByRole('link', { name: `Dues reminder ${stamp}` })).toBeVisible();
  problems.push(...(await seriousProblems(page, 'recurring campaigns')));
  expect(problems).toEqual([]);
});
