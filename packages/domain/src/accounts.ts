import type { StatusOption } from './statuses.ts';

/**
 * The chart of accounts. Groups, types and system accounts are seeded per company by the SQL
 * function seed_chart_of_accounts (server migration 0010); this file names what code elsewhere
 * relies on: the natures of groups and the codes of the system accounts the product posts to.
 */
export const ACCOUNT_NATURES = [
  { value: 'assets', label: 'Assets', color: 'blue' },
  { value: 'liabilities', label: 'Liabilities', color: 'orange' },
  { value: 'equity', label: 'Equity', color: 'grape' },
  { value: 'income', label: 'Income', color: 'green' },
  { value: 'expenses', label: 'Expenses', color: 'red' },
] as const satisfies readonly StatusOption[];
export type AccountNature = (typeof ACCOUNT_NATURES)[number]['value'];

export function accountNatureLabel(value: string): string {
  return ACCOUNT_NATURES.find((n) => n.value === value)?.label ?? value;
}

/**
 * Codes of the seeded system accounts (a server test checks the seed has exactly these). Invoices,
 * bills, payments and round-off post to them by code; they cannot be deleted and keep their code,
 * account type and branch (company-wide).
 */
export const SYSTEM_ACCOUNT_CODES = [
  'SALES',
  'PURCHASES',
  'OUTPUT-CGST',
  'OUTPUT-SGST',
  'OUTPUT-IGST',
  'OUTPUT-CESS',
  'INPUT-CGST',
  'INPUT-SGST',
  'INPUT-IGST',
  'INPUT-CESS',
  'TDS-RECEIVABLE',
  'ACCOUNTS-RECEIVABLE',
  'ACCOUNTS-PAYABLE',
  'CASH',
  'UNDEPOSITED-FUNDS',
  'ROUND-OFF',
  'DISCOUNT-ALLOWED',
  'SHIPPING-CHARGES',
  'OPENING-BALANCE-ADJUSTMENTS',
] as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNT_CODES)[number];

/** The seeded account type (group Bank Accounts) under which every bank account gets its ledger. */
export const BANK_LEDGER_TYPE_CODE = 'bank';
