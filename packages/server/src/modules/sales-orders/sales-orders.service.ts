import {
  type commentOutput,
  type EditOrderPreview,
  type QuotationOutput,
  type ReorderPreview,
  SALES_ORDER_FORM_MESSAGES,
  type SalesOrderOutput,
  type SalesOrderSummaryOutput,
  type salesOrderUpdate,
} from '@b2b/domain/api/sales-orders';
import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import { formatMoney, formatQuantity, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import {
  allowedOrderActions,
  type OrderAction,
  type OrderFacts,
  orderTransition,
  type SalesOrderStatus,
} from '@b2b/domain/sales-orders';
import { apportionPaise, priceSalesDocument } from '@b2b/domain/sales-pricing';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney, lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { assertCreditHeadroom, assertWithinCreditLimit } from '../buyers/buyers.service.ts';
import { commentById, commentsOf, writeComment } from '../comments/comments.service.ts';
import { nextDocumentNumber } from '../document-numbers/document-numbers.service.ts';
import {
  type HistoryEntry,
  historyPage,
  NUMBER_TO_TAKE,
  recordHistory,
  recordHistoryEntries,
} from '../history/history.service.ts';
import { lockStockLevels, reserveLines, stockLines } from '../inventory/inventory.service.ts';
import { invoiceWholeOrder } from '../invoices/invoices.service.ts';
import { allocateBuyerCredit, lockBuyerCreditFirst } from '../payments/payments.service.ts';
import {
  assertOrderReferences,
  type PricedItem,
  type PricedQuotation,
  priceQuotationTerms,
  type QuotationTerms,
} from '../quotations/quotation-pricing.ts';
import {
  documentColumns,
  getQuotation,
  insertQuotation,
  liveProductIds,
  lockOpenQuotation,
  markOrdered,
  openEditOf,
  orderedEntry,
  termsOfQuotation,
} from '../quotations/quotations.service.ts';
import {
  type AddressRow,
  decimal,
  documentAddress,
  lineColumns,
  named,
  person,
  presentLine,
  presentTotals,
} from '../quotations/sales-document.ts';
import * as queries from './sales-orders.queries.ts';

export const ORDER_ENTITY = 'sales_order';
export const ORDER_PREFIX = 'SO';

export const SALES_ORDER_MESSAGES = {
  not_edit_quotation: 'This quotation does not edit an order; place it with generate_order.',
  edit_quotation: 'This quotation edits an order; save it with edit_order.',
  superseded_update: 'An order that has a new version cannot be updated; update its new version.',
  addresses_gone: 'The addresses of this order are no longer the buyer’s; choose new ones in a new order.',
  nothing_to_reorder: 'None of the products of this order can be ordered now.',
} as const;

const thousandths = (quantity: number) => Math.round(quantity * 1000);
const rupees = (paise: number) => formatMoney(paise / 100);

// ---------------------------------------------------------------------------------------------
// Facts and locks

type LineQuantities = Pick<queries.OrderLine, 'quantity' | 'quantity_invoiced' | 'quantity_shipped'>;

/** What the state machine needs, from the order's status, its lines and its invoices not cancelled. */
function factsFrom(status: string, lines: readonly LineQuantities[], activeInvoices: number): OrderFacts {
  const sum = (pick: (line: LineQuantities) => number) =>
    roundQuantity(lines.reduce((total, line) => total + Number(pick(line)), 0));
  return {
    status: status as SalesOrderStatus,
    totalQuantity: sum((line) => line.quantity),
    quantityInvoiced: sum((line) => line.quantity_invoiced),
    quantityShipped: sum((line) => line.quantity_shipped),
    activeInvoices,
  };
}

/** What the state machine needs, from the order's lines and its invoices. */
async function factsOf(
  db: Executor,
  order: { company_id: number; id: number; status: string },
  lines: readonly queries.OrderLine[],
): Promise<OrderFacts> {
  return factsFrom(order.status, lines, await queries.activeInvoiceCount(db, order.company_id, order.id));
}

/** Locks the order (404 when not the company's) and reads its lines and facts under the lock. */
async function lockOrder(tx: Tx, companyId: number, id: number) {
  const order = await queries.lockOrder(tx, companyId, id);
  if (!order) throw notFound('Order');
  const lines = await queries.orderLines(tx, companyId, id);
  return { order, lines, facts: await factsOf(tx, order, lines) };
}

/** The status `action` leads to, by the domain's state machine; its sentence as a 409 otherwise. */
function transitionOrRefuse(facts: OrderFacts, action: OrderAction): SalesOrderStatus {
  const transition = orderTransition(facts, action);
  if (!transition.allowed) throw conflict(transition.reason);
  // A placed order's actions never lead to 'draft' (a saved quotation's status in the domain's list).
  return transition.status as SalesOrderStatus;
}

/** What is still to be invoiced of each line: what a reservation holds. */
const remainingOf = (lines: readonly queries.OrderLine[]) =>
  lines
    .map((line) => ({
      productId: line.product_id,
      warehouseId: line.warehouse_id,
      quantity: roundQuantity(Number(line.quantity) - Number(line.quantity_invoiced)),
    }))
    .filter((line) => line.quantity > 0);

const stockDocument = (actor: Principal, orderId: number) => ({
  companyId: actor.companyId,
  documentType: ORDER_ENTITY,
  documentId: orderId,
  userId: actor.userId,
});

/** Reserves what is not yet invoiced of every line (in product order; the inventory's 409 passes through). */
async function reserve(tx: Tx, actor: Principal, orderId: number, lines: readonly queries.OrderLine[]) {
  const remaining = remainingOf(lines);
  if (remaining.length > 0) await reserveLines(tx, stockDocument(actor, orderId), remaining);
}

/** Releases what the order holds of what is not yet invoiced. */
async function release(tx: Tx, actor: Principal, orderId: number, lines: readonly queries.OrderLine[]) {
  const remaining = remainingOf(lines);
  if (remaining.length > 0) await stockLines(tx, 'release', stockDocument(actor, orderId), remaining);
}

const historyEntry = (
  actor: Principal,
  orderId: number,
  action: string,
  changes: Record<string, unknown>,
): HistoryEntry => ({
  companyId: actor.companyId,
  entityType: ORDER_ENTITY,
  entityId: orderId,
  action,
  userId: actor.userId,
  changes,
});

const history = (
  tx: Tx,
  actor: Principal,
  orderId: number,
  action: string,
  changes: Record<string, unknown>,
) => recordHistory(tx, historyEntry(actor, orderId, action, changes));

// ---------------------------------------------------------------------------------------------
// Placing orders

/**
 * The rules an order must meet on top of the quotation's: the minimum item value, each product's
 * max quantity per transaction (0: its sellable stock, unless back-ordering is allowed), and the
 * buyer's credit limit for `totalPaise` (all of the quotation's orders together). Stock and credit
 * figures are those the pricing read. `postsToLedger`: the transaction also posts to the buyer's
 * ledger (an instant order's invoice), so the buyer row is locked and read again from the check to
 * the posting; an order alone posts nothing and locks nothing.
 */
async function assertOrderable(
  tx: Tx,
  companyId: number,
  priced: PricedQuotation,
  totalPaise: number,
  { postsToLedger = true }: { postsToLedger?: boolean } = {},
) {
  const itemsValue = priced.pricing.lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const minimum = priced.terms.minimumItemValuePaise;
  if (minimum !== null && itemsValue < minimum) {
    throw new AppError(
      'validation_error',
      `The order value (${rupees(itemsValue)}) is below the minimum item value (${rupees(minimum)}).`,
      { errors: { minimum_item_value: [SALES_ORDER_FORM_MESSAGES.minimum_item_value] } },
    );
  }

  const byProduct = new Map<number, { index: number; quantity: number; warehouses: number[] }>();
  priced.terms.items.forEach((item, index) => {
    const entry = byProduct.get(item.productId) ?? { index, quantity: 0, warehouses: [] };
    entry.quantity = roundQuantity(entry.quantity + item.quantity);
    entry.warehouses.push(item.warehouseId);
    byProduct.set(item.productId, entry);
  });
  const limitedByStock: { productId: number; warehouseId: number }[] = [];
  for (const [productId, entry] of byProduct) {
    const product = priced.products.get(productId);
    if (!product) continue;
    const cap = Number(product.max_quantity_per_transaction);
    if (cap > 0 && thousandths(entry.quantity) > thousandths(cap)) {
      const message =
        `At most ${formatQuantity(cap)} of ${product.name} can be ordered in one order; ` +
        `this order has ${formatQuantity(entry.quantity)}.`;
      throw validationError(`items.${entry.index}.quantity`, message);
    }
    if (cap === 0 && !product.allow_back_ordering) {
      for (const warehouseId of entry.warehouses) limitedByStock.push({ productId, warehouseId });
    }
  }
  if (limitedByStock.length > 0) {
    const stock = priced.sellable;
    for (const [productId, entry] of byProduct) {
      const product = priced.products.get(productId);
      if (!product || Number(product.max_quantity_per_transaction) !== 0 || product.allow_back_ordering)
        continue;
      const sellable = roundQuantity(
        entry.warehouses.reduce(
          (sum, warehouseId) => sum + (stock.get(`${productId}:${warehouseId}`) ?? 0),
          0,
        ),
      );
      if (thousandths(entry.quantity) > thousandths(sellable)) {
        const message =
          `Only ${formatQuantity(Math.max(sellable, 0))} of ${product.name} can be ordered: that is its ` +
          `sellable stock in the chosen warehouse${entry.warehouses.length > 1 ? 's' : ''}; this order has ` +
          `${formatQuantity(entry.quantity)}.`;
        throw conflict(message, `items.${entry.index}.quantity`);
      }
    }
  }

  if (postsToLedger) await assertWithinCreditLimit(tx, companyId, priced.terms.buyerId, totalPaise);
  else assertCreditHeadroom(priced.credit, totalPaise);
}

const snapshot = (address: AddressRow) => JSON.stringify(documentAddress(address));

interface PlaceOptions {
  quotationId: number;
  /** An edit keeps the order's number with the next version. */
  number?: string;
  version?: number;
  previousOrderId?: number;
  paymentStatus?: 'paid' | 'pending' | 'unpaid' | 'partially_paid' | 'cancelled';
  confirm: boolean;
  autoConfirmed: boolean;
  instant: boolean;
  /** Where the order's history entries go, for the caller to write with its own; without, written at once. */
  history?: HistoryEntry[];
  /**
   * The transaction places this one order and nothing after it, from the quotation it marks
   * ordered: the stock is reserved first, then one statement takes the order's number and writes
   * the order, its items, the history entries (the caller's `history` too) and the quotation's
   * new status. The stock rows and the number's counter stay locked until the transaction ends,
   * so every order placed meanwhile waits on them: this way they are held for the fewest round
   * trips. (A transaction placing several orders takes each number first: reserving under it, it
   * cannot deadlock with another such.)
   */
  lastWrite?: boolean;
}

/**
 * Writes one order of a priced quotation (and confirms it, reserving its stock, when asked). A
 * confirmed order is written as such: the state machine rules on the facts of the new order
 * (its lines, nothing invoiced or shipped, no invoice), and its stock is reserved in the same
 * transaction (a refusal rolls it all back), with the 'created' and 'confirmed' history entries.
 */
async function placeOrder(tx: Tx, actor: Principal, priced: PricedQuotation, options: PlaceOptions) {
  const { companyId } = actor;
  const lines = priced.pricing.lines;
  const quantities = lines.map((line) => ({
    productId: line.productId,
    warehouseId: line.warehouseId,
    quantity: roundQuantity(line.quantity),
  }));
  const confirmedStatus = options.confirm
    ? transitionOrRefuse(
        factsFrom(
          'new',
          quantities.map((line) => ({ quantity: line.quantity, quantity_invoiced: 0, quantity_shipped: 0 })),
          0,
        ),
        'confirm',
      )
    : null;
  const id = await queries.nextOrderId(tx);
  const reserveItsStock = async () => {
    const remaining = quantities.filter((line) => line.quantity > 0);
    if (remaining.length > 0) await reserveLines(tx, stockDocument(actor, id), remaining);
  };
  const order = {
    id,
    company_id: companyId,
    version: options.version ?? 1,
    previous_order_id: options.previousOrderId ?? null,
    quotation_id: options.quotationId,
    status: confirmedStatus ?? 'new',
    ...(confirmedStatus ? { is_stock_reserved: true, auto_processed_order: options.autoConfirmed } : {}),
    is_instant: options.instant,
    payment_status: options.paymentStatus ?? 'unpaid',
    billing_address: snapshot(priced.billing),
    shipping_address: snapshot(priced.shipping),
    place_of_supply_state_id: priced.shipping.state_id,
    order_date: priced.terms.date,
    total_items: lines.length,
    total_quantity: decimal(lines.reduce((sum, line) => sum + line.quantity, 0)),
    created_by: actor.userId,
    ...documentColumns(priced),
  };
  const items = lines.map((line, index) => ({
    company_id: companyId,
    order_id: id,
    position: index + 1,
    product_id: line.productId,
    warehouse_id: line.warehouseId,
    product_name: line.productName,
    sku: line.sku,
    unit: line.unit,
    ...lineColumns(line),
  }));
  const entries = (number: string) => [
    historyEntry(actor, id, 'created', {
      order_number: number,
      version: options.version ?? 1,
      status: 'new',
      total: toRupees(priced.pricing.totals.totalPaise),
      items: lines.map((line) => ({
        product: line.productId,
        warehouse: line.warehouseId,
        quantity: line.quantity,
      })),
      ...(options.instant ? { instant: true } : {}),
    }),
    ...(confirmedStatus
      ? [
          historyEntry(actor, id, 'confirmed', {
            status: { from: 'new', to: confirmedStatus },
            ...(options.autoConfirmed ? { auto_confirmed: true } : {}),
          }),
        ]
      : []),
  ];

  if (options.lastWrite) {
    if (confirmedStatus) await reserveItsStock();
    const number = await queries.insertNumberedOrder(
      tx,
      { documentType: ORDER_ENTITY, prefix: ORDER_PREFIX },
      order,
      items,
      [
        ...entries(NUMBER_TO_TAKE),
        orderedEntry(actor, options.quotationId, [NUMBER_TO_TAKE]),
        ...(options.history ?? []),
      ],
      options.quotationId,
    );
    return { id, number };
  }
  const number =
    options.number ?? (await nextDocumentNumber(tx, companyId, ORDER_ENTITY, { prefix: ORDER_PREFIX }));
  await queries.insertOrderWithItems(tx, { ...order, order_number: number }, items);
  if (confirmedStatus) await reserveItsStock();
  if (options.history) options.history.push(...entries(number));
  else await recordHistoryEntries(tx, entries(number));
  return { id, number };
}

/** The quotation to order: open, and not the edit of an order. Priced again as it stands now. */
async function quotationToOrder(tx: Tx, companyId: number, quotationId: number) {
  const quotation = await lockOpenQuotation(tx, companyId, quotationId);
  if (quotation.purpose === 'edit_order') throw conflict(SALES_ORDER_MESSAGES.edit_quotation);
  const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation));
  return { quotation, priced };
}

