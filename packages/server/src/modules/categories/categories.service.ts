import {
  CATEGORY_MESSAGES,
  type CategoryCreate,
  type CategoryOutput,
  type CategorySeoUpdate,
  type CategoryUpdate,
  ROOT_CATEGORY_NAME,
} from '@b2b/domain/api/categories';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import { withCleanDescription } from '../../core/rich-text.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { historyWriter } from '../history/history.service.ts';
import { saveSeoUrl } from '../seo-urls/seo-urls.service.ts';
import * as queries from './categories.queries.ts';

const recordCategoryHistory = historyWriter('category');

export interface CategoryExpand {
  parentCategory?: boolean;
  subCategories?: boolean;
}

async function present(
  db: Executor,
  companyId: number,
  rows: queries.CategoryRow[],
  expand: CategoryExpand,
): Promise<CategoryOutput[]> {
  const children = expand.subCategories
    ? await queries.childrenOf(
        db,
        companyId,
        rows.map((r) => r.id),
      )
    : [];
  return rows.map(({ parent_id, parent_name, image, ...row }) => ({
    ...row,
    image: fileUrl(image),
    parent_category:
      parent_id === null
        ? null
        : expand.parentCategory
          ? { id: parent_id, name: parent_name ?? '' }
          : parent_id,
    ...(expand.subCategories
      ? {
          sub_categories: children
            .filter((c) => c.parent_id === row.id)
            .map((c) => ({ id: c.id, name: c.name, is_active: c.is_active })),
        }
      : {}),
  }));
}

export async function getCategory(
  db: Executor,
  companyId: number,
  id: number,
  expand: CategoryExpand = {},
): Promise<CategoryOutput> {
  const row = await queries.findCategory(db, companyId, id);
  if (!row) throw notFound('Category');
  const [category] = await present(db, companyId, [row], expand);
  return category;
}

export async function listCategories(
  db: Executor,
  companyId: number,
  filter: queries.CategoryFilter,
  sort: SortKey[],
  window: PageWindow,
  expand: CategoryExpand = {},
) {
  const [{ n }, rows] = await queries.listCategories(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows, expand) };
}

/** Every company has exactly one Root Category, made with the company at sign-up. */
export function createRootCategory(tx: Executor, companyId: number) {
  return queries.insertCategory(tx, {
    company_id: companyId,
    parent_id: null,
    is_root: true,
    name: ROOT_CATEGORY_NAME,
  });
}

/**
 * The category must exist in the company and be active (inactive categories take no new
 * sub-categories and no products). It stays share-locked until the transaction ends.
 */
export async function assertActiveCategory(tx: Executor, companyId: number, id: number, field: string) {
  const category = await queries.findParentForShare(tx, companyId, id);
  if (!category) throw validationError(field, CATEGORY_MESSAGES.not_found);
  if (!category.is_active) throw validationError(field, CATEGORY_MESSAGES.parent_inactive);
  return category;
}

