import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

/** A company with marketing switched on (templates are behind the switch). */
async function marketingCompany(): Promise<SignedUpCompany> {
  const company = await signUpCompany();
  const on = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return company;
}

const templatesPath = (company: SignedUpCompany) => `v1/admin/companies/${company.companyId}/templates`;

const emailTemplate = (overrides: Record<string, unknown> = {}) => ({
  medium: 'email',
  name: `Payment reminder ${Math.floor(Math.random() * 1e9)}`,
  subject: 'Payment due for {buyer_name}',
  html_body: '<p>Dear <strong>{contact_name}</strong>,</p><p>Your outstanding is {outstanding_amount}.</p>',
  from_name: 'Accounts',
  ...overrides,
});

const smsTemplate = (overrides: Record<string, unknown> = {}) => ({
  medium: 'sms',
  name: `Reminder SMS ${Math.floor(Math.random() * 1e9)}`,
  body: 'Dear {buyer_name}, Rs {outstanding_amount} is due on {due_date}. -ACME',
  sender_header: 'acmedi',
  dlt_template_id: '1207161234567890123',
  dlt_entity_id: '1201159876543210987',
  ...overrides,
});

const whatsappTemplate = (overrides: Record<string, unknown> = {}) => ({
  medium: 'whatsapp',
  name: `Festival offer ${Math.floor(Math.random() * 1e9)}`,
  language: 'en',
  category: 'marketing',
  header_text: 'Diwali offer',
  body: 'Hi {buyerName}, use {couponCode} for 10% off this Diwali.',
  footer: 'Reply STOP to opt out',
  buttons: [
    { type: 'url', text: 'Shop now', url: 'https://shop.example.in' },
    { type: 'quick_reply', text: 'Not interested' },
  ],
  ...overrides,
});

describe('templates behind the marketing switch', () => {
  it('refuses a company without marketing with 403 and a sentence', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(templatesPath(company));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'Marketing is not enabled for your company. Ask your Company Admin to enable it.',
    );
    expect((await company.api.post(templatesPath(company), emailTemplate())).status).toBe(403);
  });
});

