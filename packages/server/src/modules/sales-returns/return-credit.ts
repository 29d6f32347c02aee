import { SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { AppError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import * as queries from './sales-returns.queries.ts';

/**
 * What a credit note asks of the return it is issued from. The return is the only writer of its
 * rows; the credit notes area reaches them through these functions. This file imports nothing of
 * credit notes, so a return that issues its credit note (sales-returns.service -> credit-notes) and
 * a credit note that marks its return credited (credit-notes -> here) close no import cycle.
 */

const notFound = () => new AppError('not_found', SALES_RETURN_MESSAGES.not_found);

/** The return's invoice and lines, unlocked (to take the invoice's lock first); undefined for another company's. */
export async function findReturnToCredit(db: Executor, companyId: number, returnId: number) {
  const salesReturn = await queries.findReturnInvoice(db, companyId, returnId);
  if (!salesReturn) return undefined;
  return { ...salesReturn, items: await queries.itemsOfSalesReturn(db, companyId, returnId) };
}

/** The return a credit note is issued from, locked (after its invoice); 404 when not the company's. */
export async function lockReturnForCredit(tx: Tx, companyId: number, returnId: number) {
  const salesReturn = await queries.lockSalesReturn(tx, companyId, returnId);
  if (!salesReturn) throw notFound();
  const items = await queries.itemsOfSalesReturn(tx, companyId, returnId);
  return { ...salesReturn, items };
}

/** Marks the return credited (a credit note was issued from it) or received again (its note was cancelled). */
export async function setReturnCredited(
  tx: Tx,
  options: {
    companyId: number;
    returnId: number;
    credited: boolean;
    creditNoteNumber: string;
    userId: number | null;
  },
) {
  const { companyId, returnId, credited } = options;
  await queries.updateSalesReturn(tx, companyId, returnId, { status: credited ? 'credited' : 'received' });
  await recordHistory(tx, {
    companyId,
    entityType: DOCUMENT_ENTITY.salesReturn,
    entityId: returnId,
    action: credited ? 'credit_note_issued' : 'credit_note_cancelled',
    userId: options.userId,
    changes: {
      credit_note_number: options.creditNoteNumber,
      status: { from: credited ? 'received' : 'credited', to: credited ? 'credited' : 'received' },
    },
  });
}
