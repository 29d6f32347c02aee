import type { BankAccountCreate, BankAccountOutput, BankAccountUpdate } from '@b2b/domain/api/bank-accounts';
import { BANK_ACCOUNT_MESSAGES, bankLedgerName } from '@b2b/domain/bank-accounts';
import { AppError, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { createBankLedger, renameBankLedger, retireBankLedger } from '../accounts/accounts.service.ts';
import { assertBranchWritable, findBranchOrFail } from '../branches/branch-checks.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './bank-accounts.queries.ts';

const recordBankAccountHistory = historyWriter('bank_account');

const notFound = () => new AppError('not_found', BANK_ACCOUNT_MESSAGES.not_found);

const present = (row: queries.BankAccountRow): BankAccountOutput => {
  const { branch_id, branch_name, branch_is_active, account_id, account_name, ...account } = row;
  return {
    ...account,
    branch: { id: branch_id, name: branch_name, is_active: branch_is_active },
    account: account_id === null ? null : { id: account_id, name: account_name as string },
  };
};

export async function getBankAccount(db: Executor, companyId: number, id: number) {
  const row = await queries.findBankAccount(db, companyId, id);
  if (!row) throw notFound();
  return present(row);
}

export async function listBankAccounts(options: {
  db: Executor;
  companyId: number;
  filter: queries.BankAccountFilter;
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, companyId, filter, sort, window } = options;
  // A branch's list names a branch that must exist; the company's list may filter by one.
  if (filter.branchId !== undefined) await findBranchOrFail(db, companyId, filter.branchId);
  const [{ n }, rows] = await queries.listBankAccounts(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

async function assertNotTaken(
  tx: Executor,
  companyId: number,
  account: { ifsc_code: string; account_number: string },
  exceptId?: number,
) {
  if (await queries.findSameAccount(tx, companyId, account.ifsc_code, account.account_number, exceptId)) {
    throw validationError('account_number', BANK_ACCOUNT_MESSAGES.duplicate);
  }
}

function explainUniqueViolation(error: unknown): never {
  if (queries.isSameAccountTaken(error))
    throw validationError('account_number', BANK_ACCOUNT_MESSAGES.duplicate);
  throw error;
}

/**
 * A branch has at most one default account (the one printed on its invoices); its first account
 * is the default, and making another the default clears the old one in the same transaction.
 * The branch row is locked for update, so changes to its accounts take turns. Every account gets
 * its ledger in the chart of accounts (of the same branch) in that transaction too.
 */
export async function createBankAccount(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  input: BankAccountCreate;
}): Promise<BankAccountOutput> {
  const { db, actor, branchId, input } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    await assertBranchWritable(tx, companyId, branchId, 'update');
    await assertNotTaken(tx, companyId, input);
    const isDefault = input.is_default || !(await queries.hasDefaultAccount(tx, companyId, branchId));
    if (isDefault) await queries.clearDefaultAccount(tx, companyId, branchId);
    const ledger = await createBankLedger({
      tx,
      actor,
      branchId,
      name: bankLedgerName(input.bank_name, input.account_number),
    });
    const row = await queries
      .insertBankAccount(tx, {
        company_id: companyId,
        branch_id: branchId,
        ...input,
        bank_branch_name: input.bank_branch_name ?? null,
        upi_id: input.upi_id ?? null,
        is_default: isDefault,
        account_id: ledger.id,
      })
      .catch(explainUniqueViolation);
    await recordBankAccountHistory(tx, actor, row.id, 'created', {
      branch: branchId,
      ...input,
      is_default: isDefault,
    });
    return row.id;
  });
  return getBankAccount(db, companyId, id);
}

/** Locks the account's branch (inactive refuses) and then the account itself. */
async function lockForChange(tx: Executor, companyId: number, id: number) {
  const found = await queries.findBankAccount(tx, companyId, id);
  if (!found) throw notFound();
  await assertBranchWritable(tx, companyId, found.branch_id, 'update');
  const account = await queries.lockBankAccount(tx, companyId, id);
  if (!account) throw notFound();
  return account;
}

export async function updateBankAccount(options: {
  db: Database;
  actor: Principal;
  bankAccountId: number;
  changes: BankAccountUpdate;
}): Promise<BankAccountOutput> {
  const { db, actor, bankAccountId, changes } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const current = await lockForChange(tx, companyId, bankAccountId);
    if (changes.ifsc_code !== undefined || changes.account_number !== undefined) {
      await assertNotTaken(
        tx,
        companyId,
        {
          ifsc_code: changes.ifsc_code ?? current.ifsc_code,
          account_number: changes.account_number ?? current.account_number,
        },
        bankAccountId,
      );
    }
    if (changes.is_default && !current.is_default) {
      await queries.clearDefaultAccount(tx, companyId, current.branch_id);
    }
    if (Object.values(changes).some((v) => v !== undefined)) {
      await queries.updateBankAccount(tx, companyId, bankAccountId, changes).catch(explainUniqueViolation);
    }
    const renamed = changes.bank_name !== undefined || changes.account_number !== undefined;
    if (renamed && current.account_id !== null) {
      await renameBankLedger({
        tx,
        actor,
        accountId: current.account_id,
        name: bankLedgerName(
          changes.bank_name ?? current.bank_name,
          changes.account_number ?? current.account_number,
        ),
      });
    }
    await recordBankAccountHistory(
      tx,
      actor,
      bankAccountId,
      changes.is_default && !current.is_default ? 'made_default' : 'updated',
      changes,
    );
  });
  return getBankAccount(db, companyId, bankAccountId);
}

/**
 * Soft delete: invoices printed with the account keep pointing at its row, and entries keep
 * pointing at its ledger, which becomes inactive.
 */
export async function deleteBankAccount(options: { db: Database; actor: Principal; bankAccountId: number }) {
  const { db, actor, bankAccountId } = options;
  await inTransaction(db, async (tx) => {
    const current = await lockForChange(tx, actor.companyId, bankAccountId);
    await queries.softDeleteBankAccount(tx, actor.companyId, bankAccountId);
    if (current.account_id !== null) await retireBankLedger({ tx, actor, accountId: current.account_id });
    await recordBankAccountHistory(tx, actor, bankAccountId, 'deleted');
  });
  return { detail: BANK_ACCOUNT_MESSAGES.deleted };
}
