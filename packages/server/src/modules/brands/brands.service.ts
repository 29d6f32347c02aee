import { BRAND_MESSAGES, type BrandCreate, type BrandOutput, type BrandUpdate } from '@b2b/domain/api/brands';
import { notFound } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './brands.queries.ts';

const recordBrandHistory = historyWriter('brand');

type BrandRow = NonNullable<Awaited<ReturnType<typeof queries.findBrand>>>;

const present = (row: BrandRow): BrandOutput => ({ ...row, logo: fileUrl(row.logo) });

export async function getBrand(db: Executor, companyId: number, id: number): Promise<BrandOutput> {
  const row = await queries.findBrand(db, companyId, id);
  if (!row) throw notFound('Brand');
  return present(row);
}

export async function listBrands(
  db: Executor,
  companyId: number,
  filter: queries.BrandFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listBrands(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

const brandName = uniqueName({
  find: queries.findBrandByName,
  isTaken: queries.isBrandNameTaken,
  message: BRAND_MESSAGES.name_taken,
});

export async function createBrand(options: {
  db: Database;
  actor: Principal;
  input: BrandCreate;
}): Promise<BrandOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await brandName.assertFree(tx, actor.companyId, input.name);
    const row = await queries
      .insertBrand(tx, { company_id: actor.companyId, ...input })
      .catch(brandName.explain);
    await recordBrandHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getBrand(db, actor.companyId, id);
}

async function changeBrand(
  db: Database,
  actor: Principal,
  brandId: number,
  action: string,
  changes: Parameters<typeof queries.updateBrand>[3],
): Promise<BrandOutput> {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockBrand(tx, actor.companyId, brandId);
    if (!current) throw notFound('Brand');
    if (changes.name !== undefined) await brandName.assertFree(tx, actor.companyId, changes.name, brandId);
    await queries.updateBrand(tx, actor.companyId, brandId, changes).catch(brandName.explain);
    await recordBrandHistory(tx, actor, brandId, action, changes);
  });
  return getBrand(db, actor.companyId, brandId);
}

export const updateBrand = (options: {
  db: Database;
  actor: Principal;
  brandId: number;
  changes: BrandUpdate;
}) => changeBrand(options.db, options.actor, options.brandId, 'updated', options.changes);

/** Business-intelligence reports leave out brands marked ignore_for_bi. */
export const setBrandIgnoredForBi = (options: {
  db: Database;
  actor: Principal;
  brandId: number;
  ignore: boolean;
}) =>
  changeBrand(
    options.db,
    options.actor,
    options.brandId,
    options.ignore ? 'ignored_for_bi' : 'included_in_bi',
    { ignore_for_bi: options.ignore },
  );

/**
 * Soft delete: orders and reports may still name the brand, so its row stays with deleted_at set.
 * From then on it is Not Found, and its name is free for a new brand. The logo file stays too.
 */
export async function deleteBrand(options: { db: Database; actor: Principal; brandId: number }) {
  const { db, actor, brandId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.softDeleteBrand(tx, actor.companyId, brandId);
    if (!deleted) throw notFound('Brand');
    await recordBrandHistory(tx, actor, brandId, 'deleted');
  });
  return { detail: BRAND_MESSAGES.deleted };
}

/**
 * The logo file is written first; the row then points at it. The old file is removed after
 * commit. Each brand has its own folder: files are named by content, so two brands with the same
 * picture must not share (and then delete) one file.
 */
export async function replaceBrandLogo(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  brandId: number;
  image: { data: Buffer; extension: 'png' | 'jpg' | 'webp' } | null;
}): Promise<BrandOutput> {
  const { db, storage, actor, brandId, image } = options;
  const key = image
    ? await storage.put({
        folder: `brand-logos/${actor.companyId}/${brandId}`,
        data: image.data,
        extension: image.extension,
      })
    : null;
  const previous = await inTransaction(db, async (tx) => {
    const current = await queries.lockBrand(tx, actor.companyId, brandId);
    if (!current) throw notFound('Brand');
    await queries.updateBrand(tx, actor.companyId, brandId, { logo: key });
    await recordBrandHistory(tx, actor, brandId, key ? 'logo_uploaded' : 'logo_deleted');
    return current.logo;
  });
  if (previous && previous !== key) await storage.remove(previous).catch(() => undefined);
  return getBrand(db, actor.companyId, brandId);
}
