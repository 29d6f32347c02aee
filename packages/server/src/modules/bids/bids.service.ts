import type {
  BidInput,
  BidOutput,
  BidRangeOutput,
  BuyerGroupPriceInput,
  BuyerGroupPriceOutput,
  QuotationBidsOutput,
} from '@b2b/domain/api/bids';
import { BUYER_GROUP_PRICE_MESSAGES } from '@b2b/domain/api/bids';
import {
  BID_MESSAGES,
  type BiddingRange,
  biddingRange,
  bidVerdict,
  buyerPricePaise,
  describeBiddingRange,
} from '@b2b/domain/buyer-prices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { getBuyerGroup } from '../buyer-groups/buyer-groups.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { setProductRate } from '../quotations/quotation-rates.ts';
import { lockOpenQuotation, termsOfQuotation } from '../quotations/quotation-terms.ts';
import { dayOrThrow } from '../sales-documents/sales-document.ts';
import { channelPrincipal, type Storefront } from '../storefront/channel-credentials.ts';
import * as queries from './bids.queries.ts';
import { groupPricesFor } from './buyer-prices.ts';

/**
 * Buyer prices and bids (issue 20). The rule is the domain's (buyer-prices.ts); here it meets the
 * data: buyer-group prices, the products' cost, margin and max_bidding_percentage, and the
 * quotations bids are placed on. Lock order: the quotation (lockOpenQuotation, FOR UPDATE), then
 * the bid row; the quotation's lock also queues two bids on one quotation.
 */

const recordBidHistory = historyWriter('bid');
const recordBuyerGroupHistory = historyWriter('buyer_group');

const userName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

// ---------------------------------------------------------------------------------------------
// Buyer prices

/** The bidding range of each of the products (live ones of the company) for a buyer. */
async function rangesFor(
  db: Executor,
  companyId: number,
  buyerId: number,
  productIds: readonly number[],
): Promise<Map<number, { product: queries.BiddingProductRow; range: BiddingRange }>> {
  if (productIds.length === 0) return new Map();
  // One after the other: `db` may be a transaction (one connection).
  const products = await queries.biddingProducts(db, companyId, productIds);
  const groupPrices = await groupPricesFor(db, companyId, buyerId, productIds);
  return new Map(
    products.map((product) => {
      const group = groupPrices.get(Number(product.id));
      const buyerPrice = buyerPricePaise({
        sellingPricePaise: Number(product.selling_price_paise),
        groupPricesPaise: group === undefined ? [] : [group],
      });
      const range = biddingRange({
        buyerPricePaise: buyerPrice,
        costPricePaise: product.cost_price_paise === null ? null : Number(product.cost_price_paise),
        marginPercent: product.margin === null ? null : Number(product.margin),
        maxBiddingPercent:
          product.max_bidding_percentage === null ? null : Number(product.max_bidding_percentage),
      });
      return [Number(product.id), { product, range }];
    }),
  );
}

const presentRange = (productId: number, range: BiddingRange): BidRangeOutput => ({
  product: productId,
  buyer_price: toRupees(range.buyerPricePaise),
  floor: toRupees(range.floorPaise),
  margin_floor: range.marginFloorPaise === null ? null : toRupees(range.marginFloorPaise),
  can_bid: range.canBid,
  description: describeBiddingRange(range),
});

// ---------------------------------------------------------------------------------------------
// Buyer-group prices

export async function listGroupPrices(
  db: Executor,
  companyId: number,
  buyerGroupId: number,
): Promise<{ count: number; next: null; previous: null; results: BuyerGroupPriceOutput[] }> {
  await getBuyerGroup(db, companyId, buyerGroupId);
  const rows = await queries.groupPrices(db, companyId, buyerGroupId);
  const results = rows.map((row) => ({
    product: {
      id: Number(row.id),
      name: row.name,
      sku: row.sku,
      selling_price: toRupees(Number(row.selling_price_paise)),
      is_active: row.is_active,
    },
    price: toRupees(Number(row.price_paise)),
    updated_at: row.updated_at,
  }));
  return { count: results.length, next: null, previous: null, results };
}

