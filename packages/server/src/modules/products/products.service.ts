import { CATEGORY_MESSAGES } from '@b2b/domain/api/categories';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  type ProductCreate,
  type ProductFileOutput,
  type ProductImageOutput,
  type ProductOutput,
  type ProductSummaryOutput,
  type ProductUpdate,
  RELATED_PRODUCT_KINDS,
  type RelatedProductKind,
} from '@b2b/domain/api/products';
import { toPaise, toRupees } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import { withCleanDescription } from '../../core/rich-text.ts';
import type { Database } from '../../db/database.ts';
import type { RelatedProductKind as StoredRelatedKind } from '../../db/schema.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { getBrand } from '../brands/brands.service.ts';
import { assertActiveCategory, getCategory } from '../categories/categories.service.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { assertActiveWarehouse, postStockMovement, stockOfProducts } from '../inventory/inventory.service.ts';
import { alertOnReorderPoint } from '../reorder-alerts/reorder-alerts.service.ts';
import { assertSellerAssignable } from '../sellers/sellers.service.ts';
import { releaseSeoUrl, saveSeoUrl } from '../seo-urls/seo-urls.service.ts';
import * as queries from './products.queries.ts';

/** API kind -> stored kind of related_products. */
const STORED_KIND: Record<RelatedProductKind, StoredRelatedKind> = {
  variants: 'variant',
  frequently_bought_together: 'frequently_bought_together',
  similar: 'similar',
  sponsored: 'sponsored',
  accessories: 'accessory',
};

const moneyOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));
const refOrNull = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

// ---------------------------------------------------------------------------------------------
// Reading