async function assertNameFree(
  tx: Executor,
  companyId: number,
  parentId: number,
  name: string,
  exceptId?: number,
) {
  if (await queries.findSiblingByName(tx, companyId, parentId, name, exceptId)) {
    throw validationError('name', CATEGORY_MESSAGES.name_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isSiblingNameTaken(error)) throw validationError('name', CATEGORY_MESSAGES.name_taken);
  throw error;
}

function guardRoot(current: { is_root: boolean }, message: string) {
  if (current.is_root) throw conflict(message);
}

export async function createCategory(options: {
  db: Database;
  actor: Principal;
  input: CategoryCreate;
}): Promise<CategoryOutput> {
  const { db, actor } = options;
  const input = withCleanDescription(options.input);
  const { parent_category, seo_url, ...fields } = input;
  const id = await inTransaction(db, async (tx) => {
    const parentId = parent_category ?? (await queries.findRootCategory(tx, actor.companyId)).id;
    await assertActiveCategory(tx, actor.companyId, parentId, 'parent_category');
    await assertNameFree(tx, actor.companyId, parentId, fields.name);
    const row = await queries
      .insertCategory(tx, { company_id: actor.companyId, parent_id: parentId, ...fields })
      .catch(explainUniqueViolation);
    await saveSeoUrl(
      tx,
      { companyId: actor.companyId, ownerType: 'category', ownerId: row.id },
      seo_url,
    ).catch(explainUniqueViolation);
    await recordCategoryHistory(tx, actor, row.id, 'created', { ...input, parent_category: parentId });
    return row.id;
  });
  return getCategory(db, actor.companyId, id);
}

/** Name, description, menu inclusion and the place in the tree. */
export async function updateCategory(options: {
  db: Database;
  actor: Principal;
  categoryId: number;
  changes: CategoryUpdate;
}): Promise<CategoryOutput> {
  const { db, actor, categoryId } = options;
  const { parent_category, ...fields } = withCleanDescription(options.changes);
  await inTransaction(db, async (tx) => {
    // A move locks the root before the category: every move takes its locks in the same order.
    const root = parent_category !== undefined ? await queries.lockRootCategory(tx, actor.companyId) : null;
    const current = await queries.lockCategory(tx, actor.companyId, categoryId);
    if (!current) throw notFound('Category');
    guardRoot(current, CATEGORY_MESSAGES.root_edit);
    const parentId = root ? (parent_category ?? root.id) : (current.parent_id as number);
    const moved = parentId !== current.parent_id;
    if (moved) {
      await assertActiveCategory(tx, actor.companyId, parentId, 'parent_category');
      if (await queries.isSelfOrAncestor(tx, actor.companyId, categoryId, parentId)) {
        throw validationError('parent_category', CATEGORY_MESSAGES.parent_cycle);
      }
    }
    if (moved || fields.name !== undefined) {
      await assertNameFree(tx, actor.companyId, parentId, fields.name ?? current.name, categoryId);
    }
    await queries
      .updateCategory(tx, actor.companyId, categoryId, {
        ...fields,
        ...(moved ? { parent_id: parentId } : {}),
      })
      .catch(explainUniqueViolation);
    await recordCategoryHistory(tx, actor, categoryId, moved ? 'moved' : 'updated', {
      ...fields,
      ...(moved ? { parent_category: parentId } : {}),
    });
  });
  return getCategory(db, actor.companyId, categoryId);
}

/** The spec's "Category section": SEO address, meta title and description, keywords, other name. */
export async function updateCategorySeo(options: {
  db: Database;
  actor: Principal;
  categoryId: number;
  changes: CategorySeoUpdate;
}): Promise<CategoryOutput> {
  const { db, actor, categoryId, changes } = options;
  const { seo_url, ...fields } = changes;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockCategory(tx, actor.companyId, categoryId);
    if (!current) throw notFound('Category');
    guardRoot(current, CATEGORY_MESSAGES.root_edit);
    await saveSeoUrl(
      tx,
      { companyId: actor.companyId, ownerType: 'category', ownerId: categoryId },
      seo_url,
    ).catch(explainUniqueViolation);
    await queries.updateCategory(tx, actor.companyId, categoryId, fields);
    await recordCategoryHistory(tx, actor, categoryId, 'seo_updated', changes);
  });
  return getCategory(db, actor.companyId, categoryId);
}

/** Deactivating leaves sub-categories as they are; an inactive category takes no new children. */
export async function setCategoryActive(options: {
  db: Database;
  actor: Principal;
  categoryId: number;
  active: boolean;
}): Promise<CategoryOutput> {
  const { db, actor, categoryId, active } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockCategory(tx, actor.companyId, categoryId);
    if (!current) throw notFound('Category');
    guardRoot(current, active ? CATEGORY_MESSAGES.root_activate : CATEGORY_MESSAGES.root_deactivate);
    await queries.updateCategory(tx, actor.companyId, categoryId, { is_active: active });
    await recordCategoryHistory(tx, actor, categoryId, active ? 'activated' : 'deactivated');
  });
  return getCategory(db, actor.companyId, categoryId);
}

/** Checked before the upload is read, so a foreign or root id is refused without storing anything. */
export async function assertImageAllowed(db: Executor, companyId: number, categoryId: number) {
  const row = await queries.findCategory(db, companyId, categoryId);
  if (!row) throw notFound('Category');
  guardRoot(row, CATEGORY_MESSAGES.root_image);
}

/**
 * The image file is written first; the row then points at it. The old file is removed after
 * commit. Each category has its own folder: files are named by content, so two categories with
 * the same picture must not share (and then delete) one file.
 */
export async function replaceCategoryImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  categoryId: number;
  image: { data: Buffer; extension: 'png' | 'jpg' | 'webp' } | null;
}): Promise<CategoryOutput> {
  const { db, storage, actor, categoryId, image } = options;
  const key = image
    ? await storage.put({
        folder: `category-images/${actor.companyId}/${categoryId}`,
        data: image.data,
        extension: image.extension,
      })
    : null;
  const previous = await inTransaction(db, async (tx) => {
    const current = await queries.lockCategory(tx, actor.companyId, categoryId);
    if (!current) throw notFound('Category');
    guardRoot(current, CATEGORY_MESSAGES.root_image);
    await queries.updateCategory(tx, actor.companyId, categoryId, { image: key });
    await recordCategoryHistory(tx, actor, categoryId, key ? 'image_uploaded' : 'image_deleted');
    return current.image;
  });
  if (previous && previous !== key) await storage.remove(previous).catch(() => undefined);
  return getCategory(db, actor.companyId, categoryId);
}
