import { categoryFields } from '@b2b/domain/api/categories';
import { categoryNameSchema } from '@b2b/domain/validation';
import { z } from 'zod';
import { parentIdOf } from '../../components/category-tree';
import type { Category, CategoryCreateBody, CategoryUpdateBody } from './categories.api';

/** A new category goes directly under the root, or under a chosen parent (a sub-category). */
export type CategoryKind = 'category' | 'sub-category';

export const PARENT_REQUIRED_MESSAGE = 'Please choose a parent category.';

export interface CategoryFormValues {
  kind: CategoryKind;
  name: string;
  description: string;
  parent_category: number | null;
}

const common = { name: categoryNameSchema, description: categoryFields.description };

/** Name and description; the parent is the root unless one is chosen. */
export const categoryFormSchema = z.object({
  ...common,
  kind: z.enum(['category', 'sub-category']),
  parent_category: z.number().nullable(),
});

/** A sub-category needs its parent. */
export const subCategoryFormSchema = categoryFormSchema.extend({
  parent_category: z.number({ error: PARENT_REQUIRED_MESSAGE }),
});

export type CategoryFormOutput = z.output<typeof categoryFormSchema>;

export const CATEGORY_FORM_FIELDS = ['name', 'description', 'parent_category'] as const;

/**
 * The create body. The spec sends the parent only when one other than the root is chosen: a
 * category without one is put under the root by the server.
 */
export function createCategoryBody(values: CategoryFormOutput, rootId: number | null): CategoryCreateBody {
  const body: CategoryCreateBody = { name: values.name };
  if (values.description) body.description = values.description;
  const parent = values.kind === 'sub-category' ? values.parent_category : null;
  if (parent !== null && parent !== rootId) body.parent_category = parent;
  return body;
}

/** The edit body: name and description always; the parent only when it changed (null for the root). */
export function updateCategoryBody(
  category: Category,
  values: CategoryFormOutput,
  rootId: number | null,
): CategoryUpdateBody {
  const body: CategoryUpdateBody = { name: values.name, description: values.description ?? null };
  const parent = values.parent_category;
  if (parent !== null && parent !== parentIdOf(category)) {
    body.parent_category = parent === rootId ? null : parent;
  }
  return body;
}
