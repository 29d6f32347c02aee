import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PNG_1x1,
  signUpCompany,
  uploadCompanyLogo,
  validGstin,
} from '../../../test/factories.ts';

describe('companies/{companyId}', () => {
  it('reads the profile with addresses', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(`companies/${company.companyId}?expand=addresses`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: company.companyId,
      is_verified: true,
      is_order_auto_confirm: false,
    });
    expect(res.body.addresses[0]).toMatchObject({
      city: 'Pune',
      pincode: '411001',
      state: { id: 27, name: 'Maharashtra', gst_code: '27' },
    });
  });

  it('toggles flags and the response confirms them', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}`;
    const on = await company.api.patch(path, { is_order_auto_confirm: true });
    expect(on.status).toBe(200);
    expect(on.body.id).toBe(company.companyId);
    expect(on.body.is_order_auto_confirm).toBe(true);
    expect(
      (await company.api.patch(path, { apply_credit_limit_restriction: true })).body
        .apply_credit_limit_restriction,
    ).toBe(true);
    expect((await company.api.patch(path, { is_bill_auto_received: true })).body.is_bill_auto_received).toBe(
      true,
    );
    expect((await company.api.patch(path, { is_order_auto_confirm: false })).body.is_order_auto_confirm).toBe(
      false,
    );
  });

  it('updates details, merges configuration objects and replaces notification contacts', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}`;
    const gstin = validGstin('27');
    const res = await company.api.patch(path, {
      display_name: 'Acme',
      gstin,
      sales_order: { prefix: 'SO' },
      notification_contacts: [{ name: 'Accounts', email: 'accounts@example.in', phone: '9123456780' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ display_name: 'Acme', gstin, sales_order: { prefix: 'SO' } });
    expect(res.body.notification_contacts).toEqual([
      expect.objectContaining({ name: 'Accounts', email: 'accounts@example.in' }),
    ]);
    const merged = await company.api.patch(path, { sales_order: { min_order_value: 500 } });
    expect(merged.body.sales_order).toEqual({ prefix: 'SO', min_order_value: 500 });
  });

  it('rejects bad input and unknown fields', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}`;
    const bad = await company.api.patch(path, { gstin: '27AAPFU0939F1ZX' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.gstin).toEqual(['Please enter a valid GSTIN']);
    expect((await company.api.patch(path, { is_verified: true })).status).toBe(400);
    expect((await company.api.patch(path, { is_order_auto_confirm: 'yes' })).status).toBe(400);
    expect((await company.api.patch(path, { notification_contacts: [{ email: 'x@y.in' }] })).status).toBe(
      400,
    );
  });

  it('needs change_company to update', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    expect((await staff.api.get(`companies/${company.companyId}`)).status).toBe(200);
    expect(
      (await staff.api.patch(`companies/${company.companyId}`, { is_order_auto_confirm: true })).status,
    ).toBe(403);
  });

  it('reports is_marketing_enabled', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(`v1/admin/companies/${company.companyId}/is_marketing_enabled/`);
    expect(res.body).toEqual({ is_marketing_enabled: false });
  });
});

describe('company_configurations', () => {
  it('creates one per type, updates it, refuses a second of the same type', async () => {
    const company = await signUpCompany();
    const created = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 30 },
      is_enabled: true,
    });
    expect(created.status).toBe(201);
    const dup = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
    });
    expect(dup.status).toBe(409);
    const updated = await company.api.patch(`company_configurations/${created.body.id}`, {
      is_enabled: false,
    });
    expect(updated.body.is_enabled).toBe(false);
    const list = await company.api.get('company_configurations?configuration_type=batch_configuration');
    expect(list.body).toHaveLength(1);
    expect(
      (await company.api.post('company_configurations', { configuration_type: 'nonsense' })).status,
    ).toBe(400);
  });
});

describe('history of settings', () => {
  const historyOf = (company: Awaited<ReturnType<typeof signUpCompany>>, entityType: string) =>
    company.t.server.ctx.db
      .selectFrom('history')
      .select(['entity_id', 'action', 'user_id', 'changes'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', entityType)
      .orderBy('id')
      .execute();

  it('records who changed a configuration and which settings, never a secret value', async () => {
    const company = await signUpCompany();
    const created = await company.api.post('company_configurations', {
      configuration_type: 'zoho',
      configurations: { client_id: 'zoho-client', client_secret: 'zoho-s3cret' },
      is_enabled: true,
    });
    expect(created.status).toBe(201);
    await company.api.patch(`company_configurations/${created.body.id}`, { is_enabled: false });
    const rows = await historyOf(company, 'configuration');
    expect(rows.map((r) => [r.entity_id, r.action, r.user_id])).toEqual([
      [created.body.id, 'created', company.userId],
      [created.body.id, 'updated', company.userId],
    ]);
    expect(rows[0]?.changes).toMatchObject({
      configuration_type: 'zoho',
      settings: ['client_id', 'client_secret'],
    });
    expect(rows[1]?.changes).toMatchObject({ is_enabled: false });
    expect(JSON.stringify(rows)).not.toContain('zoho-s3cret');
  });

  it('records terms and notification contact changes', async () => {
    const company = await signUpCompany();
    await company.api.post(`admin/companies/${company.companyId}/terms-and-conditions`, { terms: 'Net 30.' });
    const contact = await company.api.post(`companies/${company.companyId}/notification_contacts`, {
      name: 'Accounts',
      email: 'accounts@example.in',
    });
    expect(contact.status).toBe(201);
    await company.api.patch(`notification_contacts/${contact.body.id}`, { name: 'Accounts desk' });
    expect((await company.api.delete(`notification_contacts/${contact.body.id}`)).status).toBe(204);
    expect((await historyOf(company, 'company')).map((r) => r.action)).toContain('terms_saved');
    expect((await historyOf(company, 'notification_contact')).map((r) => [r.entity_id, r.action])).toEqual([
      [contact.body.id, 'created'],
      [contact.body.id, 'updated'],
      [contact.body.id, 'deleted'],
    ]);
  });
});

describe('terms-and-conditions', () => {
  it('is 404 until saved, then reads back', async () => {
    const company = await signUpCompany();
    const path = `admin/companies/${company.companyId}/terms-and-conditions`;
    expect((await company.api.get(path)).status).toBe(404);
    expect((await company.api.post(path, { terms: 'Goods once sold will not be taken back.' })).status).toBe(
      200,
    );
    await company.api.patch(path, { terms: 'Payment within 30 days.' });
    expect((await company.api.get(path)).body.terms).toBe('Payment within 30 days.');
    expect((await company.api.post(path, { terms: 42 })).status).toBe(400);
  });
});

describe('companies/{companyId}/logo', () => {
  it('stores a PNG by its content, serves it with long caching, and deletes it', async () => {
    const company = await signUpCompany();
    const uploaded = await uploadCompanyLogo(company, PNG_1x1);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logo).toMatch(/^\/api\/files\/company-logos\/\d+\/[a-f0-9]{32}\.png$/);
    const file = await fetch(`${company.t.baseUrl.replace(/\/api$/, '')}${uploaded.body.logo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1x1)).toBe(true);

    const removed = await company.api.delete(`companies/${company.companyId}/logo`);
    expect(removed.body.logo).toBeNull();
    expect((await fetch(`${company.t.baseUrl.replace(/\/api$/, '')}${uploaded.body.logo}`)).status).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, a missing file, and too large a file', async () => {
    const company = await signUpCompany();
    const fake = await uploadCompanyLogo(company, Buffer.from('<script>alert(1)</script>'), 'logo.png');
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toEqual(['Only PNG, JPEG or WebP images can be uploaded.']);
    const big = await uploadCompanyLogo(
      company,
      Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024 + 10)]),
    );
    expect(big.status).toBe(413);
    const json = await company.api.post(`companies/${company.companyId}/logo`, {});
    expect(json.status).toBe(415);
    expect((await company.api.get(`companies/${company.companyId}`)).body.logo).toBeNull();
  });

  it('cannot escape the storage folder', async () => {
    const company = await signUpCompany();
    const res = await fetch(`${company.t.baseUrl}/files/..%2F..%2Fetc%2Fpasswd`);
    expect(res.status).toBe(404);
  });
});

