import {
  DELIVERY_CHALLAN_MESSAGES,
  type DeliveryChallanCreate,
  type DeliveryChallanInvoiceInput,
  type DeliveryChallanOutput,
  type DeliveryChallanSummaryOutput,
} from '@b2b/domain/api/delivery-challans';
import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import { buyerInactiveMessage } from '@b2b/domain/api/warehouses';
import {
  allowedChallanActions,
  challanRefusal,
  type DeliveryChallanAction,
  STATUS_AFTER_CHALLAN_ACTION,
  splitChallanLines,
} from '@b2b/domain/delivery-challans';
import { financialYearOf, formatInvoiceNumber } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { addressRowsOf } from '../addresses/addresses.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { assertDocumentPeriodOpen, assertGstPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { assertActiveWarehouse } from '../inventory/stock-levels.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import { dayOrThrow, decimal, documentAddress, named, person } from '../sales-documents/sales-document.ts';
import { placeInstantOrder } from '../sales-orders/place-order.ts';
import * as queries from './delivery-challans.queries.ts';

export const CHALLAN_ENTITY = DOCUMENT_ENTITY.deliveryChallan;
const CHALLAN_SERIES = 'DC';

const notFound = () => new AppError('not_found', DELIVERY_CHALLAN_MESSAGES.not_found);

// ---------------------------------------------------------------------------------------------
// Reading

function recipientOf(row: queries.ChallanSummaryRow): DeliveryChallanSummaryOutput['buyer_branch'] {
  if (row.buyer_id !== null) {
    return {
      kind: 'buyer',
      id: row.buyer_id,
      name: row.buyer_name ?? '',
      gstin: row.buyer_gstin,
      address: (row.buyer_address as DocumentAddressOutput | null) ?? null,
    };
  }
  return {
    kind: 'warehouse',
    id: row.destination_warehouse_id as number,
    name: row.destination_warehouse_name ?? '',
    gstin: null,
    address: null,
  };
}

function presentSummary(row: queries.ChallanSummaryRow): DeliveryChallanSummaryOutput {
  return {
    id: row.id,
    challan_number: row.challan_number,
    challan_date: dayOrThrow(row.challan_date),
    purpose: row.purpose,
    status: row.status,
    seller_branch: { id: row.branch_id, name: row.branch_name },
    buyer_branch: recipientOf(row),
    buyer: named(row.buyer_id, row.buyer_name),
    warehouse: { id: row.warehouse_id, name: row.warehouse_name },
    total_items: row.total_items,
    total_quantity: Number(row.total_quantity),
    total_value: toRupees(Number(row.total_value_paise)),
    reference_number: row.reference_number,
    created_at: row.created_at,
  };
}

export async function getChallan(
  db: Executor,
  companyId: number,
  id: number,
): Promise<DeliveryChallanOutput> {
  const [row, items] = await Promise.all([
    queries.findChallan(db, companyId, id),
    queries.itemsOf(db, companyId, id),
  ]);
  if (!row) throw notFound();
  return {
    ...presentSummary(row),
    destination_warehouse: named(row.destination_warehouse_id, row.destination_warehouse_name),
    vehicle_number: row.vehicle_number,
    notes: row.notes,
    items: items.map((item) => ({
      id: item.id,
      product: { id: item.product_id, name: item.product_name },
      sku: item.sku,
      hsn: item.hsn,
      unit: item.unit,
      quantity: Number(item.quantity),
      rate: toRupees(Number(item.rate_paise)),
      value: toRupees(Number(item.value_paise)),
      quantity_invoiced: Number(item.quantity_invoiced),
    })),
    order: row.order_id === null ? null : { id: row.order_id, order_number: row.order_number ?? '' },
    invoice:
      row.invoice_id === null ? null : { id: row.invoice_id, invoice_number: row.invoice_number ?? '' },
    delivered_at: row.delivered_at,
    closed_at: row.closed_at,
    created_by: person(row.created_by, row.first_name, row.last_name),
    allowed_actions: allowedChallanActions(row),
  };
}

export async function listChallans(
  db: Executor,
  companyId: number,
  filter: queries.ChallanFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listChallans(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(presentSummary) };
}

export async function challanHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.findChallan(db, companyId, id))) throw notFound();
  return historyPage(db, companyId, CHALLAN_ENTITY, id);
}

