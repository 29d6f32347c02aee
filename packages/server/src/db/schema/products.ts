import type { AttributeType } from '@b2b/domain/api/product-groups';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Quantity, Timestamp } from './column-types.ts';

/** The catalogue: categories, brands, products and their images, files and relations, grouped products, collections, product groups and variant groups. */

export interface SeoUrlsTable {
  company_id: number;
  url: string;
  owner_type: 'category' | 'product';
  owner_id: number;
}

export interface CategoriesTable {
  id: Auto<number>;
  company_id: number;
  parent_id: number | null;
  is_root: Auto<boolean>;
  name: string;
  description: string | null;
  image: string | null;
  is_active: Auto<boolean>;
  is_included_in_menu: Auto<boolean>;
  search_keywords: string | null;
  also_known_name: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BrandsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  logo: string | null;
  is_active: Auto<boolean>;
  ignore_for_bi: Auto<boolean>;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  display_name: string | null;
  sku: string | null;
  sales_channel_id: number | null;
  category_id: number;
  brand_id: number | null;
  unit_id: number | null;
  upc: string | null;
  weight_kg: number | null;
  mrp_paise: number;
  selling_price_paise: number;
  cost_price_paise: number | null;
  tax_id: number | null;
  /** Compensation cess (a tax of type cess) charged beside GST. */
  cess_tax_id: number | null;
  hsn: string | null;
  buyer_group_id: number | null;
  seller_id: number | null;
  warehouse_id: number | null;
  expose_inventory: Auto<boolean>;
  max_quantity_per_transaction: Quantity;
  margin: number | null;
  max_bidding_percentage: number | null;
  priority: Auto<number>;
  opening_stock: Quantity;
  opening_rate_paise: number | null;
  reorder_point: Quantity;
  is_visible_to_buyer: Auto<boolean>;
  allow_back_ordering: Auto<boolean>;
  is_active: Auto<boolean>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  short_description: string | null;
  description: string | null;
  item_box: string | null;
  highlights: ColumnType<string[], string[] | undefined, string[]>;
  video_url: string | null;
  features: Json<unknown[]>;
  specifications: Json<unknown[]>;
  attributes: Json<unknown[]>;
  tally_product_name: string | null;
  /** Each unit carries a serial number (migration 0059). */
  tracks_serial_numbers: Auto<boolean>;
  /** Migration 0066: taxable (default), nil-rated, exempt or non-GST. */
  gst_treatment: Auto<GstTreatment>;
  meta_title: string | null;
  meta_description: string | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImagesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  file_key: string;
  position: Auto<number>;
  created_at: Timestamp;
}

export interface ProductFilesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Timestamp;
}

/** As stored: singular, where the API's RELATED_PRODUCT_KINDS (domain) says 'variants' and 'accessories'. */
export type RelatedProductKind =
  | 'variant'
  | 'frequently_bought_together'
  | 'similar'
  | 'sponsored'
  | 'accessory';

export interface RelatedProductsTable {
  company_id: number;
  product_id: number;
  related_product_id: number;
  kind: RelatedProductKind;
  position: Auto<number>;
}

export interface GroupedProductsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  sku: string;
  description: string | null;
  mrp_paise: number;
  selling_price_paise: number;
  is_active: Auto<boolean>;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GroupedProductItemsTable {
  company_id: number;
  grouped_product_id: number;
  product_id: number;
  quantity: Quantity;
  position: Auto<number>;
}

export interface ProductCollectionsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  sales_channel_id: number | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductCollectionItemsTable {
  company_id: number;
  collection_id: number;
  product_id: number;
  position: number;
}

export interface ProductGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductAttributesTable {
  id: Auto<number>;
  company_id: number;
  product_group_id: number;
  name: string;
  type: AttributeType;
  options: ColumnType<string[], string[] | undefined, string[]>;
  is_required: Auto<boolean>;
  position: Auto<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  attribute: string;
  options: string[];
  primary_attribute: string | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantGroupProductsTable {
  company_id: number;
  variant_group_id: number;
  product_id: number;
  option_value: string;
}
