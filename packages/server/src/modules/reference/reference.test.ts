import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { createUserWithPermissions, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';

describe('reference data', () => {
  it('lists the 37 GST states publicly, with codes', async () => {
    const t = await testServer();
    const res = await new ApiClient(t.baseUrl).get('states?limit=37');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(37);
    expect(res.body.results).toContainEqual({ id: 27, name: 'Maharashtra', gst_code: '27' });
    expect(res.body.results).toContainEqual(expect.objectContaining({ gst_code: '29', name: 'Karnataka' }));
  });

  it('lists cities of a state', async () => {
    const t = await testServer();
    const res = await new ApiClient(t.baseUrl).get('cities?state=27&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.results.map((c: { name: string }) => c.name)).toContain('Pune');
    expect(res.body.results.every((c: { state_id: number }) => c.state_id === 27)).toBe(true);
  });

  it('seeds GST taxes, units, terms, methods and channels for a new company', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const gst = await company.api.get(`companies/${c}/taxes?type=gst`);
    // The 40% slab of the September 2025 GST rationalisation sits beside the older slabs.
    expect(gst.body.results.map((t: { rate: number }) => t.rate)).toEqual([0, 0.25, 3, 5, 12, 18, 28, 40]);
    expect(gst.body.results.every((t: { type: string }) => t.type === 'gst')).toBe(true);
    const all = await company.api.get(`companies/${c}/taxes`);
    expect(all.body.results.some((t: { type: string }) => t.type === 'cess')).toBe(true);
    const units = await company.api.get(`companies/${c}/units`);
    expect(units.body.results.map((u: { code: string }) => u.code)).toEqual(
      expect.arrayContaining(['NOS', 'KGS', 'BOX']),
    );
    const methods = await company.api.get(`companies/${c}/payment_methods?limit=100`);
    const positions = methods.body.results.map((m: { position: number }) => m.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    expect((await company.api.get(`companies/${c}/payment_terms`)).body.count).toBeGreaterThan(0);
    expect((await company.api.get(`companies/${c}/shipping_methods`)).body.count).toBeGreaterThan(0);
    const channels = await company.api.get('admin/sales_channel/');
    expect(channels.body.results[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), display_name: expect.any(String) }),
    );
    expect((await company.api.get('admin/all_sales_channel/')).body.count).toBeGreaterThanOrEqual(
      channels.body.count,
    );
  });
});

describe('POST admin/companies/{companyId}/units', () => {
  it('lists the seeded units as their own GST UQC', async () => {
    const company = await signUpCompany();
    const units = (await company.api.get(`companies/${company.companyId}/units`)).body.results;
    expect(units).toContainEqual(expect.objectContaining({ code: 'BOX', name: 'Box', uqc: 'BOX' }));
    expect(units.every((u: { code: string; uqc: string }) => u.code === u.uqc)).toBe(true);
  });

  it("makes a company's own unit mapped to a UQC, with a history row, and lists it", async () => {
    const company = await signUpCompany();
    const path = `admin/companies/${company.companyId}/units`;
    const created = await company.api.post(path, { name: ' Tray of 30 ', code: ' tr30 ', uqc: 'nos' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Tray of 30', code: 'TR30', uqc: 'NOS' });
    const units = (await company.api.get(`companies/${company.companyId}/units`)).body.results;
    expect(units).toContainEqual(created.body);
    expect(await historyRows(company, 'unit', created.body.id, ['action', 'user_id', 'changes'])).toEqual([
      {
        action: 'created',
        user_id: company.userId,
        changes: { name: 'Tray of 30', code: 'TR30', uqc: 'NOS' },
      },
    ]);

    // Another company may use the same code: codes are unique per company.
    const other = await signUpCompany();
    const theirs = await other.api.post(`admin/companies/${other.companyId}/units`, {
      name: 'Tray',
      code: 'TR30',
      uqc: 'NOS',
    });
    expect(theirs.status).toBe(201);
    const ours = (await company.api.get(`companies/${company.companyId}/units`)).body.results;
    expect(ours.filter((u: { code: string }) => u.code === 'TR30')).toHaveLength(1);
  });

  it('refuses a code the company has, a unit without a known UQC and a malformed code, with a sentence', async () => {
    const company = await signUpCompany();
    const path = `admin/companies/${company.companyId}/units`;
    const before = (await company.api.get(`companies/${company.companyId}/units`)).body.count;

    const seeded = await company.api.post(path, { name: 'My Box', code: 'box', uqc: 'BOX' });
    expect(seeded.status).toBe(400);
    expect(seeded.body.errors).toEqual({ code: ['A unit with the code BOX already exists.'] });

    expect((await company.api.post(path, { name: 'Crate', code: 'CRT', uqc: 'CRT' })).body.errors).toEqual({
      uqc: ['Choose the GST unit (UQC) this unit is reported as.'],
    });
    const bad = await company.api.post(path, { name: '', code: 'CR-12', uqc: 'BOX' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: ['Unit name is required.'],
      code: ['Use up to 10 letters and digits for the unit code.'],
    });
    expect((await company.api.post(path, { name: 'Crate', code: 'CRT' })).status).toBe(400);

    // Two requests racing for one code: one unit, one sentence.
    const race = await Promise.all(
      [1, 2].map(() => company.api.post(path, { name: 'Crate', code: 'CRATE', uqc: 'BOX' })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(race.find((r) => r.status === 400)?.body.errors).toEqual({
      code: ['A unit with the code CRATE already exists.'],
    });
    expect((await company.api.get(`companies/${company.companyId}/units`)).body.count).toBe(before + 1);
  });

  it('asks for the add_unit permission and hides other companies', async () => {
    const company = await signUpCompany();
    const body = { name: 'Tray', code: 'TRAY', uqc: 'NOS' };
    const clerk = await createUserWithPermissions(company, ['view_product', 'add_product']);
    const refused = await clerk.api.post(`admin/companies/${company.companyId}/units`, body);
    expect(refused.status).toBe(403);
    const unitClerk = await createUserWithPermissions(company, ['add_unit']);
    expect((await unitClerk.api.post(`admin/companies/${company.companyId}/units`, body)).status).toBe(201);

    const other = await signUpCompany();
    const foreign = await company.api.post(`admin/companies/${other.companyId}/units`, body);
    expect(foreign.status).toBe(404);
    const theirs = (await other.api.get(`companies/${other.companyId}/units`)).body.results;
    expect(theirs.some((u: { code: string }) => u.code === 'TRAY')).toBe(false);
  });
});
