import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

const categorySelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('categories as c')
    .leftJoin('categories as p', (j) =>
      j.onRef('p.id', '=', 'c.parent_id').onRef('p.company_id', '=', 'c.company_id'),
    )
    .leftJoin('seo_urls as s', (j) =>
      j
        .onRef('s.company_id', '=', 'c.company_id')
        .on('s.owner_type', '=', 'category')
        .onRef('s.owner_id', '=', 'c.id'),
    )
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.image',
      'c.is_active',
      'c.is_included_in_menu',
      'c.is_root',
      'c.parent_id',
      'p.name as parent_name',
      sql<string | null>`s.url::text`.as('seo_url'),
      'c.meta_title',
      'c.meta_description',
      'c.search_keywords',
      'c.also_known_name',
      'c.created_at',
      'c.updated_at',
    ])
    .where('c.company_id', '=', companyId);

export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

export const findCategory = (db: Executor, companyId: number, id: number) =>
  categorySelect(db, companyId).where('c.id', '=', id).executeTakeFirst();

export interface CategoryFilter {
  search?: string;
  isActive?: boolean;
  parentId?: number;
}

function applyFilter(eb: ExpressionBuilder<DB & { c: DB['categories'] }, 'c'>, filter: CategoryFilter) {
  const conditions = [];
  if (filter.search) {
    const like = containing(filter.search);
    conditions.push(
      eb.or([
        eb('c.name', 'ilike', like),
        eb('c.also_known_name', 'ilike', like),
        eb('c.search_keywords', 'ilike', like),
      ]),
    );
  }
  if (filter.isActive !== undefined) conditions.push(eb('c.is_active', '=', filter.isActive));
  if (filter.parentId !== undefined) conditions.push(eb('c.parent_id', '=', filter.parentId));
  return eb.and(conditions);
}

export function listCategories(
  db: Executor,
  companyId: number,
  filter: CategoryFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = categorySelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'c.id', direction: 'desc' },
    db
      .selectFrom('categories as c')
      .where('c.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );
}

/** Direct children of the given categories, for expand=sub_categories. */
export const childrenOf = (db: Executor, companyId: number, parentIds: number[]) =>
  parentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('categories')
        .select(['id', 'name', 'is_active', 'parent_id'])
        .where('company_id', '=', companyId)
        .where('parent_id', 'in', parentIds)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();

export const lockCategory = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'is_root', 'is_active', 'image'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/**
 * Moves lock the company's root row first, so two moves in one company run one after the other
 * and cannot together make a cycle (A under B while B goes under A).
 */
export const lockRootCategory = (db: Executor, companyId: number) =>
  db
    .selectFrom('categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_root', '=', true)
    .forUpdate()
    .executeTakeFirstOrThrow();

export const findRootCategory = (db: Executor, companyId: number) =>
  db
    .selectFrom('categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_root', '=', true)
    .executeTakeFirstOrThrow();

/** A would-be parent, share-locked so it cannot be deactivated until the child is written. */
export const findParentForShare = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('categories')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();

/** True when `ancestorId` is `categoryId` itself or one of its ancestors. */
export async function isSelfOrAncestor(
  db: Executor,
  companyId: number,
  ancestorId: number,
  categoryId: number,
) {
  const hit = await db
    .withRecursive('line(id, parent_id)', (qb) =>
      qb
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', categoryId)
        .union((u) =>
          u
            .selectFrom('categories as c')
            .innerJoin('line', 'line.parent_id', 'c.id')
            .select(['c.id', 'c.parent_id'])
            .where('c.company_id', '=', companyId),
        ),
    )
    .selectFrom('line')
    .select('id')
    .where('id', '=', ancestorId)
    .executeTakeFirst();
  return hit !== undefined;
}

export const findSiblingByName = (
  db: Executor,
  companyId: number,
  parentId: number,
  name: string,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', '=', parentId)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const insertCategory = (
  db: Executor,
  values: {
    company_id: number;
    parent_id: number | null;
    is_root?: boolean;
    name: string;
    description?: string | null;
    is_included_in_menu?: boolean;
    search_keywords?: string | null;
    also_known_name?: string | null;
    meta_title?: string | null;
    meta_description?: string | null;
  },
) => db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();

export const updateCategory = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{
    parent_id: number;
    name: string;
    description: string | null;
    image: string | null;
    is_active: boolean;
    is_included_in_menu: boolean;
    search_keywords: string | null;
    also_known_name: string | null;
    meta_title: string | null;
    meta_description: string | null;
  }>,
) =>
  db
    .updateTable('categories')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** The database's own refusal of a duplicate name among siblings (a race the check before missed). */
export const isSiblingNameTaken = (error: unknown) => isUniqueViolation(error, 'categories_sibling_name_key');
