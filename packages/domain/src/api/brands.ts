import { z } from 'zod';
import { requiredText } from '../validation.ts';
import { id, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const BRAND_NAME_MAX = 100;

const brandName = requiredText('Brand name is required.', BRAND_NAME_MAX);

export const brandCreate = z
  .object({
    name: brandName,
    ignore_for_bi: z.boolean().default(false),
  })
  .strict();
export type BrandCreate = z.infer<typeof brandCreate>;

export const brandUpdate = z
  .object({
    name: brandName.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type BrandUpdate = z.infer<typeof brandUpdate>;

export const brandIgnoreForBi = z
  .object({ ignore_for_bi: z.boolean({ error: 'ignore_for_bi must be true or false.' }) })
  .strict();

/** The filters of the brand list. */
export const brandListFilters = z.object({ is_active: booleanParam.optional() });

export const brandOutput = z.object({
  id,
  name: z.string(),
  /** URL path of the logo (/api/files/...), or null. */
  logo: z.string().nullable(),
  is_active: z.boolean(),
  ignore_for_bi: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BrandOutput = z.infer<typeof brandOutput>;

export const BRAND_MESSAGES = {
  name_taken: 'A brand with this name already exists.',
  deleted: 'Brand deleted Successfully.',
} as const;
