import type { ReportFilterKey } from '@b2b/domain/reports/report-definition';
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

// The SQL the report engine needs besides the reports' own (their queries sit beside this file,
// one file per group of the Reports panel).

/** The table of the company's records each filter names. */
export const FILTER_TABLES = {
  branch: 'branches',
  warehouse: 'warehouses',
  brand: 'brands',
  category: 'categories',
  buyer: 'buyers',
  sales_person: 'users',
  sales_channel: 'sales_channels',
  product: 'products',
  seller: 'sellers',
  payment_method: 'payment_methods',
  offer: 'offers',
} as const satisfies Record<Exclude<ReportFilterKey, 'city'>, string>;

/** Whether the company has the record a filter names (deleted ones included: old documents name them). */
export const recordExists = async (
  db: Executor,
  companyId: number,
  filter: Exclude<ReportFilterKey, 'city'>,
  id: number,
) =>
  Boolean(
    await db
      .selectFrom(FILTER_TABLES[filter] as 'brands')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );

/**
 * `<categoryColumn>` is the category or one of its subcategories: a report filtered by a category
 * counts the products of the categories under it too.
 */
export const inCategoryTree = (categoryColumn: string, companyId: number, categoryId: number) =>
  sql<boolean>`${sql.ref(categoryColumn)} IN (
    WITH RECURSIVE tree (id) AS (
      SELECT id FROM categories WHERE company_id = ${companyId} AND id = ${categoryId}
      UNION
      SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id WHERE c.company_id = ${companyId}
    )
    SELECT id FROM tree
  )`;
