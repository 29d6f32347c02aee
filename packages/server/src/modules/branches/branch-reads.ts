import type { BranchOutput } from '@b2b/domain/api/branches';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import { addressesByOwner } from '../addresses/addresses.service.ts';
import { findBranchOrFail } from './branch-checks.ts';
import * as queries from './branches.queries.ts';

export interface BranchExpand {
  addresses?: boolean;
  user?: boolean;
}

async function present(
  db: Executor,
  companyId: number,
  rows: queries.BranchRow[],
  expand: BranchExpand,
): Promise<BranchOutput[]> {
  const ids = rows.map((r) => r.id);
  const addresses = expand.addresses ? await addressesByOwner(db, companyId, 'branch', ids) : undefined;
  const users = expand.user
    ? new Map(
        (await queries.findContactUsers(db, companyId, ids)).map(({ branch_id, ...user }) => [
          branch_id,
          user,
        ]),
      )
    : undefined;
  return rows.map((row) => ({
    ...row,
    ...(addresses ? { addresses: addresses.get(row.id) ?? [] } : {}),
    ...(users ? { user: users.get(row.id) ?? null } : {}),
  }));
}

export async function getBranch(
  db: Executor,
  companyId: number,
  id: number,
  expand: BranchExpand = {},
): Promise<BranchOutput> {
  const row = await findBranchOrFail(db, companyId, id);
  const [branch] = await present(db, companyId, [row], expand);
  return branch;
}

export async function listBranches(options: {
  db: Executor;
  companyId: number;
  filter: queries.BranchFilter;
  sort: SortKey[];
  window: PageWindow;
  expand: BranchExpand;
}) {
  const { db, companyId, filter, sort, window, expand } = options;
  const [{ n }, rows] = await queries.listBranches(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows, expand) };
}
