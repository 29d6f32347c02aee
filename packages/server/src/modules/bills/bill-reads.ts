import {
  allowedBillActions,
  BILL_MESSAGES,
  type BillOutput,
  type BillStatus,
  type BillSummaryOutput,
  billPaymentStatus,
  billStatusLabel,
} from '@b2b/domain/bills';
import { toRupees } from '@b2b/domain/money';
import { AppError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { listPageCounter } from '../../db/list-count.ts';
import type { Executor } from '../../db/transaction.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { billContras } from '../contra-adjustments/contra-adjustments.reads.ts';
import { debitNotesOfBill } from '../debit-notes/debit-notes.reads.ts';
import { historyPage } from '../history/history.service.ts';
import { billPurchaseOrder } from '../purchase-orders/purchase-orders.reads.ts';
import { dayOrThrow, person } from '../sales-documents/sales-document.ts';
import * as queries from './bills.queries.ts';

/** Reading bills: the list, one bill with its items and files, its history. */

/** The entity type of a bill's history rows. */
export const BILL_ENTITY = 'bill';

export const billNotFound = () => new AppError('not_found', BILL_MESSAGES.not_found);
const notFound = billNotFound;

export const presentAttachment = (row: { id: number; file_key: string; file_name: string }) => ({
  id: row.id,
  name: row.file_name,
  url: fileUrl(row.file_key) ?? '',
});

// ---------------------------------------------------------------------------------------------
// Reading

const rupees = (paise: number | string) => toRupees(Number(paise));

function presentSummary(row: queries.BillRow): BillSummaryOutput {
  const totalPaise = Number(row.total_paise);
  const paidPaise = Number(row.amount_paid_paise);
  const settledPaise = queries.billSettledPaise(row);
  const status = row.status as BillStatus;
  return {
    id: row.id,
    bill_number: row.bill_number,
    bill_date: dayOrThrow(row.bill_date),
    due_date: dayOrThrow(row.due_date),
    status,
    status_label: billStatusLabel(status),
    payment_status: billPaymentStatus({ status, totalPaise, settledPaise }),
    seller: { id: row.seller_id, name: row.seller_name, gstin: row.seller_current_gstin },
    seller_gstin: row.seller_gstin,
    seller_state_code: row.seller_state_code,
    branch: { id: row.branch_id, name: row.branch_name },
    branch_state_code: row.branch_state_code,
    warehouse: { id: row.warehouse_id, name: row.warehouse_name },
    is_reverse_charge: row.is_reverse_charge,
    is_tax_inclusive: row.is_tax_inclusive,
    supply_type: row.is_intra_state ? 'intra' : 'inter',
    freight_charges: rupees(row.freight_charges_paise),
    other_charges: rupees(row.other_charges_paise),
    taxable_value: rupees(row.taxable_paise),
    cgst: rupees(row.cgst_paise),
    sgst: rupees(row.sgst_paise),
    igst: rupees(row.igst_paise),
    cess: rupees(row.cess_paise),
    itc_total: rupees(row.itc_paise),
    reverse_charge_tax: rupees(row.reverse_charge_tax_paise),
    round_off: rupees(row.round_off_paise),
    total: toRupees(totalPaise),
    amount_paid: toRupees(paidPaise),
    tds_deducted: rupees(row.tds_paise),
    amount_credited: rupees(row.credited_paise),
    balance_due: status === 'void' || status === 'draft' ? 0 : toRupees(queries.billBalancePaise(row)),
    notes: row.notes,
    received_at: row.received_at,
    voided_at: row.voided_at,
    created_by: person(row.created_by, row.first_name, row.last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A user sees the bills of their branches only: another branch's bill does not exist for them. */
export function assertVisible(actor: Principal | undefined, branchId: number) {
  const scope = actor ? branchScope(actor) : null;
  if (scope && !scope.includes(branchId)) throw notFound();
}

export async function getBill(
  db: Executor,
  companyId: number,
  id: number,
  actor?: Principal,
): Promise<BillOutput> {
  const [row, items, attachments, purchaseOrder, debitNotes, contras] = await Promise.all([
    queries.findBill(db, companyId, id),
    queries.itemsOf(db, companyId, id),
    queries.attachmentsOf(db, companyId, id),
    billPurchaseOrder(db, companyId, id),
    debitNotesOfBill(db, companyId, id),
    billContras(db, companyId, id),
  ]);
  if (!row) throw notFound();
  assertVisible(actor, row.branch_id);
  return {
    ...presentSummary(row),
    items: items.map((item) => ({
      id: item.id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      hsn_code: item.hsn,
      quantity: Number(item.quantity),
      unit: item.unit,
      rate: rupees(item.rate_exclusive_paise),
      rate_entered: rupees(item.rate_paise),
      discount_percent: Number(item.discount_percent),
      taxable_value: rupees(item.taxable_paise),
      tax_rate: Number(item.gst_rate),
      cgst: rupees(item.cgst_paise),
      sgst: rupees(item.sgst_paise),
      igst: rupees(item.igst_paise),
      cess: rupees(item.cess_paise),
      total: rupees(item.total_paise),
      itc_eligible: item.itc_eligible,
      batch_number: item.batch_number,
      expiry_date: item.expiry_date === null ? null : dayOrThrow(item.expiry_date),
      purchase_order_item: item.purchase_order_item_id,
      serial_numbers: item.serial_numbers,
      gst_treatment: item.gst_treatment,
    })),
    purchase_order: purchaseOrder,
    debit_notes: debitNotes,
    contra_adjustments: contras,
    attachments: attachments.map(presentAttachment),
    allowed_actions: allowedBillActions({
      status: row.status as BillStatus,
      settledPaise: queries.billSettledPaise(row),
    }).filter(
      // A bill with goods returned (a live purchase return) is not voided: bills.service refuses it.
      (action) =>
        action !== 'void' || !debitNotes.some((note) => note.purchase_return?.status === 'returned'),
    ),
  };
}

/** The list's count, kept per company and filter until the company's next change. */
const countOf = listPageCounter(queries.countBills);

export async function listBills(
  db: Executor,
  companyId: number,
  filter: queries.BillFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const resolved = await queries.resolveBillSearch(db, companyId, filter);
  const rows = await queries.listBillPage(db, companyId, resolved, sort, window);
  const { count, countIsEstimate } = await countOf(db, companyId, resolved, rows, window);
  const results = inListOrder(rows, window).map((row) => ({
    ...presentSummary(row),
    sort_value: row.sort_value,
  }));
  return { count, countIsEstimate, results };
}

export async function billHistory(db: Executor, companyId: number, id: number, actor?: Principal) {
  const row = await queries.findBill(db, companyId, id);
  if (!row) throw notFound();
  assertVisible(actor, row.branch_id);
  return historyPage(db, companyId, BILL_ENTITY, id);
}
