import { SYSTEM_ACCOUNT_CODES } from '@b2b/domain/accounts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

const adminList = (company: SignedUpCompany) => `admin/companies/${company.companyId}/accounts`;
const groupsPath = (company: SignedUpCompany) => `v1/admin/companies/${company.companyId}/account_groups`;

async function typeId(company: SignedUpCompany, code: string): Promise<number> {
  const groups = await company.api.get(`${groupsPath(company)}?limit=1000&ordering=name`);
  expect(groups.status).toBe(200);
  for (const group of groups.body.results) {
    const type = group.account_types.find((t: { code: string }) => t.code === code);
    if (type) return type.id;
  }
  throw new Error(`no account type ${code}`);
}

async function createAccount(company: SignedUpCompany, body: Record<string, unknown>, query = '') {
  const res = await company.api.post(`${adminList(company)}${query}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function systemAccount(company: SignedUpCompany, code: string) {
  const res = await company.api.get(`${adminList(company)}?search=${code}&limit=-1`);
  const account = res.body.results.find((a: { code: string }) => a.code === code);
  expect(account).toBeTruthy();
  return account;
}

const db = (company: SignedUpCompany) => company.t.server.ctx.db;

async function insertBranch(company: SignedUpCompany, active = true) {
  return db(company)
    .insertInto('branches')
    .values({ company_id: company.companyId, name: `Branch ${unique()}`, is_active: active })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('chart of accounts seed', () => {
  it('gives a new company the account groups, types and system accounts', async () => {
    const company = await signUpCompany();
    const groups = await company.api.get(`${groupsPath(company)}?limit=1000&ordering=name`);
    expect(groups.status).toBe(200);
    expect(groups.body.count).toBe(18);
    const names = groups.body.results.map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byName = Object.fromEntries(groups.body.results.map((g: any) => [g.name, g]));
    expect(byName['Sundry Debtors'].nature).toBe('assets');
    expect(byName['Sundry Creditors'].nature).toBe('liabilities');
    expect(byName['Duties & Taxes'].nature).toBe('liabilities');
    expect(byName['Capital Account'].nature).toBe('equity');
    expect(byName['Sales Accounts'].nature).toBe('income');
    expect(byName['Indirect Expenses'].nature).toBe('expenses');
    expect(byName['Duties & Taxes'].account_types.map((t: { code: string }) => t.code).sort()).toEqual(
      ['input_gst', 'other_duties_and_taxes', 'output_gst', 'tds_payable'].sort(),
    );
    for (const group of groups.body.results) expect(group.account_types.length).toBeGreaterThan(0);

    const accounts = await company.api.get(`${adminList(company)}?limit=-1&expand=account_type,branch`);
    expect(accounts.body.count).toBe(SYSTEM_ACCOUNT_CODES.length);
    expect(accounts.body.results.map((a: { code: string }) => a.code).sort()).toEqual(
      [...SYSTEM_ACCOUNT_CODES].sort(),
    );
    for (const account of accounts.body.results) {
      expect(account).toMatchObject({ is_system: true, is_active: true, branch: null, parent_account: null });
    }
    const outputCgst = accounts.body.results.find((a: { code: string }) => a.code === 'OUTPUT-CGST');
    expect(outputCgst).toMatchObject({
      name: 'Output CGST',
      account_type: { code: 'output_gst', account_group: { name: 'Duties & Taxes', nature: 'liabilities' } },
    });
    const receivable = accounts.body.results.find((a: { code: string }) => a.code === 'ACCOUNTS-RECEIVABLE');
    expect(receivable.account_type.account_group.name).toBe('Sundry Debtors');
  });

  it('is idempotent and seeds a company that has none (as the migration does for existing ones)', async () => {
    const company = await signUpCompany();
    const count = async (companyId: number) => {
      const row = await sql<{ groups: number; types: number; accounts: number }>`
        SELECT (SELECT count(*) FROM account_groups WHERE company_id = ${companyId})::int AS groups,
               (SELECT count(*) FROM account_types WHERE company_id = ${companyId})::int AS types,
               (SELECT count(*) FROM accounts WHERE company_id = ${companyId})::int AS accounts`.execute(
        db(company),
      );
      return row.rows[0];
    };
    const before = await count(company.companyId);
    expect(before.groups).toBe(18);
    // A renamed system account is still that account: its code is the key.
    const sales = await systemAccount(company, 'SALES');
    expect((await company.api.patch(`admin/accounts/${sales.id}`, { name: 'Sales - Domestic' })).status).toBe(
      200,
    );
    await sql`SELECT seed_chart_of_accounts(${company.companyId}::bigint)`.execute(db(company));
    await sql`SELECT seed_chart_of_accounts(${company.companyId}::bigint)`.execute(db(company));
    expect(await count(company.companyId)).toEqual(before);

    const bare = await db(company)
      .insertInto('companies')
      .values({ name: `Bare ${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await count(bare.id)).toEqual({ groups: 0, types: 0, accounts: 0 });
    await sql`SELECT seed_chart_of_accounts(id) FROM companies WHERE id = ${bare.id}`.execute(db(company));
    expect(await count(bare.id)).toEqual(before);
  });
});