/**
 * POST admin/quotations/{id}/generate_order/: the quotation becomes an order, confirmed at once
 * (stock reserved) when the company auto-confirms orders; `instant` also confirms and invoices
 * the whole order in the same transaction.
 */
export async function generateOrder(options: {
  db: Database;
  actor: Principal;
  quotationId: number;
  instant: boolean;
}): Promise<SalesOrderOutput> {
  const { db, actor, quotationId, instant } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    // An instant order posts to the buyer's ledger: the buyer's lock first (db/lock-order.ts).
    if (instant) await lockBuyerOf(tx, companyId, 'quotations', quotationId);
    const { priced } = await quotationToOrder(tx, companyId, quotationId);
    // An instant order's invoice gets the buyer's unused credit: its payments are locked before the buyer.
    const hasCredit = instant && (await lockBuyerCreditFirst(tx, companyId, priced.terms.buyerId));
    await assertOrderable(tx, companyId, priced, priced.pricing.totals.totalPaise, {
      postsToLedger: instant,
    });
    const auto = priced.branch.is_order_auto_confirm;
    const order = await placeOrder(tx, actor, priced, {
      quotationId,
      confirm: auto || instant,
      autoConfirmed: auto,
      instant,
      lastWrite: true,
    });
    if (instant) {
      const invoice = await invoiceWholeOrder(tx, { companyId, orderId: order.id, userId: actor.userId });
      if (hasCredit) await allocateBuyerCredit(tx, companyId, priced.terms.buyerId, invoice.id, actor.userId);
    }
    return order.id;
  });
  return readOrder(db, companyId, id, { isNew: true });
}

