import { z } from 'zod';
import {
  BUYER_GROUP_DESCRIPTION_MAX,
  BUYER_GROUP_MESSAGES,
  BUYER_GROUP_NAME_MAX,
  isLastDaysValid,
  isPurchaseRangeValid,
} from '../buyer-groups.ts';
import { requiredText } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { booleanParam, idList } from './list-query.ts';

const name = requiredText(BUYER_GROUP_MESSAGES.name_required, BUYER_GROUP_NAME_MAX);

/**
 * The purchase amount range in rupees: every way of getting it wrong (a negative minimum, a
 * maximum below the minimum, a third decimal, text) gets the spec's one sentence.
 */
export const purchaseRangeInput = z
  .object(
    {
      min_amount: z.unknown().optional(),
      max_amount: z.unknown().optional(),
    },
    { error: BUYER_GROUP_MESSAGES.purchase_range },
  )
  .strict()
  .superRefine((value, ctx) => {
    if (!isPurchaseRangeValid(value)) {
      ctx.addIssue({ code: 'custom', message: BUYER_GROUP_MESSAGES.purchase_range, input: value });
    }
  })
  .transform((value) => ({
    min_amount: value.min_amount as number,
    max_amount: (value.max_amount ?? null) as number | null,
  }));

export const purchaseWindowInput = z
  .object(
    {
      last_days: z.unknown().refine(isLastDaysValid, { error: BUYER_GROUP_MESSAGES.last_days }),
    },
    { error: BUYER_GROUP_MESSAGES.last_days },
  )
  .strict()
  .transform((value) => ({ last_days: value.last_days as number }));

const branchIds = z.array(idInput).max(200);

export const buyerGroupCreate = z
  .object({
    name,
    description: optionalText(BUYER_GROUP_DESCRIPTION_MAX),
    is_dynamic_group: z.boolean().default(false),
    dynamic_group_sale_condition: purchaseRangeInput.nullable().optional(),
    dynamic_group_time_condition: purchaseWindowInput.nullable().optional(),
    branches: branchIds.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.is_dynamic_group) {
      if (!value.dynamic_group_sale_condition) {
        ctx.addIssue({
          code: 'custom',
          message: BUYER_GROUP_MESSAGES.purchase_range,
          path: ['dynamic_group_sale_condition'],
        });
      }
      if (!value.dynamic_group_time_condition) {
        ctx.addIssue({
          code: 'custom',
          message: BUYER_GROUP_MESSAGES.last_days,
          path: ['dynamic_group_time_condition'],
        });
      }
    } else {
      for (const key of ['dynamic_group_sale_condition', 'dynamic_group_time_condition'] as const) {
        if (value[key]) {
          ctx.addIssue({ code: 'custom', message: BUYER_GROUP_MESSAGES.conditions_static, path: [key] });
        }
      }
    }
  });
export type BuyerGroupCreate = z.infer<typeof buyerGroupCreate>;

export const buyerGroupUpdate = z
  .object({
    name: name.optional(),
    /** '' or null clears it. */
    description: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(
          BUYER_GROUP_DESCRIPTION_MAX,
          `Ensure this field has no more than ${BUYER_GROUP_DESCRIPTION_MAX} characters.`,
        )
        .nullable()
        .optional(),
    ),
  })
  .strict();
export type BuyerGroupUpdate = z.infer<typeof buyerGroupUpdate>;

export const buyerGroupConditionsUpdate = z
  .object({
    dynamic_group_sale_condition: purchaseRangeInput,
    dynamic_group_time_condition: purchaseWindowInput,
  })
  .strict();
export type BuyerGroupConditionsUpdate = z.infer<typeof buyerGroupConditionsUpdate>;

export const buyerGroupAssignBuyer = z.object({ buyer: idInput }).strict();
export const buyerGroupAssignBuyers = z
  .object({
    buyers: z
      .array(idInput, { error: BUYER_GROUP_MESSAGES.buyers_required })
      .min(1, BUYER_GROUP_MESSAGES.buyers_required)
      .max(1000),
  })
  .strict();
export const buyerGroupBranches = z
  .object({
    branches: z
      .array(idInput, { error: BUYER_GROUP_MESSAGES.branches_required })
      .min(1, BUYER_GROUP_MESSAGES.branches_required)
      .max(200),
  })
  .strict();

const ref = z.object({ id, name: z.string() });

/** The filters of the buyer group list. */
export const buyerGroupListFilters = z.object({
  is_active: booleanParam.optional(),
  is_dynamic_group: booleanParam.optional(),
});

/** The filters of a group's products list. */
export const buyerGroupProductFilters = z.object({
  in_stock: booleanParam.optional(),
  category__in: idList.optional(),
  brand__in: idList.optional(),
});

export const buyerGroupOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  is_dynamic_group: z.boolean(),
  dynamic_group_sale_condition: z
    .object({ min_amount: z.number(), max_amount: z.number().nullable() })
    .nullable(),
  dynamic_group_time_condition: z.object({ last_days: z.number().int() }).nullable(),
  buyer_count: z.number().int(),
  branches: z.array(ref),
  /** When a dynamic group's members were last worked out; null until the first run. */
  evaluated_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BuyerGroupOutput = z.infer<typeof buyerGroupOutput>;

/** A buyer as the group screens list it (members and the unassigned list). */
export const buyerGroupBuyerOutput = z.object({
  id,
  name: z.string(),
  contact_person_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gst_number: z.string().nullable(),
  buyer_type: z.string(),
  is_active: z.boolean(),
  created_at: timestamp,
  /** Members only: when the buyer joined the group. */
  assigned_at: timestamp.optional(),
});
export type BuyerGroupBuyerOutput = z.infer<typeof buyerGroupBuyerOutput>;
