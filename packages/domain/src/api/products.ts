import { z } from 'zod';
import { GST_TREATMENT_MESSAGES, GST_TREATMENTS } from '../gst/gst-treatment.ts';
import { toPaise } from '../money.ts';
import { isSellingPriceWithinMrp } from '../products.ts';
import {
  hsnSchema,
  isBlank,
  isNonNegativeNumber,
  isNumber,
  isUrl,
  isWholeNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
  percentageSchema,
  requiredText,
  skuSchema,
  tallyNameSchema,
  upcSchema,
  urlSchema,
} from '../validation.ts';
import { categorySeoFields } from './categories.ts';
import { id, idInput, idParam, timestamp } from './common.ts';
import { booleanParam, idList } from './list-query.ts';

export const PRODUCT_NAME_MAX = 200;
/** Largest amount accepted in rupees (1,000 Cr): far above any product price, safely inside paise integers. */
export const MONEY_MAX = 10_000_000_000;
/** Largest quantity accepted (the ledger stores 11 integer digits and 3 decimals). */
export const QUANTITY_MAX = 1_000_000_000;
export const PRIORITY_MAX = 1_000_000_000;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCT_FILE_BYTES = 10 * 1024 * 1024;

export const PRODUCT_MESSAGES = {
  not_found: 'Product Not Found',
  name_required: 'Product name is required.',
  name_taken: 'A product with this name already exists.',
  sku_taken: 'A product with this SKU already exists.',
  selling_price_above_mrp: 'Selling price cannot be more than MRP.',
  category_inactive: 'This category is inactive; products cannot be added to it.',
  category_not_found: 'Category Not Found',
  brand_not_found: 'Brand Not Found',
  unit_not_found: 'Unit Not Found',
  tax_not_found: 'Tax Not Found',
  tax_not_gst: 'Choose a GST tax; cess is not a product tax.',
  cess_tax_not_cess: 'Choose a cess tax.',
  sales_channel_not_found: 'Sales Channel Not Found',
  buyer_group_not_found: 'Buyer Group Not Found',
  buyer_group_inactive: 'This buyer group is inactive.',
  seller_not_found: 'Seller Not Found',
  warehouse_not_found: 'Warehouse Not Found',
  warehouse_required: 'Choose the warehouse that receives the opening stock.',
  opening_stock_locked: 'Opening stock can only be set when the product is created.',
  related_not_found: 'Product Not Found',
  related_self: 'A product cannot be related to itself.',
  seo_url_taken: 'This SEO URL is already used by another category or product.',
  money: 'Please enter a valid amount (not negative, at most 2 decimals).',
  quantity: 'Please enter a valid quantity (not negative, at most 3 decimals).',
  feature_image: 'Please enter a valid url.',
  too_many_images: `A product can have at most ${MAX_PRODUCT_IMAGES} images.`,
  image_not_found: 'Image Not Found',
  file_not_found: 'File Not Found',
  file_not_pdf: 'Only PDF files can be uploaded.',
  file_too_large: 'The file is larger than 10 MB.',
  file_required: 'Choose a file to upload.',
  deleted: 'Product deleted successfully.',
} as const;

/** Optional input a form may clear: '' and null both mean "no value" (stored as null). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));

/** An id of another record, or null to clear it; '' from a form means null. */
const optionalId = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  idInput.nullable().optional(),
);

