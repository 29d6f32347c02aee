import { z } from 'zod';
import {
  emailSchema,
  passwordSchema,
  personalPasswordCheck,
  personNameSchema,
  phoneSchema,
} from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { booleanParam, idList } from './list-query.ts';

/** The filters of the user list (groups__in: role ids). */
export const userListFilters = z.object({
  is_active: booleanParam.optional(),
  groups__in: idList.optional(),
});

export const userOutput = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  role: z.object({ id, display_name: z.string() }),
  branches: z.array(z.object({ id, name: z.string() })),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type UserOutput = z.infer<typeof userOutput>;

const branchIds = z.array(idInput).min(1, 'Assign at least one branch.').max(500);
const optionalPhone = z.preprocess((v) => (v === '' ? null : v), z.union([phoneSchema, z.null()]).optional());

export const userCreate = z
  .object({
    first_name: personNameSchema,
    last_name: z.preprocess((v) => v ?? '', z.string().trim().max(64)),
    email: emailSchema,
    phone: optionalPhone,
    password: passwordSchema,
    role: idInput,
    branches: branchIds,
  })
  .check(personalPasswordCheck('password'));
export type UserCreate = z.infer<typeof userCreate>;

export const userUpdate = z
  .object({
    first_name: personNameSchema.optional(),
    last_name: z.string().trim().max(64).optional(),
    email: emailSchema.optional(),
    phone: optionalPhone,
    password: passwordSchema.optional(),
    role: idInput.optional(),
    /** Asked of a user changing their own password, e-mail or phone (a borrowed session cannot). */
    current_password: z.string().max(128).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdate>;

export const userBranchesChange = z.object({ branches: branchIds });