/** PUT buyer_groups/{id}/prices: sets the group's price of a product. */
export async function setGroupPrice(options: {
  db: Database;
  actor: Principal;
  buyerGroupId: number;
  input: BuyerGroupPriceInput;
}) {
  const { db, actor, buyerGroupId, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    await getBuyerGroup(tx, companyId, buyerGroupId);
    const [product] = await queries.biddingProducts(tx, companyId, [input.product]);
    if (!product) throw notFound('Product');
    const before = await queries.groupPrice(tx, companyId, buyerGroupId, input.product);
    const pricePaise = toPaise(input.price);
    await queries.upsertGroupPrice(tx, {
      company_id: companyId,
      buyer_group_id: buyerGroupId,
      product_id: input.product,
      price_paise: pricePaise,
    });
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, 'price_set', {
      product: input.product,
      product_name: product.name,
      price: input.price,
      ...(before ? { previous_price: toRupees(Number(before.price_paise)) } : {}),
    });
  });
  return listGroupPrices(db, companyId, buyerGroupId);
}

/** POST buyer_groups/{id}/remove_price: the product goes back to its selling price for the group. */
export async function removeGroupPrice(options: {
  db: Database;
  actor: Principal;
  buyerGroupId: number;
  productId: number;
}) {
  const { db, actor, buyerGroupId, productId } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    await getBuyerGroup(tx, companyId, buyerGroupId);
    const removed = await queries.deleteGroupPrice(tx, companyId, buyerGroupId, productId);
    if (!removed) throw validationError('product', BUYER_GROUP_PRICE_MESSAGES.price_not_found);
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, 'price_removed', {
      product: productId,
      price: toRupees(Number(removed.price_paise)),
    });
  });
  return listGroupPrices(db, companyId, buyerGroupId);
}

// ---------------------------------------------------------------------------------------------
// Bids

function presentBid(row: queries.BidRow): BidOutput {
  return {
    id: Number(row.id),
    quotation: { id: Number(row.quotation_id), quotation_number: row.quotation_number },
    product: { id: Number(row.product_id), name: row.product_name, sku: row.sku },
    buyer: { id: Number(row.buyer_id), name: row.buyer_name },
    proposed_rate: toRupees(Number(row.proposed_rate_paise)),
    buyer_price: toRupees(Number(row.buyer_price_paise)),
    floor: toRupees(Number(row.floor_paise)),
    status: row.status,
    reason: row.reason,
    decided_by:
      row.decided_by === null
        ? null
        : { id: Number(row.decided_by), name: userName(row.decided_by_first_name, row.decided_by_last_name) },
    decided_at: row.decided_at,
    created_by:
      row.created_by === null
        ? null
        : { id: Number(row.created_by), name: userName(row.created_by_first_name, row.created_by_last_name) },
    sales_channel:
      row.sales_channel_id === null || row.sales_channel_name === null
        ? null
        : { id: Number(row.sales_channel_id), display_name: row.sales_channel_name },
    created_at: row.created_at,
  };
}

async function getBid(db: Executor, companyId: number, id: number): Promise<BidOutput> {
  const row = await queries.findBid(db, companyId, id);
  if (!row) throw notFound('Bid');
  return presentBid(row);
}

/** GET admin/quotations/{id}/bids: the range of each product of the quotation and its bids. */
export async function quotationBids(
  db: Executor,
  actor: Principal,
  quotationId: number,
): Promise<QuotationBidsOutput> {
  const quotation = await queries.quotationBuyer(db, actor.companyId, quotationId);
  if (!quotation) throw notFound('Quotation');
  return bidsOfQuotation(db, actor.companyId, quotation);
}

async function bidsOfQuotation(
  db: Executor,
  companyId: number,
  quotation: { id: number; buyer_id: number },
): Promise<QuotationBidsOutput> {
  const quotationId = quotation.id;
  const productIds = await queries.quotationProductIds(db, companyId, quotationId);
  const [ranges, bids] = await Promise.all([
    rangesFor(db, companyId, quotation.buyer_id, productIds),
    queries.quotationBids(db, companyId, quotationId),
  ]);
  return {
    ranges: [...ranges.entries()].map(([productId, { range }]) => presentRange(productId, range)),
    results: bids.map(presentBid),
  };
}

/**
 * GET admin/buyers/{id}/buyer_prices: what each product costs this buyer (its groups' lowest price,
 * else the selling price) and its bidding range; the quotation form's rate of a new line. Products
 * not of the company (or deleted) are left out.
 */
