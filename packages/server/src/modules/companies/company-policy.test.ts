import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { createUserWithPermissions, signUpCompany, unique } from '../../../test/factories.ts';
import { testAppWith, testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';

// Issue 24: the sign-up's UTM parameters kept on the company, the Policy page's texts, the
// app-download card's store links, and the server configuration the web app reads at start.

describe('POST auth/signup with UTM parameters', () => {
  it('keeps each parameter’s list on the company; none sent leaves them empty', async () => {
    const company = await signUpCompany({
      utm_source: 'google,newsletter',
      utm_medium: 'cpc',
      utm_campaign: 'diwali-2026',
      utm_ad: 'ad-17',
      utm_adgp: 'kirana-pune',
    });
    const row = await dbOf(company)
      .selectFrom('companies')
      .select(['utm_source', 'utm_medium', 'utm_campaign', 'utm_ad', 'utm_adgp'])
      .where('id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      utm_source: 'google,newsletter',
      utm_medium: 'cpc',
      utm_campaign: 'diwali-2026',
      utm_ad: 'ad-17',
      utm_adgp: 'kirana-pune',
    });

    const plain = await signUpCompany({ utm_source: '  ' });
    const none = await dbOf(plain)
      .selectFrom('companies')
      .select(['utm_source', 'utm_medium'])
      .where('id', '=', plain.companyId)
      .executeTakeFirstOrThrow();
    expect(none).toEqual({ utm_source: null, utm_medium: null });
  }, 90_000);

  it('refuses a parameter longer than its column with a field message', async () => {
    const t = await testServer();
    const res = await new ApiClient(t.baseUrl).post('auth/signup/', {
      company_name: 'Long Source Traders',
      first_name: 'Asha',
      email: `long.${unique()}@example.in`,
      utm_source: 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.utm_source).toEqual(['Ensure this field has no more than 200 characters.']);
  });
});

describe('GET/PUT admin/companies/{companyId}/policy', () => {
  it('reads blank until written, saves both texts with a history row, and every member reads them', async () => {
    const company = await signUpCompany();
    const path = `admin/companies/${company.companyId}/policy`;
    const blank = await company.api.get(path);
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual({ terms: '', privacy_policy: '', updated_at: null });

    const saved = await company.api.put(path, {
      terms: 'Goods once sold are returnable within 7 days.',
      privacy_policy: 'We keep your GSTIN and phone number only to invoice you.',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      terms: 'Goods once sold are returnable within 7 days.',
      privacy_policy: 'We keep your GSTIN and phone number only to invoice you.',
    });
    expect(saved.body.updated_at).toEqual(expect.any(String));

    // The terms are the company's one set of terms: the Company page's route reads the same text.
    const terms = await company.api.get(`admin/companies/${company.companyId}/terms-and-conditions`);
    expect(terms.body.terms).toBe('Goods once sold are returnable within 7 days.');

    const history = await historyRows(company, 'company', company.companyId, ['action', 'changes']);
    expect(history.find((row) => row.action === 'policy_saved')?.changes).toEqual({
      fields: ['terms', 'privacy_policy'],
    });

    const clerk = await createUserWithPermissions(company, ['view_order']);
    const read = await clerk.api.get(path);
    expect(read.status).toBe(200);
    expect(read.body.privacy_policy).toBe('We keep your GSTIN and phone number only to invoice you.');
  });

  it('refuses a writer without change_company, an over-long text, and another company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const path = `admin/companies/${company.companyId}/policy`;
    const clerk = await createUserWithPermissions(company, ['view_company']);
    const refused = await clerk.api.put(path, { terms: 'x', privacy_policy: 'y' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^You do not have permissions/);

    const long = await company.api.put(path, { terms: '', privacy_policy: 'p'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.errors.privacy_policy).toEqual(['The privacy policy cannot exceed 20000 characters.']);

    await other.api.put(`admin/companies/${other.companyId}/policy`, {
      terms: 'B terms',
      privacy_policy: 'B',
    });
    expect((await company.api.get(`admin/companies/${other.companyId}/policy`)).status).toBe(404);
    expect(
      (
        await company.api.put(`admin/companies/${other.companyId}/policy`, {
          terms: 'A',
          privacy_policy: 'A',
        })
      ).status,
    ).toBe(404);
    expect((await other.api.get(`admin/companies/${other.companyId}/policy`)).body.terms).toBe('B terms');
    expect((await company.api.get(path)).body).toMatchObject({ terms: '', privacy_policy: '' });
  });
});

describe('GET admin/companies/{companyId}/app_download', () => {
  const ANDROID = 'https://play.google.com/store/apps/details?id=in.example.support';
  const IOS = 'https://apps.apple.com/in/app/example-support/id1234567890';

  it('shows the links set on Configurations with their QR codes; none set reads as null', async () => {
    const company = await signUpCompany();
    const path = `admin/companies/${company.companyId}/app_download`;
    expect((await company.api.get(path)).body).toEqual({
      android_url: null,
      ios_url: null,
      android_qr_svg: null,
      ios_qr_svg: null,
    });

    const created = await company.api.post('company_configurations', {
      configuration_type: 'app_download',
      configurations: { android_url: ANDROID, ios_url: '' },
      is_enabled: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const card = await company.api.get(path);
    expect(card.body).toMatchObject({ android_url: ANDROID, ios_url: null, ios_qr_svg: null });
    expect(card.body.android_qr_svg).toMatch(/^<svg[^>]*viewBox/);

    await company.api.patch(`company_configurations/${created.body.id}`, {
      configurations: { android_url: ANDROID, ios_url: IOS },
    });
    const both = await company.api.get(path);
    expect(both.body.ios_url).toBe(IOS);
    expect(both.body.ios_qr_svg).toMatch(/^<svg/);
    expect(both.body.ios_qr_svg).not.toBe(both.body.android_qr_svg);

    // Any member reads the card (the marketing app's menu links to it without a permission).
    const clerk = await createUserWithPermissions(company, ['view_order']);
    expect((await clerk.api.get(path)).body.android_url).toBe(ANDROID);
    const other = await signUpCompany();
    expect((await other.api.get(path)).status).toBe(404);
  });

  it('refuses a link that is not https and a writer without change_configuration', async () => {
    const company = await signUpCompany();
    const refused = await company.api.post('company_configurations', {
      configuration_type: 'app_download',
      configurations: { android_url: 'http://play.google.com/store/apps', ios_url: 'not a link' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['configurations.android_url']).toEqual([
      'Enter the store link as an https:// address.',
    ]);
    expect(refused.body.errors['configurations.ios_url']).toEqual([
      'Enter the store link as an https:// address.',
    ]);

    const clerk = await createUserWithPermissions(company, ['view_configuration']);
    const denied = await clerk.api.post('company_configurations', {
      configuration_type: 'app_download',
      configurations: { android_url: ANDROID },
    });
    expect(denied.status).toBe(403);
  });
});

describe('GET app_config', () => {
  it('is public and says which address runs the marketing-only app', async () => {
    const t = await testServer();
    const anonymous = new ApiClient(t.baseUrl);
    const plain = await anonymous.get('app_config');
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ marketing_admin_host: null });

    const configured = await testAppWith({
      config: { ...t.server.ctx.config, marketingAdminHost: 'marketing.example.in' },
    });
    try {
      const res = await new ApiClient(configured.baseUrl).get('app_config');
      expect(res.body).toEqual({ marketing_admin_host: 'marketing.example.in' });
    } finally {
      await configured.close();
    }
  });
});

it('migration 0084 keeps the configuration types other migrations added', async () => {
  const t = await testServer();
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conname = 'company_configurations_configuration_type_check'`.execute(t.server.ctx.db);
  for (const type of ['app_download', 'e_way_bill', 'lock_filed_gst_periods', 'zoho'])
    expect(rows[0].definition).toContain(`'${type}'`);
});
