import type { ReportOptionFilter } from '@b2b/domain/api/reports';
import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';

/** Where each filter's records are and how a person reads one (inactive and deleted ones too: old documents name them). */
const OPTION_SOURCES: Record<ReportOptionFilter, { table: string; name: RawBuilder<string> }> = {
  branch: { table: 'branches', name: sql`name` },
  warehouse: { table: 'warehouses', name: sql`name` },
  brand: { table: 'brands', name: sql`name` },
  category: { table: 'categories', name: sql`name` },
  buyer: { table: 'buyers', name: sql`name` },
  sales_person: { table: 'users', name: sql`btrim(first_name || ' ' || coalesce(last_name, ''))` },
  sales_channel: { table: 'sales_channels', name: sql`display_name` },
  product: { table: 'products', name: sql`name || coalesce(' (' || sku || ')', '')` },
  seller: { table: 'sellers', name: sql`name` },
  payment_method: { table: 'payment_methods', name: sql`name` },
  offer: { table: 'offers', name: sql`title` },
};

/** How many options a search answers: enough to choose from, a search narrows the rest. */
export const OPTIONS_LIMIT = 50;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The company's records a report filter offers, by name: those matching `search`, or those of
 * `ids`. Branches keep to the caller's branches.
 */
export async function reportFilterOptions(
  db: Executor,
  companyId: number,
  filter: ReportOptionFilter,
  options: { search?: string; ids?: number[]; branches: BranchScope },
) {
  const { table, name } = OPTION_SOURCES[filter];
  const conditions = [sql`company_id = ${companyId}`];
  if (filter === 'branch') conditions.push(sqlInBranches('id', options.branches));
  if (options.ids) conditions.push(sql`id IN (${sql.join(options.ids)})`);
  if (options.search) conditions.push(sql`${name} ILIKE ${`%${escapeLike(options.search)}%`}`);
  const result = await sql<{ id: number; name: string }>`
    SELECT id, ${name} AS name FROM ${sql.table(table)}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY 2, 1
    LIMIT ${OPTIONS_LIMIT}`.execute(db);
  return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
