import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

/** The history rows of one tax, oldest first. */
const historyOf = (company: SignedUpCompany, taxId: number) =>
  historyRows(company, 'tax', taxId, ['action', 'user_id', 'changes']);

describe('GET companies/{companyId}/taxes', () => {
  it('answers the whole list, or the taxes of one type', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const all = await company.api.get(`companies/${c}/taxes`);
    expect(all.status).toBe(200);
    expect(all.body.next).toBeNull();
    expect(all.body.count).toBe(all.body.results.length);
    const cess = await company.api.get(`companies/${c}/taxes?type=cess`);
    expect(cess.body.results.length).toBeGreaterThan(0);
    expect(cess.body.results.every((t: { type: string }) => t.type === 'cess')).toBe(true);
    expect((await company.api.get(`companies/${c}/taxes?type=vat`)).status).toBe(400);
  });
});

describe('PATCH companies/{companyId}/taxes/{id}', () => {
  it('renames and deactivates a tax, each change in a history row of who made it', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const [tax] = (await company.api.get(`companies/${c}/taxes?type=gst`)).body.results;
    const renamed = await company.api.patch(`companies/${c}/taxes/${tax.id}`, { display_name: 'Exempt' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...tax, display_name: 'Exempt' });
    const off = await company.api.patch(`companies/${c}/taxes/${tax.id}`, { is_active: false });
    expect(off.body).toEqual({ ...tax, display_name: 'Exempt', is_active: false });
    expect(await historyOf(company, tax.id)).toEqual([
      { action: 'updated', user_id: company.userId, changes: { display_name: 'Exempt' } },
      { action: 'updated', user_id: company.userId, changes: { is_active: false } },
    ]);
  });

  it('leaves no history row for a refused change', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const c = company.companyId;
    const [tax] = (await company.api.get(`companies/${c}/taxes`)).body.results;
    expect((await company.api.patch(`companies/${c}/taxes/${tax.id}`, { rate: 5 })).status).toBe(400);
    const staff = await createUserWithPermissions(company, []);
    expect((await staff.api.patch(`companies/${c}/taxes/${tax.id}`, { display_name: 'X' })).status).toBe(403);
    const foreign = await other.api.patch(`companies/${other.companyId}/taxes/${tax.id}`, {
      display_name: 'X',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Tax Not Found');
    expect(await historyOf(company, tax.id)).toEqual([]);
    expect(await historyOf(other, tax.id)).toEqual([]);
  });
});
