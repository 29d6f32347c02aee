import type { BillInput } from '@b2b/domain/bills';
import {
  billingStatus,
  otherProductMessage,
  otherSellerMessage,
  overBilledMessage,
  PURCHASE_ORDER_MESSAGES,
  type PurchaseOrderStatus,
  purchaseOrderRefusal,
} from '@b2b/domain/purchase-orders';
import { quantityInThousandths } from '@b2b/domain/sales-pricing';
import { validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Tx } from '../../db/transaction.ts';
import * as queries from './purchase-orders.queries.ts';
import { recordOrderHistory } from './purchase-orders.service.ts';

/**
 * Bills made from purchase orders (called by bills.service.ts in the bill's transaction): a bill
 * that names a purchase order adds what each of its lines bills to the order's line
 * (quantity_billed), never more than is left of it; the order becomes partially billed or billed.
 * A void bill (or a draft bill entered again) gives the quantities back.
 *
 * LOCK ORDER: the bill's row first (when it exists), then the order's row FOR UPDATE, then (the
 * bill's receipt) stock levels. The quantities are read and changed under the order's lock, so two
 * bills made from one order at the same moment never bill a line twice over.
 */

const milli = (quantity: number | string) => quantityInThousandths(Number(quantity), { allowZero: true });
const asDecimal = (thousandths: number) => (thousandths / 1000).toFixed(3);

/** The order's status from its lines once the quantities moved (a draft or cancelled one keeps its own). */
async function settleStatus(tx: Tx, actor: Principal, order: queries.LockedPurchaseOrder) {
  const items = await queries.itemsOf(tx, actor.companyId, order.id);
  const status = order.status as PurchaseOrderStatus;
  if (status === 'draft' || status === 'cancelled') return status;
  const next = billingStatus(
    items.map((item) => ({ quantity: Number(item.quantity), billed: Number(item.quantity_billed) })),
  );
  if (next !== status) await queries.updatePurchaseOrder(tx, actor.companyId, order.id, { status: next });
  return next;
}

/**
 * Links a just-written bill to the order its input names and bills the order's lines. 400 on the
 * field at fault: an order of another company, branch the user cannot see, or seller; an order not
 * yet sent, cancelled or fully billed; a line of another order or product; more than is left.
 */
export async function billPurchaseOrder(
  tx: Tx,
  actor: Principal,
  bill: { id: number; billNumber: string; sellerId: number },
  input: Pick<BillInput, 'purchase_order' | 'items'>,
) {
  if (input.purchase_order === undefined) return;
  const { companyId } = actor;
  const order = await queries.lockPurchaseOrder(tx, companyId, input.purchase_order);
  const scope = branchScope(actor);
  if (!order || (scope && !scope.includes(order.branch_id)))
    throw validationError('purchase_order', PURCHASE_ORDER_MESSAGES.not_found);
  if (order.seller_id !== bill.sellerId)
    throw validationError('purchase_order', otherSellerMessage(order.order_number));
  const refusal = purchaseOrderRefusal({ status: order.status as PurchaseOrderStatus }, 'bill');
  if (refusal) throw validationError('purchase_order', refusal);

  const items = new Map((await queries.itemsOf(tx, companyId, order.id)).map((item) => [item.id, item]));
  const billing = new Map<number, number>();
  input.items.forEach((line, index) => {
    if (line.purchase_order_item === undefined) return;
    const item = items.get(line.purchase_order_item);
    if (!item)
      throw validationError(
        `items.${index}.purchase_order_item`,
        `This line is not on purchase order ${order.order_number}.`,
      );
    if (item.product_id !== line.product)
      throw validationError(
        `items.${index}.product`,
        otherProductMessage(order.order_number, item.product_name),
      );
    const total = (billing.get(item.id) ?? 0) + milli(line.quantity);
    if (milli(item.quantity_billed) + total > milli(item.quantity)) {
      throw validationError(
        `items.${index}.quantity`,
        overBilledMessage(item.product_name, order.order_number, {
          ordered: Number(item.quantity),
          billed: Number(item.quantity_billed),
        }),
      );
    }
    billing.set(item.id, total);
  });

  for (const [itemId, quantity] of [...billing].sort((a, b) => a[0] - b[0])) {
    await queries.addQuantityBilled(tx, companyId, itemId, asDecimal(quantity));
  }
  await queries.setBillOrder(tx, companyId, bill.id, order.id);
  for (const [index, line] of input.items.entries()) {
    if (line.purchase_order_item !== undefined)
      await queries.setBillLineOrderItem(tx, companyId, bill.id, index + 1, line.purchase_order_item);
  }
  const status = await settleStatus(tx, actor, order);
  await recordOrderHistory(tx, actor, order.id, 'billed', {
    bill: bill.id,
    bill_number: bill.billNumber,
    ...(status !== order.status && { status: { from: order.status, to: status } }),
    items: [...billing].map(([item, quantity]) => ({ item, quantity: quantity / 1000 })),
  });
}

/**
 * Gives back what a bill billed of its order (the bill is void, or a draft is entered again):
 * under the bill's lock, the order's row is locked and each line's quantity_billed goes down.
 * `unlink` also clears the bill's link (an edit links it again from its new input).
 */
export async function releasePurchaseOrder(
  tx: Tx,
  actor: Principal,
  bill: { id: number; billNumber: string },
  options: { unlink: boolean; reason: 'bill_voided' | 'bill_edited' },
) {
  const { companyId } = actor;
  const orderId = await queries.billOrderId(tx, companyId, bill.id);
  if (orderId === null) return;
  const order = await queries.lockPurchaseOrder(tx, companyId, orderId);
  if (!order) return;
  const given = new Map<number, number>();
  for (const line of await queries.billLineLinks(tx, companyId, bill.id)) {
    if (line.purchase_order_item_id === null) continue;
    given.set(
      line.purchase_order_item_id,
      (given.get(line.purchase_order_item_id) ?? 0) + milli(line.quantity),
    );
  }
  for (const [itemId, quantity] of [...given].sort((a, b) => a[0] - b[0])) {
    await queries.addQuantityBilled(tx, companyId, itemId, asDecimal(-quantity));
  }
  if (options.unlink) await queries.setBillOrder(tx, companyId, bill.id, null);
  const status = await settleStatus(tx, actor, order);
  if (given.size > 0 || status !== order.status) {
    await recordOrderHistory(tx, actor, order.id, options.reason, {
      bill: bill.id,
      bill_number: bill.billNumber,
      ...(status !== order.status && { status: { from: order.status, to: status } }),
      items: [...given].map(([item, quantity]) => ({ item, quantity: -quantity / 1000 })),
    });
  }
}