/** Rupees as a JSON number (or a form's string) with at most two decimals. */
export const rupeesInput = numberField([
  [isNumber, MESSAGES.number],
  [isNonNegativeNumber, MESSAGES.non_negative],
  [(v) => maxDecimals(v, 2), PRODUCT_MESSAGES.money],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

/** A quantity that may be zero, with at most three decimals. */
export const quantityInput = numberField([
  [isNumber, MESSAGES.number],
  [isNonNegativeNumber, MESSAGES.non_negative],
  [(v) => maxDecimals(v, 3), PRODUCT_MESSAGES.quantity],
  [(v) => Number(v) <= QUANTITY_MAX, `Value cannot be more than ${QUANTITY_MAX}.`],
]);

const priorityInput = numberField([
  [isWholeNumber, MESSAGES.whole_number],
  [(v) => Number(v) <= PRIORITY_MAX, `Value cannot be more than ${PRIORITY_MAX}.`],
]);

/** Blank means "not given" for fields that always have a value (the database default applies). */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

/** A feature picture: an http(s) address or a file served by this API (/api/files/...). */
const featureImage = z
  .string({ error: PRODUCT_MESSAGES.feature_image })
  .trim()
  .max(1000, maxLengthMessage(1000))
  .refine((v) => isUrl(v) || /^\/api\/files\/[a-z0-9/_.-]+$/.test(v), PRODUCT_MESSAGES.feature_image);

const item = (max: number, message: string = MESSAGES.required) => requiredText(message, max);

export const RELATED_PRODUCT_KINDS = [
  'variants',
  'frequently_bought_together',
  'similar',
  'sponsored',
  'accessories',
] as const;
export type RelatedProductKind = (typeof RELATED_PRODUCT_KINDS)[number];

const relatedIds = z.array(idInput).max(50, 'At most 50 related products of a kind.').optional();

export const productFields = {
  name: requiredText(PRODUCT_MESSAGES.name_required, PRODUCT_NAME_MAX),
  display_name: clearable(text(PRODUCT_NAME_MAX)),
  sku: clearable(skuSchema),
  attributes: z
    .array(z.object({ key: item(100), value: item(500) }).strict())
    .max(50)
    .optional(),
  sales_channel: optionalId,
  /** An active category of the company; the Root Category is one (a new company's only one). */
  category: idInput,
  brand: optionalId,
  unit: optionalId,
  upc: clearable(upcSchema),
  /** Kilograms, up to three decimals. */
  weight: clearable(quantityInput),
  mrp: rupeesInput,
  /** Tax inclusive; not above the MRP. */
  selling_price: rupeesInput,
  cost_price: clearable(rupeesInput),
  /** A gst-type tax of the company. */
  tax: optionalId,
  /** A cess-type tax charged beside GST (compensation cess). */
  cess_tax: optionalId,
  hsn: clearable(hsnSchema),
  /** Taxable (the default), Nil Rated, Exempt or Non-GST; all but Taxable force 0% GST and no cess. */
  gst_treatment: z.enum(GST_TREATMENTS, { error: GST_TREATMENT_MESSAGES.choose }).optional(),
  /** Buyer groups arrive with the parties area: until then only null is accepted. */
  buyer_group: optionalId,
  /** Sellers arrive with the parties area: until then only null is accepted. */
  seller: optionalId,
  expose_inventory: z.boolean().optional(),
  /** 0 means the full available stock (shown as Unlimited). */
  max_quantity_per_transaction: optionalNumber(quantityInput),
  margin: clearable(percentageSchema),
  max_bidding_percentage: clearable(percentageSchema),
  /** Lower is higher. */
  priority: optionalNumber(priorityInput),
  /** The warehouse that receives the opening stock; an active warehouse of the company. */
  warehouse: optionalId,
  opening_stock: optionalNumber(quantityInput),
  opening_rate: clearable(rupeesInput),
  reorder_point: optionalNumber(quantityInput),
  is_visible_to_buyer: z.boolean().optional(),
  allow_back_ordering: z.boolean().optional(),
  /** Each unit carries a serial number, entered when it comes in and chosen when it is invoiced. */
  tracks_serial_numbers: z.boolean().optional(),
  is_active: z.boolean().optional(),
  tags: z.array(item(50)).max(50).optional(),
  short_description: clearable(text(500)),
  description: clearable(text(20_000)),
  item_box: clearable(text(2000)),
  highlights: z.array(item(500)).max(20).optional(),
  video_url: clearable(urlSchema),
  features: z
    .array(
      z
        .object({
          title: item(200),
          description: clearable(text(2000)),
          images: z.array(featureImage).max(10).optional(),
        })
        .strict(),
    )
    .max(30)
    .optional(),
  specifications: z
    .array(z.object({ name: item(200), detail: item(2000) }).strict())
    .max(100)
    .optional(),
  /** Each kind given replaces that kind's list; kinds left out keep theirs. */
  related_products: z
    .object(
      Object.fromEntries(RELATED_PRODUCT_KINDS.map((k) => [k, relatedIds])) as Record<
        RelatedProductKind,
        typeof relatedIds
      >,
    )
    .strict()
    .optional(),
  tally_product_name: clearable(tallyNameSchema),
  seo_url: categorySeoFields.seo_url,
  meta_title: categorySeoFields.meta_title,
  meta_description: categorySeoFields.meta_description,
};

type Issues = { issues: readonly { path?: readonly PropertyKey[] }[] };
/** A cross-field check runs only once its own fields are valid (other fields may still be wrong). */
const whenValid =
  (...keys: string[]) =>
  (payload: Issues) =>
    !payload.issues.some((issue) => {
      const head = issue.path?.[0];
      return head === undefined || keys.includes(String(head));
    });

const priceCheck = z.superRefine<{ mrp?: unknown; selling_price?: unknown }>(
  (value, ctx) => {
    if (typeof value.mrp !== 'number' || typeof value.selling_price !== 'number') return;
    if (!isSellingPriceWithinMrp(toPaise(value.selling_price), toPaise(value.mrp))) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MESSAGES.selling_price_above_mrp,
        path: ['selling_price'],
        input: value.selling_price,
      });
    }
  },
  { when: whenValid('mrp', 'selling_price') },
);

const openingStockCheck = z.superRefine<{ opening_stock?: unknown; warehouse?: unknown }>(
  (value, ctx) => {
    if (typeof value.opening_stock === 'number' && value.opening_stock > 0 && value.warehouse == null) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MESSAGES.warehouse_required,
        path: ['warehouse'],
        input: value.warehouse,
      });
    }
  },
  { when: whenValid('opening_stock', 'warehouse') },
);

