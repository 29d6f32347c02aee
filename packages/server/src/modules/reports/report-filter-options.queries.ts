import type { ReportOptionFilter } from '@b2b/domain/api/reports';
import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { FILTER_TABLES } from './reports.queries.ts';

/** How a person reads each filter's record (inactive and deleted ones too: old documents name them). */
const OPTION_NAMES: Record<ReportOptionFilter, RawBuilder<string>> = {
  branch: sql`name`,
  warehouse: sql`name`,
  brand: sql`name`,
  category: sql`name`,
  buyer: sql`name`,
  sales_person: sql`btrim(first_name || ' ' || coalesce(last_name, ''))`,
  sales_channel: sql`display_name`,
  product: sql`name || coalesce(' (' || sku || ')', '')`,
  seller: sql`name`,
  payment_method: sql`name`,
  offer: sql`title`,
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
  const table = FILTER_TABLES[filter];
  const name = OPTION_NAMES[filter];
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
