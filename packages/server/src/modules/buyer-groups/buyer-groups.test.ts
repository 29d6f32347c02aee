import { addDays, indianToday } from '@b2b/domain/cashpoints';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { EVALUATE_ALL_BUYER_GROUPS_JOB } from './buyer-groups.jobs.ts';
import { evaluateAllDynamicGroups, evaluateDynamicGroup } from './buyer-groups.service.ts';

const RANGE = 'Please check the Buyer purchase amount range.';
const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/buyer_groups`;

async function createGroup(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; buyer_count: number };
}

const dynamicInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Dynamic ${unique()}`,
  is_dynamic_group: true,
  dynamic_group_sale_condition: { min_amount: 1000, max_amount: 10000 },
  dynamic_group_time_condition: { last_days: 30 },
  ...overrides,
});

const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id).sort((a, b) => a - b);

async function addBranch(company: SignedUpCompany, options: { active?: boolean; name?: string } = {}) {
  const db = company.t.server.ctx.db;
  const branch = await insertBranch(db, {
    company_id: company.companyId,
    name: options.name ?? `Branch ${unique()}`,
  });
  if (options.active === false) {
    await db.updateTable('branches').set({ is_active: false }).where('id', '=', branch.id).execute();
  }
  return branch;
}

/** An invoice on the buyer's ledger, `daysAgo` days before today (India). */
async function invoice(company: SignedUpCompany, buyerId: number, rupees: number, daysAgo = 0) {
  await company.t.server.ctx.db
    .insertInto('buyer_ledger_entries')
    .values({
      company_id: company.companyId,
      buyer_id: buyerId,
      entry_type: 'invoice',
      entry_date: addDays(indianToday(), -daysAgo),
      debit_paise: rupees * 100,
      balance_after_paise: rupees * 100,
    })
    .execute();
}

