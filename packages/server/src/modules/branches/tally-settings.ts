import type { TallySettingsOutput } from '@b2b/domain/api/branches';
import { effectiveLedgerMappings, effectiveVoucherTypes } from '@b2b/domain/tally';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { findBranchOrFail } from './branch-checks.ts';
import * as queries from './branches.queries.ts';
import { changeBranch } from './change-branch.ts';

export async function getTallySettings(
  db: Executor,
  companyId: number,
  branchId: number,
): Promise<TallySettingsOutput> {
  await findBranchOrFail(db, companyId, branchId);
  const row = await queries.findTallySettings(db, companyId, branchId);
  return {
    branch: branchId,
    voucher_types: effectiveVoucherTypes(row?.voucher_types),
    ledger_mappings: effectiveLedgerMappings(row?.ledger_mappings),
    updated_at: row?.updated_at ?? null,
  };
}

/** Only the names given are stored: a kind or purpose left out goes back to its default. */
const namesGiven = (names: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(names).filter(([, v]) => v !== undefined)) as Record<string, string>;

export async function saveTallySetting(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  setting: 'voucher_types' | 'ledger_mappings';
  names: Record<string, string | undefined>;
}): Promise<TallySettingsOutput> {
  const { db, actor, branchId, setting } = options;
  const names = namesGiven(options.names);
  await changeBranch(
    db,
    actor,
    branchId,
    setting === 'voucher_types' ? 'tally_voucher_types_updated' : 'tally_ledger_mappings_updated',
    (tx) => queries.upsertTallySetting(tx, actor.companyId, branchId, setting, names),
    () => names,
  );
  return getTallySettings(db, actor.companyId, branchId);
}
