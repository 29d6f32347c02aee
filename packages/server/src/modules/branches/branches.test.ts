import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, signUpCompany } from '../../../test/factories.ts';

describe('GET companies/{companyId}/branches', () => {
  it('lists the branches with their addresses', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(
      `companies/${company.companyId}/branches?expand=addresses,user&limit=-1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: company.branchId,
      name: 'Pune',
      is_active: true,
      round_off_enabled: true,
    });
    expect(res.body.results[0].addresses[0]).toMatchObject({
      city: 'Pune',
      pincode: '411001',
      state: { id: 27 },
    });
    expect((await company.api.get(`companies/${company.companyId}/branches?search=nomatch`)).body.count).toBe(
      0,
    );
    expect((await company.api.get(`companies/${company.companyId}/branches?is_active=maybe`)).status).toBe(
      400,
    );
  });

  it('is readable by any signed-in user of the company, and no other', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    expect((await staff.api.get(`companies/${company.companyId}/branches`)).status).toBe(200);
    expect((await other.api.get(`companies/${company.companyId}/branches`)).status).toBe(404);
  });
});
