import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import { BILL_MESSAGES, billSupplyType, sellerStateCode } from '@b2b/domain/bills';
import { toPaise, toRupees } from '@b2b/domain/money';
import {
  computePurchaseOrder,
  PURCHASE_ORDER_MESSAGES,
  PURCHASE_ORDER_SERIES,
  type PurchaseOrderAction,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
  purchaseOrderRefusal,
} from '@b2b/domain/purchase-orders';
import { conflict, validationError } from '../../core/errors.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { addressStateCode, companyBillSettings } from '../bills/bills.queries.ts';
import { findBranch } from '../branches/branches.queries.ts';
import { historyWriter } from '../history/history.service.ts';
import { nextNumber } from '../payments/payment-checks.ts';
import { liveProducts } from '../quotations/quotation-pricing.queries.ts';
import { decimal } from '../sales-documents/sales-document.ts';
import { findSeller } from '../sellers/sellers.queries.ts';
import { findWarehouse } from '../warehouses/warehouses.queries.ts';
import * as queries from './purchase-orders.queries.ts';
import {
  assertVisible,
  getPurchaseOrder,
  PURCHASE_ORDER_ENTITY,
  purchaseOrderNotFound,
} from './purchase-orders.reads.ts';

/**
 * Purchase orders to sellers (issue 19): written as a draft, edited while a draft, sent, cancelled
 * while nothing of it is billed. Bills made from an order record what they bill of each line
 * (purchase-order-billing.ts).
 *
 * LOCK ORDER (db/lock-order.ts, purchases): an order's change takes (1) the order's row FOR UPDATE,
 * then (4) the PO number counter last (creation only). A bill made from an order takes its bill
 * row first when it has one (edit, void), then the order's row, then stock levels; an order change
 * never takes a bill or stock lock, so the two never wait on each other in a cycle.
 */

export const recordOrderHistory = historyWriter(PURCHASE_ORDER_ENTITY);

