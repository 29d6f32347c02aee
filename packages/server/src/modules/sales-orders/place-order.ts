import {
  type QuotationInput,
  SALES_ORDER_FORM_MESSAGES,
  type SalesOrderOutput,
} from '@b2b/domain/api/sales-orders';
import { formatMoney, formatQuantity, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { apportionPaise, priceSalesDocument } from '@b2b/domain/sales-pricing';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney, lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { assertCreditHeadroom, assertWithinCreditLimit } from '../buyers/credit-limit.ts';
import { nextDocumentNumber } from '../document-numbers/document-numbers.service.ts';
import { type HistoryEntry, NUMBER_TO_TAKE, recordHistoryEntries } from '../history/history.service.ts';
import { lockStockLevels, reserveLines } from '../inventory/inventory.service.ts';
import { invoiceWholeOrder } from '../invoices/issue-invoice.ts';
import { creditOfferCashpoints, redeemOffers } from '../offer-redemptions/offer-redemptions.service.ts';
import { allocateBuyerCredit, lockBuyerCreditFirst } from '../payments/buyer-credit.ts';
import { insertQuotation } from '../quotations/create-quotation.ts';
import { assertNoPendingBid, markOrdered, orderedEntry } from '../quotations/quotation-orders.ts';
import {
  type PricedItem,
  type PricedQuotation,
  priceQuotationTerms,
  type QuotationTerms,
} from '../quotations/quotation-pricing.ts';
import {
  documentColumns,
  lineOfferColumns,
  lockOpenQuotation,
  termsFromInput,
  termsOfQuotation,
} from '../quotations/quotation-terms.ts';
import { rewardReferralOnFirstOrder } from '../referrals/referral-rewards.ts';
import { type AddressRow, decimal, documentAddress, lineColumns } from '../sales-documents/sales-document.ts';
import {
  factsFrom,
  historyEntry,
  ORDER_ENTITY,
  ORDER_PREFIX,
  SALES_ORDER_MESSAGES,
  stockDocument,
  thousandths,
  transitionOrRefuse,
} from './order-facts.ts';
import { readOrder } from './order-reads.ts';
import * as queries from './sales-orders.queries.ts';

// Placing orders: a quotation becomes an order (or one per warehouse), and an instant order is
// placed and invoiced inside another document's transaction.

const rupees = (paise: number) => formatMoney(paise / 100);

/**
 * The rules an order must meet on top of the quotation's: the minimum item value, each product's
 * max quantity per transaction (0: its sellable stock, unless back-ordering is allowed), and the
 * buyer's credit limit for `totalPaise` (all of the quotation's orders together). Stock and credit
 * figures are those the pricing read. `postsToLedger`: the transaction also posts to the buyer's
 * ledger (an instant order's invoice), so the buyer row is locked and read again from the check to
 * the posting; an order alone posts nothing and locks nothing.
 */
export async function assertOrderable(
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
export async function placeOrder(tx: Tx, actor: Principal, priced: PricedQuotation, options: PlaceOptions) {
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
    ...lineOfferColumns(line),
    // A line quoted nil rated, exempt or non-GST stays so while it is still untaxed (its invoice
    // lines take the order line's, migration 0085); null: the database takes the product's. Every
    // line names the column, so the statement keeps one shape.
    gst_treatment:
      line.gstTreatment && line.gstRatePercent === 0 && line.cessRatePercent === 0 ? line.gstTreatment : null,
  }));
  // The offers the order got, with the uses they take: written once the order row exists.
  let applied = priced.appliedOffers;
  const redeem = () =>
    redeemOffers(
      tx,
      companyId,
      {
        id,
        quotationId: options.quotationId,
        buyerId: priced.terms.buyerId,
        salesChannelId: priced.terms.salesChannelId,
        valuePaise: priced.pricing.totals.totalPaise,
      },
      { applied, couponCodeId: priced.couponCodeId },
    );
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

  // Cashpoints offers credit the buyer now, before the stock and number (lock order).
  applied = await creditOfferCashpoints(
    tx,
    actor,
    { id, buyerId: priced.terms.buyerId, salesChannelId: priced.terms.salesChannelId },
    priced.appliedOffers,
  );
  // A referred buyer's first order gives the referral's rewards in this transaction (referrals area).
  await rewardReferralOnFirstOrder(tx, {
    actor,
    buyerId: priced.terms.buyerId,
    orderId: id,
    totalPaise: priced.pricing.totals.totalPaise,
    salesChannelId: priced.terms.salesChannelId,
    isEdit: options.previousOrderId !== undefined,
  });
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
    await redeem();
    return { id, number };
  }
  const number =
    options.number ?? (await nextDocumentNumber(tx, companyId, ORDER_ENTITY, { prefix: ORDER_PREFIX }));
  await queries.insertOrderWithItems(tx, { ...order, order_number: number }, items);
  await redeem();
  if (confirmedStatus) await reserveItsStock();
  if (options.history) options.history.push(...entries(number));
  else await recordHistoryEntries(tx, entries(number));
  return { id, number };
}

