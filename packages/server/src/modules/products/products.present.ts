import {
  type ProductFileOutput,
  type ProductImageOutput,
  type ProductOutput,
  type ProductSummaryOutput,
  RELATED_PRODUCT_KINDS,
  type RelatedProductKind,
} from '@b2b/domain/api/products';
import { toRupees } from '@b2b/domain/money';
import type { RelatedProductKind as StoredRelatedKind } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { stockOfProducts } from '../inventory/stock-levels.ts';
import * as media from './product-media.queries.ts';
import * as queries from './products.queries.ts';

// Products as the API shows them: a product, a row of the list, an image and a file.

/** API kind -> stored kind of related_products. */
export const STORED_KIND: Record<RelatedProductKind, StoredRelatedKind> = {
  variants: 'variant',
  frequently_bought_together: 'frequently_bought_together',
  similar: 'similar',
  sponsored: 'sponsored',
  accessories: 'accessory',
};

const moneyOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));
const refOrNull = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export async function presentProduct(
  db: Executor,
  companyId: number,
  row: queries.ProductRow,
): Promise<ProductOutput> {
  const [images, files, related, stock] = await Promise.all([
    media.imagesOf(db, companyId, row.id),
    media.filesOf(db, companyId, row.id),
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
    gst_treatment: row.gst_treatment,
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
    tracks_serial_numbers: row.tracks_serial_numbers,
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

export const presentImage = (row: {
  id: number;
  file_key: string;
  position: number;
}): ProductImageOutput => ({
  id: row.id,
  url: fileUrl(row.file_key) ?? '',
  position: row.position,
});

export const presentFile = (row: {
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

/** A row of the product list, with the value its keyset cursor is made of. */
export const presentSummary = (
  row: Awaited<ReturnType<typeof queries.listProductPage>>[number],
): ProductSummaryOutput & { sort_value: string } => ({
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
});
