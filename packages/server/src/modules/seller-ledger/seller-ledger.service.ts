import { toRupees } from '@b2b/domain/money';
import {
  SELLER_LEDGER_MESSAGES,
  type SellerLedgerEntryOutput,
  type SellerLedgerOutput,
  sellerLedgerKindLabel,
} from '@b2b/domain/seller-ledger';
import { AppError, notFound } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import { branchScope, hasPermission, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './seller-ledger.queries.ts';

/**
 * The seller ledger (issue 19): a read over the seller's documents (seller-ledger.queries.ts), for
 * users who may see sellers and bills, over the branches they may see (as the bills list). A GET
 * never writes.
 */

export interface SellerLedgerRequest {
  sellerId: number;
  startDate?: string;
  endDate?: string;
  branchId?: number;
}

/** The ledger shows bills and what settles them: the seller and the bills are both needed. */
function assertCanSee(actor: Principal) {
  if (!hasPermission(actor, 'view_seller') || !hasPermission(actor, 'view_bill')) {
    throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
  }
}

function presentEntry(row: queries.LedgerEntryRow): SellerLedgerEntryOutput {
  return {
    date: row.entry_date,
    kind: row.kind,
    kind_label: sellerLedgerKindLabel(row.kind),
    number: row.number,
    document_type: row.document_type,
    document_id: row.document_id,
    reference: row.reference,
    branch: { id: row.branch_id, name: row.branch_name },
    debit: toRupees(Number(row.debit_paise)),
    credit: toRupees(Number(row.credit_paise)),
    balance: toRupees(Number(row.balance_paise)),
    created_at: row.made_at,
  };
}

export interface SellerLedger extends Omit<SellerLedgerOutput, 'next' | 'previous'> {
  openingPaise: number;
  closingPaise: number;
}

/** The ledger of a period: its figures and one window of its entries (null: every entry). */
export async function getSellerLedger(
  db: Executor,
  actor: Principal,
  request: SellerLedgerRequest,
  window: PageWindow | null,
): Promise<SellerLedger> {
  assertCanSee(actor);
  const seller = await queries.findLedgerSeller(db, actor.companyId, request.sellerId);
  if (!seller) throw notFound('Seller');
  const filter: queries.SellerLedgerFilter = {
    companyId: actor.companyId,
    sellerId: seller.id,
    branches: branchScope(actor),
    branchId: request.branchId,
    startDate: request.startDate,
    endDate: request.endDate,
  };
  const [figures, rows] = await Promise.all([
    queries.ledgerFigures(db, filter),
    queries.ledgerEntries(db, filter, window),
  ]);
  const closingPaise = figures.openingPaise + figures.creditPaise - figures.debitPaise;
  return {
    count: figures.count,
    results: rows.map(presentEntry),
    seller: { id: seller.id, name: seller.name, gstin: seller.gst_number },
    start_date: request.startDate ?? null,
    end_date: request.endDate ?? null,
    opening_balance: toRupees(figures.openingPaise),
    total_debit: toRupees(figures.debitPaise),
    total_credit: toRupees(figures.creditPaise),
    closing_balance: toRupees(closingPaise),
    openingPaise: figures.openingPaise,
    closingPaise,
  };
}

export { SELLER_LEDGER_MESSAGES };
