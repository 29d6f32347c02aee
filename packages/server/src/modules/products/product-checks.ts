import { CATEGORY_MESSAGES } from '@b2b/domain/api/categories';
import { PRODUCT_MESSAGES, type ProductUpdate, RELATED_PRODUCT_KINDS } from '@b2b/domain/api/products';
import { type GstTreatment, gstTreatmentRefusal } from '@b2b/domain/gst/gst-treatment';
import { toPaise } from '@b2b/domain/money';
import { AppError, validationError } from '../../core/errors.ts';
import type { Tx } from '../../db/transaction.ts';
import { getBrand } from '../brands/brands.service.ts';
import { assertActiveCategory } from '../categories/categories.service.ts';
import { assertActiveWarehouse } from '../inventory/stock-levels.ts';
import { assertSellerAssignable } from '../sellers/sellers.service.ts';
import { STORED_KIND } from './products.present.ts';
import * as queries from './products.queries.ts';

// The checks and column mapping that creating and changing a product share.

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
export async function assertReferences(
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

/**
 * Nil-rated, exempt and non-GST products carry no tax: the treatment, GST tax and cess tax the
 * product will have once the input is applied must go together (a 0% GST tax or none, no cess).
 */
export async function assertGstTreatment(
  tx: Tx,
  companyId: number,
  input: ProductUpdate,
  current?: { gst_treatment: GstTreatment; tax_id: number | null; cess_tax_id: number | null },
) {
  const treatment = input.gst_treatment ?? current?.gst_treatment ?? 'taxable';
  if (treatment === 'taxable') return;
  const taxId = input.tax !== undefined ? input.tax : (current?.tax_id ?? null);
  const cessTaxId = input.cess_tax !== undefined ? input.cess_tax : (current?.cess_tax_id ?? null);
  const rateOf = async (id: number | null) =>
    id === null ? null : Number((await queries.findTax(tx, companyId, id))?.rate ?? 0);
  const refusal = gstTreatmentRefusal(treatment, await rateOf(taxId), await rateOf(cessTaxId));
  if (refusal) throw validationError(refusal.field, refusal.message);
}

export async function assertNameAndSkuFree(
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
export function explainUniqueViolation(error: unknown): never {
  if (queries.isNameTaken(error)) throw validationError('name', PRODUCT_MESSAGES.name_taken);
  if (queries.isSkuTaken(error)) throw validationError('sku', PRODUCT_MESSAGES.sku_taken);
  throw error;
}

/** Each kind given replaces its list; ids must be other live products of the company. */
export async function saveRelated(
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
export function columnsOf(input: ProductUpdate): Partial<queries.ProductValues> {
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
  set('tracks_serial_numbers', input.tracks_serial_numbers);
  set('gst_treatment', input.gst_treatment);
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
