import { type SelectQueryBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../core/paging.ts';
import { containing } from './like-pattern.ts';
import { countedOffsetPage } from './offset-paging.ts';
import type { Executor } from './transaction.ts';

/** A list's filter on the rows' name (containing the words, in any case) and on their active flag. */
export interface NameAndActiveFilter {
  search?: string;
  isActive?: boolean;
}

/**
 * `rows` narrowed by the filter on `<alias>.name` and `<alias>.is_active`. The columns are named by
 * reference, as countedOffsetPage names its sort keys, so one function serves every table that has both.
 */
export function whereNameAndActive<D, T extends keyof D, O>(
  rows: SelectQueryBuilder<D, T, O>,
  alias: string,
  filter: NameAndActiveFilter,
) {
  let query = rows;
  if (filter.search)
    query = query.where(sql.ref<string>(`${alias}.name`), 'ilike', containing(filter.search));
  if (filter.isActive !== undefined) {
    query = query.where(sql.ref<boolean>(`${alias}.is_active`), '=', filter.isActive);
  }
  return query;
}

/**
 * A list of named rows with its count, filtered by name and active flag, newest first unless
 * `sort` says otherwise (the newest id breaks ties).
 */
export const namedListPage = <D, T extends keyof D, O>(
  rows: SelectQueryBuilder<D, T, O>,
  alias: string,
  filter: NameAndActiveFilter,
  sort: readonly SortKey[],
  window: PageWindow,
) =>
  countedOffsetPage(whereNameAndActive(rows, alias, filter), sort, window, {
    column: `${alias}.id`,
    direction: 'desc',
  });

/**
 * The reads of a list of named rows from the area's `select` (its table as `alias`, its columns, the
 * company's rows only): one row by id, and the filtered page with its count.
 */
export function namedRowReads<D, T extends keyof D, O>(
  alias: string,
  select: (db: Executor, companyId: number) => SelectQueryBuilder<D, T, O>,
) {
  return {
    find: (db: Executor, companyId: number, id: number) =>
      select(db, companyId)
        .where(sql.ref<number>(`${alias}.id`), '=', id)
        .executeTakeFirst(),
    list: (
      db: Executor,
      companyId: number,
      filter: NameAndActiveFilter,
      sort: readonly SortKey[],
      window: PageWindow,
    ) => namedListPage(select(db, companyId), alias, filter, sort, window),
  };
}
