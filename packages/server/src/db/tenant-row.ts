import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { DB } from './schema.ts';
import type { Executor } from './transaction.ts';

/** The tables whose rows are a company's, each named by its own id. */
export type TenantTable = {
  [T in keyof DB]: DB[T] extends { company_id: unknown; id: unknown } ? T : never;
}[keyof DB];

/**
 * `UPDATE <table> SET <changes> WHERE company_id = $companyId AND id = $id`: the one row of the
 * company's that the owning area changes. The caller stamps `updated_at` as its area does
 * (`sql\`now()\`` or the app's clock), so each statement stays what it was.
 */
export function updateTenantRow<T extends TenantTable>(
  db: Executor,
  table: T,
  companyId: number,
  id: number,
  changes: UpdateObject<DB, T>,
) {
  // Kysely cannot follow a table name that is a type parameter; every TenantTable has both columns
  // and `changes` is typed by the table above, so the statement is checked where it is called.
  type Row = { company_id: number; id: number };
  return (db as unknown as Kysely<{ row: Row }>)
    .updateTable(table as 'row')
    .set(changes as UpdateObject<{ row: Row }, 'row'>)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** The company's tables whose rows are deleted softly, by stamping `deleted_at`. */
export type SoftDeletedTable = {
  [T in TenantTable]: DB[T] extends { deleted_at: unknown } ? T : never;
}[TenantTable];

/**
 * `UPDATE <table> SET <changes>, updated_at = now() WHERE company_id AND id AND deleted_at IS NULL
 * RETURNING id`: a live row of the company's, changed; undefined when there is none (or it was
 * deleted).
 */
export function updateLiveTenantRow<T extends SoftDeletedTable>(
  db: Executor,
  table: T,
  companyId: number,
  id: number,
  changes: UpdateObject<DB, T>,
): Promise<{ id: number } | undefined> {
  type Row = { company_id: number; id: number; deleted_at: Date | null; updated_at: Date };
  return (db as unknown as Kysely<{ row: Row }>)
    .updateTable(table as 'row')
    .set({ ...(changes as UpdateObject<{ row: Row }, 'row'>), updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Stamps `deleted_at` (and `updated_at`) on a live row of the company's, with any other changes. */
export const softDeleteTenantRow = <T extends SoftDeletedTable>(
  db: Executor,
  table: T,
  companyId: number,
  id: number,
  changes?: UpdateObject<DB, T>,
) =>
  updateLiveTenantRow(db, table, companyId, id, {
    deleted_at: sql`now()`,
    ...changes,
  } as unknown as UpdateObject<DB, T>);

/** An area's change of one of its live rows by `updateLiveTenantRow`, typed by what a user sets. */
export type LiveRowUpdate<Values> = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<Values>,
) => Promise<{ id: number } | undefined>;
