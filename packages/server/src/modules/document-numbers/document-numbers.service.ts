import type { Executor, Tx } from '../../db/transaction.ts';
import * as queries from './document-numbers.queries.ts';
import { DOCUMENT_NUMBER_DIGITS } from './document-numbers.queries.ts';

/**
 * Numbers of documents (inventory adjustments now; orders, invoices and notes as they arrive):
 * one counter per company and document type, formatted `<PREFIX>-<6 digits>` (ADJ-000001).
 *
 * The counter is advanced under its row lock inside the caller's transaction, so numbers are
 * unique under concurrent requests and gap-free among committed documents: a transaction that
 * rolls back gives its number back. The price is that documents of one type and company are
 * numbered one transaction at a time; callers take the number early and keep the rest short.
 */
export const DOCUMENT_PREFIXES: Record<string, string> = {
  inventory_adjustment: 'ADJ',
  inventory_transfer: 'TRF',
};

export { DOCUMENT_NUMBER_DIGITS };

export function formatDocumentNumber(prefix: string, value: number, digits = DOCUMENT_NUMBER_DIGITS): string {
  return `${prefix}-${String(value).padStart(digits, '0')}`;
}

/** The prefix of a document type: the known ones, else the type's initials upper-cased (sales_order -> SO). */
export function prefixOf(documentType: string): string {
  return (
    DOCUMENT_PREFIXES[documentType] ??
    documentType
      .split(/[^a-z0-9]+/i)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase())
      .join('')
  );
}

/** Takes the next number of a document type for the company, inside the caller's transaction. */
export async function nextDocumentNumber(
  tx: Tx,
  companyId: number,
  documentType: string,
  options: { prefix?: string } = {},
): Promise<string> {
  const prefix = options.prefix ?? prefixOf(documentType);
  const taken = await queries.takeNextValue(tx, companyId, documentType, prefix);
  return formatDocumentNumber(taken.prefix, Number(taken.value));
}

/**
 * Takes the next value of a named series (an invoice series in a financial year, keyed by
 * invoiceCounterKey), starting at 1, for callers that format numbers themselves. Same counter and
 * the same guarantees as nextDocumentNumber: unique, and gap-free among committed documents,
 * because the counter row stays locked until the caller's transaction ends.
 */
export async function nextInSeries(tx: Tx, companyId: number, key: string, prefix: string): Promise<number> {
  const taken = await queries.takeNextValue(tx, companyId, key, prefix);
  return Number(taken.value);
}

/** The number the next document of the type would get (not reserved). */
export async function peekDocumentNumber(db: Executor, companyId: number, documentType: string) {
  const row = await queries.peekNextValue(db, companyId, documentType);
  return formatDocumentNumber(row?.prefix ?? prefixOf(documentType), row?.next_value ?? 1);
}

/**
 * The counter of an invoice series in a financial year. Counters are kept per series, not per
 * branch (issue 16): a branch that changes its series starts the new one at 1, and goes on where
 * it stopped if it returns to an old one; a series never passes to another branch once it has
 * issued an invoice (invoiceSeriesOwner), so no two branches ever count the same numbers.
 */
export const invoiceCounterKey = (series: string, fyCode: string) => `invoice_series:${series}:${fyCode}`;

export { lockInvoiceSeriesClaims } from './document-numbers.queries.ts';

/** The branch a series belongs to since it issued its first invoice, or null if it never did. */
export async function invoiceSeriesOwner(db: Executor, companyId: number, series: string) {
  const row = await queries.findInvoiceSeriesOwner(db, companyId, series);
  return row ? { branchId: Number(row.branch_id), firstInvoiceNumber: row.first_invoice_number } : null;
}

/** Every series of the company that has issued an invoice (none may be given to another branch). */
export const usedInvoiceSeries = (db: Executor, companyId: number) =>
  queries.usedInvoiceSeries(db, companyId);

/**
 * Records that a series issued its first invoice, for the branch, in the invoice's transaction
 * (under lockInvoiceSeriesClaims, taken before the series was chosen).
 */
export async function recordInvoiceSeriesUse(
  tx: Tx,
  use: { companyId: number; series: string; branchId: number; firstInvoiceNumber: string },
) {
  await queries.insertUsedInvoiceSeries(tx, {
    company_id: use.companyId,
    series: use.series,
    branch_id: use.branchId,
    first_invoice_number: use.firstInvoiceNumber,
  });
}
