import { BANK_LEDGER_TYPE_CODE } from '@b2b/domain/accounts';
import {
  ACCOUNT_MESSAGES,
  type AccountCreate,
  type AccountExpand,
  type AccountGroupOutput,
  type AccountOutput,
  type AccountUpdate,
} from '@b2b/domain/api/accounts';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { assertActiveBranches } from '../branches/branch-checks.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './accounts.queries.ts';

const recordAccountHistory = historyWriter('account');

export { seedChartOfAccounts } from './accounts.queries.ts';

export type Expand = ReadonlySet<AccountExpand>;
export const EXPAND_ALL: Expand = new Set(['account_type', 'branch', 'parent_account']);

/** Related records are ids, or objects when the caller asked to expand them. */
function present(row: queries.AccountRow, expand: Expand): AccountOutput {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    is_system: row.is_system,
    is_active: row.is_active,
    account_type: expand.has('account_type')
      ? {
          id: row.account_type_id,
          name: row.account_type_name,
          code: row.account_type_code,
          account_group: {
            id: row.account_group_id,
            name: row.account_group_name,
            nature: row.account_group_nature,
          },
        }
      : row.account_type_id,
    parent_account:
      row.parent_account_id === null
        ? null
        : expand.has('parent_account')
          ? { id: row.parent_account_id, name: row.parent_name as string, code: row.parent_code }
          : row.parent_account_id,
    branch:
      row.branch_id === null
        ? null
        : expand.has('branch')
          ? { id: row.branch_id, name: row.branch_name as string }
          : row.branch_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getAccount(
  db: Executor,
  companyId: number,
  id: number,
  expand: Expand,
): Promise<AccountOutput> {
  const row = await queries.findAccount(db, companyId, id);
  if (!row) throw notFound('Account');
  return present(row, expand);
}

export async function listAccounts(
  db: Executor,
  companyId: number,
  filter: queries.AccountFilter,
  sort: SortKey[],
  window: PageWindow,
  expand: Expand,
) {
  const [{ n }, rows] = await queries.listAccounts(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map((row) => present(row, expand)) };
}

export async function listAccountGroups(
  db: Executor,
  companyId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: AccountGroupOutput[] }> {
  const [{ n }, groups] = await queries.listAccountGroups(db, companyId, search, sort, window);
  const types = await queries.accountTypesOfGroups(
    db,
    companyId,
    groups.map((g) => g.id),
  );
  return {
    count: Number(n),
    results: groups.map((group) => ({
      ...group,
      account_types: types
        .filter((t) => t.account_group_id === group.id)
        .map(({ id, name, code }) => ({ id, name, code })),
    })),
  };
}

interface Placement {
  accountTypeId: number;
  parentId: number | null;
  branchId: number | null;
}

/**
 * Where an account sits: a type of the company; a parent in the same account group, never itself
 * or one of its own sub-accounts, and company-wide or of the same branch; sub-accounts that still
 * fit under it. `accountId` is absent for a new account.
 */
async function assertPlacement(tx: Executor, companyId: number, placement: Placement, accountId?: number) {
  const type = await queries.findAccountType(tx, companyId, placement.accountTypeId);
  if (!type) throw validationError('account_type', ACCOUNT_MESSAGES.type_not_found);
  if (placement.parentId !== null) {
    const parent = await queries.findParentCandidate(tx, companyId, placement.parentId);
    if (!parent) throw validationError('parent_account', ACCOUNT_MESSAGES.parent_not_found);
    if (accountId !== undefined && (await queries.isSelfOrAncestor(tx, companyId, accountId, parent.id))) {
      throw validationError('parent_account', ACCOUNT_MESSAGES.parent_cycle);
    }
    if (parent.account_group_id !== type.account_group_id) {
      throw validationError('parent_account', ACCOUNT_MESSAGES.parent_group);
    }
    if (parent.branch_id !== null && parent.branch_id !== placement.branchId) {
      throw validationError('parent_account', ACCOUNT_MESSAGES.parent_branch);
    }
  }
  if (accountId !== undefined) {
    const children = await queries.childAccounts(tx, companyId, accountId);
    if (children.some((c) => c.account_group_id !== type.account_group_id)) {
      throw validationError('account_type', ACCOUNT_MESSAGES.children_group);
    }
    if (placement.branchId !== null && children.some((c) => c.branch_id !== placement.branchId)) {
      throw validationError('branch', ACCOUNT_MESSAGES.children_branch);
    }
  }
}

async function assertNamesFree(
  tx: Executor,
  companyId: number,
  values: { name: string; code: string | null; branchId: number | null },
  exceptId?: number,
) {
  if (await queries.findAccountByName(tx, companyId, values.branchId, values.name, exceptId)) {
    throw validationError('name', ACCOUNT_MESSAGES.name_taken);
  }
  if (values.code && (await queries.findAccountByCode(tx, companyId, values.code, exceptId))) {
    throw validationError('code', ACCOUNT_MESSAGES.code_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isAccountNameTaken(error)) throw validationError('name', ACCOUNT_MESSAGES.name_taken);
  if (queries.isAccountCodeTaken(error)) throw validationError('code', ACCOUNT_MESSAGES.code_taken);
  throw error;
}

export async function createAccount(options: {
  db: Database;
  actor: Principal;
  input: AccountCreate;
  expand: Expand;
}): Promise<AccountOutput> {
  const { db, actor, input, expand } = options;
  const values: queries.AccountValues = {
    account_type_id: input.account_type,
    parent_account_id: input.parent_account ?? null,
    branch_id: input.branch ?? null,
    name: input.name,
    code: input.code ?? null,
    description: input.description ?? null,
  };
  const id = await inTransaction(db, async (tx) => {
    if (values.branch_id !== null)
      await assertActiveBranches(tx, actor.companyId, [values.branch_id], 'branch');
    await assertPlacement(tx, actor.companyId, {
      accountTypeId: values.account_type_id,
      parentId: values.parent_account_id,
      branchId: values.branch_id,
    });
    await assertNamesFree(tx, actor.companyId, {
      name: values.name,
      code: values.code,
      branchId: values.branch_id,
    });
    const row = await queries
      .insertAccount(tx, { ...values, company_id: actor.companyId })
      .catch(explainUniqueViolation);
    await recordAccountHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getAccount(db, actor.companyId, id, expand);
}

export async function updateAccount(options: {
  db: Database;
  actor: Principal;
  accountId: number;
  changes: AccountUpdate;
  expand: Expand;
}): Promise<AccountOutput> {
  const { db, actor, accountId, changes, expand } = options;
  await inTransaction(db, async (tx) => {
    const moves =
      changes.parent_account !== undefined ||
      changes.account_type !== undefined ||
      changes.branch !== undefined;
    if (moves) await queries.lockAccountTree(tx, actor.companyId);
    const current = await queries.lockAccount(tx, actor.companyId, accountId);
    if (!current) throw notFound('Account');
    const next = {
      account_type_id: changes.account_type ?? current.account_type_id,
      parent_account_id:
        changes.parent_account === undefined ? current.parent_account_id : changes.parent_account,
      branch_id: changes.branch === undefined ? current.branch_id : changes.branch,
      name: changes.name ?? current.name,
      code: changes.code === undefined ? current.code : changes.code,
    };
    // The product posts to system accounts by code, as company-wide accounts of a fixed type.
    if (current.is_system) {
      for (const [field, changed] of [
        ['account_type', next.account_type_id !== current.account_type_id],
        ['branch', next.branch_id !== current.branch_id],
        ['code', next.code !== current.code],
      ] as const) {
        if (changed) throw validationError(field, ACCOUNT_MESSAGES.system_locked);
      }
    }
    if (next.branch_id !== null && next.branch_id !== current.branch_id) {
      await assertActiveBranches(tx, actor.companyId, [next.branch_id], 'branch');
    }
    if (moves) {
      await assertPlacement(
        tx,
        actor.companyId,
        { accountTypeId: next.account_type_id, parentId: next.parent_account_id, branchId: next.branch_id },
        accountId,
      );
    }
    await assertNamesFree(
      tx,
      actor.companyId,
      { name: next.name, code: next.code, branchId: next.branch_id },
      accountId,
    );
    await queries
      .updateAccount(tx, actor.companyId, accountId, {
        account_type_id: changes.account_type,
        parent_account_id: changes.parent_account,
        branch_id: changes.branch,
        name: changes.name,
        code: changes.code,
        description: changes.description,
      })
      .catch(explainUniqueViolation);
    await recordAccountHistory(tx, actor, accountId, 'updated', changes);
  });
  return getAccount(db, actor.companyId, accountId, expand);
}

export async function setAccountActive(options: {
  db: Database;
  actor: Principal;
  accountId: number;
  active: boolean;
  expand: Expand;
}): Promise<AccountOutput> {
  const { db, actor, accountId, active, expand } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockAccount(tx, actor.companyId, accountId);
    if (!current) throw notFound('Account');
    if (current.is_active === active) return;
    if (!active && current.is_system) throw new AppError('bad_request', ACCOUNT_MESSAGES.system_deactivate);
    await queries.updateAccount(tx, actor.companyId, accountId, { is_active: active });
    await recordAccountHistory(tx, actor, accountId, active ? 'activated' : 'deactivated');
  });
  return getAccount(db, actor.companyId, accountId, expand);
}

// ---------------------------------------------------------------------------------------------
// Bank ledgers: every bank account posts to its own account under the seeded type 'bank'. The
// bank-accounts service calls these inside its own transaction, so a bank account and its ledger
// appear, change and retire together.

/**
 * The name itself, or with ' (2)', ' (3)'... when another account of the branch has it already
 * (the same bank and last four digits twice, or a ledger left by a deleted bank account).
 */
async function freeLedgerName(
  tx: Executor,
  companyId: number,
  branchId: number | null,
  name: string,
  exceptId?: number,
) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name} (${n})`;
    if (!(await queries.findAccountByName(tx, companyId, branchId, candidate, exceptId))) return candidate;
  }
}

export async function createBankLedger(options: {
  tx: Executor;
  actor: Principal;
  branchId: number;
  name: string;
}): Promise<{ id: number; name: string }> {
  const { tx, actor, branchId } = options;
  const type = await queries.findAccountTypeByCode(tx, actor.companyId, BANK_LEDGER_TYPE_CODE);
  // Seeded with the company (migration 0010); its code cannot be changed through the API.
  if (!type) throw new Error(`Company ${actor.companyId} has no account type '${BANK_LEDGER_TYPE_CODE}'`);
  const name = await freeLedgerName(tx, actor.companyId, branchId, options.name);
  const row = await queries
    .insertAccount(tx, {
      company_id: actor.companyId,
      account_type_id: type.id,
      parent_account_id: null,
      branch_id: branchId,
      name,
      code: null,
      description: null,
    })
    .catch(explainUniqueViolation);
  await recordAccountHistory(tx, actor, row.id, 'created', { name, account_type: type.id, branch: branchId });
  return { id: row.id, name };
}

/** The bank or its account number changed: the ledger follows (a no-op if the name is the same). */
export async function renameBankLedger(options: {
  tx: Executor;
  actor: Principal;
  accountId: number;
  name: string;
}) {
  const { tx, actor, accountId } = options;
  const current = await queries.lockAccount(tx, actor.companyId, accountId);
  if (!current) return;
  const name = await freeLedgerName(tx, actor.companyId, current.branch_id, options.name, accountId);
  if (name === current.name) return;
  await queries.updateAccount(tx, actor.companyId, accountId, { name }).catch(explainUniqueViolation);
  await recordAccountHistory(tx, actor, accountId, 'updated', { name });
}

/** The bank account is deleted: its ledger stays (entries keep pointing at it) but is inactive. */
export async function retireBankLedger(options: { tx: Executor; actor: Principal; accountId: number }) {
  const { tx, actor, accountId } = options;
  const current = await queries.lockAccount(tx, actor.companyId, accountId);
  if (!current?.is_active) return;
  await queries.updateAccount(tx, actor.companyId, accountId, { is_active: false });
  await recordAccountHistory(tx, actor, accountId, 'deactivated');
}

/**
 * A hard delete: allowed only while nothing refers to the account. System accounts, accounts with
 * sub-accounts and accounts that ledger lines or bank accounts post to stay.
 */
export async function deleteAccount(options: { db: Database; actor: Principal; accountId: number }) {
  const { db, actor, accountId } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockAccount(tx, actor.companyId, accountId);
    if (!current) throw notFound('Account');
    if (current.is_system) throw new AppError('bad_request', ACCOUNT_MESSAGES.system_delete);
    if ((await queries.childAccounts(tx, actor.companyId, accountId)).length > 0) {
      throw new AppError('bad_request', ACCOUNT_MESSAGES.has_children);
    }
    if (await queries.isAccountUsed(tx, actor.companyId, accountId)) {
      throw new AppError('bad_request', ACCOUNT_MESSAGES.in_use);
    }
    await queries.deleteAccount(tx, actor.companyId, accountId).catch((error: unknown) => {
      // A row added by another transaction since the checks (a sub-account, a ledger line).
      if (queries.isReferenced(error)) throw new AppError('bad_request', ACCOUNT_MESSAGES.in_use);
      throw error;
    });
    await recordAccountHistory(tx, actor, accountId, 'deleted', { name: current.name, code: current.code });
  });
  return { detail: ACCOUNT_MESSAGES.deleted };
}