describe('POST v1/admin/companies/{companyId}/templates', () => {
  it('creates an e-mail template with a plain-text part made from its HTML, and a history row', async () => {
    const company = await marketingCompany();
    const input = emailTemplate();
    const res = await company.api.post(templatesPath(company), input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      medium: 'email',
      name: input.name,
      is_active: true,
      subject: 'Payment due for {buyer_name}',
      text_body: 'Dear {contact_name},\n\nYour outstanding is {outstanding_amount}.',
      variables: ['buyer_name', 'contact_name', 'outstanding_amount'],
      whatsapp_status: null,
      body: null,
      created_by: { id: company.userId },
    });
    const rows = await historyRows(company, 'template', res.body.id, ['action', 'user_id']);
    expect(rows).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('keeps only the editor’s markup in the HTML', async () => {
    const company = await marketingCompany();
    const res = await company.api.post(
      templatesPath(company),
      emailTemplate({ html_body: '<p onclick="x()">Hi {contact_name}</p><script>alert(1)</script>' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.html_body).toBe('<p>Hi {contact_name}</p>');
    const empty = await company.api.post(
      templatesPath(company),
      emailTemplate({ html_body: '<script>x</script>' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors.html_body).toEqual(['The e-mail body is required.']);
  });

  it('creates an SMS with DLT fields and a WhatsApp template that is pending until a provider reviews it', async () => {
    const company = await marketingCompany();
    const sms = await company.api.post(templatesPath(company), smsTemplate());
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    expect(sms.body).toMatchObject({ sender_header: 'ACMEDI', dlt_template_id: '1207161234567890123' });
    const input = whatsappTemplate({ name: 'Diwali Offer 2026' });
    const wa = await company.api.post(templatesPath(company), input);
    expect(wa.status, JSON.stringify(wa.body)).toBe(201);
    expect(wa.body).toMatchObject({
      meta_template_name: 'diwali_offer_2026',
      whatsapp_status: 'pending',
      variables: ['buyer_name', 'coupon_code'],
      buttons: [
        { type: 'url', text: 'Shop now', url: 'https://shop.example.in', phone: null },
        { type: 'quick_reply', text: 'Not interested', url: null, phone: null },
      ],
    });
  });

  it('refuses bad input with 400 and a sentence per field', async () => {
    const company = await marketingCompany();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        emailTemplate({ name: 'bad-name!' }),
        'name',
        'Template name can only contain letters, digits, underscore and space.',
      ],
      [
        emailTemplate({ subject: 'Hi {customer}' }),
        'subject',
        '{customer} is not a known variable. Choose one from the variable list.',
      ],
      [
        whatsappTemplate({ body: 'Hi {buyer_name}' }),
        'body',
        '{buyer_name}: WhatsApp variables must be in braces without underscores; write {buyerName}.',
      ],
      [smsTemplate({ dlt_template_id: '12345' }), 'dlt_template_id', 'DLT template ID must be 19 digits.'],
      [
        smsTemplate({ sender_header: 'AB12' }),
        'sender_header',
        'Sender header must be 6 letters (as registered on DLT).',
      ],
      [
        whatsappTemplate({
          buttons: Array.from({ length: 4 }, (_, i) => ({ type: 'quick_reply', text: `R${i}` })),
        }),
        'buttons',
        'A WhatsApp template can have at most 3 buttons.',
      ],
      [
        { medium: 'fax', name: 'x' },
        'medium',
        'Choose a valid medium: email, sms, whatsapp or push_notification.',
      ],
      [{ ...emailTemplate(), body: 'sms text' }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(templatesPath(company), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    const list = await company.api.get(templatesPath(company));
    expect(list.body.count).toBe(0);
  });

  it('keeps names unique per medium, in any case', async () => {
    const company = await marketingCompany();
    expect((await company.api.post(templatesPath(company), emailTemplate({ name: 'Welcome' }))).status).toBe(
      201,
    );
    const again = await company.api.post(templatesPath(company), emailTemplate({ name: 'WELCOME' }));
    expect(again.status).toBe(400);
    expect(again.body.errors.name).toEqual(['A template of this medium with this name already exists.']);
    expect((await company.api.post(templatesPath(company), smsTemplate({ name: 'Welcome' }))).status).toBe(
      201,
    );
  });

  it('needs add_template; view_template reads', async () => {
    const company = await marketingCompany();
    const viewer = await createUserWithPermissions(company, ['view_template']);
    expect((await viewer.api.post(templatesPath(company), emailTemplate())).status).toBe(403);
    expect((await viewer.api.get(templatesPath(company))).status).toBe(200);
    const nobody = await createUserWithPermissions(company, []);
    expect((await nobody.api.get(templatesPath(company))).status).toBe(403);
  });
});

describe('GET v1/admin/companies/{companyId}/templates', () => {
  it('filters by medium, searches, orders and pages', async () => {
    const company = await marketingCompany();
    for (const name of ['Alpha mail', 'Beta mail', 'Gamma mail'])
      await company.api.post(templatesPath(company), emailTemplate({ name }));
    await company.api.post(templatesPath(company), smsTemplate({ name: 'Alpha sms' }));
    const emails = await company.api.get(`${templatesPath(company)}?medium=email&ordering=name&limit=2`);
    expect(emails.body.count).toBe(3);
    expect(emails.body.results.map((t: { name: string }) => t.name)).toEqual(['Alpha mail', 'Beta mail']);
    expect(emails.body.next).not.toBeNull();
    const search = await company.api.get(`${templatesPath(company)}?search=alpha&ordering=-name`);
    expect(search.body.results.map((t: { name: string }) => t.name)).toEqual(['Alpha sms', 'Alpha mail']);
    expect((await company.api.get(`${templatesPath(company)}?medium=fax`)).status).toBe(400);
  });
});

describe('GET v1/admin/templates/{id}', () => {
  it('reads the company’s template and answers 404 for another company’s', async () => {
    const company = await marketingCompany();
    const other = await marketingCompany();
    const created = await company.api.post(templatesPath(company), smsTemplate());
    const mine = await company.api.get(`v1/admin/templates/${created.body.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.variables).toEqual(['buyer_name', 'outstanding_amount', 'due_date']);
    const foreign = await other.api.get(`v1/admin/templates/${created.body.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Template Not Found');
    expect((await other.api.patch(`v1/admin/templates/${created.body.id}`, { name: 'Taken' })).status).toBe(
      404,
    );
    expect((await other.api.delete(`v1/admin/templates/${created.body.id}`)).status).toBe(404);
  });
});

describe('PATCH v1/admin/templates/{id}', () => {
  it('checks the changed template as a whole, remakes a generated plain text and records the change', async () => {
    const company = await marketingCompany();
    const created = (await company.api.post(templatesPath(company), emailTemplate())).body;
    const changed = await company.api.patch(`v1/admin/templates/${created.id}`, {
      html_body: '<p>Use {coupon_code} today</p>',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.text_body).toBe('Use {coupon_code} today');
    expect(changed.body.variables).toEqual(['buyer_name', 'coupon_code']);

    const bad = await company.api.patch(`v1/admin/templates/${created.id}`, { subject: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.subject).toEqual(['Subject is required.']);
    const medium = await company.api.patch(`v1/admin/templates/${created.id}`, { medium: 'sms' });
    expect(medium.status).toBe(400);
    expect(medium.body.errors.medium).toEqual(['The medium of a template cannot be changed.']);

    const rows = await historyRows(company, 'template', created.id, ['action', 'changes']);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated']);
    expect(rows[1]?.changes).toEqual({
      html_body: '<p>Use {coupon_code} today</p>',
      text_body: 'Use {coupon_code} today',
    });
  });

  it('sends an approved WhatsApp template back to review when its body changes', async () => {
    const company = await marketingCompany();
    const created = (await company.api.post(templatesPath(company), whatsappTemplate())).body;
    await company.t.server.ctx.db
      .updateTable('templates')
      .set({ whatsapp_status: 'approved' })
      .where('id', '=', created.id)
      .execute();
    const renamed = await company.api.patch(`v1/admin/templates/${created.id}`, { is_active: false });
    expect(renamed.body).toMatchObject({ is_active: false, whatsapp_status: 'approved' });
    const edited = await company.api.patch(`v1/admin/templates/${created.id}`, {
      body: 'Hello {contactName}',
    });
    expect(edited.body).toMatchObject({ whatsapp_status: 'pending', variables: ['contact_name'] });
    const refused = await company.api.patch(`v1/admin/templates/${created.id}`, {
      body: 'Hello {contact_name}',
    });
    expect(refused.status).toBe(400);
  });
});

describe('DELETE v1/admin/templates/{id}', () => {
  it('archives: out of the list, still readable, its name free again', async () => {
    const company = await marketingCompany();
    const created = (await company.api.post(templatesPath(company), emailTemplate({ name: 'Old offer' })))
      .body;
    const deleted = await company.api.delete(`v1/admin/templates/${created.id}`);
    expect(deleted.status).toBe(204);
    expect((await company.api.get(templatesPath(company))).body.count).toBe(0);
    const read = await company.api.get(`v1/admin/templates/${created.id}`);
    expect(read.body.archived_at).not.toBeNull();
    expect((await company.api.get(`${templatesPath(company)}?archived=true`)).body.count).toBe(1);
    expect((await company.api.patch(`v1/admin/templates/${created.id}`, { name: 'Again' })).status).toBe(404);
    expect(
      (await company.api.post(templatesPath(company), emailTemplate({ name: 'Old offer' }))).status,
    ).toBe(201);
    const history = await company.api.get(`v1/admin/templates/${created.id}/history`);
    expect(history.body.results.map((r: { actions: { action: string } }) => r.actions.action)).toContain(
      'archived',
    );
  });
});

describe('POST v1/admin/companies/{companyId}/templates/preview', () => {
  it('renders with the sample contact, escaping values in HTML, and counts an SMS', async () => {
    const company = await marketingCompany();
    const email = await company.api.post(`${templatesPath(company)}/preview`, {
      template: emailTemplate(),
      values: { contact_name: 'Tom & Co' },
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    expect(email.body.subject).toBe('Payment due for Sharma Traders');
    expect(email.body.html).toContain('<strong>Tom &amp; Co</strong>');
    expect(email.body.text).toContain('Your outstanding is ₹12,450.00.');

    const sms = await company.api.post(`${templatesPath(company)}/preview`, { template: smsTemplate() });
    expect(sms.body.text).toBe('Dear Sharma Traders, Rs ₹12,450.00 is due on 15/12/2026. -ACME');
    expect(sms.body.sms).toMatchObject({ encoding: 'unicode', segments: 1 });
    expect(sms.body.dlt_text).toBe('Dear {#var#}, Rs {#var#} is due on {#var#}. -ACME');

    const wa = await company.api.post(`${templatesPath(company)}/preview`, { template: whatsappTemplate() });
    expect(wa.body.whatsapp_positional).toEqual({
      body: 'Hi {{1}}, use {{2}} for 10% off this Diwali.',
      variables: ['buyer_name', 'coupon_code'],
    });
    const bad = await company.api.post(`${templatesPath(company)}/preview`, {
      template: whatsappTemplate({ body: 'Hi {buyer_name}' }),
    });
    expect(bad.status).toBe(400);
  });
});
