import { z } from 'zod';
import { categoryNameSchema, isBlank, maxLengthMessage, urlPathSchema } from '../validation.ts';
import { id, idInput, idParam, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const ROOT_CATEGORY_NAME = 'Root Category';

/** Search engines show about 60 characters of a title: longer is allowed, only not absurdly long. */
export const META_TITLE_IDEAL_MIN = 40;
export const META_TITLE_IDEAL_MAX = 60;
export const META_TITLE_MAX = 200;
export const SEO_URL_MAX = 200;

/** Optional text a form may clear: '' and null both mean "no value" (stored as null). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), z.union([schema, z.null()]).optional());

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));

export const categoryFields = {
  name: categoryNameSchema,
  description: clearable(text(10_000)),
  /** A category of the same company; absent or null means directly under the Root Category. */
  parent_category: idInput.nullable().optional(),
  is_included_in_menu: z.boolean().optional(),
};

export const categorySeoFields = {
  seo_url: clearable(urlPathSchema.refine((v) => v.length <= SEO_URL_MAX, maxLengthMessage(SEO_URL_MAX))),
  meta_title: clearable(text(META_TITLE_MAX)),
  meta_description: clearable(text(500)),
  search_keywords: clearable(text(500)),
  also_known_name: clearable(text(200)),
};

export const categoryCreate = z.object({ ...categoryFields, ...categorySeoFields }).strict();
export type CategoryCreate = z.infer<typeof categoryCreate>;

export const categoryUpdate = z
  .object({
    name: categoryNameSchema.optional(),
    description: categoryFields.description,
    parent_category: categoryFields.parent_category,
    is_included_in_menu: categoryFields.is_included_in_menu,
  })
  .strict();
export type CategoryUpdate = z.infer<typeof categoryUpdate>;

/** The spec's "Category section": the SEO fields, edited on their own. */
export const categorySeoUpdate = z.object(categorySeoFields).strict();
export type CategorySeoUpdate = z.infer<typeof categorySeoUpdate>;

export const categoryRef = z.object({ id, name: z.string() });

/** The filters of the category list. */
export const categoryListFilters = z.object({
  is_active: booleanParam.optional(),
  parent_category: idParam.optional(),
});

export const categoryOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  /** URL path of the image (/api/files/...), or null. */
  image: z.string().nullable(),
  is_active: z.boolean(),
  is_included_in_menu: z.boolean(),
  is_root: z.boolean(),
  /** The parent's id; {id, name} with expand=parent_category; null for the root. */
  parent_category: z.union([id, categoryRef]).nullable(),
  /** Direct children, only with expand=sub_categories. */
  sub_categories: z.array(z.object({ id, name: z.string(), is_active: z.boolean() })).optional(),
  seo_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  search_keywords: z.string().nullable(),
  also_known_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CategoryOutput = z.infer<typeof categoryOutput>;

export const CATEGORY_MESSAGES = {
  not_found: 'Category Not Found',
  name_taken: 'A category with this name already exists here.',
  seo_url_taken: 'This SEO URL is already used by another category or product.',
  parent_inactive: 'This category is inactive; activate it before adding sub-categories to it.',
  parent_cycle: 'A category cannot be moved under itself or one of its sub-categories.',
  root_edit: 'The Root Category cannot be edited.',
  root_deactivate: 'The Root Category cannot be deactivated.',
  root_activate: 'The Root Category is always active.',
  root_image: 'The Root Category cannot have an image.',
} as const;
