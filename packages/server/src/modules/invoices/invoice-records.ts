import type { Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { INVOICE_ENTITY } from './invoice-context.ts';

/** What a change of an invoice writes beside the invoice: the buyer's ledger line and the invoice's history row. */

/** Who changes the invoice: their company, and the user the rows name. */
type Actor = { companyId: number; userId: number | null };

/**
 * The buyer's ledger line for a change of what the invoice asks after it was issued: a
 * debit_adjustment when it asks more (`debitPaise`), a credit_adjustment when less (`creditPaise`),
 * under the invoice's number and branch.
 */
export function postInvoiceAdjustment(
  tx: Tx,
  options: {
    actor: Actor;
    invoice: { buyer_id: number; branch_id: number; invoice_number: string };
    invoiceId: number;
    notes: string;
  } & ({ debitPaise: number; creditPaise?: undefined } | { creditPaise: number; debitPaise?: undefined }),
) {
  const { actor, invoice, debitPaise, creditPaise } = options;
  return postBuyerLedgerEntry(tx, {
    companyId: actor.companyId,
    buyerId: invoice.buyer_id,
    type: debitPaise === undefined ? 'credit_adjustment' : 'debit_adjustment',
    ...(debitPaise === undefined ? { creditPaise } : { debitPaise }),
    branchId: invoice.branch_id,
    referenceNumber: invoice.invoice_number,
    notes: options.notes,
    documentType: INVOICE_ENTITY,
    documentId: options.invoiceId,
    userId: actor.userId,
  });
}

/** A row of the invoice's history: what was done to it (`action`) and what changed. */
export const recordInvoiceHistory = documentHistory.invoice;