async function present(db: Executor, companyId: number, row: queries.ProductRow): Promise<ProductOutput> {
  const [images, files, related, stock] = await Promise.all([
    queries.imagesOf(db, companyId, row.id),
    queries.filesOf(db, companyId, row.id),
    queries.relatedOf(db, companyId, [row.id]),
    stockOfProducts(db, companyId, [row.id]),
  ]);
  const relatedProducts = Object.fromEntries(
    RELATED_PRODUCT_KINDS.map((kind) => [
      kind,
      related
        .filter((r) => r.kind === STORED_KIND[kind])
        .map((r) => ({ id: r.id, name: r.name, sku: r.sku })),
    ]),
  ) as ProductOutput['related_products'];
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    sku: row.sku,
    attributes: row.attributes as ProductOutput['attributes'],
    sales_channel:
      row.sales_channel_id === null
        ? null
        : {
            id: row.sales_channel_id,
            name: row.sales_channel_name ?? '',
            display_name: row.sales_channel_display_name ?? '',
          },
    category: { id: row.category_id, name: row.category_name },
    brand: refOrNull(row.brand_id, row.brand_name),
    unit:
      row.unit_id === null ? null : { id: row.unit_id, name: row.unit_name ?? '', code: row.unit_code ?? '' },
    upc: row.upc,
    weight: row.weight_kg,
    mrp: toRupees(row.mrp_paise),
    selling_price: toRupees(row.selling_price_paise),
    cost_price: moneyOrNull(row.cost_price_paise),
    tax:
      row.tax_id === null
        ? null
        : { id: row.tax_id, display_name: row.tax_name ?? '', rate: row.tax_rate ?? 0 },
    cess_tax:
      row.cess_tax_id === null
        ? null
        : { id: row.cess_tax_id, display_name: row.cess_tax_name ?? '', rate: row.cess_tax_rate ?? 0 },
    hsn: row.hsn,
    buyer_group: refOrNull(row.buyer_group_id, row.buyer_group_name),
    seller: refOrNull(row.seller_id, row.seller_name),
    expose_inventory: row.expose_inventory,
    max_quantity_per_transaction: row.max_quantity_per_transaction,
    margin: row.margin,
    max_bidding_percentage: row.max_bidding_percentage,
    priority: row.priority,
    warehouse: refOrNull(row.warehouse_id, row.warehouse_name),
    opening_stock: row.opening_stock,
    opening_rate: moneyOrNull(row.opening_rate_paise),
    reorder_point: row.reorder_point,
    is_visible_to_buyer: row.is_visible_to_buyer,
    allow_back_ordering: row.allow_back_ordering,
    is_active: row.is_active,
    tags: row.tags,
    short_description: row.short_description,
    description: row.description,
    item_box: row.item_box,
    highlights: row.highlights,
    video_url: row.video_url,
    features: row.features as ProductOutput['features'],
    specifications: row.specifications as ProductOutput['specifications'],
    related_products: relatedProducts,
    tally_product_name: row.tally_product_name,
    seo_url: row.seo_url,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    images: images.map(presentImage),
    files: files.map(presentFile),
    stock: stock.get(row.id) ?? { in_stock: false, stock_by_branches: [] },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const presentImage = (row: { id: number; file_key: string; position: number }): ProductImageOutput => ({
  id: row.id,
  url: fileUrl(row.file_key) ?? '',
  position: row.position,
});

const presentFile = (row: {
  id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}): ProductFileOutput => ({
  id: row.id,
  url: fileUrl(row.file_key) ?? '',
  file_name: row.file_name,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
});

export async function getProduct(db: Executor, companyId: number, id: number): Promise<ProductOutput> {
  const row = await queries.findProduct(db, companyId, id);
  if (!row) throw notFound('Product');
  return present(db, companyId, row);
}

/** Refuses a foreign or deleted id before anything else happens (uploads are not read for it). */
export async function assertProductExists(db: Executor, companyId: number, id: number) {
  const row = await queries.findProduct(db, companyId, id);
  if (!row) throw notFound('Product');
}

/**
 * Counts per company and filter, kept until the company's next change (the epoch of
 * core/company-epoch.ts, which every successful write bumps and PostgreSQL servers share):
 * paging through a list counts once, not on every page. The epoch is read before counting, so a
 * count that overlaps a write is filed under the old epoch and never served after it.
 */
const counts = new BoundedCache<number>(5_000);

async function countOf(db: Executor, companyId: number, filter: queries.ProductFilter): Promise<number> {
  const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const { n } = await queries.countProducts(db, companyId, filter);
  counts.set(key, Number(n));
  return Number(n);
}

export async function listProducts(
  db: Executor,
  companyId: number,
  filter: queries.ProductFilter,
  sort: queries.ProductSort[],
  window: PageWindow & { cursor?: queries.ProductCursor },
): Promise<{ count: number; results: (ProductSummaryOutput & { sort_value: string })[] }> {
  const withTotal = Boolean(filter.search?.trim()) && !window.cursor;
  const rows = await queries.listProductPage(db, companyId, filter, sort, window, { withTotal });
  // The count comes from the page itself when it can: a search counts its matches in the same
  // pass, and a first page that is not full holds every match.
  const count =
    withTotal && rows.length > 0
      ? Number(rows[0].total)
      : !window.cursor && window.offset === 0 && rows.length < window.limit
        ? rows.length
        : await countOf(db, companyId, filter);
  const results = rows.map((row) => ({
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    sku: row.sku,
    image: fileUrl(row.image),
    category: { id: row.category_id, name: row.category_name },
    brand: refOrNull(row.brand_id, row.brand_name),
    mrp: toRupees(row.mrp_paise),
    selling_price: toRupees(row.selling_price_paise),
    is_active: row.is_active,
    available_stock: Number(row.available_stock),
    // The domain rule isInStock (stock on hand over all warehouses above zero), summed in SQL.
    in_stock: Number(row.available_stock) > 0,
    priority: row.priority,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sort_value: row.sort_value,
  }));
  return { count, results: window.cursor?.direction === 'previous' ? results.reverse() : results };
}

/** Products of one category of the company (its own products, not its sub-categories'). */
export async function assertCategoryExists(db: Executor, companyId: number, categoryId: number) {
  await getCategory(db, companyId, categoryId);
}

export async function productHistory(db: Executor, companyId: number, productId: number) {
  await assertProductExists(db, companyId, productId);
  return historyPage(db, companyId, 'product', productId);
}

// ---------------------------------------------------------------------------------------------
// Checks

/**
 * The category must be the company's and active (share-locked). The Root Category is one: it is
 * the only category of a new company, offered first by the category picker, and a product filed
 * there is simply not yet sorted (a root filter lists every product anyway).
 */
async function assertCategoryForProducts(tx: Tx, companyId: number, categoryId: number) {
  await assertActiveCategory(tx, companyId, categoryId, 'category').catch((error: unknown) => {
    if (error instanceof AppError && error.message === CATEGORY_MESSAGES.parent_inactive) {
      throw validationError('category', PRODUCT_MESSAGES.category_inactive);
    }
    throw error;
  });
}

async function assertBrand(tx: Tx, companyId: number, brandId: number) {
  await getBrand(tx, companyId, brandId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') {
      throw validationError('brand', PRODUCT_MESSAGES.brand_not_found);
    }
    throw error;
  });
}