/**
 * Splits a priced quotation into one document per warehouse: the coupon, the additional discount
 * and the charges are shared out over the parts by their value after line discounts (exactly, by
 * the domain's apportionPaise), and each part is priced by the domain's priceSalesDocument.
 */
function splitByWarehouse(priced: PricedQuotation): PricedQuotation[] {
  const warehouses = [...new Set(priced.terms.items.map((item) => item.warehouseId))];
  if (warehouses.length === 1) return [priced];
  const groups = warehouses.map((warehouseId) =>
    priced.pricing.lines
      .map((line, index) => ({ line, item: priced.terms.items[index] }))
      .filter(({ item }) => item.warehouseId === warehouseId),
  );
  const weights = groups.map((group) => group.reduce((sum, { line }) => sum + line.netPaise, 0));
  const share = (total: number) => apportionPaise(total, weights);
  const coupon = share(priced.couponDiscountPaise);
  const additional = share(priced.terms.additionalDiscountPaise);
  const shipping = share(priced.terms.shippingChargesPaise);
  const other = share(priced.terms.otherChargesPaise);
  return groups.map((group, index) => {
    const lines: PricedItem[] = group.map(({ line }) => ({
      productId: line.productId,
      warehouseId: line.warehouseId,
      productName: line.productName,
      sku: line.sku,
      unit: line.unit,
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      discountPercent: line.discountPercent,
      gstRatePercent: line.gstRatePercent,
      cessRatePercent: line.cessRatePercent,
      hsn: line.hsn,
    }));
    const terms: QuotationTerms = {
      ...priced.terms,
      items: group.map(({ item }) => item),
      additionalDiscountPaise: additional[index],
      shippingChargesPaise: shipping[index],
      otherChargesPaise: other[index],
    };
    return {
      ...priced,
      terms,
      couponDiscountPaise: coupon[index],
      pricing: priceSalesDocument({
        lines,
        couponDiscountPaise: coupon[index],
        additionalDiscountPaise: additional[index],
        shippingChargesPaise: shipping[index],
        otherChargesPaise: other[index],
        intraState: priced.intraState,
        roundOff: priced.roundOff,
      }),
    };
  });
}

