import { z } from 'zod';
import {
  accountHolderSchema,
  accountNumberSchema,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_TYPE_VALUES,
  bankNameSchema,
  ifscSchema,
  upiIdSchema,
} from '../bank-accounts.ts';
import { id, optionalText, timestamp } from './common.ts';

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.union([schema, z.null()]).optional(),
  );

const accountType = z.enum(BANK_ACCOUNT_TYPE_VALUES, { error: BANK_ACCOUNT_MESSAGES.account_type });

export const bankAccountCreate = z
  .object({
    bank_name: bankNameSchema,
    account_holder_name: accountHolderSchema,
    account_number: accountNumberSchema,
    ifsc_code: ifscSchema,
    bank_branch_name: blankToNull(optionalText(100)),
    account_type: accountType.default('current'),
    upi_id: blankToNull(upiIdSchema),
    /** The branch's first account becomes its default whatever this says. */
    is_default: z.boolean({ error: 'is_default must be true or false.' }).default(false),
  })
  .strict();
export type BankAccountCreate = z.infer<typeof bankAccountCreate>;

export const bankAccountUpdate = z
  .object({
    bank_name: bankNameSchema.optional(),
    account_holder_name: accountHolderSchema.optional(),
    account_number: accountNumberSchema.optional(),
    ifsc_code: ifscSchema.optional(),
    bank_branch_name: blankToNull(optionalText(100)),
    account_type: accountType.optional(),
    upi_id: blankToNull(upiIdSchema),
    is_default: z.boolean({ error: 'is_default must be true or false.' }).optional(),
  })
  .strict();
export type BankAccountUpdate = z.infer<typeof bankAccountUpdate>;

export const bankAccountOutput = z.object({
  id,
  branch: z.object({ id, name: z.string(), is_active: z.boolean() }),
  bank_name: z.string(),
  account_holder_name: z.string(),
  account_number: z.string(),
  ifsc_code: z.string(),
  bank_branch_name: z.string().nullable(),
  account_type: z.enum(BANK_ACCOUNT_TYPE_VALUES),
  upi_id: z.string().nullable(),
  is_default: z.boolean(),
  /** Its ledger in the chart of accounts; null for accounts added before ledgers were linked. */
  account: z.object({ id, name: z.string() }).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BankAccountOutput = z.infer<typeof bankAccountOutput>;
