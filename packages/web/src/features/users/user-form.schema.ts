import {
  emailSchema,
  optionalField,
  passwordSchema,
  personalPasswordCheck,
  personNameSchema,
  phoneSchema,
} from '@b2b/domain/validation';
import { z } from 'zod';

const common = {
  first_name: personNameSchema,
  last_name: z.string().trim().max(64).optional(),
  email: emailSchema,
  phone: optionalField(phoneSchema),
  role: z.string({ error: 'Role is required.' }).min(1, 'Role is required.'),
  branches: z.array(z.string()).min(1, 'Assign at least one branch.'),
};

export const createUserSchema = z
  .object({ ...common, password: passwordSchema })
  .check(personalPasswordCheck('password'));

/**
 * On edit the password is optional: blank keeps the current one. Editing oneself, the current
 * password is asked for by the server when the password, e-mail or phone changes.
 */
export const editUserSchema = z
  .object({ ...common, password: optionalField(passwordSchema), current_password: z.string().max(128) })
  .check(personalPasswordCheck('password'));

export type UserFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  current_password: string;
  role: string | null;
  branches: string[];
};

export const USER_FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'current_password',
  'role',
  'branches',
] as const;