/**
 * POST v1/admin/quotations/{id}/generate_fulfilment_order/: one order per warehouse of the
 * quotation's items, each fulfilled from its warehouse; the rules apply to them together.
 */
export async function generateFulfilmentOrders(options: {
  db: Database;
  actor: Principal;
  quotationId: number;
}): Promise<SalesOrderOutput[]> {
  const { db, actor, quotationId } = options;
  const { companyId } = actor;
  const ids = await inTransaction(db, async (tx) => {
    const { priced } = await quotationToOrder(tx, companyId, quotationId);
    const parts = splitByWarehouse(priced);
    const total = parts.reduce((sum, part) => sum + part.pricing.totals.totalPaise, 0);
    await assertOrderable(tx, companyId, priced, total, { postsToLedger: false });
    const auto = priced.branch.is_order_auto_confirm;
    // Each part takes its number and then reserves: all the parts' stock is locked first, so no
    // stock lock is taken after a number (db/lock-order.ts: stock before counters).
    if (auto) await lockStockLevels(tx, companyId, priced.terms.items);
    const orders = [];
    const entries: HistoryEntry[] = [];
    for (const part of parts) {
      orders.push(
        await placeOrder(tx, actor, part, {
          quotationId,
          confirm: auto,
          autoConfirmed: auto,
          instant: false,
          history: entries,
        }),
      );
    }
    await markOrdered(tx, actor, quotationId, orders, entries);
    await recordHistoryEntries(tx, entries);
    return orders.map((order) => order.id);
  });
  return Promise.all(ids.map((id) => readOrder(db, companyId, id, { isNew: true })));
}

/**
 * POST admin/quotations/{id}/edit_order/: the edit quotation becomes the order's next version
 * (same number, version + 1). The old version releases its reservations and becomes
 * has_new_version (it leaves the list); the new one is confirmed and reserved when the old one was
 * confirmed or on hold, else new.
 */
export async function editOrder(options: {
  db: Database;
  actor: Principal;
  quotationId: number;
}): Promise<SalesOrderOutput> {
  const { db, actor, quotationId } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, companyId, quotationId);
    if (quotation.purpose !== 'edit_order' || quotation.source_order_id === null) {
      throw conflict(SALES_ORDER_MESSAGES.not_edit_quotation);
    }
    const { order: old, lines, facts } = await lockOrder(tx, companyId, quotation.source_order_id);
    const oldStatusAfter = transitionOrRefuse(facts, 'edit');
    // The old version's reservations go first, so the new version can take the same stock.
    if (old.is_stock_reserved) await release(tx, actor, old.id, lines);
    await queries.updateOrder(tx, companyId, old.id, { status: oldStatusAfter, is_stock_reserved: false });
    const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation), {
      exceptOrderNumber: old.order_number,
    });
    await assertOrderable(tx, companyId, priced, priced.pricing.totals.totalPaise, {
      postsToLedger: false,
    });
    const wasConfirmed = old.status === 'confirmed' || old.status === 'on_hold';
    const entries: HistoryEntry[] = [];
    const created = await placeOrder(tx, actor, priced, {
      quotationId,
      number: old.order_number,
      version: old.version + 1,
      previousOrderId: old.id,
      paymentStatus: old.payment_status,
      confirm: wasConfirmed,
      autoConfirmed: false,
      instant: false,
      history: entries,
    });
    await markOrdered(tx, actor, quotationId, [created], entries);
    entries.push(
      historyEntry(actor, old.id, 'edited', {
        status: { from: old.status, to: oldStatusAfter },
        new_version: old.version + 1,
        new_order: created.id,
        stock_released: old.is_stock_reserved,
      }),
    );
    await recordHistoryEntries(tx, entries);
    return created.id;
  });
  return readOrder(db, companyId, id, { isNew: true });
}