describe('GET v1/admin/companies/{companyId}/account_groups', () => {
  it('orders, searches, pages, and needs view_account', async () => {
    const company = await signUpCompany();
    const byPosition = await company.api.get(groupsPath(company));
    expect(byPosition.body.results[0].name).toBe('Capital Account');
    expect(byPosition.body.results).toHaveLength(18);
    const searched = await company.api.get(`${groupsPath(company)}?search=sundry&ordering=-name`);
    expect(searched.body.results.map((g: { name: string }) => g.name)).toEqual([
      'Sundry Debtors',
      'Sundry Creditors',
    ]);
    const paged = await company.api.get(`${groupsPath(company)}?limit=5&offset=15&ordering=position`);
    expect(paged.body.results).toHaveLength(3);
    expect(paged.body.next).toBeNull();
    expect((await company.api.get(`${groupsPath(company)}?ordering=secret`)).status).toBe(400);
    expect((await company.api.get(`${groupsPath(company)}?limit=abc`)).status).toBe(400);

    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(groupsPath(company))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_account']);
    expect((await viewer.api.get(groupsPath(company))).status).toBe(200);
    const other = await signUpCompany();
    expect((await company.api.get(groupsPath(other))).status).toBe(404);
  });
});

describe('POST admin/companies/{companyId}/accounts', () => {
  it('creates an account under a type, with a parent of the same group and a branch', async () => {
    const company = await signUpCompany();
    const bankType = await typeId(company, 'bank');
    const parent = await createAccount(company, {
      name: 'Bank Accounts - HDFC',
      account_type: bankType,
      code: 'HDFC',
    });
    expect(parent).toMatchObject({
      name: 'Bank Accounts - HDFC',
      code: 'HDFC',
      account_type: bankType,
      parent_account: null,
      branch: null,
      is_system: false,
      is_active: true,
      description: null,
    });
    const child = await createAccount(
      company,
      {
        name: '  HDFC Current 0042  ',
        account_type: String(bankType),
        parent_account: parent.id,
        branch: company.branchId,
        description: 'Main current account',
      },
      '?expand=account_type,parent_account,branch',
    );
    expect(child).toMatchObject({
      name: 'HDFC Current 0042',
      code: null,
      description: 'Main current account',
      account_type: {
        id: bankType,
        code: 'bank',
        account_group: { name: 'Bank Accounts', nature: 'assets' },
      },
      parent_account: { id: parent.id, name: 'Bank Accounts - HDFC', code: 'HDFC' },
      branch: { id: company.branchId, name: 'Pune' },
    });
    const history = await historyRows(company, 'account', child.id, ['action', 'user_id']);
    expect(history).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('checks every field', async () => {
    const company = await signUpCompany();
    const path = adminList(company);
    const bankType = await typeId(company, 'bank');
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      name: ['Account name is required.'],
      account_type: ['Account type is required.'],
    });
    const bad = await company.api.post(path, {
      name: 'x'.repeat(101),
      account_type: 'abc',
      parent_account: -4,
      branch: 'one',
      code: 'has space',
      description: 'd'.repeat(501),
      is_system: true,
    });
    expect(bad.status).toBe(400);
    expect(
      (await company.api.post(path, { name: 'X', account_type: bankType, code: 'a b' })).body.errors.code,
    ).toEqual(['Code can only contain letters, digits and . _ / -']);
    expect(
      (await company.api.post(path, { name: 'x'.repeat(101), account_type: bankType })).body.errors.name,
    ).toEqual(['Cannot exceed more than 100 characters.']);
    expect(
      (await company.api.post(path, { name: 'X', account_type: bankType, is_system: true })).status,
    ).toBe(400);
    const unknownType = await company.api.post(path, { name: 'X', account_type: 999999999 });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors.account_type).toEqual(['Account Type Not Found']);
    const unknownParent = await company.api.post(path, {
      name: 'X',
      account_type: bankType,
      parent_account: 999999999,
    });
    expect(unknownParent.body.errors.parent_account).toEqual(['Parent account Not Found']);
    const unknownBranch = await company.api.post(path, {
      name: 'X',
      account_type: bankType,
      branch: 999999999,
    });
    expect(unknownBranch.body.errors.branch).toEqual(['Branch Not Found']);
    const inactive = await insertBranch(company, false);
    const inactiveBranch = await company.api.post(path, {
      name: 'X',
      account_type: bankType,
      branch: inactive.id,
    });
    expect(inactiveBranch.status).toBe(400);
    expect(inactiveBranch.body.errors.branch[0]).toMatch(/inactive/);
    // Empty optional values from a form mean none.
    const blank = await createAccount(company, {
      name: 'Petty Cash Box',
      account_type: await typeId(company, 'cash'),
      parent_account: '',
      branch: null,
      code: '',
      description: '',
    });
    expect(blank).toMatchObject({ parent_account: null, branch: null, code: null, description: null });
  });

  it('refuses a parent of another group or another branch', async () => {
    const company = await signUpCompany();
    const path = adminList(company);
    const sales = await systemAccount(company, 'SALES');
    const other = await company.api.post(path, {
      name: 'Bank under Sales',
      account_type: await typeId(company, 'bank'),
      parent_account: sales.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.errors.parent_account).toEqual([
      'The parent account must be in the same account group.',
    ]);
    const salesType = await typeId(company, 'sales');
    const second = await insertBranch(company);
    const branchParent = await createAccount(company, {
      name: 'Pune Sales',
      account_type: salesType,
      branch: company.branchId,
    });
    const wrongBranch = await company.api.post(path, {
      name: 'Nashik Sales',
      account_type: salesType,
      parent_account: branchParent.id,
      branch: second.id,
    });
    expect(wrongBranch.body.errors.parent_account).toEqual(['The parent account belongs to another branch.']);
    // Under a company-wide parent any branch fits; under a branch parent, that branch.
    await createAccount(company, {
      name: 'Nashik Sales',
      account_type: salesType,
      parent_account: sales.id,
      branch: second.id,
    });
    await createAccount(company, {
      name: 'Pune Counter Sales',
      account_type: salesType,
      parent_account: branchParent.id,
      branch: company.branchId,
    });
  });

  it('keeps names unique per company and branch, case-insensitively, and codes unique per company', async () => {
    const company = await signUpCompany();
    const path = adminList(company);
    const cashType = await typeId(company, 'cash');
    await createAccount(company, { name: 'Counter Cash', account_type: cashType, code: 'CC-1' });
    const dup = await company.api.post(path, { name: 'COUNTER CASH', account_type: cashType });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['An account with this name already exists.']);
    // System account names are taken too.
    expect((await company.api.post(path, { name: 'cash', account_type: cashType })).body.errors.name).toEqual(
      ['An account with this name already exists.'],
    );
    const dupCode = await company.api.post(path, {
      name: 'Other Cash',
      account_type: cashType,
      code: 'CC-1',
    });
    expect(dupCode.body.errors.code).toEqual(['An account with this code already exists.']);
    // The same name in a branch is another account.
    await createAccount(company, { name: 'Counter Cash', account_type: cashType, branch: company.branchId });

    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        company.api.post(path, { name: 'Racing Cash', account_type: cashType }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of racing.filter((x) => x.status === 400)) {
      expect(r.body.errors.name).toEqual(['An account with this name already exists.']);
    }
    const otherCompany = await signUpCompany();
    await createAccount(otherCompany, {
      name: 'Counter Cash',
      account_type: await typeId(otherCompany, 'cash'),
      code: 'CC-1',
    });
  });

  it('needs add_account, and ids of the caller’s own company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const cashType = await typeId(company, 'cash');
    const viewer = await createUserWithPermissions(company, ['view_account']);
    const denied = await viewer.api.post(adminList(company), { name: 'Till', account_type: cashType });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to perform this action.');
    const adder = await createUserWithPermissions(company, ['add_account']);
    expect((await adder.api.post(adminList(company), { name: 'Till', account_type: cashType })).status).toBe(
      201,
    );
    expect(
      (await company.api.post(adminList(other), { name: 'Till 2', account_type: cashType })).status,
    ).toBe(404);
    // Another company's type, parent or branch does not exist here.
    const foreignType = await typeId(other, 'cash');
    expect(
      (await company.api.post(adminList(company), { name: 'T', account_type: foreignType })).body.errors
        .account_type,
    ).toEqual(['Account Type Not Found']);
    const foreignCash = await systemAccount(other, 'CASH');
    expect(
      (
        await company.api.post(adminList(company), {
          name: 'T',
          account_type: cashType,
          parent_account: foreignCash.id,
        })
      ).body.errors.parent_account,
    ).toEqual(['Parent account Not Found']);
    expect(
      (
        await company.api.post(adminList(company), {
          name: 'T',
          account_type: cashType,
          branch: other.branchId,
        })
      ).body.errors.branch,
    ).toEqual(['Branch Not Found']);
  });
});