describe('notification contacts', () => {
  it('adds, edits and deletes a contact person', async () => {
    const company = await signUpCompany();
    const added = await company.api.post(`companies/${company.companyId}/notification_contacts`, {
      name: 'Stores',
      email: 'stores@example.in',
    });
    expect(added.status).toBe(201);
    const edited = await company.api.patch(`notification_contacts/${added.body.id}`, { phone: '9000000001' });
    expect(edited.body).toMatchObject({ name: 'Stores', email: 'stores@example.in', phone: '9000000001' });
    expect(
      (await company.api.patch(`notification_contacts/${added.body.id}`, { email: 'nope' })).status,
    ).toBe(400);
    expect((await company.api.post(`companies/${company.companyId}/notification_contacts`, {})).status).toBe(
      400,
    );
    expect((await company.api.delete(`notification_contacts/${added.body.id}`)).status).toBe(204);
    expect((await company.api.delete(`notification_contacts/${added.body.id}`)).status).toBe(404);
    expect((await company.api.get(`companies/${company.companyId}`)).body.notification_contacts).toEqual([]);
  });
});

describe('company_configurations settings', () => {
  it('validates the settings of each type and keeps other keys', async () => {
    const company = await signUpCompany();
    const bad = await company.api.post('company_configurations', {
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'Letter' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['configurations.paper_size']).toBeDefined();
    const good = await company.api.post('company_configurations', {
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'A5', show_logo: false, theme: 'classic' },
    });
    expect(good.status).toBe(201);
    expect(good.body.configurations).toEqual({ paper_size: 'A5', show_logo: false, theme: 'classic' });
    const days = await company.api.post('company_configurations', {
      configuration_type: 'auto_cancel_partially_invoiced_orders',
      configurations: { after_days: 0 },
    });
    expect(days.status).toBe(400);
    const patched = await company.api.patch(`company_configurations/${good.body.id}`, {
      configurations: { footer_note: 'x'.repeat(500) },
    });
    expect(patched.status).toBe(400);
  });
});