async function assertTax(tx: Tx, companyId: number, taxId: number) {
  const tax = await queries.findTax(tx, companyId, taxId);
  if (!tax) throw validationError('tax', PRODUCT_MESSAGES.tax_not_found);
  if (tax.type !== 'gst') throw validationError('tax', PRODUCT_MESSAGES.tax_not_gst);
}

async function assertCessTax(tx: Tx, companyId: number, taxId: number) {
  const tax = await queries.findTax(tx, companyId, taxId);
  if (!tax) throw validationError('cess_tax', PRODUCT_MESSAGES.tax_not_found);
  if (tax.type !== 'cess') throw validationError('cess_tax', PRODUCT_MESSAGES.cess_tax_not_cess);
}

/** What a create or an update names: each id given (and changed) must be valid for the company. */
async function assertReferences(
  tx: Tx,
  companyId: number,
  input: ProductUpdate,
  current?: NonNullable<Awaited<ReturnType<typeof queries.lockProduct>>>,
) {
  const changed = <K extends keyof ProductUpdate>(key: K, stored: unknown) =>
    input[key] !== undefined && input[key] !== null && input[key] !== stored;
  if (changed('buyer_group', current?.buyer_group_id)) {
    const group = await queries.findBuyerGroup(tx, companyId, input.buyer_group as number);
    if (!group) throw validationError('buyer_group', PRODUCT_MESSAGES.buyer_group_not_found);
    if (!group.is_active) throw validationError('buyer_group', PRODUCT_MESSAGES.buyer_group_inactive);
  }
  if (changed('seller', current?.seller_id))
    await assertSellerAssignable(tx, companyId, input.seller as number);
  if (changed('category', current?.category_id))
    await assertCategoryForProducts(tx, companyId, input.category as number);
  if (changed('brand', current?.brand_id)) await assertBrand(tx, companyId, input.brand as number);
  if (changed('unit', current?.unit_id) && !(await queries.findUnit(tx, companyId, input.unit as number))) {
    throw validationError('unit', PRODUCT_MESSAGES.unit_not_found);
  }
  if (changed('tax', current?.tax_id)) await assertTax(tx, companyId, input.tax as number);
  if (changed('cess_tax', current?.cess_tax_id)) await assertCessTax(tx, companyId, input.cess_tax as number);
  if (
    changed('sales_channel', current?.sales_channel_id) &&
    !(await queries.findSalesChannel(tx, companyId, input.sales_channel as number))
  ) {
    throw validationError('sales_channel', PRODUCT_MESSAGES.sales_channel_not_found);
  }
  if (changed('warehouse', current?.warehouse_id)) {
    await assertActiveWarehouse(tx, companyId, input.warehouse as number, 'warehouse');
  }
}