// ---------------------------------------------------------------------------------------------
// Issuing

/** The buyer (active) and the address the goods go to: the one chosen, or their shipping address. */
async function recipientBuyer(tx: Tx, companyId: number, buyerId: number, addressId: number | undefined) {
  const buyer = await queries.findBuyer(tx, companyId, buyerId);
  if (!buyer) throw validationError('buyer', 'Buyer Not Found');
  if (!buyer.is_active) throw validationError('buyer', buyerInactiveMessage(buyer.name));
  const addresses = await addressRowsOf(tx, companyId, 'buyer', buyerId);
  const address =
    addressId === undefined
      ? (addresses.find((a) => a.address_type === 'shipping_address') ?? addresses[0])
      : addresses.find((a) => a.id === addressId);
  if (!address) {
    throw addressId === undefined
      ? validationError('buyer', DELIVERY_CHALLAN_MESSAGES.buyer_has_no_address)
      : validationError('buyer_address', DELIVERY_CHALLAN_MESSAGES.address_not_of_buyer);
  }
  return { buyer, address };
}

async function challanLines(tx: Tx, companyId: number, input: DeliveryChallanCreate) {
  const products = new Map(
    (
      await queries.productsForChallan(
        tx,
        companyId,
        input.items.map((item) => item.product),
      )
    ).map((p) => [p.id, p]),
  );
  return input.items.map((item, index) => {
    const product = products.get(item.product);
    if (!product)
      throw validationError(`items.${index}.product`, DELIVERY_CHALLAN_MESSAGES.product_not_found);
    const quantity = roundQuantity(item.quantity);
    const ratePaise = item.rate === undefined ? Number(product.selling_price_paise) : toPaise(item.rate);
    return {
      position: index + 1,
      product,
      quantity,
      ratePaise,
      valuePaise: Math.round(ratePaise * quantity),
    };
  });
}

/** Goods of every line out of (negative) or into (positive) a warehouse, in product order (no deadlocks). */
async function moveGoods(
  tx: Tx,
  actor: Principal,
  challanId: number,
  warehouseId: number,
  lines: readonly { productId: number; quantity: number }[],
  direction: 'out' | 'in',
  reason: string,
) {
  const sorted = [...lines].filter((line) => line.quantity > 0).sort((a, b) => a.productId - b.productId);
  for (const line of sorted) {
    await postStockMovement(tx, {
      companyId: actor.companyId,
      productId: line.productId,
      warehouseId,
      quantity: direction === 'out' ? -line.quantity : line.quantity,
      reason,
      documentType: CHALLAN_ENTITY,
      documentId: challanId,
      userId: actor.userId,
      // Goods sent by choice take only sellable stock: what is reserved for orders stays.
      keepReserved: direction === 'out',
    });
  }
}

/**
 * POST admin/companies/{companyId}/delivery_challans/: the challan is numbered DC/<FY>/<n> (gapless
 * per financial year) and its goods leave the sending warehouse at once, through the stock ledger.
 */