export async function buyerPrices(
  db: Executor,
  companyId: number,
  buyerId: number,
  productIds: readonly number[],
): Promise<{ results: BidRangeOutput[] }> {
  if (!(await queries.buyerExists(db, companyId, buyerId))) throw notFound('Buyer');
  const ranges = await rangesFor(db, companyId, buyerId, productIds);
  return { results: [...ranges.entries()].map(([productId, { range }]) => presentRange(productId, range)) };
}

async function productOnQuotation(
  tx: Tx,
  quotation: Awaited<ReturnType<typeof lockOpenQuotation>>,
  productId: number,
) {
  const terms = await termsOfQuotation(tx, quotation);
  return terms.items.some((item) => item.productId === productId);
}

/**
 * POST admin/quotations/{id}/bids: a rate proposed for a product of the quotation. Within the
 * bidding range it is accepted and becomes the rate of the product's lines; below the floor it
 * waits for approval and the lines keep their rate. One bid per product waits at a time.
 */
export async function placeBid(options: {
  db: Database;
  actor: Principal;
  quotationId: number;
  input: BidInput;
}): Promise<BidOutput> {
  const { db, actor, quotationId, input } = options;
  const id = await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, actor.companyId, quotationId);
    return bidOn(tx, actor, quotation, input, null);
  });
  return getBid(db, actor.companyId, id);
}

/**
 * The rule of a bid on a quotation the caller has locked (lockOpenQuotation), whoever places it:
 * a user (admin) or a buyer through its sales channel (`salesChannelId`; the actor is then the
 * channel's, with no user). Returns the bid's id.
 */
async function bidOn(
  tx: Tx,
  actor: Principal,
  quotation: Awaited<ReturnType<typeof lockOpenQuotation>>,
  input: BidInput,
  salesChannelId: number | null,
): Promise<number> {
  const { companyId } = actor;
  const quotationId = quotation.id;
  const ranges = await rangesFor(tx, companyId, quotation.buyer_id, [input.product]);
  const found = ranges.get(input.product);
  if (!found) throw notFound('Product');
  if (!(await productOnQuotation(tx, quotation, input.product))) {
    throw validationError('product', BID_MESSAGES.product_not_on_quotation);
  }
  const ratePaise = toPaise(input.rate);
  const verdict = bidVerdict(found.range, ratePaise);
  if (!verdict.ok) throw validationError('rate', verdict.message);
  if (await queries.pendingBidOf(tx, companyId, quotationId, input.product)) {
    throw conflict(BID_MESSAGES.already_pending, 'product');
  }
  const { id: bidId } = await queries.insertBid(tx, {
    company_id: companyId,
    quotation_id: quotationId,
    product_id: input.product,
    buyer_id: quotation.buyer_id,
    proposed_rate_paise: ratePaise,
    buyer_price_paise: found.range.buyerPricePaise,
    floor_paise: found.range.floorPaise,
    status: verdict.status,
    created_by: actor.userId,
    sales_channel_id: salesChannelId,
  });
  await recordBidHistory(tx, actor, bidId, 'placed', {
    quotation: quotation.quotation_number,
    product: input.product,
    rate: input.rate,
    buyer_price: toRupees(found.range.buyerPricePaise),
    floor: toRupees(found.range.floorPaise),
    status: verdict.status,
    ...(salesChannelId === null ? {} : { sales_channel: salesChannelId }),
  });
  if (verdict.status === 'accepted') {
    await setProductRate(tx, actor, quotation, {
      productId: input.product,
      ratePaise,
      action: 'bid_accepted',
      bidId,
    });
  }
  return bidId;
}

/** The bid, with its quotation locked first (lock order), when it waits for approval. */
async function lockPendingBid(tx: Tx, actor: Principal, id: number) {
  const owner = await queries.bidQuotation(tx, actor.companyId, id, branchScope(actor));
  if (!owner) throw notFound('Bid');
  const quotation = await lockOpenQuotation(tx, actor.companyId, Number(owner.quotation_id));
  const bid = await queries.lockBid(tx, actor.companyId, id);
  if (!bid) throw notFound('Bid');
  if (bid.status !== 'pending_approval') throw conflict(BID_MESSAGES.not_pending);
  return { quotation, bid };
}

