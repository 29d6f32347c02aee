import { toRupees } from '@b2b/domain/money';
import {
  PURCHASE_RETURN_MESSAGES,
  type PurchaseReturnOutput,
  type PurchaseReturnStatus,
  type PurchaseReturnSummaryOutput,
  purchaseReturnStatusLabel,
} from '@b2b/domain/purchase-returns';
import { AppError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { findDebitNoteOfReturn } from '../debit-notes/debit-notes.queries.ts';
import { presentDebitNote } from '../debit-notes/debit-notes.reads.ts';
import { historyPage } from '../history/history.service.ts';
import { dayOrThrow, person } from '../sales-documents/sales-document.ts';
import * as queries from './purchase-returns.queries.ts';

/** Reading purchase returns: the list, one return with its lines and debit note, its history. */

export const PURCHASE_RETURN_ENTITY = 'purchase_return';

export const purchaseReturnNotFound = () => new AppError('not_found', PURCHASE_RETURN_MESSAGES.not_found);

function assertVisible(actor: Principal | undefined, branchId: number) {
  const scope = actor ? branchScope(actor) : null;
  if (scope && !scope.includes(branchId)) throw purchaseReturnNotFound();
}

function present(row: queries.PurchaseReturnRow): PurchaseReturnSummaryOutput {
  const status = row.status as PurchaseReturnStatus;
  return {
    id: row.id,
    return_number: row.return_number,
    return_date: dayOrThrow(row.return_date),
    status,
    status_label: purchaseReturnStatusLabel(status),
    bill: { id: row.bill_id, bill_number: row.bill_number },
    seller: { id: row.seller_id, name: row.seller_name },
    branch: { id: row.branch_id, name: row.branch_name },
    warehouse: { id: row.warehouse_id, name: row.warehouse_name },
    reason: row.reason,
    total_quantity: Number(row.total_quantity),
    debit_note:
      row.debit_note_id === null || row.debit_note_number === null
        ? null
        : {
            id: row.debit_note_id,
            debit_note_number: row.debit_note_number,
            total: toRupees(Number(row.debit_note_total_paise ?? 0)),
            status: row.debit_note_status ?? 'open',
          },
    created_by: person(row.created_by, row.first_name, row.last_name),
    created_at: row.created_at,
    voided_at: row.voided_at,
  };
}

export async function getPurchaseReturn(
  db: Executor,
  companyId: number,
  id: number,
  actor?: Principal,
): Promise<PurchaseReturnOutput> {
  const [row, items, note] = await Promise.all([
    queries.findPurchaseReturn(db, companyId, id),
    queries.itemsOfReturn(db, companyId, id),
    findDebitNoteOfReturn(db, companyId, id),
  ]);
  if (!row) throw purchaseReturnNotFound();
  assertVisible(actor, row.branch_id);
  return {
    ...present(row),
    items: items.map((item) => ({
      id: item.id,
      bill_item: item.bill_item_id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      unit: item.unit,
      quantity: Number(item.quantity),
      batch_number: item.batch_number,
    })),
    debit_note_detail: note ? presentDebitNote(note) : null,
    allowed_actions: row.status === 'void' || (note && Number(note.refunded_paise) > 0) ? [] : ['void'],
  };
}

export async function listPurchaseReturns(
  db: Executor,
  companyId: number,
  filter: queries.PurchaseReturnFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listPurchaseReturns(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function purchaseReturnHistory(db: Executor, companyId: number, id: number, actor?: Principal) {
  const row = await queries.ownerOfReturn(db, companyId, id);
  if (!row) throw purchaseReturnNotFound();
  assertVisible(actor, row.branch_id);
  return historyPage(db, companyId, PURCHASE_RETURN_ENTITY, id);
}