async function membersOf(company: SignedUpCompany, groupId: number) {
  const res = await company.api.get(`buyer_groups/${groupId}/buyers/?limit=-1`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ids(res.body);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe('POST companies/{companyId}/buyer_groups', () => {
  it('creates a static group, with branches, and records it', async () => {
    const company = await signUpCompany();
    const branch = await addBranch(company, { name: 'Aundh' });
    const res = await company.api.post(listPath(company), {
      name: '  Wholesalers ',
      description: 'Big buyers',
      branches: [company.branchId, branch.id, branch.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Wholesalers',
      description: 'Big buyers',
      is_active: true,
      is_dynamic_group: false,
      dynamic_group_sale_condition: null,
      dynamic_group_time_condition: null,
      buyer_count: 0,
      evaluated_at: null,
    });
    expect(res.body.branches.map((b: { id: number }) => b.id).sort((a: number, b: number) => a - b)).toEqual(
      [company.branchId, branch.id].sort((a, b) => a - b),
    );
    const history = await company.api.get(`buyer_groups/${res.body.id}/history/`);
    expect(history.body.results.map((h: { actions: { action: string } }) => h.actions.action)).toEqual([
      'created',
    ]);
    expect(history.body.results[0].user.id).toBe(company.userId);
  });

  it('creates a dynamic group whose members the job works out', async () => {
    const company = await signUpCompany();
    const big = await insertBuyer(company.companyId);
    const small = await insertBuyer(company.companyId);
    await invoice(company, big.id, 5000);
    await invoice(company, small.id, 50);
    const group = await createGroup(
      company,
      dynamicInput({ dynamic_group_sale_condition: { min_amount: 1000 } }),
    );
    expect(group).toMatchObject({
      is_dynamic_group: true,
      dynamic_group_sale_condition: { min_amount: 1000, max_amount: null },
      dynamic_group_time_condition: { last_days: 30 },
    });
    const members = await waitFor(
      () => membersOf(company, group.id),
      (m) => m.length > 0,
    );
    expect(members).toEqual([big.id]);
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.evaluated_at).not.toBeNull();
  });

  it('refuses a bad purchase range with the spec’s sentence, and other bad input', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const ranges: unknown[] = [
      { min_amount: -1, max_amount: 100 },
      { min_amount: 500, max_amount: 100 },
      { min_amount: 'abc' },
      { min_amount: 10.005 },
      { max_amount: 10 },
      { min_amount: 1, max_amount: 10, currency: 'INR' },
      'cheap',
      null,
    ];
    for (const range of ranges) {
      const res = await company.api.post(path, dynamicInput({ dynamic_group_sale_condition: range }));
      expect(res.status, JSON.stringify(range)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(range)).toContain(RANGE);
    }
    const noWindow = await company.api.post(path, dynamicInput({ dynamic_group_time_condition: undefined }));
    expect(noWindow.body.errors.dynamic_group_time_condition).toEqual([
      'Please enter a number of days from 1 to 3650.',
    ]);
    for (const lastDays of [0, 3651, 1.5, '30']) {
      const res = await company.api.post(
        path,
        dynamicInput({ dynamic_group_time_condition: { last_days: lastDays } }),
      );
      expect(res.status, String(lastDays)).toBe(400);
    }
    const staticWithRule = await company.api.post(path, {
      name: 'Static',
      dynamic_group_sale_condition: { min_amount: 1 },
    });
    expect(staticWithRule.body.errors.dynamic_group_sale_condition).toEqual([
      'Only a dynamic buyer group has conditions.',
    ]);
    expect((await company.api.post(path, {})).body.errors.name).toEqual(['Buyer group name is required.']);
    expect((await company.api.post(path, { name: '   ' })).body.errors.name).toEqual([
      'Buyer group name is required.',
    ]);
    expect((await company.api.post(path, { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await company.api.post(path, { name: 'X', is_active: false })).status).toBe(400);
    expect((await company.api.post(path, { name: 'X', is_dynamic_group: 'yes' })).status).toBe(400);
    expect((await company.api.get(path)).body.count).toBe(0);
    // Equal bounds and zero are a valid range.
    await createGroup(
      company,
      dynamicInput({ dynamic_group_sale_condition: { min_amount: 0, max_amount: 0 } }),
    );
  });

  it('keeps names unique per company, case-insensitively, even under concurrent requests', async () => {
    const company = await signUpCompany();
    await createGroup(company, { name: 'Retailers' });
    const dup = await company.api.post(listPath(company), { name: 'RETAILERS' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['A buyer group with this name already exists.']);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => company.api.post(listPath(company), { name: 'Distributors' })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    const other = await signUpCompany();
    await createGroup(other, { name: 'Retailers' });
  });

  it('checks branches, permission and the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const inactive = await addBranch(company, { active: false, name: 'Closed' });
    const foreign = await company.api.post(listPath(company), { name: 'G', branches: [other.branchId] });
    expect(foreign.body.errors.branches).toEqual(['Branch Not Found']);
    const closed = await company.api.post(listPath(company), { name: 'G', branches: [inactive.id] });
    expect(closed.body.errors.branches).toEqual(['Branch Closed is inactive.']);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group', 'change_buyer_group']);
    expect((await viewer.api.post(listPath(company), { name: 'G' })).status).toBe(403);
    expect((await company.api.post(listPath(other), { name: 'G' })).status).toBe(404);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
  });
});

describe('GET companies/{companyId}/buyer_groups', () => {
  it('filters by status, type and search, orders and pages', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const gold = await createGroup(company, { name: 'Gold' });
    await createGroup(company, dynamicInput({ name: 'Silver 100%' }));
    await createGroup(company, { name: 'Bronze' });
    await company.api.post(`buyer_groups/${gold.id}/deactivate`);
    expect(names((await company.api.get(path)).body)).toEqual(['Bronze', 'Silver 100%', 'Gold']);
    expect(names((await company.api.get(`${path}?ordering=name`)).body)).toEqual([
      'Bronze',
      'Gold',
      'Silver 100%',
    ]);
    expect(names((await company.api.get(`${path}?is_active=false`)).body)).toEqual(['Gold']);
    expect(names((await company.api.get(`${path}?is_active=true&ordering=name`)).body)).toEqual([
      'Bronze',
      'Silver 100%',
    ]);
    expect(names((await company.api.get(`${path}?is_dynamic_group=true`)).body)).toEqual(['Silver 100%']);
    expect(names((await company.api.get(`${path}?is_dynamic_group=false&ordering=-name`)).body)).toEqual([
      'Gold',
      'Bronze',
    ]);
    expect(names((await company.api.get(`${path}?search=%25`)).body)).toEqual(['Silver 100%']);
    expect(names((await company.api.get(`${path}?search=OLD`)).body)).toEqual(['Gold']);
    const paged = await company.api.get(`${path}?ordering=name&limit=2`);
    expect(paged.body).toMatchObject({ count: 3, previous: null });
    expect(paged.body.next).toContain('offset=2');
    expect((await company.api.get(`${path}?ordering=buyers`)).status).toBe(400);
    expect((await company.api.get(`${path}?is_dynamic_group=maybe`)).status).toBe(400);
  });

  it('needs view_buyer_group and shows only the caller’s groups', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    await createGroup(other, { name: `Secret ${other.companyId}` });
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect((await viewer.api.get(listPath(company))).body.count).toBe(0);
    expect((await company.api.get(listPath(other))).status).toBe(404);
  });
});

describe('GET and PATCH buyer_groups/{id}', () => {
  it('reads, renames and describes a group, keeping names unique', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Hotels', description: 'HoReCa' });
    await createGroup(company, { name: 'Caterers' });
    const path = `buyer_groups/${group.id}`;
    expect((await company.api.get(path)).body).toMatchObject({ id: group.id, name: 'Hotels' });
    const renamed = await company.api.patch(path, { name: 'Hotels & Resorts' });
    expect(renamed.body).toMatchObject({ name: 'Hotels & Resorts', description: 'HoReCa' });
    expect((await company.api.patch(path, { description: '' })).body.description).toBeNull();
    const clash = await company.api.patch(path, { name: 'caterers' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.name).toEqual(['A buyer group with this name already exists.']);
    expect((await company.api.patch(path, { is_dynamic_group: true })).status).toBe(400);
    expect((await company.api.patch(path, { name: '' })).body.errors.name).toEqual([
      'Buyer group name is required.',
    ]);
    expect(
      (await company.api.get(`${path}/history`)).body.results.map(
        (h: { actions: { action: string } }) => h.actions.action,
      ),
    ).toEqual(['updated', 'updated', 'created']);
  });

  it('answers 404 for another company’s group and needs the permissions', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Kirana' });
    const foreign = await other.api.get(`buyer_groups/${group.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Buyer Group Not Found');
    expect((await other.api.patch(`buyer_groups/${group.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.api.get(`buyer_groups/${group.id}/history`)).status).toBe(404);
    expect((await company.api.get('buyer_groups/abc')).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect((await viewer.api.get(`buyer_groups/${group.id}`)).status).toBe(200);
    expect((await viewer.api.patch(`buyer_groups/${group.id}`, { name: 'X' })).status).toBe(403);
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.name).toBe('Kirana');
  });
});

