import {
  BUYER_MESSAGES,
  type TransactionCreate,
  type TransactionOutput,
  todayInIndia,
} from '@b2b/domain/api/buyers';
import { balanceAfter, ledgerAmounts } from '@b2b/domain/buyers';
import { toPaise, toRupees } from '@b2b/domain/money';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { BuyerLedgerEntryType } from '../../db/schema.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { assertActiveBranches } from '../branches/branch-checks.ts';
import { recordHistory } from '../history/history.service.ts';
import { findPaymentMethod } from '../payment-methods/payment-methods.queries.ts';
import * as queries from './buyer-ledger.queries.ts';

export type { LedgerFilter } from './buyer-ledger.queries.ts';

/** One line for the buyer ledger; amounts in paise, exactly one of debit and credit above zero. */
export interface LedgerPosting {
  companyId: number;
  buyerId: number;
  type: BuyerLedgerEntryType;
  debitPaise?: number;
  creditPaise?: number;
  /** YYYY-MM-DD; today in India when absent (the database's current_date is UTC's day until 05:30 IST). */
  entryDate?: string;
  paymentMethodId?: number | null;
  accountId?: number | null;
  branchId?: number | null;
  referenceNumber?: string | null;
  notes?: string | null;
  /** The document that posts the line (an invoice, a credit note...), for a link back. */
  documentType?: string | null;
  documentId?: number | null;
  userId: number | null;
}

function assertAmounts(posting: LedgerPosting): { debit: number; credit: number } {
  const debit = posting.debitPaise ?? 0;
  const credit = posting.creditPaise ?? 0;
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 0;
  // Programming errors, not user input: callers convert and check amounts before posting.
  if (!valid(debit) || !valid(credit)) {
    throw new RangeError(`Ledger amounts must be whole non-negative paise: ${debit} / ${credit}`);
  }
  if (posting.type !== 'opening_balance' && (debit === 0) === (credit === 0)) {
    throw new RangeError('A ledger line is either a debit or a credit.');
  }
  return { debit, credit };
}

/**
 * The only writer of a buyer's outstanding. Locks the buyer row (SELECT ... FOR UPDATE), so
 * concurrent postings on one buyer take turns: each reads the outstanding its predecessor left,
 * adds its debit and takes off its credit in integer paise, stores the new outstanding and the
 * line with that balance. Invoices, credit notes and hand-recorded transactions all post here,
 * inside the transaction of the document that causes them.
 */
export async function postBuyerLedgerEntry(
  tx: Tx,
  posting: LedgerPosting,
): Promise<{ id: number; balanceAfterPaise: number }> {
  const { debit, credit } = assertAmounts(posting);
  const buyer = await queries.lockOutstanding(tx, posting.companyId, posting.buyerId);
  if (!buyer) throw notFound('Buyer');
  const balanceAfterPaise = balanceAfter(buyer.outstanding_paise, debit, credit);
  if (!Number.isSafeInteger(balanceAfterPaise)) throw new RangeError('Outstanding out of range.');
  await queries.setOutstanding(tx, posting.companyId, posting.buyerId, balanceAfterPaise);
  const { id } = await queries.insertLedgerEntry(tx, {
    company_id: posting.companyId,
    buyer_id: posting.buyerId,
    entry_type: posting.type,
    entry_date: posting.entryDate ?? todayInIndia(),
    debit_paise: debit,
    credit_paise: credit,
    balance_after_paise: balanceAfterPaise,
    payment_method_id: posting.paymentMethodId ?? null,
    account_id: posting.accountId ?? null,
    branch_id: posting.branchId ?? null,
    reference_number: posting.referenceNumber ?? null,
    notes: posting.notes ?? null,
    document_type: posting.documentType ?? null,
    document_id: posting.documentId ?? null,
    created_by: posting.userId,
  });
  return { id, balanceAfterPaise };
}

// ---------------------------------------------------------------------------------------------
// Reading

