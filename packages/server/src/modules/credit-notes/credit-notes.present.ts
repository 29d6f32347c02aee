import type { CreditNoteSummaryOutput } from '@b2b/domain/api/credit-notes';
import { creditNoteBalancePaise } from '@b2b/domain/credit-notes';
import { toRupees } from '@b2b/domain/money';
import { balanceOf } from './credit-note-context.ts';
import type * as queries from './credit-notes.queries.ts';

/** How a credit note is answered in a list. */

export function presentSummary(row: queries.CreditNoteListRow): CreditNoteSummaryOutput {
  const balance = balanceOf(row);
  return {
    id: row.id,
    credit_note_number: row.credit_note_number,
    credit_note_date: row.credit_note_date,
    status: row.status,
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
    order: { id: row.order_id, order_number: row.order_number },
    sales_return:
      row.sales_return_id !== null && row.return_number !== null
        ? { id: row.sales_return_id, return_number: row.return_number }
        : null,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    branch: { id: row.branch_id, name: row.branch_name },
    reference: row.reference,
    total: toRupees(balance.totalPaise),
    amount_applied: toRupees(balance.appliedPaise),
    amount_refunded: toRupees(balance.refundedPaise),
    balance: toRupees(creditNoteBalancePaise(balance)),
    is_cancelled: balance.cancelled,
    created_at: row.created_at,
  };
}