async function assertNameAndSkuFree(
  tx: Tx,
  companyId: number,
  input: { name?: string; sku?: string | null },
  exceptId?: number,
) {
  if (
    input.name !== undefined &&
    (await queries.findLiveProductByName(tx, companyId, input.name, exceptId))
  ) {
    throw validationError('name', PRODUCT_MESSAGES.name_taken);
  }
  if (input.sku && (await queries.findLiveProductBySku(tx, companyId, input.sku, exceptId))) {
    throw validationError('sku', PRODUCT_MESSAGES.sku_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isNameTaken(error)) throw validationError('name', PRODUCT_MESSAGES.name_taken);
  if (queries.isSkuTaken(error)) throw validationError('sku', PRODUCT_MESSAGES.sku_taken);
  throw error;
}

/** Each kind given replaces its list; ids must be other live products of the company. */
async function saveRelated(
  tx: Tx,
  companyId: number,
  productId: number,
  related: ProductUpdate['related_products'],
) {
  if (!related) return;
  for (const kind of RELATED_PRODUCT_KINDS) {
    const given = related[kind];
    if (given === undefined) continue;
    const ids = [...new Set(given)];
    const field = `related_products.${kind}`;
    if (ids.includes(productId)) throw validationError(field, PRODUCT_MESSAGES.related_self);
    const live = new Set(await queries.liveProductIds(tx, companyId, ids));
    if (ids.some((id) => !live.has(id))) throw validationError(field, PRODUCT_MESSAGES.related_not_found);
    await queries.replaceRelated(tx, companyId, productId, STORED_KIND[kind], ids);
  }
}

/** API fields -> columns, for the fields present in the input (undefined means "leave as is"). */
function columnsOf(input: ProductUpdate): Partial<queries.ProductValues> {
  const values: Partial<queries.ProductValues> = {};
  const set = <K extends keyof queries.ProductValues>(
    key: K,
    value: queries.ProductValues[K] | undefined,
  ) => {
    if (value !== undefined) values[key] = value;
  };
  const money = (v: number | null | undefined) =>
    v === undefined ? undefined : v === null ? null : toPaise(v);
  const json = (v: unknown[] | undefined) => (v === undefined ? undefined : JSON.stringify(v));
  set('name', input.name);
  set('display_name', input.display_name);
  set('sku', input.sku);
  set('attributes', json(input.attributes));
  set('sales_channel_id', input.sales_channel);
  set('category_id', input.category);
  set('brand_id', input.brand);
  set('unit_id', input.unit);
  set('upc', input.upc);
  set('weight_kg', input.weight);
  set('mrp_paise', money(input.mrp) ?? undefined);
  set('selling_price_paise', money(input.selling_price) ?? undefined);
  set('cost_price_paise', money(input.cost_price));
  set('tax_id', input.tax);
  set('cess_tax_id', input.cess_tax);
  set('hsn', input.hsn);
  set('buyer_group_id', input.buyer_group);
  set('seller_id', input.seller);
  set('expose_inventory', input.expose_inventory);
  set('max_quantity_per_transaction', input.max_quantity_per_transaction);
  set('margin', input.margin);
  set('max_bidding_percentage', input.max_bidding_percentage);
  set('priority', input.priority);
  set('warehouse_id', input.warehouse);
  set('opening_stock', input.opening_stock);
  set('opening_rate_paise', money(input.opening_rate));
  set('reorder_point', input.reorder_point);
  set('is_visible_to_buyer', input.is_visible_to_buyer);
  set('allow_back_ordering', input.allow_back_ordering);
  set('is_active', input.is_active);
  set('tags', input.tags);
  set('short_description', input.short_description);
  set('description', input.description);
  set('item_box', input.item_box);
  set('highlights', input.highlights);
  set('video_url', input.video_url);
  set(
    'features',
    json(
      input.features?.map((f) => ({
        title: f.title,
        description: f.description ?? null,
        images: f.images ?? [],
      })),
    ),
  );
  set('specifications', json(input.specifications));
  set('tally_product_name', input.tally_product_name);
  set('meta_title', input.meta_title);
  set('meta_description', input.meta_description);
  return values;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Creates the product and, when it has opening stock, posts that stock to the chosen warehouse's
 * ledger in the same transaction: the product never exists without the stock it was created with.
 */
export async function createProduct(options: {
  db: Database;
  actor: Principal;
  input: ProductCreate;
}): Promise<ProductOutput> {
  const { db, actor } = options;
  // The description is stored, and recorded in the history, as cleaned HTML; the short
  // description and the feature texts stay plain text.
  const input = withCleanDescription(options.input);
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    await assertReferences(tx, companyId, input);
    if (!isSellingPriceWithinMrp(toPaise(input.selling_price), toPaise(input.mrp))) {
      throw validationError('selling_price', PRODUCT_MESSAGES.selling_price_above_mrp);
    }
    const openingStock = input.opening_stock ?? 0;
    if (openingStock > 0 && input.warehouse == null) {
      throw validationError('warehouse', PRODUCT_MESSAGES.warehouse_required);
    }
    await assertNameAndSkuFree(tx, companyId, input);
    const { name, category, mrp, selling_price } = input;
    const row = await queries
      .insertProduct(tx, companyId, {
        ...columnsOf(input),
        name,
        category_id: category,
        mrp_paise: toPaise(mrp),
        selling_price_paise: toPaise(selling_price),
      })
      .catch(explainUniqueViolation);
    await saveSeoUrl(tx, { companyId, ownerType: 'product', ownerId: row.id }, input.seo_url);
    await saveRelated(tx, companyId, row.id, input.related_products);
    if (openingStock > 0) {
      await postStockMovement(tx, {
        companyId,
        productId: row.id,
        warehouseId: input.warehouse as number,
        quantity: openingStock,
        ratePaise: input.opening_rate == null ? null : toPaise(input.opening_rate),
        reason: 'opening_stock',
        documentType: 'product',
        documentId: row.id,
        userId: actor.userId,
      });
    } else {
      // No stock yet: a reorder point above zero is already not met.
      await alertOnReorderPoint(tx, companyId, row.id);
    }
    await recordHistory(tx, {
      companyId,
      entityType: 'product',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: input,
    });
    return row.id;
  });
  return getProduct(db, companyId, id);
}