/** The order's terms as a quotation's (the edit and the re-order start from them). */
function termsOfOrder(order: queries.OrderRecord, lines: readonly queries.OrderLine[]): QuotationTerms {
  if (order.billing_address_id === null || order.shipping_address_id === null) {
    throw conflict(SALES_ORDER_MESSAGES.addresses_gone);
  }
  return {
    buyerId: order.buyer_id,
    branchId: order.branch_id,
    salesChannelId: order.sales_channel_id,
    billingAddressId: order.billing_address_id,
    shippingAddressId: order.shipping_address_id,
    salesPersonId: order.sales_person_id,
    shippingMethodId: order.shipping_method_id,
    paymentMethodId: order.payment_method_id,
    paymentTermDays: order.payment_term_days,
    date: order.order_day,
    shipmentDate: order.shipment_day,
    reference: order.reference_number,
    minimumItemValuePaise:
      order.minimum_item_value_paise === null ? null : Number(order.minimum_item_value_paise),
    notes: order.notes,
    additionalDiscountPaise: Number(order.additional_discount_paise),
    shippingChargesPaise: Number(order.shipping_charges_paise),
    otherChargesPaise: Number(order.other_charges_paise),
    couponCode: order.coupon_code,
    items: lines.map((line) => ({
      productId: line.product_id,
      warehouseId: line.warehouse_id,
      quantity: Number(line.quantity),
      ratePaise: Number(line.rate_paise),
      discountPercent: Number(line.discount_percent),
    })),
  };
}

/**
 * The order's open edit quotation, made from the order the first time (so two users editing one
 * order share it), inside `tx`. Answers its id and whether it was already open.
 */
async function openEditQuotation(
  tx: Tx,
  actor: Principal,
  id: number,
): Promise<{ quotationId: number; alreadyOpen: boolean }> {
  const { companyId } = actor;
  const { order, lines, facts } = await lockOrder(tx, companyId, id);
  transitionOrRefuse(facts, 'edit');
  const open = await openEditOf(tx, companyId, id);
  if (open) return { quotationId: open.id, alreadyOpen: true };
  const quotationId = await insertQuotation(tx, actor, termsOfOrder(order, lines), {
    purpose: 'edit_order',
    sourceOrder: { id: order.id, number: order.order_number },
  });
  return { quotationId, alreadyOpen: false };
}

/** POST admin/orders/{id}/initiate_edit_order: opens (or reuses) the order's edit quotation. */
export async function initiateEditOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  const { quotationId } = await inTransaction(db, (tx) => openEditQuotation(tx, actor, id));
  companyChanged(actor.companyId);
  return getQuotation(db, actor.companyId, quotationId);
}

/**
 * GET admin/orders/{id}/initiate_edit_order: what editing the order would start from, without
 * storing anything (a GET must not write): the open edit quotation's terms and id when one is
 * open, otherwise the draft POST would make, from the same code in a rolled-back transaction.
 */
export async function previewEditOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<EditOrderPreview> {
  const { db, actor, id } = options;
  let openQuotationId: number | null = null;
  const draft = await previewDraft(db, actor.companyId, async (tx) => {
    const { quotationId, alreadyOpen } = await openEditQuotation(tx, actor, id);
    if (alreadyOpen) openQuotationId = quotationId;
    return quotationId;
  });
  return { ...draft, open_quotation_id: openQuotationId };
}

/**
 * The draft quotation of a re-order, inserted in `tx`: the order's products and quantities at
 * today's prices, dated today (no coupon or additional discount; products no longer sold are left
 * out).
 */
async function insertReorderDraft(tx: Tx, actor: Principal, id: number): Promise<number> {
  const { companyId } = actor;
  const order = await queries.lockOrder(tx, companyId, id);
  if (!order) throw notFound('Order');
  const lines = await queries.orderLines(tx, companyId, id);
  transitionOrRefuse(await factsOf(tx, order, lines), 'reorder');
  const live = await liveProductIds(
    tx,
    companyId,
    lines.map((line) => line.product_id),
  );
  const terms = termsOfOrder(order, lines);
  const items = terms.items
    .filter((item) => live.has(item.productId))
    .map((item) => ({ ...item, ratePaise: null }));
  if (items.length === 0) throw conflict(SALES_ORDER_MESSAGES.nothing_to_reorder);
  return insertQuotation(
    tx,
    actor,
    {
      ...terms,
      items,
      date: todayInIndia(),
      shipmentDate: null,
      couponCode: null,
      additionalDiscountPaise: 0,
      minimumItemValuePaise: null,
    },
    { purpose: 'reorder', sourceOrder: { id: order.id, number: order.order_number } },
  );
}

/** POST admin/orders/{id}/initiate_reorder: makes the re-order's draft quotation. */
export async function initiateReorder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  const quotationId = await inTransaction(db, (tx) => insertReorderDraft(tx, actor, id));
  companyChanged(actor.companyId);
  return getQuotation(db, actor.companyId, quotationId);
}

/** Carries a preview out of the transaction it rolls back. */
class PreviewRolledBack extends Error {
  constructor(readonly draft: QuotationOutput) {
    super('preview rolled back');
  }
}