export async function createChallan(options: {
  db: Database;
  actor: Principal;
  input: DeliveryChallanCreate;
}): Promise<DeliveryChallanOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const challanDate = input.challan_date ?? todayInIndia();
  if (challanDate > todayInIndia())
    throw validationError('challan_date', DELIVERY_CHALLAN_MESSAGES.future_date);
  const id = await inTransaction(db, async (tx) => {
    const warehouse = await assertActiveWarehouse(tx, companyId, input.warehouse, 'warehouse');
    const branchId = await queries.branchOfWarehouse(tx, companyId, warehouse.id);
    await assertGstPeriodOpen(tx, companyId, branchId, challanDate);
    const recipient =
      input.buyer === undefined
        ? null
        : await recipientBuyer(tx, companyId, input.buyer, input.buyer_address);
    if (input.destination_warehouse !== undefined) {
      await assertActiveWarehouse(tx, companyId, input.destination_warehouse, 'destination_warehouse');
    }
    const lines = await challanLines(tx, companyId, input);
    const financialYear = financialYearOf(challanDate);
    const sequence = await nextInSeries(
      tx,
      companyId,
      `delivery_challan:${financialYear.code}`,
      CHALLAN_SERIES,
    );
    const number = formatInvoiceNumber(CHALLAN_SERIES, financialYear.code, sequence);
    const { id } = await queries.insertChallan(tx, {
      company_id: companyId,
      challan_number: number,
      financial_year: financialYear.code,
      challan_date: challanDate,
      purpose: input.purpose,
      branch_id: branchId,
      warehouse_id: warehouse.id,
      buyer_id: recipient?.buyer.id ?? null,
      buyer_address_id: recipient?.address.id ?? null,
      buyer_address: recipient ? JSON.stringify(documentAddress(recipient.address)) : null,
      destination_warehouse_id: input.destination_warehouse ?? null,
      reference_number: input.reference_number ?? null,
      vehicle_number: input.vehicle_number ?? null,
      notes: input.notes ?? null,
      total_items: lines.length,
      total_quantity: decimal(lines.reduce((sum, line) => sum + line.quantity, 0)),
      total_value_paise: lines.reduce((sum, line) => sum + line.valuePaise, 0),
      created_by: actor.userId,
    });
    await queries.insertItems(
      tx,
      lines.map((line) => ({
        company_id: companyId,
        challan_id: id,
        position: line.position,
        product_id: line.product.id,
        product_name: line.product.name,
        sku: line.product.sku,
        hsn: line.product.hsn,
        unit: line.product.unit,
        quantity: decimal(line.quantity),
        rate_paise: line.ratePaise,
        value_paise: line.valuePaise,
      })),
    );
    const goods = lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
    await moveGoods(tx, actor, id, warehouse.id, goods, 'out', 'challan_out');
    await history(tx, actor, id, 'created', {
      challan_number: number,
      purpose: input.purpose,
      items: goods.map((g) => ({ product: g.productId, quantity: g.quantity })),
    });
    return id;
  });
  return getChallan(db, companyId, id);
}

const history = (tx: Tx, actor: Principal, id: number, action: string, changes: Record<string, unknown>) =>
  recordHistory(tx, {
    companyId: actor.companyId,
    entityType: CHALLAN_ENTITY,
    entityId: id,
    action,
    userId: actor.userId,
    changes,
  });

// ---------------------------------------------------------------------------------------------
// Actions

async function lockForAction(tx: Tx, companyId: number, id: number, action: DeliveryChallanAction) {
  const challan = await queries.lockChallan(tx, companyId, id);
  if (!challan) throw notFound();
  const refusal = challanRefusal(challan, action);
  if (refusal) throw conflict(refusal);
  return challan;
}

const goodsOf = (items: readonly queries.ChallanItemRow[]) =>
  items.map((item) => ({ productId: item.product_id, quantity: Number(item.quantity) }));

/** Runs one action on a challan under its row lock, records it, and answers the challan after it. */
async function act(
  db: Database,
  actor: Principal,
  id: number,
  action: DeliveryChallanAction,
  apply: (
    tx: Tx,
    challan: queries.LockedChallan,
    items: queries.ChallanItemRow[],
  ) => Promise<Record<string, unknown>>,
) {
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const challan = await lockForAction(tx, companyId, id, action);
    const items = await queries.itemsOf(tx, companyId, id);
    const changes = await apply(tx, challan, items);
    const status = STATUS_AFTER_CHALLAN_ACTION[action];
    const now = new Date();
    await queries.updateChallan(tx, companyId, id, {
      status,
      ...(action === 'deliver' ? { delivered_at: now } : { closed_at: now }),
    });
    await history(tx, actor, id, action === 'deliver' ? 'delivered' : status, {
      status: { from: challan.status, to: status },
      ...changes,
    });
  });
  return getChallan(db, companyId, id);
}

/** The goods reached the recipient; a branch transfer's goods come into the receiving warehouse. */
export const deliverChallan = (options: { db: Database; actor: Principal; id: number }) =>
  act(options.db, options.actor, options.id, 'deliver', async (tx, challan, items) => {
    if (challan.destination_warehouse_id === null) return {};
    await moveGoods(
      tx,
      options.actor,
      challan.id,
      challan.destination_warehouse_id,
      goodsOf(items),
      'in',
      'challan_in',
    );
    return { received_into: challan.destination_warehouse_id };
  });

/** The buyer sent the goods back: they come into the sending warehouse again. */
export const returnChallan = (options: { db: Database; actor: Principal; id: number }) =>
  act(options.db, options.actor, options.id, 'return', async (tx, challan, items) => {
    await moveGoods(
      tx,
      options.actor,
      challan.id,
      challan.warehouse_id,
      goodsOf(items),
      'in',
      'challan_return',
    );
    return {};
  });

