import { z } from 'zod';
import { isBlank, maxLengthMessage, requiredText, skuSchema } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';
import { quantityInput, rupeesInput } from './products.ts';

export const GROUPED_PRODUCT_NAME_MAX = 200;
export const GROUPED_PRODUCT_ITEMS_MAX = 50;

export const GROUPED_PRODUCT_MESSAGES = {
  not_found: 'Grouped Product Not Found',
  name_required: 'Grouped product name is required.',
  name_taken: 'A grouped product with this name already exists.',
  sku_taken: 'A grouped product with this SKU already exists.',
  items_min: 'A grouped product needs at least 2 products.',
  items_max: `A grouped product can have at most ${GROUPED_PRODUCT_ITEMS_MAX} products.`,
  item_duplicate: 'Each product can appear only once in a grouped product.',
  item_not_found: 'Product Not Found',
  quantity_positive: 'Quantity must be more than 0.',
  selling_price_above_mrp: 'Selling price cannot be more than MRP.',
  deleted: 'Grouped product deleted successfully.',
} as const;

const description = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  z.string().trim().max(5000, maxLengthMessage(5000)).nullable().optional(),
);

export const groupedProductItemInput = z
  .object({
    product: idInput,
    /** Up to three decimals, more than zero. */
    quantity: quantityInput.refine((v) => v > 0, GROUPED_PRODUCT_MESSAGES.quantity_positive),
  })
  .strict();

const items = z
  .array(groupedProductItemInput)
  .min(2, GROUPED_PRODUCT_MESSAGES.items_min)
  .max(GROUPED_PRODUCT_ITEMS_MAX, GROUPED_PRODUCT_MESSAGES.items_max)
  .refine(
    (list) => new Set(list.map((i) => i.product)).size === list.length,
    GROUPED_PRODUCT_MESSAGES.item_duplicate,
  );

const mrpInput = z.preprocess((v) => (isBlank(v) ? undefined : v), rupeesInput.optional());

export const groupedProductCreate = z
  .object({
    name: requiredText(GROUPED_PRODUCT_MESSAGES.name_required, GROUPED_PRODUCT_NAME_MAX),
    sku: skuSchema,
    description,
    items,
    /** Rupees, tax inclusive; not above the MRP. */
    selling_price: rupeesInput,
    /** Rupees; left out, the sum of the items' MRPs times their quantities. */
    mrp: mrpInput,
    is_active: z.boolean().optional(),
  })
  .strict();
export type GroupedProductCreate = z.infer<typeof groupedProductCreate>;

export const groupedProductUpdate = z
  .object({
    name: requiredText(GROUPED_PRODUCT_MESSAGES.name_required, GROUPED_PRODUCT_NAME_MAX).optional(),
    sku: skuSchema.optional(),
    description,
    /** Replaces the whole list. */
    items: items.optional(),
    selling_price: rupeesInput.optional(),
    /** Left out while items change: recomputed from the new items. */
    mrp: mrpInput,
    is_active: z.boolean().optional(),
  })
  .strict();
export type GroupedProductUpdate = z.infer<typeof groupedProductUpdate>;

/** The filters of the grouped product list. */
export const groupedProductListFilters = z.object({ is_active: booleanParam.optional() });

export const groupedProductOutput = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  selling_price: z.number(),
  mrp: z.number(),
  is_active: z.boolean(),
  item_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type GroupedProductOutput = z.infer<typeof groupedProductOutput>;

export const groupedProductItemOutput = z.object({
  product: id,
  product_name: z.string(),
  product_sku: z.string().nullable(),
  quantity: z.number(),
  /** Per unit of the product, rupees. */
  mrp: z.number(),
  selling_price: z.number(),
  available_stock: z.number(),
});
export type GroupedProductItemOutput = z.infer<typeof groupedProductItemOutput>;

export const groupedProductDetail = groupedProductOutput.extend({
  items: z.array(groupedProductItemOutput),
  /** Sum of the items' selling prices times their quantities, rupees: what the buyer saves is the difference. */
  items_selling_price: z.number(),
  /** How many bundles the items' stock allows: min over items of floor(available / quantity). */
  available_bundles: z.number().int(),
});
export type GroupedProductDetail = z.infer<typeof groupedProductDetail>;
