import { sql } from 'kysely';
import type { DB } from './schema.ts';
import type { Executor } from './transaction.ts';

/** The company's tables whose rows have a name (brands, sellers, warehouses...). */
export type NamedTable = {
  [T in keyof DB]: DB[T] extends { company_id: unknown; id: unknown; name: unknown } ? T : never;
}[keyof DB];

/** The company's tables whose rows are deleted softly (deleted_at set). */
export type SoftDeletedTable = {
  [T in NamedTable]: DB[T] extends { deleted_at: unknown } ? T : never;
}[NamedTable];

/**
 * The id of another row of the company's `table` with this name in any case (`exceptId` is the row
 * being renamed), or undefined; `live` leaves out rows deleted softly, whose names are free again.
 * The check gives the field its own message; the unique index on lower(name) is the final word.
 */
export function findRowByName(
  db: Executor,
  table: NamedTable,
  options: { companyId: number; name: string; exceptId?: number; live?: boolean },
): Promise<{ id: number } | undefined> {
  const { companyId, name, exceptId, live } = options;
  // Typed as one of the named tables: the statement only names company_id, id, name and deleted_at.
  let query = db
    .selectFrom(table as SoftDeletedTable)
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (live) query = query.where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}
