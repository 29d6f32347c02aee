import { billStatusLabel } from '@b2b/domain/bills';
import { toRupees } from '@b2b/domain/money';
import {
  allowedPurchaseOrderActions,
  PURCHASE_ORDER_MESSAGES,
  type PurchaseOrderOutput,
  type PurchaseOrderStatus,
  type PurchaseOrderSummaryOutput,
  purchaseOrderStatusLabel,
  quantityLeft,
} from '@b2b/domain/purchase-orders';
import { AppError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { historyPage } from '../history/history.service.ts';
import { dayOrThrow, person } from '../sales-documents/sales-document.ts';
import * as queries from './purchase-orders.queries.ts';

/** Reading purchase orders: the list, one order with its lines and bills, its history. */

export const PURCHASE_ORDER_ENTITY = 'purchase_order';

export const purchaseOrderNotFound = () => new AppError('not_found', PURCHASE_ORDER_MESSAGES.not_found);

const rupees = (paise: number | string) => toRupees(Number(paise));

/** A user sees the purchase orders of their branches only: another branch's does not exist for them. */
export function assertVisible(actor: Principal | undefined, branchId: number) {
  const scope = actor ? branchScope(actor) : null;
  if (scope && !scope.includes(branchId)) throw purchaseOrderNotFound();
}

function presentSummary(row: queries.PurchaseOrderRow): PurchaseOrderSummaryOutput {
  const status = row.status as PurchaseOrderStatus;
  return {
    id: row.id,
    order_number: row.order_number,
    order_date: dayOrThrow(row.order_date),
    expected_date: row.expected_date === null ? null : dayOrThrow(row.expected_date),
    reference: row.reference,
    status,
    status_label: purchaseOrderStatusLabel(status),
    seller: { id: row.seller_id, name: row.seller_name, gstin: row.seller_gstin },
    branch: { id: row.branch_id, name: row.branch_name },
    warehouse: { id: row.warehouse_id, name: row.warehouse_name },
    is_tax_inclusive: row.is_tax_inclusive,
    supply_type: row.is_intra_state ? 'intra' : 'inter',
    freight_charges: rupees(row.freight_charges_paise),
    other_charges: rupees(row.other_charges_paise),
    taxable_value: rupees(row.taxable_paise),
    cgst: rupees(row.cgst_paise),
    sgst: rupees(row.sgst_paise),
    igst: rupees(row.igst_paise),
    cess: rupees(row.cess_paise),
    round_off: rupees(row.round_off_paise),
    total: rupees(row.total_paise),
    notes: row.notes,
    sent_at: row.sent_at,
    cancelled_at: row.cancelled_at,
    created_by: person(row.created_by, row.first_name, row.last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getPurchaseOrder(
  db: Executor,
  companyId: number,
  id: number,
  actor?: Principal,
): Promise<PurchaseOrderOutput> {
  const [row, items, bills] = await Promise.all([
    queries.findPurchaseOrder(db, companyId, id),
    queries.itemsOf(db, companyId, id),
    queries.billsOf(db, companyId, id),
  ]);
  if (!row) throw purchaseOrderNotFound();
  assertVisible(actor, row.branch_id);
  const presented = items.map((item) => {
    const quantity = Number(item.quantity);
    const billed = Number(item.quantity_billed);
    return {
      id: item.id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      hsn_code: item.hsn,
      unit: item.unit,
      quantity,
      quantity_billed: billed,
      quantity_left: quantityLeft({ quantity, billed }),
      rate: rupees(item.rate_exclusive_paise),
      rate_entered: rupees(item.rate_paise),
      discount_percent: Number(item.discount_percent),
      tax_rate: Number(item.gst_rate),
      taxable_value: rupees(item.taxable_paise),
      cgst: rupees(item.cgst_paise),
      sgst: rupees(item.sgst_paise),
      igst: rupees(item.igst_paise),
      cess: rupees(item.cess_paise),
      total: rupees(item.total_paise),
    };
  });
  return {
    ...presentSummary(row),
    items: presented,
    bills: bills.map((bill) => ({
      id: bill.id,
      bill_number: bill.bill_number,
      bill_date: dayOrThrow(bill.bill_date),
      status: bill.status,
      status_label: billStatusLabel(bill.status),
      total: rupees(bill.total_paise),
    })),
    allowed_actions: allowedPurchaseOrderActions({
      status: row.status as PurchaseOrderStatus,
      anyBilled: presented.some((item) => item.quantity_billed > 0),
    }),
  };
}

export async function listPurchaseOrders(
  db: Executor,
  companyId: number,
  filter: queries.PurchaseOrderFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listPurchaseOrders(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(presentSummary) };
}

export async function purchaseOrderHistory(db: Executor, companyId: number, id: number, actor?: Principal) {
  const row = await queries.findPurchaseOrder(db, companyId, id);
  if (!row) throw purchaseOrderNotFound();
  assertVisible(actor, row.branch_id);
  return historyPage(db, companyId, PURCHASE_ORDER_ENTITY, id);
}

/** The order a bill was made from (shown on the bill), or null. */
export const billPurchaseOrder = async (db: Executor, companyId: number, billId: number) =>
  (await queries.billOrderLink(db, companyId, billId)) ?? null;
