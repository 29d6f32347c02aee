import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';

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