describe('company_configurations reads', () => {
  it('need view_configuration, except the batch rule that stock forms read', async () => {
    const company = await signUpCompany();
    await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 10 },
      is_enabled: true,
    });
    const clerk = await createUserWithPermissions(company, ['view_product']);
    const all = await clerk.api.get('company_configurations');
    expect(all.status).toBe(403);
    expect(all.body.detail).toBe('You do not have permissions to perform this action.');
    expect((await clerk.api.get('company_configurations?configuration_type=zoho')).status).toBe(403);
    const batch = await clerk.api.get('company_configurations?configuration_type=batch_configuration');
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject([{ configuration_type: 'batch_configuration', is_enabled: true }]);
    const viewer = await createUserWithPermissions(company, ['view_configuration']);
    const read = await viewer.api.get('company_configurations');
    expect(read.status).toBe(200);
    expect(read.body.map((c: { configuration_type: string }) => c.configuration_type)).toContain(
      'batch_configuration',
    );
  });

  it('never return a secret: shown as set, kept when an update sends it empty', async () => {
    const company = await signUpCompany();
    const created = await company.api.post('company_configurations', {
      configuration_type: 'zoho',
      configurations: { client_id: 'zoho-client', client_secret: 'zoho-s3cret', refresh_token: 'zoho-rt' },
      is_enabled: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const masked = {
      client_id: 'zoho-client',
      client_secret: null,
      client_secret_set: true,
      refresh_token: null,
      refresh_token_set: true,
    };
    expect(created.body.configurations).toEqual(masked);
    const list = await company.api.get('company_configurations');
    expect(JSON.stringify(list.body)).not.toContain('zoho-s3cret');
    expect(JSON.stringify(list.body)).not.toContain('zoho-rt');
    expect(
      list.body.find((c: { configuration_type: string }) => c.configuration_type === 'zoho').configurations,
    ).toEqual(masked);

    const kept = await company.api.patch(`company_configurations/${created.body.id}`, {
      configurations: { client_id: 'zoho-client-2', client_secret: '', client_secret_set: true },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.configurations).toEqual({ ...masked, client_id: 'zoho-client-2' });
    const stored = async () =>
      (
        await company.t.server.ctx.db
          .selectFrom('company_configurations')
          .select('configurations')
          .where('id', '=', created.body.id)
          .executeTakeFirstOrThrow()
      ).configurations as Record<string, unknown>;
    expect(await stored()).toEqual({
      client_id: 'zoho-client-2',
      client_secret: 'zoho-s3cret',
      refresh_token: 'zoho-rt',
    });

    await company.api.patch(`company_configurations/${created.body.id}`, {
      configurations: { client_id: 'zoho-client-2', client_secret: 'new-s3cret' },
    });
    expect((await stored()).client_secret).toBe('new-s3cret');
  });
});

describe('GET admin/companies/{companyId}/shipment_integrations', () => {
  it('needs view_configuration', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_product']);
    const path = `admin/companies/${company.companyId}/shipment_integrations`;
    expect((await clerk.api.get(path)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_configuration']);
    const res = await viewer.api.get(path);
    expect(res.status).toBe(200);
    expect(res.body.configured).toBe(false);
  });
});