/** The quotation to order: open, and not the edit of an order. Priced again as it stands now. */
async function quotationToOrder(tx: Tx, companyId: number, quotationId: number) {
  const quotation = await lockOpenQuotation(tx, companyId, quotationId);
  if (quotation.purpose === 'edit_order') throw conflict(SALES_ORDER_MESSAGES.edit_quotation);
  await assertNoPendingBid(tx, companyId, quotationId);
  const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation), {
    placing: true,
  });
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
    return orderQuotation(tx, actor, quotationId, instant);
  });
  return readOrder(db, companyId, id, { isNew: true });
}

/** The quotation becomes an order (confirmed and invoiced when `instant`); the buyer is locked first when instant. */
async function orderQuotation(tx: Tx, actor: Principal, quotationId: number, instant: boolean) {
  const { companyId } = actor;
  const { priced } = await quotationToOrder(tx, companyId, quotationId);
  // An instant order's invoice gets the buyer's unused credit: its payments are locked after the buyer.
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
}

/**
 * POST admin/companies/{companyId}/generate_order: the form placed as an order in one step (New
 * Order's Place Order). Its quotation is written for the record (purpose direct_order, left out of
 * the quotations list) in the order's transaction: an order refused for its stock, credit or
 * minimum value rolls back with it and leaves no draft quotation behind.
 */
export async function generateDirectOrder(options: {
  db: Database;
  actor: Principal;
  input: QuotationInput;
  instant: boolean;
}): Promise<SalesOrderOutput> {
  const { db, actor, input, instant } = options;
  const { companyId } = actor;
  const terms = termsFromInput(input);
  const id = await inTransaction(db, async (tx) => {
    if (instant) await lockBuyerMoney(tx, companyId, terms.buyerId);
    const quotationId = await insertQuotation(tx, actor, terms, { purpose: 'direct_order' });
    return orderQuotation(tx, actor, quotationId, instant);
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
  const cashpoints = new Map(
    priced.appliedOffers.map((offer) => [offer.offerId, share(offer.cashpointsPaise)]),
  );
  return groups.map((group, index) => {
    // Each part's redemptions: its own lines' product offer amounts, its share of the cart offer
    // and of any cashpoints.
    const appliedOffers = priced.appliedOffers.map((offer) => ({
      ...offer,
      discountPaise:
        offer.kind === 'product'
          ? group.reduce(
              (sum, { line }) => sum + (line.offerId === offer.offerId ? (line.offerDiscountPaise ?? 0) : 0),
              0,
            )
          : offer.rewardType === 'discount'
            ? coupon[index]
            : 0,
      cashpointsPaise: cashpoints.get(offer.offerId)?.[index] ?? 0,
    }));
    const lines: PricedItem[] = group.map(({ line }) => ({
      productId: line.productId,
      warehouseId: line.warehouseId,
      productName: line.productName,
      sku: line.sku,
      unit: line.unit,
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      discountPercent: line.discountPercent,
      offerId: line.offerId,
      offerDiscountPaise: line.offerDiscountPaise,
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
      appliedOffers,
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
 * An order confirmed and invoiced in full inside the caller's transaction, from terms no user
 * turned into a quotation first (a delivery challan converted into a sale, a counter sale). The
 * quotation is still written, for the record (purpose direct_order: not listed), and marked ordered. Answers the order and its invoice.
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
  const quotationId = await insertQuotation(tx, actor, terms, { purpose: 'direct_order' });
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