/** The goods never left for good: they come back into the sending warehouse. */
export const cancelChallan = (options: { db: Database; actor: Principal; id: number }) =>
  act(options.db, options.actor, options.id, 'cancel', async (tx, challan, items) => {
    await assertDocumentPeriodOpen(tx, options.actor.companyId, 'delivery_challan', challan.id);
    await moveGoods(
      tx,
      options.actor,
      challan.id,
      challan.warehouse_id,
      goodsOf(items),
      'in',
      'challan_cancel',
    );
    return {};
  });

/** The kept quantity of each challan line, in line order; every item named must be the challan's. */
function keptQuantities(items: readonly queries.ChallanItemRow[], input: DeliveryChallanInvoiceInput) {
  const byItem = new Map<number, number>();
  input.items.forEach((entry, index) => {
    if (!items.some((item) => item.id === entry.item)) {
      throw validationError(`items.${index}.item`, DELIVERY_CHALLAN_MESSAGES.item_not_in_challan);
    }
    byItem.set(entry.item, entry.quantity);
  });
  const kept = items.map((item) => byItem.get(item.id) ?? 0);
  const split = splitChallanLines(
    items.map((item) => ({ quantity: Number(item.quantity) })),
    kept,
  );
  if (!split.ok) {
    const item = items[split.index];
    const index = input.items.findIndex((entry) => entry.item === item?.id);
    throw validationError(`items.${index}.quantity`, DELIVERY_CHALLAN_MESSAGES.kept_quantity);
  }
  if (split.lines.every((line) => line.invoice === 0)) {
    throw validationError('items', DELIVERY_CHALLAN_MESSAGES.nothing_kept);
  }
  return split.lines;
}

/**
 * POST admin/delivery_challans/{id}/invoice: the buyer keeps some or all of the goods. In one
 * transaction every line's goods come back into the sending warehouse, and the kept quantities are
 * sold from it through an instant order (confirmed and invoiced in full, at the challan's rates and
 * to the challan's address), so the stock ledger shows the challan closed and the sale issued.
 */
export function invoiceChallan(options: {
  db: Database;
  actor: Principal;
  id: number;
  input: DeliveryChallanInvoiceInput;
}) {
  const { actor, input } = options;
  const { companyId } = actor;
  return act(options.db, actor, options.id, 'invoice', async (tx, challan, items) => {
    const split = keptQuantities(items, input);
    // The sale posts to the buyer's ledger: the buyer's lock before the goods move (db/lock-order.ts).
    await lockBuyerMoney(tx, companyId, challan.buyer_id as number);
    await moveGoods(tx, actor, challan.id, challan.warehouse_id, goodsOf(items), 'in', 'challan_return');
    const sold = items
      .map((item, index) => ({ item, quantity: split[index]?.invoice ?? 0 }))
      .filter((line) => line.quantity > 0);
    const addressId = challan.buyer_address_id as number;
    const { order, invoice } = await placeInstantOrder(tx, actor, {
      buyerId: challan.buyer_id as number,
      branchId: challan.branch_id,
      salesChannelId: null,
      billingAddressId: addressId,
      shippingAddressId: addressId,
      salesPersonId: null,
      shippingMethodId: null,
      paymentMethodId: null,
      paymentTermDays: null,
      date: input.invoice_date ?? todayInIndia(),
      shipmentDate: null,
      reference: challan.challan_number,
      minimumItemValuePaise: null,
      notes: `Delivery challan ${challan.challan_number}`,
      additionalDiscountPaise: 0,
      shippingChargesPaise: 0,
      otherChargesPaise: 0,
      couponCode: null,
      items: sold.map(({ item, quantity }) => ({
        productId: item.product_id,
        warehouseId: challan.warehouse_id,
        quantity,
        ratePaise: Number(item.rate_paise),
        discountPercent: 0,
      })),
    });
    for (const { item, quantity } of sold) {
      await queries.setQuantityInvoiced(tx, companyId, item.id, decimal(quantity));
    }
    await queries.updateChallan(tx, companyId, challan.id, { order_id: order.id, invoice_id: invoice.id });
    return {
      invoice: invoice.invoiceNumber,
      kept: sold.map(({ item, quantity }) => ({ product: item.product_id, quantity })),
    };
  });
}
