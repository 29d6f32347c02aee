import { z } from 'zod';
import { requiredText } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const VARIANT_GROUP_NAME_MAX = 100;
const OPTION_MAX = 100;

const groupName = requiredText('Group name is required.', VARIANT_GROUP_NAME_MAX);
const attribute = requiredText('Attribute is required.', 100);
const options = z
  .array(requiredText('An option cannot be blank.', OPTION_MAX), { error: 'Options are required.' })
  .min(1, 'Please add at least one option.')
  .max(200)
  .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
    message: 'Options must be unique.',
  });

export const variantGroupCreate = z
  .object({
    name: groupName,
    description: optionalText(500),
    attribute,
    options,
    primary_attribute: optionalText(100),
  })
  .strict();
export type VariantGroupCreate = z.infer<typeof variantGroupCreate>;

export const variantGroupUpdate = z
  .object({
    name: groupName.optional(),
    description: optionalText(500).nullable(),
    attribute: attribute.optional(),
    options: options.optional(),
    primary_attribute: optionalText(100).nullable(),
  })
  .strict();
export type VariantGroupUpdate = z.infer<typeof variantGroupUpdate>;

/** The whole list of variants: each product with the option it stands for. */
export const variantProductsInput = z
  .object({
    products: z
      .array(
        z
          .object({
            product: idInput,
            option: requiredText('Option is required.', OPTION_MAX),
          })
          .strict(),
      )
      .max(500),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.products.forEach((p, i) => {
      if (seen.has(p.product)) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', i, 'product'],
          message: VARIANT_GROUP_MESSAGES.duplicate_product,
        });
      }
      seen.add(p.product);
    });
  });
export type VariantProductsInput = z.infer<typeof variantProductsInput>;

export const variantOutput = z.object({
  product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
  option: z.string(),
});

/** The filters of the variant group list. */
export const variantGroupListFilters = z.object({ is_active: booleanParam.optional() });

export const variantGroupOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  attribute: z.string(),
  options: z.array(z.string()),
  primary_attribute: z.string().nullable(),
  is_active: z.boolean(),
  products: z.array(variantOutput),
  created_at: timestamp,
  updated_at: timestamp,
});
export type VariantGroupOutput = z.infer<typeof variantGroupOutput>;

export const VARIANT_GROUP_MESSAGES = {
  name_taken: 'A variant group with this name already exists.',
  duplicate_product: 'A product can be listed only once.',
  unknown_product: 'Product Not Found',
  unknown_option: 'Option is not one of the group’s options.',
  product_in_other_group: 'This product is already a variant in another group.',
  option_in_use: 'An option in use by a variant cannot be removed.',
  created: 'Variant group created successfully.',
  updated: 'Variant group updated successfully.',
  activated: 'Variant group activated successfully.',
  deactivated: 'Variant group deactivated successfully.',
  products_saved: 'Variants saved successfully.',
} as const;
