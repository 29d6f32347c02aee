import { z } from 'zod';
import { idInput } from './api/common.ts';
import { listQuery } from './api/list-query.ts';
import { calendarDateSchema } from './validation.ts';

/**
 * The seller ledger (issue 19): every document that changes what we owe one seller, in date order,
 * with a running balance. It is read from the documents themselves (bills, payments made, contra
 * adjustments, debit notes), never posted to a table of its own, so it cannot disagree with them.
 *
 * SIGN RULE. The balance is what we owe the seller (a payable): a bill received is a CREDIT (we owe
 * more), a payment made, the TDS we deducted on it (paid to the government on the seller's
 * behalf), a contra adjustment against our invoice and a debit note are DEBITS (we owe less); the
 * reversal of each (a bill voided, a payment voided, a contra cancelled) is the opposite side, and
 * a refund the seller pays us back is a credit. balance after = balance before + credit - debit. A
 * negative balance is an advance: the seller owes us.
 *
 * Sellers carry no opening balance of their own (migration 0009), so a period's opening balance is
 * the balance of every entry before its start date. Entries of one day are ordered by the time
 * they were made, then by kind and id, the same order the running balance is summed in.
 */

export const SELLER_LEDGER_ENTRY_KINDS = [
  { value: 'bill', label: 'Bill', side: 'credit' },
  { value: 'bill_void', label: 'Bill voided', side: 'debit' },
  { value: 'payment', label: 'Payment made', side: 'debit' },
  { value: 'tds', label: 'TDS deducted', side: 'debit' },
  { value: 'payment_void', label: 'Payment voided', side: 'credit' },
  { value: 'tds_void', label: 'TDS reversed', side: 'credit' },
  { value: 'contra', label: 'Adjusted against invoice', side: 'debit' },
  { value: 'contra_cancel', label: 'Contra adjustment cancelled', side: 'credit' },
  { value: 'debit_note', label: 'Debit note', side: 'debit' },
  { value: 'debit_note_void', label: 'Debit note cancelled', side: 'credit' },
  { value: 'refund', label: 'Refund received', side: 'credit' },
] as const;
export type SellerLedgerEntryKind = (typeof SELLER_LEDGER_ENTRY_KINDS)[number]['value'];
export const SELLER_LEDGER_ENTRY_KIND_VALUES = SELLER_LEDGER_ENTRY_KINDS.map((k) => k.value) as [
  SellerLedgerEntryKind,
  ...SellerLedgerEntryKind[],
];

export const sellerLedgerKindLabel = (kind: string): string =>
  SELLER_LEDGER_ENTRY_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** Which side a kind of entry is on; the server's SQL writes each kind on this side. */
export const sellerLedgerSide = (kind: SellerLedgerEntryKind): 'debit' | 'credit' =>
  SELLER_LEDGER_ENTRY_KINDS.find((k) => k.value === kind)?.side ?? 'debit';

/** The document an entry links to, by kind (the web app makes the link from it). */
export type SellerLedgerDocumentType = 'bill' | 'payment_made' | 'contra_adjustment' | 'debit_note';

export const SELLER_LEDGER_MESSAGES = {
  not_found: 'Seller Not Found',
  start_after_end: 'The start date cannot be after the end date.',
  load_failed: 'Failed to load the seller ledger',
  empty: 'No entries in this period.',
  pdf_failed: 'Failed to download the statement',
} as const;

/**
 * The running balance of a period's entries, in paise: each entry's balance after it, starting
 * from the opening balance. The server sums the same rule in SQL (a window over the same order);
 * this is its reference, and what the tests check the SQL against.
 */
export function runningBalances(
  openingPaise: number,
  entries: readonly { debitPaise: number; creditPaise: number }[],
): { balances: number[]; closingPaise: number; totalDebitPaise: number; totalCreditPaise: number } {
  let balance = openingPaise;
  let totalDebitPaise = 0;
  let totalCreditPaise = 0;
  const balances = entries.map((entry) => {
    balance += entry.creditPaise - entry.debitPaise;
    totalDebitPaise += entry.debitPaise;
    totalCreditPaise += entry.creditPaise;
    return balance;
  });
  return { balances, closingPaise: balance, totalDebitPaise, totalCreditPaise };
}

/** How a balance reads: 'Payable' when we owe the seller, 'Advance' when the seller owes us. */
export const sellerBalanceSide = (balancePaise: number): 'Payable' | 'Advance' | 'Settled' =>
  balancePaise > 0 ? 'Payable' : balancePaise < 0 ? 'Advance' : 'Settled';

// ---------------------------------------------------------------------------------------------
// API

const ledgerDate = calendarDateSchema('Please enter a valid date (YYYY-MM-DD).');

function checkRange(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (query.start_date && query.end_date && query.start_date > query.end_date) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: SELLER_LEDGER_MESSAGES.start_after_end });
  }
}

export const sellerLedgerFilters = z.object({
  start_date: ledgerDate.optional(),
  end_date: ledgerDate.optional(),
  branch: idInput.optional(),
});

/** GET admin/sellers/{id}/ledger: the period (both ends inclusive), a branch, paging, `format=csv`. */
export const sellerLedgerQuery = listQuery
  .pick({ limit: true, offset: true })
  .extend(sellerLedgerFilters.shape)
  .extend({ format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).optional() })
  .superRefine(checkRange);
export type SellerLedgerQuery = z.infer<typeof sellerLedgerQuery>;

/** GET admin/sellers/{id}/ledger/pdf: the statement of a period. */
export const sellerStatementQuery = sellerLedgerFilters.superRefine(checkRange);

const money = z.number();
const outId = z.number().int();

export const sellerLedgerEntryOutput = z.object({
  date: z.string(),
  kind: z.enum(SELLER_LEDGER_ENTRY_KIND_VALUES),
  kind_label: z.string(),
  /** The document's number (bill number as the seller printed it, payment or contra number). */
  number: z.string(),
  document_type: z.enum(['bill', 'payment_made', 'contra_adjustment', 'debit_note']),
  document_id: outId,
  /** The other document a line names: the bill of a contra line, the invoice it was set against. */
  reference: z.string().nullable(),
  branch: z.object({ id: outId, name: z.string() }),
  debit: money,
  credit: money,
  /** What we owe the seller after this entry (negative: an advance). */
  balance: money,
  created_at: z.union([z.string(), z.date()]),
});
export type SellerLedgerEntryOutput = z.infer<typeof sellerLedgerEntryOutput>;

export const sellerLedgerOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(sellerLedgerEntryOutput),
  seller: z.object({ id: outId, name: z.string(), gstin: z.string().nullable() }),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  opening_balance: money,
  total_debit: money,
  total_credit: money,
  closing_balance: money,
});
export type SellerLedgerOutput = z.infer<typeof sellerLedgerOutput>;

export const SELLER_LEDGER_CSV_HEADER = [
  'Date',
  'Entry',
  'Number',
  'Reference',
  'Branch',
  'Debit',
  'Credit',
  'Balance',
] as const;

export const sellerLedgerCsvRow = (entry: SellerLedgerEntryOutput) => [
  entry.date,
  entry.kind_label,
  entry.number,
  entry.reference,
  entry.branch.name,
  entry.debit,
  entry.credit,
  entry.balance,
];