/** Any field, same rules; opening stock, its rate and its warehouse are fixed once posted. */
export async function updateProduct(options: {
  db: Database;
  actor: Principal;
  productId: number;
  changes: ProductUpdate;
}): Promise<ProductOutput> {
  const { db, actor, productId } = options;
  const changes = withCleanDescription(options.changes);
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockProduct(tx, companyId, productId);
    if (!current) throw notFound('Product');
    // Sending the stored values back (a full form) is fine; changing them is not: stock changes
    // after creation are inventory adjustments, which leave their own ledger rows.
    const openingRate = changes.opening_rate == null ? changes.opening_rate : toPaise(changes.opening_rate);
    if (
      (changes.opening_stock !== undefined && changes.opening_stock !== current.opening_stock) ||
      (openingRate !== undefined && openingRate !== current.opening_rate_paise) ||
      (current.opening_stock > 0 &&
        changes.warehouse !== undefined &&
        changes.warehouse !== current.warehouse_id)
    ) {
      const field =
        changes.opening_stock !== undefined && changes.opening_stock !== current.opening_stock
          ? 'opening_stock'
          : openingRate !== undefined && openingRate !== current.opening_rate_paise
            ? 'opening_rate'
            : 'warehouse';
      throw validationError(field, PRODUCT_MESSAGES.opening_stock_locked);
    }
    await assertReferences(tx, companyId, changes, current);
    const mrp = changes.mrp === undefined ? current.mrp_paise : toPaise(changes.mrp);
    const sellingPrice =
      changes.selling_price === undefined ? current.selling_price_paise : toPaise(changes.selling_price);
    if (!isSellingPriceWithinMrp(sellingPrice, mrp)) {
      throw validationError('selling_price', PRODUCT_MESSAGES.selling_price_above_mrp);
    }
    await assertNameAndSkuFree(tx, companyId, changes, productId);
    const { opening_stock: _stock, opening_rate: _rate, ...editable } = changes;
    await queries.updateProduct(tx, companyId, productId, columnsOf(editable)).catch(explainUniqueViolation);
    await saveSeoUrl(tx, { companyId, ownerType: 'product', ownerId: productId }, changes.seo_url);
    await saveRelated(tx, companyId, productId, changes.related_products);
    // A new reorder point may put the stock below it (or above it) at once.
    if (changes.reorder_point !== undefined) await alertOnReorderPoint(tx, companyId, productId);
    await recordHistory(tx, {
      companyId,
      entityType: 'product',
      entityId: productId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
  });
  return getProduct(db, companyId, productId);
}

export async function setProductActive(options: {
  db: Database;
  actor: Principal;
  productId: number;
  active: boolean;
}): Promise<ProductOutput> {
  const { db, actor, productId, active } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockProduct(tx, actor.companyId, productId);
    if (!current) throw notFound('Product');
    await queries.updateProduct(tx, actor.companyId, productId, { is_active: active });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product',
      entityId: productId,
      action: active ? 'activated' : 'deactivated',
      userId: actor.userId,
    });
  });
  return getProduct(db, actor.companyId, productId);
}

/**
 * Soft delete: orders and invoices keep naming the product, so the row stays with deleted_at set.
 * From then on it is Not Found; its name, SKU and SEO address are free for a new product. Its
 * stock levels and ledger stay as they are (the ledger is never changed).
 */
export async function deleteProduct(options: { db: Database; actor: Principal; productId: number }) {
  const { db, actor, productId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.softDeleteProduct(tx, actor.companyId, productId);
    if (!deleted) throw notFound('Product');
    await releaseSeoUrl(tx, { companyId: actor.companyId, ownerType: 'product', ownerId: productId });
    await alertOnReorderPoint(tx, actor.companyId, productId);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product',
      entityId: productId,
      action: 'deleted',
      userId: actor.userId,
    });
  });
  return { detail: PRODUCT_MESSAGES.deleted };
}

