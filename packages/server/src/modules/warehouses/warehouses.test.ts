import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';

describe('GET companies/{companyId}/warehouses', () => {
  it('lists the warehouses with their branch, filtered by status and branch', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/warehouses`;
    const res = await company.api.get(path);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        name: 'Pune Warehouse',
        is_active: true,
        is_private: false,
        branch: { id: company.branchId, name: 'Pune' },
      }),
    ]);
    expect((await company.api.get(`${path}?is_active=false`)).body.count).toBe(0);
    expect((await company.api.get(`${path}?branch=${company.branchId}`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?branch=abc`)).status).toBe(400);
    const other = await signUpCompany();
    expect((await other.api.get(path)).status).toBe(404);
  });
});