/** POST admin/bids/{id}/approve: the bid's rate becomes the rate of the product's lines. */
export async function approveBid(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<BidOutput> {
  const { db, actor, id } = options;
  await inTransaction(db, async (tx) => {
    const { quotation, bid } = await lockPendingBid(tx, actor, id);
    if (!(await productOnQuotation(tx, quotation, bid.product_id))) {
      throw conflict(BID_MESSAGES.product_gone);
    }
    await queries.updateBid(tx, actor.companyId, id, {
      status: 'approved',
      decided_by: actor.userId,
      decided_at: new Date(),
    });
    await recordBidHistory(tx, actor, id, 'approved', { status: 'approved' });
    await setProductRate(tx, actor, quotation, {
      productId: bid.product_id,
      ratePaise: Number(bid.proposed_rate_paise),
      action: 'bid_approved',
      bidId: id,
    });
  });
  return getBid(db, actor.companyId, id);
}

/** POST admin/bids/{id}/refuse: the lines keep their rate; the reason is kept. */
export async function refuseBid(options: {
  db: Database;
  actor: Principal;
  id: number;
  reason: string;
}): Promise<BidOutput> {
  const { db, actor, id, reason } = options;
  await inTransaction(db, async (tx) => {
    await lockPendingBid(tx, actor, id);
    await queries.updateBid(tx, actor.companyId, id, {
      status: 'refused',
      decided_by: actor.userId,
      decided_at: new Date(),
      reason,
    });
    await recordBidHistory(tx, actor, id, 'refused', { status: 'refused', reason });
  });
  return getBid(db, actor.companyId, id);
}

// ---------------------------------------------------------------------------------------------
// The storefront: a buyer sees the quotations sent to it and bids on them through its sales
// channel. A draft, an order's edit or another buyer's quotation is not the buyer's to see (404).

const sentTo = (quotation: { buyer_id: number; status: string; purpose: string }, buyerId: number) =>
  Number(quotation.buyer_id) === buyerId && quotation.purpose === 'new' && quotation.status !== 'draft';

/** GET /storefront/quotations: the quotations sent to the buyer, waiting for its order. */
export async function channelQuotations(db: Executor, storefront: Storefront, window: PageWindow) {
  const { rows, count } = await queries.sentQuotations(db, storefront.companyId, storefront.buyer.id, window);
  return {
    count,
    results: rows.map((row) => ({
      id: Number(row.id),
      quotation_number: row.quotation_number,
      quotation_date: dayOrThrow(row.quotation_date),
      total: toRupees(Number(row.total_paise)),
      items: Number(row.items ?? 0),
    })),
  };
}

/** GET /storefront/quotations/{id}/bids: as admin's, for a quotation sent to the buyer. */
export async function channelQuotationBids(
  db: Executor,
  storefront: Storefront,
  quotationId: number,
): Promise<QuotationBidsOutput> {
  const quotation = await queries.quotationBuyer(db, storefront.companyId, quotationId);
  if (!quotation || !sentTo(quotation, storefront.buyer.id)) throw notFound('Quotation');
  return bidsOfQuotation(db, storefront.companyId, quotation);
}

/**
 * POST /storefront/quotations/{id}/bids: the buyer's bid, by admin's rule; no user places it, the
 * channel does (history's actor, as at checkout). 409 once the quotation is ordered.
 */
export async function placeChannelBid(options: {
  db: Database;
  storefront: Storefront;
  quotationId: number;
  input: BidInput;
}): Promise<BidOutput> {
  const { db, storefront, quotationId, input } = options;
  const { companyId } = storefront;
  const id = await inTransaction(db, async (tx) => {
    // 404 before the lock's 409, so that another buyer's ordered quotation stays unseen.
    const seen = await queries.quotationBuyer(tx, companyId, quotationId);
    if (!seen || !sentTo(seen, storefront.buyer.id)) throw notFound('Quotation');
    const quotation = await lockOpenQuotation(tx, companyId, quotationId);
    if (!sentTo(quotation, storefront.buyer.id)) throw notFound('Quotation');
    return bidOn(tx, channelPrincipal(storefront), quotation, input, storefront.channel.id);
  });
  return getBid(db, companyId, id);
}
