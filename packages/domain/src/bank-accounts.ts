import { z } from 'zod';
import { MESSAGES as COMMON, requiredText } from './validation.ts';

/**
 * Bank accounts of a branch (printed on invoices for payment). The IFSC is the 11-character
 * code of the RBI: 4 letters of the bank, a 0 reserved for future use, 6 letters or digits of
 * the bank branch. Indian account numbers have 9 to 18 digits.
 */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;
/** A UPI id (virtual payment address): handle@provider. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export const BANK_ACCOUNT_TYPES = [
  { value: 'current', label: 'Current', color: 'blue' },
  { value: 'savings', label: 'Savings', color: 'green' },
  { value: 'overdraft', label: 'Overdraft', color: 'orange' },
  { value: 'cash_credit', label: 'Cash Credit', color: 'grape' },
] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number]['value'];
export const BANK_ACCOUNT_TYPE_VALUES = BANK_ACCOUNT_TYPES.map((t) => t.value) as [
  BankAccountType,
  ...BankAccountType[],
];

export const BANK_ACCOUNT_MESSAGES = {
  bank_name_required: 'Bank name is required.',
  holder_required: 'Account holder name is required.',
  account_number_required: 'Account number is required.',
  account_number: 'Account number must have 9 to 18 digits.',
  ifsc_required: 'IFSC code is required.',
  ifsc: 'Please enter a valid IFSC code (e.g. HDFC0001234).',
  upi_id: 'Please enter a valid UPI id (e.g. name@bank).',
  account_type: 'Please choose an account type.',
  duplicate: 'A bank account with this IFSC code and account number already exists.',
  not_found: 'Bank Account Not Found',
  deleted: 'Bank account deleted successfully.',
  // Toasts (the spec gives none for bank accounts; these follow its branch wording).
  created: 'Bank account added successfully.',
  updated: 'Bank account updated successfully.',
  made_default: 'Default bank account updated successfully.',
  create_failed: 'Failed to add bank account.',
  update_failed: 'Failed to update bank account.',
  delete_failed: 'Failed to delete bank account.',
  load_failed: 'Failed to load bank accounts.',
} as const;

export const isIfsc = (value: string) => IFSC_PATTERN.test(value.trim().toUpperCase());
export const isAccountNumber = (value: string) => ACCOUNT_NUMBER_PATTERN.test(value.trim());
export const isUpiId = (value: string) => UPI_ID_PATTERN.test(value.trim());

/** Masks all but the last four digits, for lists and invoices: XXXXXX1234. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.trim();
  return digits.length <= 4 ? digits : `${'X'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/**
 * The name of a bank account's ledger in the chart of accounts: the bank and the last four digits,
 * as accountants tell their bank ledgers apart (HDFC Bank ••0060).
 */
export function bankLedgerName(bankName: string, accountNumber: string): string {
  return `${bankName.trim()} ••${accountNumber.trim().slice(-4)}`;
}

const textWith = (requiredMessage: string, check: (v: string) => boolean, message: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: requiredMessage, input: value });
      else if (!check(value)) ctx.addIssue({ code: 'custom', message, input: value });
    });

export const bankNameSchema = requiredText(BANK_ACCOUNT_MESSAGES.bank_name_required, 100);
export const accountHolderSchema = requiredText(BANK_ACCOUNT_MESSAGES.holder_required, 100);
export const accountNumberSchema = textWith(
  BANK_ACCOUNT_MESSAGES.account_number_required,
  isAccountNumber,
  BANK_ACCOUNT_MESSAGES.account_number,
);
export const ifscSchema = textWith(
  BANK_ACCOUNT_MESSAGES.ifsc_required,
  isIfsc,
  BANK_ACCOUNT_MESSAGES.ifsc,
).transform((v) => v.toUpperCase());
export const upiIdSchema = textWith(COMMON.required, isUpiId, BANK_ACCOUNT_MESSAGES.upi_id);
