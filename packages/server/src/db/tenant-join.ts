import type { JoinBuilder, StringReference } from 'kysely';

/**
 * The join of a company's row by its id: `sameTenant(j, 'i.id', 's.invoice_id')` is
 * `i.company_id = s.company_id and i.id = s.invoice_id`. Every tenant table is joined this way:
 * the company_id pair keeps the join inside one tenant (and co-located once the tables are
 * distributed by company_id); both sides are aliases of tenant tables.
 */
export function sameTenant<DB, TB extends keyof DB>(
  join: JoinBuilder<DB, TB>,
  id: StringReference<DB, TB> & `${string}.id`,
  reference: StringReference<DB, TB> & `${string}.${string}`,
): JoinBuilder<DB, TB> {
  const companyOf = (column: string) =>
    `${column.slice(0, column.indexOf('.'))}.company_id` as StringReference<DB, TB>;
  return join.onRef(companyOf(id), '=', companyOf(reference)).onRef(id, '=', reference);
}
