import { z } from 'zod';
import { ACCOUNT_NATURES } from '../accounts.ts';
import { isBlank, maxLengthMessage, requiredText } from '../validation.ts';
import { id, idInput, idParam, optionalText, timestamp } from './common.ts';
import { booleanParam, idList } from './list-query.ts';

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_CODE_MAX = 30;
export const ACCOUNT_DESCRIPTION_MAX = 500;

export const ACCOUNT_MESSAGES = {
  not_found: 'Account Not Found',
  name_required: 'Account name is required.',
  name_taken: 'An account with this name already exists.',
  code: 'Code can only contain letters, digits and . _ / -',
  code_taken: 'An account with this code already exists.',
  type_required: 'Account type is required.',
  type_not_found: 'Account Type Not Found',
  parent_not_found: 'Parent account Not Found',
  parent_group: 'The parent account must be in the same account group.',
  parent_cycle: 'An account cannot be placed under itself or one of its sub-accounts.',
  parent_branch: 'The parent account belongs to another branch.',
  children_group: 'The sub-accounts of this account are in this group; move them first.',
  children_branch: 'The sub-accounts of this account belong to another branch.',
  system_locked: 'A system account keeps its code, account type and branch.',
  system_deactivate: 'System accounts cannot be deactivated.',
  system_delete: 'System accounts cannot be deleted.',
  has_children: 'Account cannot be deleted because it has sub-accounts.',
  in_use: 'Account cannot be deleted because it is in use.',
  deleted: 'Account deleted successfully.',
} as const;

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** '' and null clear an optional value (stored as null); absent leaves it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());

const accountName = requiredText(ACCOUNT_MESSAGES.name_required, ACCOUNT_NAME_MAX);
const accountCode = z
  .string()
  .trim()
  .max(ACCOUNT_CODE_MAX, maxLengthMessage(ACCOUNT_CODE_MAX))
  .regex(CODE, ACCOUNT_MESSAGES.code);
const description = z.string().trim().max(ACCOUNT_DESCRIPTION_MAX, maxLengthMessage(ACCOUNT_DESCRIPTION_MAX));
/** Required, with its own message whether the field is missing, empty or null. */
const accountType = z
  .preprocess((v) => (isBlank(v) ? undefined : v), idInput.optional())
  .refine((v) => v !== undefined, ACCOUNT_MESSAGES.type_required)
  .transform((v) => v as number);

export const accountCreate = z
  .object({
    name: accountName,
    account_type: accountType,
    /** An account of the same account group; the new account becomes its sub-account. */
    parent_account: clearable(idInput),
    /** An active branch, or none for a company-wide account. */
    branch: clearable(idInput),
    code: clearable(accountCode),
    description: optionalText(ACCOUNT_DESCRIPTION_MAX),
  })
  .strict();
export type AccountCreate = z.infer<typeof accountCreate>;

export const accountUpdate = z
  .object({
    name: accountName.optional(),
    account_type: idInput.optional(),
    parent_account: clearable(idInput),
    branch: clearable(idInput),
    code: clearable(accountCode),
    description: clearable(description),
  })
  .strict();
export type AccountUpdate = z.infer<typeof accountUpdate>;

export const accountGroupRef = z.object({
  id,
  name: z.string(),
  nature: z.enum(ACCOUNT_NATURES.map((n) => n.value)),
});
export const accountTypeRef = z.object({
  id,
  name: z.string(),
  code: z.string(),
  account_group: accountGroupRef,
});
export const accountParentRef = z.object({ id, name: z.string(), code: z.string().nullable() });
export const branchRef = z.object({ id, name: z.string() });

/** Related records are ids unless asked for with `expand` (account_type, branch, parent_account). */
/** The filters of the chart of accounts. */
export const accountListFilters = z.object({
  is_active: booleanParam.optional(),
  /** One account type id, or several separated by commas. */
  account_type: idList.optional(),
  account_group: idList.optional(),
  branch: idParam.optional(),
});

export const accountOutput = z.object({
  id,
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  is_system: z.boolean(),
  is_active: z.boolean(),
  account_type: z.union([id, accountTypeRef]),
  parent_account: z.union([id, accountParentRef]).nullable(),
  branch: z.union([id, branchRef]).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AccountOutput = z.infer<typeof accountOutput>;

export const ACCOUNT_EXPANDS = ['account_type', 'branch', 'parent_account'] as const;
export type AccountExpand = (typeof ACCOUNT_EXPANDS)[number];

export const accountGroupOutput = z.object({
  id,
  name: z.string(),
  nature: z.enum(ACCOUNT_NATURES.map((n) => n.value)),
  position: z.number().int(),
  account_types: z.array(z.object({ id, name: z.string(), code: z.string() })),
});
export type AccountGroupOutput = z.infer<typeof accountGroupOutput>;
