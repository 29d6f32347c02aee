import { z } from 'zod';
import { isBlank, maxLengthMessage, requiredText } from '../validation.ts';
import { id, idInput, idParam, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const COLLECTION_NAME_MAX = 200;
export const COLLECTION_PRODUCTS_MAX = 1000;

export const COLLECTION_MESSAGES = {
  not_found: 'Product Collection Not Found',
  name_required: 'Collection name is required.',
  name_taken: 'A collection with this name already exists.',
  sales_channel_not_found: 'Sales Channel Not Found',
  product_not_found: 'Product Not Found',
  products_required: 'Choose at least one product.',
  products_duplicate: 'Each product can be given only once.',
  order_mismatch: 'The new order must list every product of the collection exactly once.',
} as const;

const description = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  z.string().trim().max(5000, maxLengthMessage(5000)).nullable().optional(),
);

/** A sales channel of the company, or null for every channel. */
const salesChannel = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  idInput.nullable().optional(),
);

export const collectionCreate = z
  .object({
    name: requiredText(COLLECTION_MESSAGES.name_required, COLLECTION_NAME_MAX),
    description,
    sales_channel: salesChannel,
    is_active: z.boolean().optional(),
  })
  .strict();
export type CollectionCreate = z.infer<typeof collectionCreate>;

export const collectionUpdate = z
  .object({
    name: requiredText(COLLECTION_MESSAGES.name_required, COLLECTION_NAME_MAX).optional(),
    description,
    sales_channel: salesChannel,
    is_active: z.boolean().optional(),
  })
  .strict();
export type CollectionUpdate = z.infer<typeof collectionUpdate>;

export const collectionProductIds = z
  .object({
    products: z
      .array(idInput)
      .min(1, COLLECTION_MESSAGES.products_required)
      .max(COLLECTION_PRODUCTS_MAX)
      .refine((list) => new Set(list).size === list.length, COLLECTION_MESSAGES.products_duplicate),
  })
  .strict();
export type CollectionProductIds = z.infer<typeof collectionProductIds>;

/** The filters of the collection list. */
export const collectionListFilters = z.object({
  is_active: booleanParam.optional(),
  sales_channel: idParam.optional(),
});

export const collectionOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  sales_channel: id.nullable(),
  sales_channel_name: z.string().nullable(),
  is_active: z.boolean(),
  product_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CollectionOutput = z.infer<typeof collectionOutput>;

export const collectionProductOutput = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  mrp: z.number(),
  selling_price: z.number(),
  is_active: z.boolean(),
  position: z.number().int(),
});
export type CollectionProductOutput = z.infer<typeof collectionProductOutput>;