export const productCreate = z.object(productFields).strict().check(priceCheck, openingStockCheck);
export type ProductCreate = z.infer<typeof productCreate>;

/**
 * Every field optional, same rules. The server also checks the price against the stored MRP, and
 * refuses a change of the opening stock, its rate or its warehouse after creation.
 */
export const productUpdate = z
  .object({
    ...productFields,
    name: productFields.name.optional(),
    category: idInput.optional(),
    mrp: rupeesInput.optional(),
    selling_price: rupeesInput.optional(),
  })
  .strict()
  .check(priceCheck);
export type ProductUpdate = z.infer<typeof productUpdate>;

export const productRef = z.object({ id, name: z.string() });

/** The filters of the product list (comma lists of ids where the name ends in __in). */
export const productListFilters = z.object({
  category__in: idList.optional(),
  brand__in: idList.optional(),
  is_active: booleanParam.optional(),
  in_stock: booleanParam.optional(),
  sales_channel__in: idList.optional(),
  buyer_group: idParam.optional(),
});

export const productSummaryOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string().nullable(),
  sku: z.string().nullable(),
  /** URL path of the first image (/api/files/...), or null. */
  image: z.string().nullable(),
  category: productRef,
  brand: productRef.nullable(),
  mrp: z.number(),
  selling_price: z.number(),
  is_active: z.boolean(),
  /** Stock on hand summed over the company's warehouses. */
  available_stock: z.number(),
  in_stock: z.boolean(),
  priority: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProductSummaryOutput = z.infer<typeof productSummaryOutput>;

export const productStockOutput = z.object({
  in_stock: z.boolean(),
  stock_by_branches: z.array(
    z.object({
      id,
      name: z.string(),
      stock_by_warehouses: z.array(
        z.object({ id, name: z.string(), available_stock: z.number(), df_quantity: z.number() }),
      ),
    }),
  ),
});

export const productImageOutput = z.object({ id, url: z.string(), position: z.number().int() });
export type ProductImageOutput = z.infer<typeof productImageOutput>;

export const productFileOutput = z.object({
  id,
  url: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type ProductFileOutput = z.infer<typeof productFileOutput>;

const relatedRef = z.object({ id, name: z.string(), sku: z.string().nullable() });

export const productOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string().nullable(),
  sku: z.string().nullable(),
  attributes: z.array(z.object({ key: z.string(), value: z.string() })),
  sales_channel: z.object({ id, name: z.string(), display_name: z.string() }).nullable(),
  category: productRef,
  brand: productRef.nullable(),
  unit: z.object({ id, name: z.string(), code: z.string() }).nullable(),
  upc: z.string().nullable(),
  weight: z.number().nullable(),
  mrp: z.number(),
  selling_price: z.number(),
  cost_price: z.number().nullable(),
  tax: z.object({ id, display_name: z.string(), rate: z.number() }).nullable(),
  cess_tax: z.object({ id, display_name: z.string(), rate: z.number() }).nullable(),
  hsn: z.string().nullable(),
  gst_treatment: z.enum(GST_TREATMENTS),
  buyer_group: productRef.nullable(),
  seller: productRef.nullable(),
  expose_inventory: z.boolean(),
  max_quantity_per_transaction: z.number(),
  margin: z.number().nullable(),
  max_bidding_percentage: z.number().nullable(),
  priority: z.number().int(),
  warehouse: productRef.nullable(),
  opening_stock: z.number(),
  opening_rate: z.number().nullable(),
  reorder_point: z.number(),
  is_visible_to_buyer: z.boolean(),
  allow_back_ordering: z.boolean(),
  tracks_serial_numbers: z.boolean(),
  is_active: z.boolean(),
  tags: z.array(z.string()),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  item_box: z.string().nullable(),
  highlights: z.array(z.string()),
  video_url: z.string().nullable(),
  features: z.array(
    z.object({ title: z.string(), description: z.string().nullable(), images: z.array(z.string()) }),
  ),
  specifications: z.array(z.object({ name: z.string(), detail: z.string() })),
  related_products: z.object(
    Object.fromEntries(RELATED_PRODUCT_KINDS.map((k) => [k, z.array(relatedRef)])) as Record<
      RelatedProductKind,
      z.ZodArray<typeof relatedRef>
    >,
  ),
  tally_product_name: z.string().nullable(),
  seo_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  images: z.array(productImageOutput),
  files: z.array(productFileOutput),
  stock: productStockOutput,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProductOutput = z.infer<typeof productOutput>;

export const productHistoryOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      id,
      created_at: timestamp,
      actions: z.object({ action: z.string(), changes: z.unknown() }),
      user: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
    }),
  ),
});

/** List orderings the API accepts (`-` for descending); the default is newest first. */
export const PRODUCT_ORDERINGS = ['name', 'created_at', 'updated_at', 'selling_price', 'priority'] as const;
export const PRODUCT_DEFAULT_ORDERING = '-created_at';