describe('GET companies/{companyId}/accounts and admin/companies/{companyId}/accounts', () => {
  it('search, page, order, filter by type, group and branch, expand', async () => {
    const company = await signUpCompany();
    const bankType = await typeId(company, 'bank');
    const cashType = await typeId(company, 'cash');
    const hdfc = await createAccount(company, {
      name: 'HDFC 0042',
      account_type: bankType,
      code: 'B-1',
      branch: company.branchId,
    });
    await createAccount(company, { name: 'ICICI 0077', account_type: bankType, code: 'B-2' });

    const plain = await company.api.get(`companies/${company.companyId}/accounts?search=0042`);
    expect(plain.status).toBe(200);
    expect(plain.body.results).toEqual([
      expect.objectContaining({ id: hdfc.id, account_type: bankType, branch: company.branchId }),
    ]);
    const byCode = await company.api.get(`companies/${company.companyId}/accounts?search=b-2`);
    expect(byCode.body.results.map((a: { name: string }) => a.name)).toEqual(['ICICI 0077']);

    const all = await company.api.get(`companies/${company.companyId}/accounts?limit=-1`);
    expect(all.body.count).toBe(SYSTEM_ACCOUNT_CODES.length + 2);
    // Newest first by default.
    expect(all.body.results[0].name).toBe('ICICI 0077');
    const byName = await company.api.get(
      `companies/${company.companyId}/accounts?ordering=name&limit=3&offset=0`,
    );
    expect(byName.body.results.map((a: { name: string }) => a.name)).toEqual([
      'Accounts Payable',
      'Accounts Receivable',
      'Cash',
    ]);
    expect(byName.body.next).toContain('offset=3');

    const banks = await company.api.get(`${adminList(company)}?account_type=${bankType}&ordering=name`);
    expect(banks.body.results.map((a: { name: string }) => a.name)).toEqual(['HDFC 0042', 'ICICI 0077']);
    const two = await company.api.get(`${adminList(company)}?account_type=${bankType},${cashType}&limit=-1`);
    expect(two.body.count).toBe(4);
    const inBranch = await company.api.get(
      `${adminList(company)}?branch=${company.branchId}&expand=account_type,branch,parent_account`,
    );
    expect(inBranch.body.results).toEqual([
      expect.objectContaining({
        id: hdfc.id,
        branch: { id: company.branchId, name: 'Pune' },
        account_type: expect.objectContaining({ id: bankType, name: 'Bank' }),
      }),
    ]);
    const groups = (await company.api.get(groupsPath(company))).body.results;
    const taxes = groups.find((g: { name: string }) => g.name === 'Duties & Taxes');
    const inGroup = await company.api.get(`${adminList(company)}?account_group=${taxes.id}&limit=-1`);
    expect(inGroup.body.count).toBe(8);
    const active = await company.api.get(`${adminList(company)}?is_active=false`);
    expect(active.body.count).toBe(0);

    for (const query of [
      'account_type=abc',
      'branch=-1',
      'ordering=secret',
      'limit=20000',
      'is_active=maybe',
    ]) {
      expect((await company.api.get(`${adminList(company)}?${query}`)).status).toBe(400);
    }
  });

  it('needs view_account and the caller’s company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const outsider = await createUserWithPermissions(company, ['view_seller']);
    expect((await outsider.api.get(adminList(company))).status).toBe(403);
    expect((await outsider.api.get(`companies/${company.companyId}/accounts`)).status).toBe(403);
    expect((await company.api.get(adminList(other))).status).toBe(404);
    expect((await company.api.get(`companies/${other.companyId}/accounts`)).status).toBe(404);
  });
});