const refOrNull = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function presentEntry(row: queries.LedgerEntryRow): TransactionOutput {
  return {
    id: row.id,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    date: row.entry_date,
    entry_type: row.entry_type,
    debit: toRupees(row.debit_paise),
    credit: toRupees(row.credit_paise),
    balance_after: toRupees(row.balance_after_paise),
    payment_method: refOrNull(row.payment_method_id, row.payment_method_name),
    branch: refOrNull(row.branch_id, row.branch_name),
    reference_number: row.reference_number,
    notes: row.notes,
    document_type: row.document_type,
    document_id: row.document_id,
    created_by:
      row.created_by === null
        ? null
        : { id: row.created_by, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
    created_at: row.created_at,
  };
}

/** Counts per company and filter until the company's next change (as products.service does). */
const counts = new BoundedCache<number>(2_000);

export async function listTransactions(
  db: Executor,
  companyId: number,
  filter: queries.LedgerFilter,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: TransactionOutput[] }> {
  const rows = await queries.listEntries(db, companyId, filter, sort, window);
  let count: number;
  if (window.offset === 0 && rows.length < window.limit) {
    count = rows.length;
  } else {
    const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
    count = counts.get(key) ?? Number((await queries.countEntries(db, companyId, filter)).n);
    counts.set(key, count);
  }
  return { count, results: rows.map(presentEntry) };
}

export async function lastPayment(db: Executor, companyId: number, buyerId: number) {
  const row = await queries.lastPaymentOf(db, companyId, buyerId);
  if (!row) return null;
  return {
    id: row.id,
    date: row.entry_date,
    amount: toRupees(row.credit_paise),
    payment_method: refOrNull(row.payment_method_id, row.payment_method_name),
    reference_number: row.reference_number,
  };
}

// ---------------------------------------------------------------------------------------------
// Recording a transaction by hand

async function assertPaymentMethod(tx: Tx, companyId: number, id: number) {
  const method = await findPaymentMethod(tx, companyId, id);
  if (!method) throw validationError('payment_method', BUYER_MESSAGES.payment_method_not_found);
  if (!method.is_active) throw validationError('payment_method', BUYER_MESSAGES.payment_method_inactive);
}

/**
 * POST admin/companies/{companyId}/transactions: a payment received, a refund paid out, or an
 * adjustment either way. The amount is turned into paise once, at the edge; from there on every
 * figure is an integer.
 */
export async function recordTransaction(options: {
  db: Database;
  actor: Principal;
  input: TransactionCreate;
}): Promise<TransactionOutput & { outstanding: number }> {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  // The schema refuses future dates too; checked again here against the server's clock.
  if (input.date && input.date > todayInIndia()) throw validationError('date', BUYER_MESSAGES.date_in_future);
  const { id, balanceAfterPaise } = await inTransaction(db, async (tx) => {
    if (input.payment_method != null) await assertPaymentMethod(tx, companyId, input.payment_method);
    if (input.branch != null) await assertActiveBranches(tx, companyId, [input.branch], 'branch');
    const posted = await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: input.buyer,
      type: input.transaction_type,
      ...ledgerAmounts(input.transaction_type, toPaise(input.amount)),
      entryDate: input.date ?? todayInIndia(),
      paymentMethodId: input.payment_method ?? null,
      branchId: input.branch ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? null,
      userId: actor.userId,
    }).catch((error: unknown) => {
      // The buyer is named in the body: an unknown one is a bad field, not a missing page.
      if (error instanceof Error && error.message === 'Buyer Not Found') {
        throw validationError('buyer', BUYER_MESSAGES.not_found);
      }
      throw error;
    });
    await recordHistory(tx, {
      companyId,
      entityType: 'buyer',
      entityId: input.buyer,
      action: 'transaction_recorded',
      userId: actor.userId,
      changes: { transaction: posted.id, ...input },
    });
    return posted;
  });
  const entry = presentEntry(await queries.findEntry(db, companyId, id));
  return { ...entry, outstanding: toRupees(balanceAfterPaise) };
}
