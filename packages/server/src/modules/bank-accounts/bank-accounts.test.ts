import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

let sequence = 0;
/** A 14-digit account number unique in this run. */
const accountNumber = () =>
  `5010${String(Date.now() % 1e7).padStart(7, '0')}${String(sequence++ % 1000).padStart(3, '0')}`;

const accountInput = (overrides: Record<string, unknown> = {}) => ({
  bank_name: 'HDFC Bank',
  account_holder_name: 'Acme Traders',
  account_number: accountNumber(),
  ifsc_code: 'HDFC0001234',
  ...overrides,
});

async function addAccount(
  company: SignedUpCompany,
  branchId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await company.api.post(`v1/branches/${branchId}/bank_accounts`, accountInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; is_default: boolean; account_number: string };
}

async function newBranch(company: SignedUpCompany) {
  const res = await company.api.post(`companies/${company.companyId}/branches`, {
    name: `Branch ${unique()}`,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

const defaults = async (company: SignedUpCompany, branchId: number) =>
  (await company.api.get(`v1/branches/${branchId}/bank_accounts?limit=-1`)).body.results
    .filter((a: { is_default: boolean }) => a.is_default)
    .map((a: { id: number }) => a.id);

describe('POST v1/branches/{id}/bank_accounts', () => {
  it("adds an account; the branch's first one is its default", async () => {
    const company = await signUpCompany();
    const number = accountNumber();
    const res = await company.api.post(`v1/branches/${company.branchId}/bank_accounts`, {
      bank_name: ' State Bank of India ',
      account_holder_name: 'Acme Traders Pvt Ltd',
      account_number: number,
      ifsc_code: 'sbin0000691',
      bank_branch_name: 'Pune Camp',
      account_type: 'savings',
      upi_id: 'acme@sbi',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      branch: { id: company.branchId, name: 'Pune', is_active: true },
      bank_name: 'State Bank of India',
      account_holder_name: 'Acme Traders Pvt Ltd',
      account_number: number,
      ifsc_code: 'SBIN0000691',
      bank_branch_name: 'Pune Camp',
      account_type: 'savings',
      upi_id: 'acme@sbi',
      is_default: true,
    });
    const second = await addAccount(company, company.branchId, { upi_id: '', bank_branch_name: '' });
    expect(second).toMatchObject({
      is_default: false,
      upi_id: null,
      bank_branch_name: null,
      account_type: 'current',
    });
    const history = await historyRows(company, 'bank_account', res.body.id, ['action', 'user_id']);
    expect(history).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('moves the default to a new account asked to be the default', async () => {
    const company = await signUpCompany();
    const first = await addAccount(company, company.branchId);
    const second = await addAccount(company, company.branchId, { is_default: true });
    expect(second.is_default).toBe(true);
    expect(await defaults(company, company.branchId)).toEqual([second.id]);
    // Defaults are per branch.
    const branch = await newBranch(company);
    const other = await addAccount(company, branch.id, { is_default: true });
    expect(await defaults(company, branch.id)).toEqual([other.id]);
    expect(await defaults(company, company.branchId)).toEqual([second.id]);
    expect((await company.api.get(`v1/bank_accounts/${first.id}`)).body.is_default).toBe(false);
  });

  it('checks IFSC, account number and the other fields', async () => {
    const company = await signUpCompany();
    const path = `v1/branches/${company.branchId}/bank_accounts`;
    const empty = await company.api.post(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      bank_name: ['Bank name is required.'],
      account_holder_name: ['Account holder name is required.'],
      account_number: ['Account number is required.'],
      ifsc_code: ['IFSC code is required.'],
    });
    const wrong = await company.api.post(path, {
      ...accountInput(),
      account_number: '12345678',
      ifsc_code: 'HDFC1001234',
      account_type: 'fixed',
      upi_id: 'acme',
      is_default: 'yes',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toMatchObject({
      account_number: ['Account number must have 9 to 18 digits.'],
      ifsc_code: ['Please enter a valid IFSC code (e.g. HDFC0001234).'],
      account_type: ['Please choose an account type.'],
      upi_id: ['Please enter a valid UPI id (e.g. name@bank).'],
      is_default: ['is_default must be true or false.'],
    });
    expect((await company.api.post(path, accountInput({ account_number: '1'.repeat(19) }))).status).toBe(400);
    expect((await company.api.post(path, accountInput({ account_number: '123456789' }))).status).toBe(201);
    expect((await company.api.post(path, accountInput({ account_number: '1'.repeat(18) }))).status).toBe(201);
    expect((await company.api.post(path, accountInput({ colour: 'red' }))).status).toBe(400);
  });

  it('refuses the same IFSC and account number twice in the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const account = await addAccount(company, company.branchId);
    const branch = await newBranch(company);
    const again = await company.api.post(
      `v1/branches/${branch.id}/bank_accounts`,
      accountInput({ account_number: account.account_number }),
    );
    expect(again.status).toBe(400);
    expect(again.body.errors.account_number).toEqual([
      'A bank account with this IFSC code and account number already exists.',
    ]);
    // Another company may hold the same account details, and a deleted account frees them.
    expect(
      (
        await other.api.post(
          `v1/branches/${other.branchId}/bank_accounts`,
          accountInput({ account_number: account.account_number }),
        )
      ).status,
    ).toBe(201);
    await company.api.post(`v1/bank_accounts/${account.id}/delete`);
    expect(
      (
        await company.api.post(
          `v1/branches/${branch.id}/bank_accounts`,
          accountInput({ account_number: account.account_number }),
        )
      ).status,
    ).toBe(201);
  });

  it('needs add_bank_account and a branch of the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_bank_account', 'change_bank_account']);
    const adder = await createUserWithPermissions(company, ['add_bank_account']);
    expect(
      (await viewer.api.post(`v1/branches/${company.branchId}/bank_accounts`, accountInput())).status,
    ).toBe(403);
    expect(
      (await adder.api.post(`v1/branches/${company.branchId}/bank_accounts`, accountInput())).status,
    ).toBe(201);
    const foreign = await other.api.post(`v1/branches/${company.branchId}/bank_accounts`, accountInput());
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Branch Not Found');
  });
});

describe('GET v1/branches/{id}/bank_accounts and v1/companies/{companyId}/bank_accounts', () => {
  it("lists a branch's accounts newest first, and the company's with search and paging", async () => {
    const company = await signUpCompany();
    const branch = await newBranch(company);
    const a = await addAccount(company, company.branchId, {
      bank_name: 'Axis Bank',
      ifsc_code: 'UTIB0000123',
    });
    const b = await addAccount(company, company.branchId, {
      bank_name: 'ICICI Bank',
      ifsc_code: 'ICIC0000456',
    });
    const c = await addAccount(company, branch.id, { bank_name: 'Kotak Bank', ifsc_code: 'KKBK0000789' });
    const ofBranch = await company.api.get(
      `v1/branches/${company.branchId}/bank_accounts?ordering=-created_at&limit=-1`,
    );
    expect(ofBranch.status).toBe(200);
    expect(ofBranch.body.results.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    const all = await company.api.get(`v1/companies/${company.companyId}/bank_accounts`);
    expect(all.body.count).toBe(3);
    const searched = await company.api.get(`v1/companies/${company.companyId}/bank_accounts?search=kotak`);
    expect(searched.body.results.map((r: { id: number }) => r.id)).toEqual([c.id]);
    expect(
      (await company.api.get(`v1/companies/${company.companyId}/bank_accounts?search=${branch.name}`)).body
        .count,
    ).toBe(1);
    const paged = await company.api.get(
      `v1/companies/${company.companyId}/bank_accounts?ordering=bank_name&limit=2&offset=1`,
    );
    expect(paged.body.results.map((r: { bank_name: string }) => r.bank_name)).toEqual([
      'ICICI Bank',
      'Kotak Bank',
    ]);
    expect(paged.body.previous).toContain('offset=0');
    expect(
      (await company.api.get(`v1/companies/${company.companyId}/bank_accounts?branch=${branch.id}`)).body
        .count,
    ).toBe(1);
    expect(
      (await company.api.get(`v1/companies/${company.companyId}/bank_accounts?is_default=true`)).body.count,
    ).toBe(2);
    expect(
      (await company.api.get(`v1/companies/${company.companyId}/bank_accounts?ordering=secret`)).status,
    ).toBe(400);
  });

  it('needs view_bank_account and keeps companies apart', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    await addAccount(company, company.branchId);
    const outsider = await createUserWithPermissions(company, ['view_branch']);
    const viewer = await createUserWithPermissions(company, ['view_bank_account']);
    expect((await outsider.api.get(`v1/branches/${company.branchId}/bank_accounts`)).status).toBe(403);
    expect((await viewer.api.get(`v1/branches/${company.branchId}/bank_accounts`)).body.count).toBe(1);
    expect((await other.api.get(`v1/branches/${company.branchId}/bank_accounts`)).status).toBe(404);
    expect((await other.api.get(`v1/companies/${company.companyId}/bank_accounts`)).status).toBe(404);
    expect((await other.api.get(`v1/companies/${other.companyId}/bank_accounts`)).body.count).toBe(0);
  });
});

describe('GET and PATCH v1/bank_accounts/{id}', () => {
  it('edits an account and moves the default in one step', async () => {
    const company = await signUpCompany();
    const first = await addAccount(company, company.branchId);
    const second = await addAccount(company, company.branchId);
    const edited = await company.api.patch(`v1/bank_accounts/${second.id}`, {
      bank_name: 'HDFC Bank Ltd',
      ifsc_code: 'hdfc0009999',
      upi_id: 'acme@hdfcbank',
      is_default: true,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      bank_name: 'HDFC Bank Ltd',
      ifsc_code: 'HDFC0009999',
      upi_id: 'acme@hdfcbank',
      is_default: true,
    });
    expect(await defaults(company, company.branchId)).toEqual([second.id]);
    expect(
      (await company.api.patch(`v1/bank_accounts/${second.id}`, { upi_id: null })).body.upi_id,
    ).toBeNull();
    // Taking the default away leaves the branch without one.
    expect(
      (await company.api.patch(`v1/bank_accounts/${second.id}`, { is_default: false })).body.is_default,
    ).toBe(false);
    expect(await defaults(company, company.branchId)).toEqual([]);
    expect((await company.api.get(`v1/bank_accounts/${first.id}`)).body).toMatchObject({
      id: first.id,
      is_default: false,
    });
  });

  it('refuses bad values, a duplicate and a foreign or deleted account', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const first = await addAccount(company, company.branchId);
    const second = await addAccount(company, company.branchId);
    const bad = await company.api.patch(`v1/bank_accounts/${second.id}`, {
      account_number: 'abc',
      bank_name: '',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['account_number', 'bank_name']);
    const duplicate = await company.api.patch(`v1/bank_accounts/${second.id}`, {
      account_number: first.account_number,
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors.account_number).toBeDefined();
    expect((await other.api.get(`v1/bank_accounts/${first.id}`)).status).toBe(404);
    const foreign = await other.api.patch(`v1/bank_accounts/${first.id}`, { bank_name: 'Stolen' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Bank Account Not Found');
    await company.api.post(`v1/bank_accounts/${first.id}/delete`);
    expect((await company.api.get(`v1/bank_accounts/${first.id}`)).status).toBe(404);
    expect((await company.api.patch(`v1/bank_accounts/${first.id}`, { bank_name: 'Gone' })).status).toBe(404);
  });

  it('refuses changes to the accounts of an inactive branch', async () => {
    const company = await signUpCompany();
    const branch = await newBranch(company);
    const account = await addAccount(company, branch.id);
    await company.api.post(`branches/${branch.id}/deactivate`);
    for (const res of [
      await company.api.patch(`v1/bank_accounts/${account.id}`, { bank_name: 'Changed' }),
      await company.api.post(`v1/bank_accounts/${account.id}/delete`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(`Branch ${branch.name} is inactive.`);
    }
    expect((await company.api.get(`v1/bank_accounts/${account.id}`)).body).toMatchObject({
      bank_name: 'HDFC Bank',
      branch: { is_active: false },
    });
  });

  it('needs change_bank_account', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company, company.branchId);
    const viewer = await createUserWithPermissions(company, ['view_bank_account']);
    const changer = await createUserWithPermissions(company, ['change_bank_account']);
    expect((await viewer.api.patch(`v1/bank_accounts/${account.id}`, { bank_name: 'X Bank' })).status).toBe(
      403,
    );
    expect((await changer.api.patch(`v1/bank_accounts/${account.id}`, { bank_name: 'X Bank' })).status).toBe(
      200,
    );
    expect((await changer.api.get(`v1/bank_accounts/${account.id}`)).status).toBe(403);
  });
});

describe('POST v1/bank_accounts/{id}/delete', () => {
  it('deletes softly, once, with delete_bank_account', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company, company.branchId);
    const changer = await createUserWithPermissions(company, ['change_bank_account']);
    expect((await changer.api.post(`v1/bank_accounts/${account.id}/delete`)).status).toBe(403);
    const res = await company.api.post(`v1/bank_accounts/${account.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Bank account deleted successfully.');
    expect((await company.api.post(`v1/bank_accounts/${account.id}/delete`)).status).toBe(404);
    expect((await company.api.get(`v1/branches/${company.branchId}/bank_accounts`)).body.count).toBe(0);
    const row = await company.t.server.ctx.db
      .selectFrom('bank_accounts')
      .select(['deleted_at'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // With the default gone, the next account becomes the default.
    expect((await addAccount(company, company.branchId)).is_default).toBe(true);
  });
});

describe('the ledger of a bank account', () => {
  const ledgerOf = async (company: SignedUpCompany, id: number) => {
    const res = await company.api.get(`v2/accounts/${id}?expand=account_type,branch`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('is created with the account: bank name and last four digits, type bank, the same branch', async () => {
    const company = await signUpCompany();
    const branch = await newBranch(company);
    const res = await company.api.post(
      `v1/branches/${branch.id}/bank_accounts`,
      accountInput({ bank_name: 'HDFC Bank', account_number: '50100123450060' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.account).toEqual({ id: expect.any(Number), name: 'HDFC Bank ••0060' });
    expect(await ledgerOf(company, res.body.account.id)).toMatchObject({
      name: 'HDFC Bank ••0060',
      is_active: true,
      is_system: false,
      branch: { id: branch.id, name: branch.name },
      account_type: { code: 'bank', account_group: { name: 'Bank Accounts', nature: 'assets' } },
    });
    // Lists and the detail show it too.
    expect((await company.api.get(`v1/bank_accounts/${res.body.id}`)).body.account).toEqual(res.body.account);
    const list = await company.api.get(`v1/companies/${company.companyId}/bank_accounts`);
    expect(list.body.results[0].account).toEqual(res.body.account);
  });

  it('gets a distinct name when the same bank and last four digits are already a ledger', async () => {
    const company = await signUpCompany();
    const first = await addAccount(company, company.branchId, {
      bank_name: 'ICICI Bank',
      account_number: '000100020060',
      ifsc_code: 'ICIC0000001',
    });
    const second = await addAccount(company, company.branchId, {
      bank_name: 'ICICI Bank',
      account_number: '999900020060',
      ifsc_code: 'ICIC0000002',
    });
    const names = [first, second].map((a) => (a as unknown as { account: { name: string } }).account.name);
    expect(names).toEqual(['ICICI Bank ••0060', 'ICICI Bank ••0060 (2)']);
  });

  it('is renamed with the bank or the number, and not for other changes', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company, company.branchId, {
      bank_name: 'Axis Bank',
      account_number: '912010000001111',
    });
    const path = `v1/bank_accounts/${account.id}`;
    const renamed = await company.api.patch(path, { bank_name: 'Axis Bank Ltd' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.account.name).toBe('Axis Bank Ltd ••1111');
    const renumbered = await company.api.patch(path, { account_number: '912010000002222' });
    expect(renumbered.body.account).toEqual({ id: renamed.body.account.id, name: 'Axis Bank Ltd ••2222' });
    await company.api.patch(path, { upi_id: 'acme@axis' });
    expect((await ledgerOf(company, renamed.body.account.id)).name).toBe('Axis Bank Ltd ••2222');
    const history = await historyRows(company, 'account', renamed.body.account.id, ['action']);
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'updated']);
  });

  it('is deactivated when the bank account is deleted, and cannot be deleted itself', async () => {
    const company = await signUpCompany();
    const created = await company.api.post(`v1/branches/${company.branchId}/bank_accounts`, accountInput());
    const ledgerId = created.body.account.id as number;
    const refused = await company.api.delete(`admin/accounts/${ledgerId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Account cannot be deleted because it is in use.');
    expect((await company.api.post(`v1/bank_accounts/${created.body.id}/delete`)).status).toBe(200);
    expect(await ledgerOf(company, ledgerId)).toMatchObject({ is_active: false });
    // Its number can be added again, with a ledger of its own.
    const again = await company.api.post(
      `v1/branches/${company.branchId}/bank_accounts`,
      accountInput({ account_number: created.body.account_number }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.account.id).not.toBe(ledgerId);
    expect(again.body.account.name).toBe(`${created.body.account.name} (2)`);
  });

  it('is null for an account added before ledgers were linked', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company, company.branchId);
    await company.t.server.ctx.db
      .updateTable('bank_accounts')
      .set({ account_id: null })
      .where('id', '=', account.id)
      .execute();
    expect((await company.api.get(`v1/bank_accounts/${account.id}`)).body.account).toBeNull();
    const renamed = await company.api.patch(`v1/bank_accounts/${account.id}`, { bank_name: 'Kotak' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account).toBeNull();
    expect((await company.api.post(`v1/bank_accounts/${account.id}/delete`)).status).toBe(200);
  });
});

describe.runIf(inject('databaseUrl'))('bank account defaults at once (PostgreSQL)', () => {
  it('ends with exactly one default when several accounts claim it together', async () => {
    const company = await signUpCompany();
    const accounts = await Promise.all(
      Array.from({ length: 3 }, () => addAccount(company, company.branchId)),
    );
    const results = await Promise.all([
      ...accounts.map((a) => company.api.patch(`v1/bank_accounts/${a.id}`, { is_default: true })),
      ...Array.from({ length: 3 }, () =>
        company.api.post(`v1/branches/${company.branchId}/bank_accounts`, accountInput({ is_default: true })),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201, 201, 201]);
    expect(await defaults(company, company.branchId)).toHaveLength(1);
  });
});