describe('POST buyer_groups/{id}/activate and /deactivate', () => {
  it('switches the status, records it, and needs change_buyer_group', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Chemists' });
    const off = await company.api.post(`buyer_groups/${group.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.post(`buyer_groups/${group.id}/activate`, {})).body.is_active).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group', 'add_buyer_group']);
    expect((await viewer.api.post(`buyer_groups/${group.id}/deactivate`)).status).toBe(403);
    const other = await signUpCompany();
    expect((await other.api.post(`buyer_groups/${group.id}/deactivate`)).status).toBe(404);
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.is_active).toBe(true);
    const actions = (await company.api.get(`buyer_groups/${group.id}/history`)).body.results.map(
      (h: { actions: { action: string } }) => h.actions.action,
    );
    expect(actions).toEqual(['activated', 'deactivated', 'created']);
  });
});

describe('buyers of a static group', () => {
  it('assigns one and many, lists members and the unassigned, and unassigns', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Static' });
    const asha = await insertBuyer(company.companyId, { name: 'Asha Traders', phone: '9876500001' });
    const bala = await insertBuyer(company.companyId, { name: 'Bala Stores' });
    const chetan = await insertBuyer(company.companyId, {
      name: 'Chetan Mart',
      gst_number: '27AAAPL1234C1ZV',
    });
    const dormant = await insertBuyer(company.companyId, { name: 'Dormant Co', is_active: false });

    const one = await company.api.post(`buyer_groups/${group.id}/buyers/`, { buyer: asha.id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.buyer_count).toBe(1);
    // Again is harmless.
    expect(
      (await company.api.post(`buyer_groups/${group.id}/buyers/`, { buyer: asha.id })).body.buyer_count,
    ).toBe(1);
    const bulk = await company.api.post(`buyer_groups/${group.id}/assign_buyers/`, {
      buyers: [bala.id, chetan.id, asha.id, bala.id],
    });
    expect(bulk.body.buyer_count).toBe(3);

    const members = await company.api.get(`buyer_groups/${group.id}/buyers/`);
    expect(members.body.count).toBe(3);
    expect(members.body.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      contact_person_name: null,
      email: null,
      phone: expect.toBeOneOf([null, expect.any(String)]),
      gst_number: expect.toBeOneOf([null, expect.any(String)]),
      buyer_type: 'regular',
      is_active: true,
      created_at: expect.any(String),
      assigned_at: expect.any(String),
    });
    expect(names((await company.api.get(`buyer_groups/${group.id}/buyers/?ordering=name`)).body)).toEqual([
      'Asha Traders',
      'Bala Stores',
      'Chetan Mart',
    ]);
    expect(names((await company.api.get(`buyer_groups/${group.id}/buyers/?search=98765`)).body)).toEqual([
      'Asha Traders',
    ]);
    expect(names((await company.api.get(`buyer_groups/${group.id}/buyers/?search=27aaapl`)).body)).toEqual([
      'Chetan Mart',
    ]);
    const paged = await company.api.get(
      `buyer_groups/${group.id}/buyers/?ordering=-name&limit=2&offset=2&fields=id,name`,
    );
    expect(names(paged.body)).toEqual(['Asha Traders']);
    expect((await company.api.get(`buyer_groups/${group.id}/buyers/?ordering=phone`)).status).toBe(400);

    const extra = await insertBuyer(company.companyId, { name: 'Eshan Agencies' });
    const unassigned = await company.api.get(`v1/buyer_groups/${group.id}/unassigned_buyers?limit=-1`);
    expect(unassigned.status).toBe(200);
    expect(names(unassigned.body)).toEqual(['Eshan Agencies']);
    expect(JSON.stringify(unassigned.body)).not.toContain(dormant.name);

    const removed = await company.api.post(`buyer_groups/${group.id}/unassign_buyer/`, { buyer: bala.id });
    expect(removed.body.buyer_count).toBe(2);
    const again = await company.api.post(`buyer_groups/${group.id}/unassign_buyer/`, { buyer: bala.id });
    expect(again.status).toBe(400);
    expect(again.body.errors.buyer).toEqual(['This buyer is not assigned to the buyer group.']);
    expect(
      names(
        (await company.api.get(`v1/buyer_groups/${group.id}/unassigned_buyers?ordering=name&search=a`)).body,
      ),
    ).toEqual(['Bala Stores', 'Eshan Agencies']);
    expect(await membersOf(company, group.id)).toEqual([asha.id, chetan.id].sort((a, b) => a - b));
    expect(extra.id).toBeGreaterThan(0);
  });

  it('refuses inactive, unknown and foreign buyers and empty lists, all or nothing', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Static' });
    const good = await insertBuyer(company.companyId);
    const dormant = await insertBuyer(company.companyId, { name: 'Sleepy Traders', is_active: false });
    const foreign = await insertBuyer(other.companyId);
    const inactive = await company.api.post(`buyer_groups/${group.id}/assign_buyers/`, {
      buyers: [good.id, dormant.id],
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.buyers).toEqual(['Buyer Sleepy Traders is inactive.']);
    const stranger = await company.api.post(`buyer_groups/${group.id}/buyers/`, { buyer: foreign.id });
    expect(stranger.body.errors.buyer).toEqual(['Buyer Not Found']);
    expect(
      (await company.api.post(`buyer_groups/${group.id}/assign_buyers/`, { buyers: [] })).body.errors.buyers,
    ).toEqual(['Please select at least one buyer.']);
    expect(
      (await company.api.post(`buyer_groups/${group.id}/assign_buyers/`, { buyers: 'all' })).status,
    ).toBe(400);
    expect((await company.api.post(`buyer_groups/${group.id}/buyers/`, {})).status).toBe(400);
    expect((await company.api.post(`buyer_groups/${group.id}/unassign_buyer/`, { buyer: 'x' })).status).toBe(
      400,
    );
    expect(await membersOf(company, group.id)).toEqual([]);
  });

  it('answers 404 for another company’s group and needs the permissions', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Static' });
    const buyer = await insertBuyer(company.companyId);
    const theirs = await insertBuyer(other.companyId);
    expect((await other.api.post(`buyer_groups/${group.id}/buyers/`, { buyer: theirs.id })).status).toBe(404);
    expect(
      (await other.api.post(`buyer_groups/${group.id}/assign_buyers/`, { buyers: [theirs.id] })).status,
    ).toBe(404);
    expect(
      (await other.api.post(`buyer_groups/${group.id}/unassign_buyer/`, { buyer: theirs.id })).status,
    ).toBe(404);
    expect((await other.api.get(`buyer_groups/${group.id}/buyers/`)).status).toBe(404);
    expect((await other.api.get(`v1/buyer_groups/${group.id}/unassigned_buyers`)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect((await viewer.api.get(`buyer_groups/${group.id}/buyers/`)).status).toBe(200);
    expect((await viewer.api.post(`buyer_groups/${group.id}/buyers/`, { buyer: buyer.id })).status).toBe(403);
    expect(
      (await viewer.api.post(`buyer_groups/${group.id}/assign_buyers/`, { buyers: [buyer.id] })).status,
    ).toBe(403);
    expect(
      (await viewer.api.post(`buyer_groups/${group.id}/unassign_buyer/`, { buyer: buyer.id })).status,
    ).toBe(403);
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(`v1/buyer_groups/${group.id}/unassigned_buyers`)).status).toBe(403);
  });
});

describe('branches of a group', () => {
  it('assigns and unassigns branches; inactive and foreign branches are refused', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Branches' });
    const second = await addBranch(company, { name: 'Baner' });
    const closed = await addBranch(company, { name: 'Shut', active: false });
    const path = (action: string) => `buyer_groups/${group.id}/${action}`;
    const assigned = await company.api.post(path('assign_branches'), {
      branches: [company.branchId, second.id],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.branches.map((b: { name: string }) => b.name).sort()).toEqual(['Baner', 'Pune']);
    expect(
      (await company.api.post(path('assign_branches'), { branches: [second.id] })).body.branches,
    ).toHaveLength(2);
    expect(
      (await company.api.post(path('assign_branches'), { branches: [closed.id] })).body.errors.branches,
    ).toEqual(['Branch Shut is inactive.']);
    expect(
      (await company.api.post(path('assign_branches'), { branches: [other.branchId] })).body.errors.branches,
    ).toEqual(['Branch Not Found']);
    expect((await company.api.post(path('assign_branches'), { branches: [] })).body.errors.branches).toEqual([
      'Please select at least one branch.',
    ]);
    const unassigned = await company.api.post(path('unassign_branches'), { branches: [second.id] });
    expect(unassigned.body.branches).toEqual([{ id: company.branchId, name: 'Pune' }]);
    const notThere = await company.api.post(path('unassign_branches'), {
      branches: [second.id, company.branchId],
    });
    expect(notThere.body.errors.branches).toEqual(['This branch is not assigned to the buyer group.']);
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.branches).toHaveLength(1);
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect((await viewer.api.post(path('assign_branches'), { branches: [second.id] })).status).toBe(403);
    expect((await other.api.post(path('assign_branches'), { branches: [other.branchId] })).status).toBe(404);
    expect((await other.api.post(path('unassign_branches'), { branches: [company.branchId] })).status).toBe(
      404,
    );
  });
});

describe('dynamic groups', () => {
  it('members are the active buyers whose invoiced purchases in the window fall in the range', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const steady = await insertBuyer(company.companyId, { name: 'Steady' });
    const edge = await insertBuyer(company.companyId, { name: 'Edge' });
    const old = await insertBuyer(company.companyId, { name: 'Old' });
    const none = await insertBuyer(company.companyId, { name: 'None' });
    const dormant = await insertBuyer(company.companyId, { name: 'Dormant', is_active: false });
    const payer = await insertBuyer(company.companyId, { name: 'Payer' });
    await invoice(company, steady.id, 3000, 0);
    await invoice(company, steady.id, 2000, 29);
    await invoice(company, edge.id, 10000, 10);
    await invoice(company, old.id, 500, 5);
    await invoice(company, old.id, 9000, 30);
    await invoice(company, dormant.id, 5000, 1);
    await db
      .insertInto('buyer_ledger_entries')
      .values({
        company_id: company.companyId,
        buyer_id: payer.id,
        entry_type: 'payment',
        credit_paise: 500000,
        balance_after_paise: -500000,
      })
      .execute();
    // Written directly, so no queued evaluation runs alongside the ones this test makes.
    const group = await db
      .insertInto('buyer_groups')
      .values({
        company_id: company.companyId,
        name: 'Direct dynamic',
        is_dynamic_group: true,
        dynamic_group_sale_condition: JSON.stringify({ min_amount: 1000, max_amount: 10000 }),
        dynamic_group_time_condition: JSON.stringify({ last_days: 30 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const setConditions = (sale: object, lastDays: number) =>
      db
        .updateTable('buyer_groups')
        .set({
          dynamic_group_sale_condition: JSON.stringify(sale),
          dynamic_group_time_condition: JSON.stringify({ last_days: lastDays }),
        })
        .where('id', '=', group.id)
        .execute();
    const evaluate = () => evaluateDynamicGroup({ db, companyId: company.companyId, buyerGroupId: group.id });

    // Both bounds count; invoices older than the window, payments and inactive buyers do not.
    expect(await evaluate()).toEqual({ added: 2, removed: 0 });
    expect(await membersOf(company, group.id)).toEqual([steady.id, edge.id].sort((a, b) => a - b));
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.evaluated_at).not.toBeNull();

    // An open-ended range from zero takes every active buyer, with or without purchases.
    await setConditions({ min_amount: 0, max_amount: null }, 30);
    expect(await evaluate()).toEqual({ added: 3, removed: 0 });
    expect(await membersOf(company, group.id)).toEqual(
      [steady.id, edge.id, old.id, none.id, payer.id].sort((a, b) => a - b),
    );

    // A longer window brings the older invoice in.
    await setConditions({ min_amount: 9500, max_amount: 9500 }, 31);
    expect(await evaluate()).toEqual({ added: 0, removed: 4 });
    expect(await membersOf(company, group.id)).toEqual([old.id]);

    // A deactivated buyer leaves at the next run.
    await db.updateTable('buyers').set({ is_active: false }).where('id', '=', old.id).execute();
    await evaluateAllDynamicGroups({ db });
    expect(await membersOf(company, group.id)).toEqual([]);
  });

  it('re-evaluates right after its conditions change, through the job', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId);
    await invoice(company, buyer.id, 700);
    const group = await createGroup(company, dynamicInput());
    const evaluated = await waitFor(
      () => company.api.get(`buyer_groups/${group.id}`),
      (res) => res.body.evaluated_at !== null,
    );
    expect(evaluated.body.buyer_count).toBe(0);
    const changed = await company.api.patch(`buyer_groups/${group.id}/conditions`, {
      dynamic_group_sale_condition: { min_amount: 500, max_amount: 800 },
      dynamic_group_time_condition: { last_days: 7 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      dynamic_group_sale_condition: { min_amount: 500, max_amount: 800 },
      dynamic_group_time_condition: { last_days: 7 },
    });
    expect(
      await waitFor(
        () => membersOf(company, group.id),
        (m) => m.length === 1,
      ),
    ).toEqual([buyer.id]);
  });

  it('refuses hand assignment, bad conditions, conditions on a static group, and needs the permission', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, dynamicInput());
    const staticGroup = await createGroup(company, { name: 'Static one' });
    const buyer = await insertBuyer(company.companyId);
    const byHand =
      'The buyers of a dynamic buyer group follow its conditions; they cannot be assigned or unassigned by hand.';
    for (const [path, body] of [
      ['buyers/', { buyer: buyer.id }],
      ['assign_buyers/', { buyers: [buyer.id] }],
      ['unassign_buyer/', { buyer: buyer.id }],
    ] as const) {
      const res = await company.api.post(`buyer_groups/${group.id}/${path}`, body);
      expect(res.status, path).toBe(400);
      expect(res.body.detail).toBe(byHand);
    }
    const conditions = `buyer_groups/${group.id}/conditions`;
    const bad = await company.api.patch(conditions, {
      dynamic_group_sale_condition: { min_amount: 100, max_amount: 50 },
      dynamic_group_time_condition: { last_days: 30 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.dynamic_group_sale_condition).toEqual([RANGE]);
    expect(
      (await company.api.patch(conditions, { dynamic_group_sale_condition: { min_amount: 1 } })).status,
    ).toBe(400);
    const onStatic = await company.api.patch(`buyer_groups/${staticGroup.id}/conditions`, {
      dynamic_group_sale_condition: { min_amount: 1 },
      dynamic_group_time_condition: { last_days: 30 },
    });
    expect(onStatic.status).toBe(400);
    expect(onStatic.body.detail).toBe('Only a dynamic buyer group has conditions.');
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect(
      (
        await viewer.api.patch(conditions, {
          dynamic_group_sale_condition: { min_amount: 1 },
          dynamic_group_time_condition: { last_days: 30 },
        })
      ).status,
    ).toBe(403);
    const other = await signUpCompany();
    expect(
      (
        await other.api.patch(conditions, {
          dynamic_group_sale_condition: { min_amount: 1 },
          dynamic_group_time_condition: { last_days: 30 },
        })
      ).status,
    ).toBe(404);
    expect((await company.api.get(`buyer_groups/${group.id}`)).body.dynamic_group_sale_condition).toEqual({
      min_amount: 1000,
      max_amount: 10000,
    });
  });

  it('is re-evaluated nightly at 01:30 India time', async () => {
    const company = await signUpCompany();
    expect(await company.t.server.ctx.jobs.schedules()).toContainEqual({
      name: EVALUATE_ALL_BUYER_GROUPS_JOB,
      cron: '30 1 * * *',
    });
  });
});

describe('GET buyer_groups/{id}/products', () => {
  it('lists the group’s products with search, category, brand and stock filters', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const db = company.t.server.ctx.db;
    const group = await createGroup(company, { name: 'Catalogue' });
    const otherGroup = await createGroup(company, { name: 'Other' });
    const tea = (await company.api.post(`companies/${c}/categories`, { name: 'Tea' })).body;
    const soap = (await company.api.post(`companies/${c}/categories`, { name: 'Soap' })).body;
    const brand = (await company.api.post(`companies/${c}/brands`, { name: 'Tata' })).body;
    const warehouse = await db
      .selectFrom('warehouses')
      .select('id')
      .where('company_id', '=', c)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const product = async (body: Record<string, unknown>, groupId: number | null) => {
      const res = await company.api.post(`companies/${c}/products`, { mrp: 100, selling_price: 90, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await db
        .updateTable('products')
        .set({ buyer_group_id: groupId })
        .where('id', '=', res.body.id)
        .execute();
      return res.body as { id: number };
    };
    await product(
      { name: 'Tata Tea Gold', category: tea.id, brand: brand.id, warehouse: warehouse.id, opening_stock: 5 },
      group.id,
    );
    await product({ name: 'Assam Tea', category: tea.id }, group.id);
    await product(
      { name: 'Neem Soap', category: soap.id, warehouse: warehouse.id, opening_stock: 2 },
      group.id,
    );
    await product({ name: 'Rose Soap', category: soap.id }, otherGroup.id);
    await product({ name: 'Loose Tea', category: tea.id }, null);

    const path = `buyer_groups/${group.id}/products`;
    const all = await company.api.get(`${path}?ordering=name`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(names(all.body)).toEqual(['Assam Tea', 'Neem Soap', 'Tata Tea Gold']);
    expect(all.body.results[0]).toMatchObject({ in_stock: false, category: { id: tea.id, name: 'Tea' } });
    expect(names((await company.api.get(`${path}?search=tea&ordering=name`)).body)).toEqual([
      'Assam Tea',
      'Tata Tea Gold',
    ]);
    expect(names((await company.api.get(`${path}?category__in=${soap.id}`)).body)).toEqual(['Neem Soap']);
    expect(names((await company.api.get(`${path}?brand__in=${brand.id}`)).body)).toEqual(['Tata Tea Gold']);
    expect(names((await company.api.get(`${path}?in_stock=true&ordering=name`)).body)).toEqual([
      'Neem Soap',
      'Tata Tea Gold',
    ]);
    expect(names((await company.api.get(`${path}?in_stock=false`)).body)).toEqual(['Assam Tea']);
    const paged = await company.api.get(`${path}?ordering=-name&limit=1&offset=1`);
    expect(paged.body).toMatchObject({ count: 3 });
    expect(names(paged.body)).toEqual(['Neem Soap']);
    expect((await company.api.get(`${path}?category__in=tea`)).status).toBe(400);
    expect((await company.api.get(`${path}?ordering=sku`)).status).toBe(400);
    expect((await company.api.get(`${path}?ordering=,`)).status).toBe(200);
  });

  it('answers 404 for another company’s group and needs view_buyer_group', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Catalogue' });
    expect((await other.api.get(`buyer_groups/${group.id}/products`)).status).toBe(404);
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(`buyer_groups/${group.id}/products`)).status).toBe(403);
    expect((await company.api.get(`buyer_groups/${group.id}/products`)).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
