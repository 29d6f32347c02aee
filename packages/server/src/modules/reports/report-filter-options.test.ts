import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, insertBuyer, signUpCompany, unique } from '../../../test/factories.ts';

// GET admin/companies/{id}/reports/filters/{filter}: a report's filter options for a user who may
// read reports but not open the buyers' or users' own lists.

const OPTIONS = (companyId: number, filter: string, query = '') =>
  `admin/companies/${companyId}/reports/filters/${filter}${query}`;

describe('GET admin/companies/{id}/reports/filters/{filter}', () => {
  it("answers the company's records by name to a user with view_reports only; search and ids narrow them", async () => {
    const company = await signUpCompany();
    const tag = unique();
    const asha = await insertBuyer(company.companyId, { name: `Asha Traders ${tag}` });
    const bharat = await insertBuyer(company.companyId, { name: `Bharat Stores ${tag}` });
    const reader = await createUserWithPermissions(company, ['view_reports']);

    const all = await reader.api.get(OPTIONS(company.companyId, 'buyer', `?search=${tag}`));
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.results).toEqual([
      { id: asha.id, name: `Asha Traders ${tag}` },
      { id: bharat.id, name: `Bharat Stores ${tag}` },
    ]);
    const searched = await reader.api.get(
      OPTIONS(company.companyId, 'buyer', `?search=bharat%20stores%20${tag}`),
    );
    expect(searched.body.results).toEqual([{ id: bharat.id, name: `Bharat Stores ${tag}` }]);
    const labelled = await reader.api.get(OPTIONS(company.companyId, 'buyer', `?ids=${asha.id}`));
    expect(labelled.body.results).toEqual([{ id: asha.id, name: `Asha Traders ${tag}` }]);
    // A search's wildcard characters are text.
    expect((await reader.api.get(OPTIONS(company.companyId, 'buyer', '?search=%25'))).body.results).toEqual(
      [],
    );

    const people = await reader.api.get(OPTIONS(company.companyId, 'sales_person'));
    expect(people.status).toBe(200);
    expect(people.body.results.map((p: { name: string }) => p.name)).toContain('Staff Member');
    // The reader's branches only.
    const branches = await reader.api.get(OPTIONS(company.companyId, 'branch'));
    expect(branches.body.results.map((b: { id: number }) => b.id)).toEqual([company.branchId]);
  });

  it("keeps to the caller's company and permission, and refuses bad input with a sentence", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await insertBuyer(other.companyId, { name: `Other ${unique()}` });
    expect(
      (await company.api.get(OPTIONS(company.companyId, 'buyer', `?ids=${theirs.id}`))).body.results,
    ).toEqual([]);
    expect((await company.api.get(OPTIONS(other.companyId, 'buyer'))).status).toBe(404);
    const clerk = await createUserWithPermissions(company, ['view_order']);
    expect((await clerk.api.get(OPTIONS(company.companyId, 'buyer'))).status).toBe(403);

    const unknownFilter = await company.api.get(OPTIONS(company.companyId, 'city'));
    expect(unknownFilter.status).toBe(400);
    expect(JSON.stringify(unknownFilter.body)).toContain('filter: choose one of');
    const badIds = await company.api.get(OPTIONS(company.companyId, 'buyer', '?ids=1,x'));
    expect(badIds.status).toBe(400);
    expect(JSON.stringify(badIds.body)).toContain('up to 50 record ids');
    expect((await company.api.get(OPTIONS(company.companyId, 'buyer', '?colour=red'))).status).toBe(400);
  });
});