/**
 * A draft quotation as `insertDraft` would make it, without making it: the code runs in a
 * transaction that is then rolled back, so a preview cannot drift from what the write makes
 * (prices, products left out, refusals), and nothing stays behind: no quotation, no history row,
 * no quotation number used.
 */
async function previewDraft(
  db: Database,
  companyId: number,
  insertDraft: (tx: Tx) => Promise<number>,
): Promise<ReorderPreview> {
  try {
    await inTransaction(db, async (tx) => {
      const quotationId = await insertDraft(tx);
      throw new PreviewRolledBack(await getQuotation(tx, companyId, quotationId));
    });
  } catch (error) {
    if (!(error instanceof PreviewRolledBack)) throw error;
    const {
      id: _id,
      quotation_number: _number,
      created_at: _created,
      updated_at: _updated,
      ...draft
    } = error.draft;
    return { ...draft, items: draft.items.map(({ id: _line, ...item }) => item) };
  }
  throw new Error('A draft preview must roll its transaction back.');
}

/** GET admin/orders/{id}/initiate_reorder: the draft a re-order would make, without making it. */
export function previewReorder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<ReorderPreview> {
  const { db, actor, id } = options;
  return previewDraft(db, actor.companyId, (tx) => insertReorderDraft(tx, actor, id));
}

// ---------------------------------------------------------------------------------------------
// State changes

/**
 * POST admin/orders/{id}/confirm/: new -> confirmed, or an order on hold resumes (the domain says
 * where: by what is invoiced). What is not yet invoiced is reserved unless the order already holds
 * it. The order row is locked first, so two confirmations cannot both reserve.
 */
export async function confirmOrder(options: { db: Database; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, lines, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'confirm');
    const branch = await queries.branchState(tx, companyId, order.branch_id);
    if (branch && !branch.is_active) throw conflict(branchInactiveMessage(branch.name), 'branch');
    if (!order.is_stock_reserved) await reserve(tx, actor, id, lines);
    await queries.updateOrder(tx, companyId, id, {
      status,
      is_stock_reserved: true,
      status_before_hold: null,
    });
    await history(tx, actor, id, 'confirmed', {
      status: { from: order.status, to: status },
      stock_reserved: !order.is_stock_reserved,
    });
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/hold/: on hold, keeping its reservations; the status it had is kept. */
export async function holdOrder(options: { db: Database; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'hold');
    await queries.updateOrder(tx, companyId, id, { status, status_before_hold: order.status });
    await history(tx, actor, id, 'put_on_hold', { status: { from: order.status, to: status } });
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/cancel/: cancelled; what it reserved and is not invoiced goes back. */
export async function cancelOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
  reason?: string | undefined;
}) {
  const { db, actor, id, reason } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, lines, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'cancel');
    if (order.is_stock_reserved) await release(tx, actor, id, lines);
    await queries.updateOrder(tx, companyId, id, {
      status,
      is_stock_reserved: false,
      status_before_hold: null,
    });
    await history(tx, actor, id, 'cancelled', {
      status: { from: order.status, to: status },
      stock_released: order.is_stock_reserved,
      ...(reason ? { reason } : {}),
    });
  });
  return getOrder(db, companyId, id);
}

/** PATCH admin/orders/{id}/: what changes without a new version (nothing priced). */
export async function updateOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
  input: z.infer<typeof salesOrderUpdate>;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const order = await queries.lockOrder(tx, companyId, id);
    if (!order) throw notFound('Order');
    if (order.status === 'has_new_version') throw conflict(SALES_ORDER_MESSAGES.superseded_update);
    const given = <K extends keyof typeof input>(key: K) => key in input;
    await assertOrderReferences(tx, companyId, {
      salesPersonId: input.sales_person ?? null,
      shippingMethodId: input.shipping_method ?? null,
      paymentMethodId: input.payment_method ?? null,
    });
    const changes = {
      ...(given('reference') ? { reference_number: input.reference ?? null } : {}),
      ...(given('sales_person') ? { sales_person_id: input.sales_person ?? null } : {}),
      ...(given('shipping_method') ? { shipping_method_id: input.shipping_method ?? null } : {}),
      ...(given('payment_method') ? { payment_method_id: input.payment_method ?? null } : {}),
      ...(given('shipment_date') ? { shipment_date: input.shipment_date ?? null } : {}),
      ...(given('notes') ? { notes: input.notes ?? null } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await queries.updateOrder(tx, companyId, id, changes);
    await history(tx, actor, id, 'updated', input);
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/comments: a comment on the order (kept in its history too). */
export async function addComment(options: {
  db: Database;
  actor: Principal;
  id: number;
  comment: string;
}): Promise<z.infer<typeof commentOutput>> {
  const { db, actor, id, comment } = options;
  const { companyId } = actor;
  const commentId = await inTransaction(db, async (tx) => {
    // Shares the order's lock with its state changes: a comment never lands on a half-changed order.
    const order = await queries.lockOrder(tx, companyId, id);
    if (!order) throw notFound('Order');
    const commentId = await writeComment(tx, {
      companyId,
      entityType: ORDER_ENTITY,
      entityId: id,
      comment,
      userId: actor.userId,
    });
    await history(tx, actor, id, 'commented', { comment });
    return commentId;
  });
  return commentById(db, companyId, commentId);
}

export async function orderHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.orderExists(db, companyId, id))) throw notFound('Order');
  return historyPage(db, companyId, ORDER_ENTITY, id);
}

// ---------------------------------------------------------------------------------------------
// Reading

export function getOrder(db: Executor, companyId: number, id: number): Promise<SalesOrderOutput> {
  return readOrder(db, companyId, id);
}

