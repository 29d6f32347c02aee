import { toRupees } from '@b2b/domain/money';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './contra-adjustments.queries.ts';

/**
 * The contra adjustments a document's detail lists (invoice reads and bill reads call these). Kept
 * apart from the service, which writes through the bills and invoices areas, so reading a bill
 * or an invoice imports nothing that imports them back.
 */

/** The invoice detail's contra adjustments (invoice reads call this). */
export async function invoiceContras(db: Executor, companyId: number, invoiceId: number) {
  const contras = await queries.contrasOfInvoice(db, companyId, invoiceId);
  const lines = await queries.linesOf(
    db,
    companyId,
    contras.map((c) => c.id),
  );
  return contras.map((c) => ({
    id: c.id,
    contra_number: c.contra_number,
    date: c.contra_date,
    status: c.status,
    amount: toRupees(Number(c.amount_paise)),
    bills: lines
      .filter((line) => line.contra_adjustment_id === c.id)
      .map((line) => ({
        id: line.bill_id,
        bill_number: line.bill_number,
        amount: toRupees(Number(line.amount_paise)),
      })),
  }));
}

/** The bill detail's contra lines (bill reads call this). */
export async function billContras(db: Executor, companyId: number, billId: number) {
  const rows = await queries.contrasOfBill(db, companyId, billId);
  return rows.map((row) => ({
    id: row.id,
    contra_number: row.contra_number,
    date: row.contra_date,
    status: row.status,
    amount: toRupees(Number(row.amount_paise)),
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
  }));
}
