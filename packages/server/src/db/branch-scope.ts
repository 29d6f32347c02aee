import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from './transaction.ts';

/**
 * Branch scoping (spec 2: "A user may act only on assigned branches, according to the role").
 * `null` is every branch (a Company Admin); a list is the branches a user is assigned to (empty:
 * nothing branch-owned is theirs). The scope is computed from the Principal (core/principal.ts
 * `branchScope`); here are the two SQL halves of the rule, written once:
 * - `inBranches` filters a list by the branch column of its rows;
 * - `branchesOf` names the branches a single row belongs to, for the route guard
 *   (http/branch-guard.ts) to check a path or body id before the handler runs.
 */
export type BranchScope = readonly number[] | null;

/**
 * The list condition `<column> in (<scope>)`, for `.where(inBranches('i.branch_id', scope))`;
 * always true for a Company Admin. An empty scope matches nothing (see scopeIds).
 */
export function inBranches(column: string, scope: BranchScope | undefined) {
  // biome-ignore lint/suspicious/noExplicitAny: the column is one of the caller's aliases.
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    scope ? eb(eb.ref(column), 'in', scopeIds(scope)) : sql<boolean>`true`;
}

/** The same condition as raw SQL, for the reports written in `sql` templates. */
export function sqlInBranches(column: string, scope: BranchScope | undefined) {
  return scope ? sql<boolean>`${sql.ref(column)} IN (${sql.join(scopeIds(scope))})` : sql<boolean>`true`;
}

/** The ids of a user's scope for `in (...)`: no branch matches nothing (no branch has id 0). */
export function scopeIds(scope: readonly number[]): number[] {
  return scope.length > 0 ? [...scope] : [0];
}

/** The kinds of branch-owned rows a route can name by id. */
export type BranchOwned =
  | 'branch'
  | 'address'
  | 'warehouse'
  | 'store'
  | 'warehouse_buyer'
  | 'bank_account'
  | 'account'
  | 'quotation'
  | 'sales_order'
  | 'invoice'
  | 'shipment'
  | 'payment'
  | 'refund'
  | 'sales_return'
  | 'credit_note'
  | 'delivery_challan'
  | 'bill'
  | 'inventory_adjustment'
  | 'inventory_transfer_source'
  | 'inventory_transfer_destination';

type Lookup = (
  db: Executor,
  companyId: number,
  id: number,
) => Promise<{ branch_id: number | null } | undefined>;

/** Documents that carry their branch in a `branch_id` column. */
const BY_BRANCH_COLUMN = {
  bank_account: 'bank_accounts',
  account: 'accounts',
  quotation: 'quotations',
  sales_order: 'sales_orders',
  invoice: 'invoices',
  shipment: 'shipments',
  payment: 'payments',
  refund: 'refunds',
  sales_return: 'sales_returns',
  credit_note: 'credit_notes',
  delivery_challan: 'delivery_challans',
  bill: 'bills',
  warehouse: 'warehouses',
  store: 'stores',
} as const;

/** Rows whose branch is their warehouse's branch. */
const BY_WAREHOUSE = {
  warehouse_buyer: ['warehouse_buyers', 'warehouse_id'],
  inventory_adjustment: ['inventory_adjustments', 'warehouse_id'],
  inventory_transfer_source: ['inventory_transfers', 'source_warehouse_id'],
  inventory_transfer_destination: ['inventory_transfers', 'destination_warehouse_id'],
} as const;

function lookupOf(kind: BranchOwned): Lookup {
  if (kind === 'branch') {
    return (db, companyId, id) =>
      db
        .selectFrom('branches')
        .select('id as branch_id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
  }
  if (kind === 'address') {
    // An address is branch-owned when it is a branch's or a warehouse's; others are company-wide.
    return (db, companyId, id) =>
      db
        .selectFrom('addresses as a')
        .leftJoin('warehouses as w', (j) =>
          j
            .onRef('w.company_id', '=', 'a.company_id')
            .onRef('w.id', '=', 'a.owner_id')
            .on('a.owner_type', '=', 'warehouse'),
        )
        .select((eb) =>
          eb
            .case()
            .when('a.owner_type', '=', 'branch')
            .then(eb.ref('a.owner_id'))
            .else(eb.ref('w.branch_id'))
            .end()
            .as('branch_id'),
        )
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', id)
        .executeTakeFirst();
  }
  if (kind in BY_WAREHOUSE) {
    const [table, column] = BY_WAREHOUSE[kind as keyof typeof BY_WAREHOUSE];
    return (db, companyId, id) =>
      db
        .selectFrom(`${table} as r` as 'inventory_transfers as r')
        .innerJoin('warehouses as w', (j) =>
          j
            .onRef('w.company_id', '=', 'r.company_id')
            .onRef('w.id', '=', `r.${column}` as 'r.source_warehouse_id'),
        )
        .select('w.branch_id')
        .where('r.company_id', '=', companyId)
        .where('r.id', '=', id)
        .executeTakeFirst();
  }
  const table = BY_BRANCH_COLUMN[kind as keyof typeof BY_BRANCH_COLUMN];
  return (db, companyId, id) =>
    db
      .selectFrom(table as 'accounts')
      .select('branch_id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
}

const LOOKUPS = new Map<BranchOwned, Lookup>();

/**
 * The branch of one row: `undefined` when the company has no such row (the handler answers its
 * own 404), `null` for a company-wide row (a ledger account without a branch).
 */
export async function branchOf(
  db: Executor,
  companyId: number,
  kind: BranchOwned,
  id: number,
): Promise<number | null | undefined> {
  let lookup = LOOKUPS.get(kind);
  if (!lookup) {
    lookup = lookupOf(kind);
    LOOKUPS.set(kind, lookup);
  }
  const row = await lookup(db, companyId, id);
  return row === undefined ? undefined : row.branch_id === null ? null : Number(row.branch_id);
}
