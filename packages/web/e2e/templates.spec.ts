import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('templates: an e-mail with a variable previewed and saved, an SMS with its DLT id, a WhatsApp variable with an underscore refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Template Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 FC Road',
    firstName: 'Meera',
    lastName: 'Joshi',
    email: `templates.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${companyId}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

  // E-mail: nothing yet, then a template written in the editor with a variable from the picker.
  await page.goto('/template-manager');
  await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
  await expect(page.getByText('Add a Email Template and reach your buyers')).toBeVisible();
  await page.getByRole('button', { name: 'Create Email Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Email Template' });
  await dialog.getByRole('textbox', { name: 'Template Name', exact: true }).fill('Payment reminder');
  await dialog.getByLabel('Subject').fill('Payment due for {buyer_name}');
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await body.pressSequentially('Dear customer, please pay');
  await dialog.getByRole('button', { name: 'Insert Variable' }).click();
  await page.getByRole('menuitem', { name: /\{outstanding_amount\}/ }).click();
  // The preview fills the sample contact's values.
  const text = dialog.getByTestId('email-text-preview');
  await expect(text).toContainText('Dear customer, please pay ₹12,450.00');
  await expect(dialog.getByText('Payment due for Sharma Traders')).toBeVisible();
  const problems = await seriousProblems(page, 'e-mail template dialog');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template created successfully.')).toBeVisible();
  const emails = page.getByRole('table', { name: 'Email templates' });
  await expect(emails.getByRole('row', { name: /Payment reminder/ })).toContainText('outstanding_amount');

  // SMS: the counter follows the text; the DLT fields are checked.
  await page.getByRole('tab', { name: 'SMS' }).click();
  await page.getByRole('button', { name: 'Create SMS Template' }).click();
  const sms = page.getByRole('dialog', { name: 'Create SMS Template' });
  await sms.getByRole('textbox', { name: 'Template Name', exact: true }).fill('Reminder SMS');
  await sms.getByLabel('SMS Text').fill('Dear {buyer_name}, your order is ready. -ACME');
  await expect(sms.getByTestId('sms-counter')).toContainText('1 SMS');
  await sms.getByLabel('Sender Header').fill('ACMEDI');
  await sms.getByLabel('DLT Template ID').fill('12345');
  await sms.getByLabel('DLT Entity ID').fill('1201159876543210987');
  await sms.getByRole('button', { name: 'Create Template' }).click();
  await expect(sms.getByText('DLT template ID must be 19 digits.')).toBeVisible();
  await sms.getByLabel('DLT Template ID').fill('1207161234567890123');
  await sms.getByRole('button', { name: 'Create Template' }).click();
  await expect(sms).toBeHidden();
  await expect(page.getByRole('table', { name: 'SMS templates' })).toContainText('1207161234567890123');

  // WhatsApp: a variable with an underscore is refused with the spec's rule; by name it previews.
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await page.getByRole('button', { name: 'Create WhatsApp Template' }).click();
  const wa = page.getByRole('dialog', { name: 'Create WhatsApp Template' });
  await wa.getByRole('textbox', { name: 'Template Name', exact: true }).fill('Diwali offer');
  await wa
    .getByRole('textbox', { name: 'Body', exact: true })
    .fill('Hi {buyer_name}, use {couponCode} this Diwali.');
  await wa.getByRole('button', { name: 'Create Template' }).click();
  await expect(
    wa.getByText('WhatsApp variables must be in braces without underscores; write {buyerName}.'),
  ).toBeVisible();
  await wa
    .getByRole('textbox', { name: 'Body', exact: true })
    .fill('Hi {buyerName}, use {couponCode} this Diwali.');
  await expect(wa.getByTestId('whatsapp-bubble')).toContainText(
    'Hi Sharma Traders, use DIWALI10 this Diwali.',
  );
  problems.push(...(await seriousProblems(page, 'WhatsApp template dialog')));
  await wa.getByRole('button', { name: 'Create Template' }).click();
  await expect(wa).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'WhatsApp templates' }).getByRole('row', { name: /Diwali offer/ }),
  ).toContainText('Pending');
  problems.push(...(await seriousProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
});