// ---------------------------------------------------------------------------------------------
// Images and files

/** Checked before an upload is read, so a full product stores nothing. */
export async function assertImageRoom(db: Executor, companyId: number, productId: number) {
  await assertProductExists(db, companyId, productId);
  const { n } = await queries.imageStats(db, companyId, productId);
  if (Number(n) >= MAX_PRODUCT_IMAGES) throw conflict(PRODUCT_MESSAGES.too_many_images);
}

/**
 * The file is written first (each product has its own folder, files are named by content); the
 * row then points at it. The count is checked again under the product's row lock, so two
 * concurrent uploads cannot take a product past ten images.
 */
export async function addProductImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  image: { data: Buffer; extension: 'png' | 'jpg' | 'webp' };
}): Promise<ProductImageOutput> {
  const { db, storage, actor, productId, image } = options;
  const companyId = actor.companyId;
  const key = await storage.put({
    folder: `product-images/${companyId}/${productId}`,
    data: image.data,
    extension: image.extension,
  });
  try {
    const row = await inTransaction(db, async (tx) => {
      if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
      const { n, next_position } = await queries.imageStats(tx, companyId, productId);
      if (Number(n) >= MAX_PRODUCT_IMAGES) throw conflict(PRODUCT_MESSAGES.too_many_images);
      const inserted = await queries.insertImage(tx, {
        company_id: companyId,
        product_id: productId,
        file_key: key,
        position: Number(next_position),
      });
      await queries.updateProduct(tx, companyId, productId, {});
      await recordHistory(tx, {
        companyId,
        entityType: 'product',
        entityId: productId,
        action: 'image_uploaded',
        userId: actor.userId,
        changes: { image: inserted.id },
      });
      return inserted;
    });
    return presentImage(row);
  } catch (error) {
    await removeUnusedImage(db, storage, companyId, key);
    throw error;
  }
}

async function removeUnusedImage(db: Executor, storage: FileStorage, companyId: number, key: string) {
  if (!(await queries.isImageKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
}

export async function deleteProductImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  imageId: number;
}) {
  const { db, storage, actor, productId, imageId } = options;
  const companyId = actor.companyId;
  const key = await inTransaction(db, async (tx) => {
    if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
    const deleted = await queries.deleteImage(tx, companyId, productId, imageId);
    if (!deleted) throw notFound('Image');
    await queries.updateProduct(tx, companyId, productId, {});
    await recordHistory(tx, {
      companyId,
      entityType: 'product',
      entityId: productId,
      action: 'image_deleted',
      userId: actor.userId,
      changes: { image: imageId },
    });
    return deleted.file_key;
  });
  // After commit; the same picture may still be another image row of this product.
  await removeUnusedImage(db, storage, companyId, key);
}

export async function addProductFile(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  file: { data: Buffer; fileName: string };
}): Promise<ProductFileOutput> {
  const { db, storage, actor, productId, file } = options;
  const companyId = actor.companyId;
  const key = await storage.put({
    folder: `product-files/${companyId}/${productId}`,
    data: file.data,
    extension: 'pdf',
  });
  try {
    const row = await inTransaction(db, async (tx) => {
      if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
      const inserted = await queries.insertFile(tx, {
        company_id: companyId,
        product_id: productId,
        file_key: key,
        file_name: file.fileName,
        content_type: 'application/pdf',
        size_bytes: file.data.length,
      });
      await queries.updateProduct(tx, companyId, productId, {});
      await recordHistory(tx, {
        companyId,
        entityType: 'product',
        entityId: productId,
        action: 'file_uploaded',
        userId: actor.userId,
        changes: { file: inserted.id, file_name: file.fileName },
      });
      return inserted;
    });
    return presentFile(row);
  } catch (error) {
    if (!(await queries.isFileKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function deleteProductFile(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  fileId: number;
}) {
  const { db, storage, actor, productId, fileId } = options;
  const companyId = actor.companyId;
  const key = await inTransaction(db, async (tx) => {
    if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
    const deleted = await queries.deleteFile(tx, companyId, productId, fileId);
    if (!deleted) throw notFound('File');
    await queries.updateProduct(tx, companyId, productId, {});
    await recordHistory(tx, {
      companyId,
      entityType: 'product',
      entityId: productId,
      action: 'file_deleted',
      userId: actor.userId,
      changes: { file: fileId },
    });
    return deleted.file_key;
  });
  if (!(await queries.isFileKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
}