/** The order as answered; `isNew`: just placed by the caller, so it has no comments to read yet. */
async function readOrder(
  db: Executor,
  companyId: number,
  id: number,
  { isNew = false } = {},
): Promise<SalesOrderOutput> {
  const row = await queries.findOrder(db, companyId, id);
  if (!row) throw notFound('Order');
  const [items, comments] = await Promise.all([
    queries.orderItemsOf(db, companyId, [id]),
    isNew ? [] : commentsOf(db, companyId, ORDER_ENTITY, id),
  ]);
  const facts = factsFrom(row.status, items, Number(row.active_invoices));
  const invoiced = thousandths(facts.quantityInvoiced);
  return {
    id: row.id,
    order_number: row.order_number,
    version: row.version,
    previous_order:
      row.previous_order_id === null || row.previous_order_number === null
        ? null
        : {
            id: row.previous_order_id,
            order_number: row.previous_order_number,
            version: Number(row.previous_order_version),
          },
    quotation:
      row.quotation_id === null || row.quotation_number === null
        ? null
        : { id: row.quotation_id, quotation_number: row.quotation_number },
    order_date: row.order_day,
    status: row.status,
    payment_status: row.payment_status,
    is_instant: row.is_instant,
    is_stock_reserved: row.is_stock_reserved,
    auto_processed_order: row.auto_processed_order,
    partially_invoiced: invoiced > 0 && invoiced < thousandths(facts.totalQuantity),
    buyer: { id: row.buyer_id, name: row.buyer_name, gst_number: row.buyer_gst_number },
    branch: { id: row.branch_id, name: row.branch_name },
    sales_channel:
      row.sales_channel_id === null || row.sales_channel_name === null
        ? null
        : { id: row.sales_channel_id, display_name: row.sales_channel_name },
    billing_address: row.billing_address as never,
    shipping_address: row.shipping_address as never,
    place_of_supply: { id: row.place_of_supply_state_id, name: row.pos_name, gst_code: row.pos_gst_code },
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    shipping_method: named(row.shipping_method_id, row.shipping_method_name),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    payment_terms: row.payment_term_days,
    shipment_date: row.shipment_day,
    reference_number: row.reference_number,
    minimum_item_value:
      row.minimum_item_value_paise === null ? null : toRupees(Number(row.minimum_item_value_paise)),
    notes: row.notes,
    coupon_code: row.coupon_code,
    buyer_company: row.buyer_name,
    order_items: items.map((item) => {
      const quantity = Number(item.quantity);
      const quantityInvoiced = Number(item.quantity_invoiced);
      return {
        ...presentLine(item),
        quantity_invoiced: quantityInvoiced,
        quantity_shipped: Number(item.quantity_shipped),
        invoiceable_quantity: roundQuantity(quantity - quantityInvoiced),
      };
    }),
    totals: presentTotals(row),
    order_total: toRupees(Number(row.total_paise)),
    total_items: row.total_items,
    total_quantity: facts.totalQuantity,
    total_quantity_invoiced: facts.quantityInvoiced,
    total_quantity_shipped: facts.quantityShipped,
    comments,
    allowed_actions: allowedOrderActions(facts),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentSummary(row: queries.OrderListRow): SalesOrderSummaryOutput & { sort_value: string } {
  const invoiced = thousandths(Number(row.total_quantity_invoiced));
  return {
    id: row.id,
    order_number: row.order_number,
    version: row.version,
    order_date: row.order_day,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: row.buyer_name,
    branch: { id: row.branch_id, name: row.branch_name },
    order_total: toRupees(Number(row.total_paise)),
    reference_number: row.reference_number,
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    status: row.status,
    payment_status: row.payment_status,
    payment_method: named(row.payment_method_id, row.payment_method_name),
    sales_channel:
      row.sales_channel_id === null || row.sales_channel_name === null
        ? null
        : { id: row.sales_channel_id, display_name: row.sales_channel_name },
    shipping_method: named(row.shipping_method_id, row.shipping_method_name),
    total_items: row.total_items,
    total_quantity: Number(row.total_quantity),
    total_quantity_invoiced: Number(row.total_quantity_invoiced),
    total_quantity_shipped: Number(row.total_quantity_shipped),
    partially_invoiced: invoiced > 0 && invoiced < thousandths(Number(row.total_quantity)),
    created_at: row.created_at,
    sort_value: row.sort_value,
  };
}

/** GET admin/companies/{companyId}/orders: one page (offset or keyset); counted only when needed. */
export async function listOrders(
  db: Executor,
  companyId: number,
  filter: queries.OrderFilter,
  sort: Parameters<typeof queries.listOrderPage>[3],
  window: Parameters<typeof queries.listOrderPage>[4],
) {
  filter = { ...filter, resolvedSearch: await queries.resolveSearch(db, companyId, filter.search) };
  const rows = await queries.listOrderPage(db, companyId, filter, sort, window);
  // A first offset page that is not full holds every match: no need to count them.
  const { count, countIsEstimate } =
    !window.cursor && window.offset === 0 && rows.length < window.limit
      ? { count: rows.length, countIsEstimate: false }
      : await queries.countOrders(db, companyId, filter);
  const results = rows.map(presentSummary);
  return {
    count,
    countIsEstimate,
    results: window.cursor?.direction === 'previous' ? results.reverse() : results,
  };
}

// ---------------------------------------------------------------------------------------------
// The order details report

export const ORDER_REPORT_HEADER = [
  'Order Number',
  'Version',
  'Order Date',
  'Status',
  'Payment Status',
  'Buyer',
  'Buyer GSTIN',
  'Branch',
  'Sales Channel',
  'Sales Person',
  'Payment Method',
  'Shipping Method',
  'Reference Number',
  'Place of Supply',
  'Coupon Code',
  'Order Total',
  'Line',
  'Product',
  'SKU',
  'HSN',
  'Warehouse',
  'Unit',
  'Quantity',
  'Quantity Invoiced',
  'Quantity Shipped',
  'Rate',
  'Discount %',
  'GST %',
  'Cess %',
  'Amount',
  'Taxable Value',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
] as const;

const REPORT_BATCH = 1000;

/**
 * The report's rows, one per order item with its order's fields, in batches of at most 1000
 * orders read by keyset (newest order date first): memory stays flat whatever the report's length,
 * and each batch is a short read of its own (no transaction is held while the client downloads).
 * The next batch is read while the current one is written out, so the database and the CSV
 * writing take turns less: two batches at most are in memory.
 */
export async function* orderReportRows(db: Executor, companyId: number, filter: queries.OrderFilter) {
  filter = { ...filter, resolvedSearch: await queries.resolveSearch(db, companyId, filter.search) };
  type Batch = { orders: queries.ReportOrderRow[]; items: queries.OrderItemRow[] };
  const readBatch = async (after: { day: string; id: number } | null): Promise<Batch> => {
    const orders = await queries.reportOrderBatch(db, companyId, filter, after, REPORT_BATCH);
    const items =
      orders.length === 0
        ? []
        : await queries.orderItemsOf(
            db,
            companyId,
            orders.map((order) => order.id),
          );
    return { orders, items };
  };
  let next: Promise<Batch> | null = readBatch(null);
  while (next) {
    const { orders, items }: Batch = await next;
    if (orders.length === 0) return;
    const last = orders[orders.length - 1];
    next = orders.length < REPORT_BATCH ? null : readBatch({ day: last.order_day, id: last.id });
    // A batch not awaited when the download stops must not be an unhandled rejection.
    next?.catch(() => undefined);
    yield reportRowsOf(orders, items);
  }
}

/** The report's rows of a batch of orders and their items. */
function reportRowsOf(orders: queries.ReportOrderRow[], items: queries.OrderItemRow[]) {
  const byOrder = new Map<number, queries.OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id);
    if (list) list.push(item);
    else byOrder.set(item.order_id, [item]);
  }
  const rows: (string | number | null)[][] = [];
  for (const order of orders) {
    const head = [
      order.order_number,
      order.version,
      order.order_day,
      order.status,
      order.payment_status,
      order.buyer_name,
      order.buyer_gst_number,
      order.branch_name,
      order.sales_channel_name,
      order.sales_person_first_name === null
        ? null
        : `${order.sales_person_first_name} ${order.sales_person_last_name ?? ''}`.trim(),
      order.payment_method_name,
      order.shipping_method_name,
      order.reference_number,
      order.place_of_supply,
      order.coupon_code,
      toRupees(Number(order.total_paise)),
    ];
    for (const item of byOrder.get(order.id) ?? []) {
      rows.push([
        ...head,
        item.position,
        item.product_name,
        item.sku,
        item.hsn,
        item.warehouse_name,
        item.unit,
        Number(item.quantity),
        Number(item.quantity_invoiced),
        Number(item.quantity_shipped),
        toRupees(Number(item.rate_paise)),
        Number(item.discount_percent),
        Number(item.gst_rate),
        Number(item.cess_rate),
        toRupees(Number(item.amount_paise)),
        toRupees(Number(item.taxable_paise)),
        toRupees(Number(item.cgst_paise)),
        toRupees(Number(item.sgst_paise)),
        toRupees(Number(item.igst_paise)),
        toRupees(Number(item.cess_paise)),
      ]);
    }
  }
  return rows;
}