describe('GET v2/accounts/{id}', () => {
  it('answers the account with everything expanded; 404 for unknown and foreign ids', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const cash = await systemAccount(company, 'CASH');
    const res = await company.api.get(`v2/accounts/${cash.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: cash.id,
      name: 'Cash',
      code: 'CASH',
      is_system: true,
      account_type: { code: 'cash', account_group: { name: 'Cash-in-Hand', nature: 'assets' } },
      parent_account: null,
      branch: null,
    });
    const missing = await company.api.get('v2/accounts/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Account Not Found');
    expect((await other.api.get(`v2/accounts/${cash.id}`)).status).toBe(404);
    expect((await company.api.get('v2/accounts/abc')).status).toBe(400);
    const outsider = await createUserWithPermissions(company, ['view_seller']);
    expect((await outsider.api.get(`v2/accounts/${cash.id}`)).status).toBe(403);
  });
});

describe('PATCH admin/accounts/{id}', () => {
  it('changes fields, expands, and clears optional ones', async () => {
    const company = await signUpCompany();
    const bankType = await typeId(company, 'bank');
    const parent = await createAccount(company, { name: 'Banks', account_type: bankType });
    const account = await createAccount(company, {
      name: 'SBI',
      account_type: bankType,
      code: 'SBI',
      description: 'x',
    });
    const res = await company.api.patch(`admin/accounts/${account.id}?expand=account_type,parent_account`, {
      name: 'SBI Current',
      parent_account: parent.id,
      description: '',
      code: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'SBI Current',
      description: null,
      code: null,
      parent_account: { id: parent.id, name: 'Banks' },
      account_type: { id: bankType, code: 'bank' },
    });
    const unparented = await company.api.patch(`admin/accounts/${account.id}`, { parent_account: null });
    expect(unparented.body.parent_account).toBeNull();
    expect((await company.api.patch(`admin/accounts/${account.id}`, { is_system: true })).status).toBe(400);
    expect((await company.api.patch(`admin/accounts/${account.id}`, { name: '' })).body.errors.name).toEqual([
      'Account name is required.',
    ]);
    expect((await company.api.patch('admin/accounts/999999999', { name: 'x' })).status).toBe(404);
  });

  it('refuses cycles, a type that leaves sub-accounts in another group, and a taken name', async () => {
    const company = await signUpCompany();
    const bankType = await typeId(company, 'bank');
    const top = await createAccount(company, { name: 'Top', account_type: bankType });
    const middle = await createAccount(company, {
      name: 'Middle',
      account_type: bankType,
      parent_account: top.id,
    });
    const leaf = await createAccount(company, {
      name: 'Leaf',
      account_type: bankType,
      parent_account: middle.id,
    });
    for (const parent of [top.id, leaf.id, middle.id]) {
      const res = await company.api.patch(`admin/accounts/${top.id}`, { parent_account: parent });
      expect(res.status).toBe(400);
      expect(res.body.errors.parent_account).toEqual([
        'An account cannot be placed under itself or one of its sub-accounts.',
      ]);
    }
    const moveType = await company.api.patch(`admin/accounts/${middle.id}`, {
      account_type: await typeId(company, 'sales'),
    });
    expect(moveType.status).toBe(400);
    // Its parent is a bank account: the parent check speaks first.
    expect(moveType.body.errors.parent_account).toEqual([
      'The parent account must be in the same account group.',
    ]);
    const topType = await company.api.patch(`admin/accounts/${top.id}`, {
      account_type: await typeId(company, 'sales'),
    });
    expect(topType.body.errors.account_type).toEqual([
      'The sub-accounts of this account are in this group; move them first.',
    ]);
    const branchMove = await company.api.patch(`admin/accounts/${top.id}`, { branch: company.branchId });
    expect(branchMove.body.errors.branch).toEqual([
      'The sub-accounts of this account belong to another branch.',
    ]);
    const taken = await company.api.patch(`admin/accounts/${leaf.id}`, { name: 'top' });
    expect(taken.body.errors.name).toEqual(['An account with this name already exists.']);
    // Concurrent moves that would make a cycle: one of them wins, the other is refused.
    const a = await createAccount(company, { name: 'A', account_type: bankType });
    const b = await createAccount(company, { name: 'B', account_type: bankType });
    const [ab, ba] = await Promise.all([
      company.api.patch(`admin/accounts/${a.id}`, { parent_account: b.id }),
      company.api.patch(`admin/accounts/${b.id}`, { parent_account: a.id }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 400]);
  });

  it('keeps a system account’s code, type and branch, but lets it be renamed', async () => {
    const company = await signUpCompany();
    const sales = await systemAccount(company, 'SALES');
    const renamed = await company.api.patch(`admin/accounts/${sales.id}`, {
      name: 'Sales - Domestic',
      description: 'GST sales',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Sales - Domestic', code: 'SALES', is_system: true });
    for (const [field, value] of [
      ['code', 'S-1'],
      ['account_type', await typeId(company, 'direct_income')],
      ['branch', company.branchId],
    ] as const) {
      const res = await company.api.patch(`admin/accounts/${sales.id}`, { [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toEqual(['A system account keeps its code, account type and branch.']);
    }
  });

  it('needs change_account', async () => {
    const company = await signUpCompany();
    const cash = await systemAccount(company, 'CASH');
    const viewer = await createUserWithPermissions(company, ['view_account', 'add_account']);
    expect((await viewer.api.patch(`admin/accounts/${cash.id}`, { name: 'Till' })).status).toBe(403);
    const changer = await createUserWithPermissions(company, ['change_account']);
    expect((await changer.api.patch(`admin/accounts/${cash.id}`, { name: 'Till' })).status).toBe(200);
  });
});

describe('POST admin/accounts/{id}/activate and /deactivate', () => {
  it('switches an account; a system account stays active', async () => {
    const company = await signUpCompany();
    const account = await createAccount(company, {
      name: 'Old Bank',
      account_type: await typeId(company, 'bank'),
    });
    const off = await company.api.post(`admin/accounts/${account.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.post(`admin/accounts/${account.id}/deactivate`)).body.is_active).toBe(false);
    expect(
      (await company.api.get(`${adminList(company)}?is_active=false`)).body.results.map((a: any) => a.id),
    ).toEqual([account.id]);
    const on = await company.api.post(`admin/accounts/${account.id}/activate?expand=account_type`);
    expect(on.body).toMatchObject({ is_active: true, account_type: { code: 'bank' } });
    const cash = await systemAccount(company, 'CASH');
    const refused = await company.api.post(`admin/accounts/${cash.id}/deactivate`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('System accounts cannot be deactivated.');
    expect((await company.api.post('admin/accounts/999999999/activate')).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_account']);
    expect((await viewer.api.post(`admin/accounts/${account.id}/deactivate`)).status).toBe(403);
  });
});

describe('DELETE admin/accounts/{id}', () => {
  it('deletes an unused account', async () => {
    const company = await signUpCompany();
    const account = await createAccount(company, {
      name: 'Spare',
      account_type: await typeId(company, 'bank'),
    });
    const viewer = await createUserWithPermissions(company, ['view_account', 'change_account']);
    expect((await viewer.api.delete(`admin/accounts/${account.id}`)).status).toBe(403);
    const res = await company.api.delete(`admin/accounts/${account.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Account deleted successfully.' });
    expect((await company.api.get(`v2/accounts/${account.id}`)).status).toBe(404);
    expect((await company.api.delete(`admin/accounts/${account.id}`)).status).toBe(404);
    // The name is free again.
    await createAccount(company, { name: 'Spare', account_type: await typeId(company, 'bank') });
  });

  it('refuses system accounts, accounts with sub-accounts and accounts in use', async () => {
    const company = await signUpCompany();
    const bankType = await typeId(company, 'bank');
    const cash = await systemAccount(company, 'CASH');
    const system = await company.api.delete(`admin/accounts/${cash.id}`);
    expect(system.status).toBe(400);
    expect(system.body.detail).toBe('System accounts cannot be deleted.');

    const parent = await createAccount(company, { name: 'Banks', account_type: bankType });
    const child = await createAccount(company, {
      name: 'Axis',
      account_type: bankType,
      parent_account: parent.id,
    });
    const withChild = await company.api.delete(`admin/accounts/${parent.id}`);
    expect(withChild.status).toBe(400);
    expect(withChild.body.detail).toBe('Account cannot be deleted because it has sub-accounts.');

    // A bank account (even a deleted one) posts to the account.
    await db(company)
      .insertInto('bank_accounts')
      .values({
        company_id: company.companyId,
        branch_id: company.branchId,
        bank_name: 'Axis Bank',
        account_holder_name: 'Acme',
        account_number: '123456789012',
        ifsc_code: 'UTIB0000123',
        account_id: child.id,
        deleted_at: new Date(),
      })
      .execute();
    const usedByBank = await company.api.delete(`admin/accounts/${child.id}`);
    expect(usedByBank.status).toBe(400);
    expect(usedByBank.body.detail).toBe('Account cannot be deleted because it is in use.');

    // A buyer ledger line posts to it.
    const ledgerAccount = await createAccount(company, { name: 'Receipts', account_type: bankType });
    const buyer = await db(company)
      .insertInto('buyers')
      .values({ company_id: company.companyId, name: `Buyer ${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db(company)
      .insertInto('buyer_ledger_entries')
      .values({
        company_id: company.companyId,
        buyer_id: buyer.id,
        entry_type: 'payment',
        credit_paise: 10000,
        balance_after_paise: -10000,
        account_id: ledgerAccount.id,
      })
      .execute();
    const usedByLedger = await company.api.delete(`admin/accounts/${ledgerAccount.id}`);
    expect(usedByLedger.status).toBe(400);
    expect(usedByLedger.body.detail).toBe('Account cannot be deleted because it is in use.');
    expect((await company.api.get(`v2/accounts/${ledgerAccount.id}`)).status).toBe(200);
  });
});