/** The references of the input checked, and the order's figures worked out by computeBill. */
async function priceOrder(tx: Tx, actor: Principal, input: PurchaseOrderInput) {
  const { companyId } = actor;
  const seller = await findSeller(tx, companyId, input.seller);
  if (!seller) throw validationError('seller', 'Seller Not Found');
  if (!seller.is_active) throw validationError('seller', `Seller ${seller.name} is inactive.`);
  const branch = await findBranch(tx, companyId, input.branch);
  if (!branch) throw validationError('branch', 'Branch Not Found');
  assertBranchAccess(actor, branch.id);
  if (!branch.is_active) throw validationError('branch', branchInactiveMessage(branch.name));
  const warehouse = await findWarehouse(tx, companyId, input.warehouse);
  if (!warehouse) throw validationError('warehouse', 'Warehouse Not Found');
  if (warehouse.branch_id !== branch.id)
    throw validationError('warehouse', BILL_MESSAGES.warehouse_not_of_branch);
  if (!warehouse.is_active) throw validationError('warehouse', `Warehouse ${warehouse.name} is inactive.`);

  const products = new Map(
    (await liveProducts(tx, companyId, [...new Set(input.items.map((item) => item.product))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const lines = input.items.map((item, index) => {
    const product = products.get(item.product);
    if (!product) throw validationError(`items.${index}.product`, 'Product Not Found');
    return { item, product, cessRate: Number(product.cess_rate ?? 0) };
  });

  const [company, branchAddress, sellerAddress] = await Promise.all([
    companyBillSettings(tx, companyId),
    addressStateCode(tx, companyId, 'branch', branch.id),
    addressStateCode(tx, companyId, 'seller', seller.id),
  ]);
  const branchState =
    branchAddress?.gst_code ?? branch.gstin?.slice(0, 2) ?? company.gstin?.slice(0, 2) ?? null;
  const sellerState = sellerStateCode(seller.gst_number, sellerAddress?.gst_code);
  const supplyType = billSupplyType(sellerState, branchState);

  let computation: ReturnType<typeof computePurchaseOrder>;
  try {
    computation = computePurchaseOrder({
      intraState: supplyType === 'intra',
      isTaxInclusive: input.is_tax_inclusive,
      freightChargesPaise: toPaise(input.freight_charges ?? 0),
      otherChargesPaise: toPaise(input.other_charges ?? 0),
      roundOff: branch.round_off_enabled,
      lines: lines.map(({ item, cessRate }) => ({
        quantity: item.quantity,
        ratePaise: toPaise(item.rate),
        discountPercent: item.discount_percent ?? 0,
        gstRatePercent: item.tax_rate,
        cessRatePercent: cessRate,
      })),
    });
  } catch (error) {
    if (error instanceof RangeError) throw validationError('items', PURCHASE_ORDER_MESSAGES.too_large);
    throw error;
  }
  const { totals } = computation;
  const order = {
    company_id: companyId,
    seller_id: seller.id,
    branch_id: branch.id,
    warehouse_id: warehouse.id,
    order_date: input.order_date,
    expected_date: input.expected_date ?? null,
    reference: input.reference ?? null,
    seller_gstin: seller.gst_number,
    seller_state_code: sellerState,
    branch_state_code: branchState,
    is_intra_state: supplyType === 'intra',
    is_tax_inclusive: input.is_tax_inclusive,
    freight_charges_paise: toPaise(input.freight_charges ?? 0),
    other_charges_paise: toPaise(input.other_charges ?? 0),
    taxable_paise: totals.taxablePaise,
    cgst_paise: totals.cgstPaise,
    sgst_paise: totals.sgstPaise,
    igst_paise: totals.igstPaise,
    cess_paise: totals.cessPaise,
    round_off_paise: totals.roundOffPaise,
    total_paise: totals.totalPaise,
    notes: input.notes ?? null,
  };
  const items = lines.map(({ item, product, cessRate }, index) => {
    const figures = computation.lines[index];
    if (!figures) throw validationError(`items.${index}`, PURCHASE_ORDER_MESSAGES.items_required);
    return {
      company_id: companyId,
      position: index + 1,
      product_id: product.id,
      product_name: product.name,
      sku: product.sku,
      hsn: item.hsn_code ?? product.hsn,
      unit: product.unit,
      quantity: decimal(item.quantity),
      rate_paise: toPaise(item.rate),
      rate_exclusive_paise: figures.rateExclusivePaise,
      discount_percent: String(item.discount_percent ?? 0),
      gst_rate: String(item.tax_rate),
      cess_rate: String(cessRate),
      taxable_paise: figures.taxablePaise,
      cgst_paise: figures.cgstPaise,
      sgst_paise: figures.sgstPaise,
      igst_paise: figures.igstPaise,
      cess_paise: figures.cessPaise,
      total_paise: figures.totalPaise,
    };
  });
  return { order, items };
}

/** POST admin/companies/{companyId}/purchase_orders: a draft, numbered PO/<FY>/<n>. */
export function createPurchaseOrder(options: { db: Executor; actor: Principal; input: PurchaseOrderInput }) {
  const { db, actor, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const { order, items } = await priceOrder(tx, actor, input);
    // The counter last: it stays locked until commit.
    const { number, financialYear } = await nextNumber(
      tx,
      companyId,
      PURCHASE_ORDER_SERIES,
      PURCHASE_ORDER_ENTITY,
      input.order_date,
    );
    const { id } = await queries.insertPurchaseOrder(tx, {
      ...order,
      order_number: number,
      financial_year: financialYear,
      status: 'draft',
      created_by: actor.userId,
    });
    await queries.insertItems(
      tx,
      items.map((item) => ({ ...item, purchase_order_id: id })),
    );
    await recordOrderHistory(tx, actor, id, 'created', {
      order_number: number,
      seller: order.seller_id,
      total: toRupees(order.total_paise),
    });
    return getPurchaseOrder(tx, companyId, id);
  });
}

/** Lock order step 1: the order's row; then the rule of the action (409 with its sentence). */
async function lockFor(tx: Tx, actor: Principal, id: number, action: PurchaseOrderAction) {
  const order = await queries.lockPurchaseOrder(tx, actor.companyId, id);
  if (!order) throw purchaseOrderNotFound();
  assertVisible(actor, order.branch_id);
  const items = await queries.itemsOf(tx, actor.companyId, id);
  const refusal = purchaseOrderRefusal(
    {
      status: order.status as PurchaseOrderStatus,
      anyBilled: items.some((item) => Number(item.quantity_billed) > 0),
    },
    action,
  );
  if (refusal) throw conflict(refusal);
  return order;
}

/** PATCH admin/purchase_orders/{id}: a draft is written again in full (its lines replaced). */
export function editPurchaseOrder(options: {
  db: Executor;
  actor: Principal;
  id: number;
  input: PurchaseOrderInput;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const locked = await lockFor(tx, actor, id, 'edit');
    const { order, items } = await priceOrder(tx, actor, input);
    const { company_id: _company, ...changes } = order;
    await queries.updatePurchaseOrder(tx, companyId, id, changes);
    await queries.deleteItems(tx, companyId, id);
    await queries.insertItems(
      tx,
      items.map((item) => ({ ...item, purchase_order_id: id })),
    );
    await recordOrderHistory(tx, actor, id, 'edited', {
      total: { from: toRupees(Number(locked.total_paise)), to: toRupees(order.total_paise) },
      items: items.length,
    });
    return getPurchaseOrder(tx, companyId, id);
  });
}

/** POST admin/purchase_orders/{id}/send: draft -> sent (it may then be billed). */
export function sendPurchaseOrder(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  return withinTransaction(db, async (tx) => {
    const order = await lockFor(tx, actor, id, 'send');
    await queries.updatePurchaseOrder(tx, actor.companyId, id, { status: 'sent', sent_at: new Date() });
    await recordOrderHistory(tx, actor, id, 'sent', { status: { from: order.status, to: 'sent' } });
    return getPurchaseOrder(tx, actor.companyId, id);
  });
}

/** POST admin/purchase_orders/{id}/cancel: a draft or sent order with nothing billed. */
export function cancelPurchaseOrder(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  return withinTransaction(db, async (tx) => {
    const order = await lockFor(tx, actor, id, 'cancel');
    await queries.updatePurchaseOrder(tx, actor.companyId, id, {
      status: 'cancelled',
      cancelled_at: new Date(),
    });
    await recordOrderHistory(tx, actor, id, 'cancelled', { status: { from: order.status, to: 'cancelled' } });
    return getPurchaseOrder(tx, actor.companyId, id);
  });
}