/**
 * An order confirmed and invoiced in full inside the caller's transaction, from terms no user
 * turned into a quotation first (a delivery challan converted into a sale, a counter sale). The
 * quotation is still written, for the record, and marked ordered. Answers the order and its invoice.
 * `paidNowPaise`: what the caller takes in payment in the same action (a counter sale's tenders);
 * only the rest counts against the buyer's credit limit. A sale not paid now gets the buyer's
 * unused credit (its payments locked first, see lockBuyerCreditFirst).
 */
export async function placeInstantOrder(
  tx: Tx,
  actor: Principal,
  terms: QuotationTerms,
  { paidNowPaise = 0 }: { paidNowPaise?: number } = {},
) {
  const { companyId } = actor;
  // In the lock order of db/lock-order.ts: the buyer, its credit, then the stock (reserved, then
  // issued by the invoice: the same rows) before the order's number and then the invoice's.
  await lockBuyerMoney(tx, companyId, terms.buyerId);
  const hasCredit = paidNowPaise === 0 && (await lockBuyerCreditFirst(tx, companyId, terms.buyerId));
  const quotationId = await insertQuotation(tx, actor, terms);
  const { priced } = await quotationToOrder(tx, companyId, quotationId);
  const unpaidPaise = Math.max(0, priced.pricing.totals.totalPaise - paidNowPaise);
  await assertOrderable(tx, companyId, priced, unpaidPaise);
  const order = await placeOrder(tx, actor, priced, {
    quotationId,
    confirm: true,
    autoConfirmed: false,
    instant: true,
    lastWrite: true,
  });
  const invoice = await invoiceWholeOrder(tx, { companyId, orderId: order.id, userId: actor.userId });
  if (hasCredit) await allocateBuyerCredit(tx, companyId, terms.buyerId, invoice.id, actor.userId);
  return { order, invoice };
}
