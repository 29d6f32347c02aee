import { z } from 'zod';
import { requiredText } from '../validation.ts';
import { id, optionalText, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const PRODUCT_GROUP_NAME_MAX = 100;
export const ATTRIBUTE_NAME_MAX = 100;
export const ATTRIBUTE_OPTION_MAX = 100;
export const ATTRIBUTE_TYPES = ['text', 'number', 'boolean', 'select'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

const groupName = requiredText('Product group name is required.', PRODUCT_GROUP_NAME_MAX);
const attributeName = requiredText('Attribute name is required.', ATTRIBUTE_NAME_MAX);
const attributeType = z.enum(ATTRIBUTE_TYPES, { error: 'Type must be text, number, boolean or select.' });
const attributeOptions = z
  .array(requiredText('An option cannot be blank.', ATTRIBUTE_OPTION_MAX))
  .max(200)
  .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
    message: 'Options must be unique.',
  });
const position = z.number().int('Please enter a whole number.').min(0, 'Value cannot be negative.');

/** A select attribute needs its options; the other types take none. */
const OPTIONS_RULE = {
  select_needs_options: 'A select attribute needs at least one option.',
  options_only_for_select: 'Only a select attribute has options.',
} as const;

export const attributeCreate = z
  .object({
    name: attributeName,
    type: attributeType,
    options: attributeOptions.default([]),
    is_required: z.boolean().default(false),
    position: position.default(0),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === 'select' && value.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_RULE.select_needs_options });
    }
    if (value.type !== 'select' && value.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_RULE.options_only_for_select });
    }
  });
export type AttributeCreate = z.infer<typeof attributeCreate>;

/** Type and options are checked together against the stored attribute by the server. */
export const attributeUpdate = z
  .object({
    name: attributeName.optional(),
    type: attributeType.optional(),
    options: attributeOptions.optional(),
    is_required: z.boolean().optional(),
    position: position.optional(),
  })
  .strict();
export type AttributeUpdate = z.infer<typeof attributeUpdate>;

export const productGroupCreate = z
  .object({
    name: groupName,
    description: optionalText(500),
    attributes: z.array(attributeCreate).max(100).default([]),
  })
  .strict();
export type ProductGroupCreate = z.infer<typeof productGroupCreate>;

export const productGroupUpdate = z
  .object({
    name: groupName.optional(),
    description: optionalText(500).nullable(),
  })
  .strict();
export type ProductGroupUpdate = z.infer<typeof productGroupUpdate>;

export const attributeOutput = z.object({
  id,
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z.array(z.string()),
  is_required: z.boolean(),
  position: z.number().int(),
});
export type AttributeOutput = z.infer<typeof attributeOutput>;

/** The filters of the product group list. */
export const productGroupListFilters = z.object({ is_active: booleanParam.optional() });

export const productGroupOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  attributes: z.array(attributeOutput),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProductGroupOutput = z.infer<typeof productGroupOutput>;

export const attributeList = z.object({ results: z.array(attributeOutput) });

export const PRODUCT_GROUP_MESSAGES = {
  ...OPTIONS_RULE,
  name_taken: 'A product group with this name already exists.',
  attribute_name_taken: 'An attribute with this name already exists in this group.',
  attribute_deleted: 'Product Attribute deleted successfully.',
  created: 'Product Attribute created successfully.',
  updated: 'Product Attribute updated successfully.',
  added: 'Product Attribute added successfully.',
  activated: 'Product Attribute activated successfully.',
  deactivated: 'Product Attribute deactivated successfully.',
  create_failed: 'Failed to Create Product attribute.',
  load_failed: 'Failed to load Product attribute.',
  add_failed: 'Failed to add Product attribute.',
  delete_failed: 'Failed to delete Product attribute.',
  update_failed: 'Failed to update Product attribute.',
  activate_failed: 'Failed to activate Product attribute.',
  deactivate_failed: 'Failed to deactivate Product attribute.',
} as const;
