import { AMAZON_IMPORTED_ORDER_STATUSES, AMAZON_MESSAGES as DOMAIN_MESSAGES } from '@b2b/domain/amazon';
import type { AmazonSyncLogOutput } from '@b2b/domain/api/amazon';
import { ORDER_REFUSALS } from '@b2b/domain/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict } from '../../core/errors.ts';
import type { AmazonOrder, AmazonOrderItem, AmazonSellerClient } from '../../core/ports/amazon-seller.ts';
import { type Principal, systemPrincipal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import { insertQuotation } from '../quotations/create-quotation.ts';
import { priceQuotationTerms } from '../quotations/quotation-pricing.ts';
import { lockOpenQuotation, termsOfQuotation } from '../quotations/quotation-terms.ts';
import { cancelOrder } from '../sales-orders/change-order.ts';
import { assertOrderable, placeOrder } from '../sales-orders/place-order.ts';
import * as queries from './amazon.queries.ts';
import { boxOf, INTEGRATION, presentLog } from './amazon.service.ts';

/**
 * The Amazon order import and stock push (issue 26). Each run writes one sync log row (counts,
 * each problem in a sentence, the error that stopped it) and each call to Amazon an
 * integration_calls row (loggedIntegrationCall). An Amazon order becomes one order of the
 * 'Amazon' sales channel through the order path (its quotation kept for the record, priced,
 * confirmed at once so its stock is reserved) in its own transaction with its amazon_orders row:
 * a second import finds that row and skips the order. An order with a SKU no product has is not
 * imported and is reported; it is asked for again on the next run.
 */

export interface SyncDeps {
  db: Database;
  secrets: { jwt: string };
  amazon: AmazonSellerClient | undefined;
}
type Trigger = 'manual' | 'schedule' | 'stock_change';

const M = {
  ...DOMAIN_MESSAGES,
  order_cancelled: (amazonOrderId: string, orderNumber: string) =>
    `Order ${amazonOrderId} was cancelled on Amazon: order ${orderNumber} is cancelled here and its reserved stock released.`,
  cancelled_invoiced: (amazonOrderId: string) =>
    `Order ${amazonOrderId} was cancelled on Amazon, but its order here is invoiced: issue a credit note by hand.`,
  listings_unread: (reason: string) =>
    `Amazon's list of your listings could not be read, so only SKUs already ordered were pushed: ${reason}`,
  listings_more: (read: number, trigger: 'manual' | 'schedule') =>
    trigger === 'manual'
      ? `Amazon lists more than ${read} SKUs; the first ${read} were matched to products now, and the daily run reads them all.`
      : `Amazon lists more than ${read} SKUs; only the first ${read} were matched to products in this run.`,
  listings_found: (skus: string[]) =>
    `Listed on Amazon and added to the stock push: ${skus.length > 10 ? `${skus.slice(0, 10).join(', ')} and ${skus.length - 10} more` : skus.join(', ')}.`,
};

/** Amazon's OrderStatus of an order cancelled (by the buyer or the seller, on Amazon). */
const AMAZON_CANCELED = 'Canceled';

/** A first import reads the orders of the last days; later ones what changed since the last. */
const FIRST_IMPORT_DAYS = 7;
/** Amazon wants CreatedAfter / LastUpdatedAfter at least two minutes in the past. */
const AMAZON_LAG_MS = 2 * 60_000;
/** At most this many pages a run (100 orders each); the rest follow on the next run. */
const MAX_PAGES = 20;
/**
 * At most this many pages of the seller's listings (20 SKUs each) a read goes through: the button
 * answers while its user waits (1,000 SKUs); the daily run reads a catalogue of 50,000.
 */
const LISTING_PAGES = { manual: 50, schedule: 2_500 } as const;

/** The import's caller: no user places these orders (history reads "the system"). */
const amazonPrincipal = (companyId: number): Principal =>
  systemPrincipal({ companyId, userId: null, sessionId: `amazon:${companyId}`, roleName: 'Amazon' });

class SyncStopped extends Error {}

async function readyConnection(deps: SyncDeps, companyId: number, needsSettings: boolean) {
  if (!deps.amazon) throw conflict(M.not_configured);
  const connection = await queries.connectionForSync(deps.db, companyId);
  if (
    connection?.status !== 'connected' ||
    !connection.refresh_token_sealed ||
    !connection.selling_partner_id
  )
    throw conflict(M.not_connected);
  if (needsSettings && (connection.buyer_id === null || connection.warehouse_id === null))
    throw conflict(M.settings_required);
  return {
    ...connection,
    client: deps.amazon,
    refreshToken: boxOf(deps.secrets.jwt).open(connection.refresh_token_sealed),
  };
}

/** Runs one logged sync: the log row first, its outcome last, whatever happened between. */
async function loggedRun(
  deps: SyncDeps,
  companyId: number,
  kind: 'import_orders' | 'push_stock',
  trigger: Trigger,
  run: (outcome: queries.LogOutcome) => Promise<void>,
): Promise<AmazonSyncLogOutput> {
  const { id } = await queries.startLog(deps.db, companyId, kind, trigger);
  const outcome: queries.LogOutcome = { ok: false, problems: [], error: null };
  try {
    await run(outcome);
    outcome.ok = outcome.problems.length === 0 && outcome.error === null;
  } catch (error) {
    outcome.ok = false;
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  await queries.finishLog(deps.db, companyId, Number(id), outcome);
  return presentLog(await queries.findLog(deps.db, companyId, Number(id)));
}

const call = <T>(
  deps: SyncDeps,
  companyId: number,
  operation: string,
  target: string,
  work: () => Promise<T>,
) => loggedIntegrationCall(deps.db, { companyId, integration: INTEGRATION, operation, target }, work);

/** Imports the orders Amazon has for the connection since the last import (POST …/import_orders and every 15 minutes). */
export async function importAmazonOrders(deps: SyncDeps, companyId: number, trigger: Trigger) {
  const connection = await readyConnection(deps, companyId, true);
  const { client } = connection;
  const log = await loggedRun(deps, companyId, 'import_orders', trigger, async (outcome) => {
    outcome.ordersImported = 0;
    outcome.ordersSkipped = 0;
    outcome.ordersFailed = 0;
    const accessToken = await call(deps, companyId, 'access_token', 'auth/o2/token', () =>
      client.accessToken(connection.refreshToken),
    );
    const startedAt = Date.now();
    const since = connection.orders_imported_through
      ? { lastUpdatedAfter: new Date(connection.orders_imported_through).toISOString() }
      : { createdAfter: new Date(startedAt - FIRST_IMPORT_DAYS * 86_400_000).toISOString() };
    const orders: AmazonOrder[] = [];
    let nextToken: string | null = null;
    let complete = false;
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await call(deps, companyId, 'get_orders', `orders page ${page}`, () =>
        client.orders({ accessToken, ...(nextToken ? { nextToken } : since) }),
      );
      orders.push(...answer.orders);
      nextToken = answer.nextToken;
      if (!nextToken) {
        complete = true;
        break;
      }
    }
    // An order cancelled on Amazon comes back as an update (LastUpdatedAfter: any change of its
    // status is one). One never imported stays so: a Canceled order is not imported.
    const wanted = orders.filter((o) =>
      (AMAZON_IMPORTED_ORDER_STATUSES as readonly string[]).includes(o.status),
    );
    const cancelled = orders.filter((o) => o.status === AMAZON_CANCELED);
    const done = new Set(
      (
        await queries.findImported(
          deps.db,
          companyId,
          wanted.map((o) => o.amazonOrderId),
        )
      ).map((row) => row.amazon_order_id),
    );
    // Failed orders hold the watermark back, so the next run asks for them again.
    let holdBack: number | null = null;
    for (const order of wanted) {
      if (done.has(order.amazonOrderId)) {
        outcome.ordersSkipped = (outcome.ordersSkipped ?? 0) + 1;
        continue;
      }
      done.add(order.amazonOrderId);
      try {
        const items = await orderItems(deps, companyId, client, accessToken, order.amazonOrderId);
        const placed = await placeAmazonOrder(deps.db, companyId, connection, order, items);
        if (placed) outcome.ordersImported = (outcome.ordersImported ?? 0) + 1;
        else outcome.ordersSkipped = (outcome.ordersSkipped ?? 0) + 1;
      } catch (error) {
        outcome.ordersFailed = (outcome.ordersFailed ?? 0) + 1;
        outcome.problems.push(
          error instanceof SyncStopped
            ? error.message
            : `Order ${order.amazonOrderId}: ${error instanceof Error ? error.message : String(error)}`,
        );
        const changed = Date.parse(order.lastUpdateDate ?? order.purchaseDate ?? '');
        if (Number.isFinite(changed)) holdBack = Math.min(holdBack ?? changed, changed - 1);
      }
    }
    for (const order of cancelled) {
      try {
        await cancelImportedOrder(deps.db, companyId, order, outcome);
      } catch (error) {
        outcome.problems.push(
          `Order ${order.amazonOrderId}: cancelled on Amazon, but not here: ${error instanceof Error ? error.message : String(error)}`,
        );
        const changed = Date.parse(order.lastUpdateDate ?? order.purchaseDate ?? '');
        if (Number.isFinite(changed)) holdBack = Math.min(holdBack ?? changed, changed - 1);
      }
    }
    if ((outcome.ordersImported ?? 0) > 0 || (outcome.notes?.length ?? 0) > 0) companyChanged(companyId);
    if (!complete) outcome.problems.push('More orders wait on Amazon; the next import reads them.');
    // An unfinished page walk keeps the watermark: the next run reads from the same point.
    const through = Math.min(startedAt - AMAZON_LAG_MS, holdBack ?? Number.POSITIVE_INFINITY);
    if (complete)
      await inTransaction(deps.db, (tx) =>
        queries.updateConnection(tx, companyId, { orders_imported_through: new Date(through) }),
      );
  });
  return log;
}

async function orderItems(
  deps: SyncDeps,
  companyId: number,
  client: AmazonSellerClient,
  accessToken: string,
  amazonOrderId: string,
) {
  const items: AmazonOrderItem[] = [];
  let nextToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await call(deps, companyId, 'get_order_items', amazonOrderId, () =>
      client.orderItems({ accessToken, amazonOrderId, ...(nextToken ? { nextToken } : {}) }),
    );
    items.push(...answer.items);
    if (!answer.nextToken) break;
    nextToken = answer.nextToken;
  }
  return items;
}

/**
 * One Amazon order as an order, in one transaction: a lock on the Amazon order id first (two
 * imports at once order it once), then its amazon_orders row checked, its listings noted, and the
 * order placed and confirmed (stock reserved) through the order path. Answers false when another
 * import placed it meanwhile.
 */
async function placeAmazonOrder(
  db: Database,
  companyId: number,
  connection: { buyer_id: number | null; warehouse_id: number | null; sales_channel_id: number | null },
  order: AmazonOrder,
  items: AmazonOrderItem[],
): Promise<boolean> {
  const lines = items.filter((item) => item.quantityOrdered > 0);
  if (lines.length === 0) throw new SyncStopped(`Order ${order.amazonOrderId}: Amazon listed no items.`);
  const skus = [...new Set(lines.map((item) => item.sellerSku))];
  const products = await queries.productsBySku(db, companyId, skus);
  const productOf = new Map<string, number>();
  for (const product of products)
    if (product.sku && !productOf.has(product.sku)) productOf.set(product.sku, Number(product.id));
  const unknown = skus.find((sku) => !productOf.has(sku));
  if (unknown !== undefined) throw new SyncStopped(M.unknown_sku(order.amazonOrderId, unknown));
  const warehouseId = Number(connection.warehouse_id);
  const buyerId = Number(connection.buyer_id);
  return inTransaction(db, async (tx) => {
    await sql`select pg_advisory_xact_lock(${companyId}::integer, hashtext(${`amazon:${order.amazonOrderId}`}))`.execute(
      tx,
    );
    if ((await queries.findImported(tx, companyId, [order.amazonOrderId])).length > 0) return false;
    const warehouse = await queries.findWarehouse(tx, companyId, warehouseId);
    if (!warehouse) throw new AppError('conflict', M.warehouse_not_found);
    const addresses = await queries.buyerAddresses(tx, companyId, buyerId);
    const billing = addresses.find((a) => a.address_type === 'billing_address') ?? addresses[0];
    const shipping = addresses.find((a) => a.address_type === 'shipping_address') ?? billing;
    if (!billing || !shipping) throw new AppError('conflict', M.buyer_address);
    const channelId = connection.sales_channel_id ?? (await queries.amazonChannel(tx, companyId));
    // The listings first: only this area's rows, before the order path's money locks.
    await queries.saveListings(
      tx,
      companyId,
      skus.map((sku) => ({ sku, productId: productOf.get(sku) as number })),
    );
    const actor = amazonPrincipal(companyId);
    const quotationId = await insertQuotation(
      tx,
      actor,
      {
        buyerId,
        branchId: Number(warehouse.branch_id),
        salesChannelId: channelId,
        billingAddressId: billing.id,
        shippingAddressId: shipping.id,
        salesPersonId: null,
        shippingMethodId: null,
        paymentMethodId: null,
        paymentTermDays: null,
        date: todayInIndia(),
        shipmentDate: null,
        reference: order.amazonOrderId.slice(0, 64),
        minimumItemValuePaise: null,
        notes: `Amazon order ${order.amazonOrderId}${order.purchaseDate ? `, purchased ${order.purchaseDate}` : ''}.`,
        additionalDiscountPaise: 0,
        shippingChargesPaise: 0,
        otherChargesPaise: 0,
        couponCode: null,
        items: lines.map((item) => ({
          productId: productOf.get(item.sellerSku) as number,
          warehouseId,
          quantity: item.quantityOrdered,
          // Amazon's ItemPrice is the line's (all its units), tax included: the unit rate is its share.
          ratePaise:
            item.itemPricePaise === null ? null : Math.round(item.itemPricePaise / item.quantityOrdered),
          discountPercent: 0,
        })),
      },
      { purpose: 'direct_order' },
    );
    const quotation = await lockOpenQuotation(tx, companyId, quotationId);
    const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation));
    await assertOrderable(tx, companyId, priced, priced.pricing.totals.totalPaise, { postsToLedger: false });
    const placed = await placeOrder(tx, actor, priced, {
      quotationId,
      confirm: true,
      autoConfirmed: true,
      instant: false,
      lastWrite: true,
    });
    await queries.insertImported(tx, {
      companyId,
      amazonOrderId: order.amazonOrderId,
      orderId: placed.id,
      purchaseDate: order.purchaseDate,
    });
    return true;
  }).catch((error: unknown) => {
    if (error instanceof AppError) throw new SyncStopped(`Order ${order.amazonOrderId}: ${error.message}`);
    throw error;
  });
}

/**
 * An imported order that Amazon reports Canceled: cancelled here through the order's own cancel
 * path (its reserved stock released, a history row naming Amazon) while nothing of it is invoiced,
 * and the sync log says so. An invoiced one is left as it is, and the log asks for a credit note:
 * goods invoiced are undone by a document, not by the sync. One already cancelled here (by hand,
 * or by an earlier run that saw the same update) is passed over.
 */
async function cancelImportedOrder(
  db: Database,
  companyId: number,
  order: AmazonOrder,
  outcome: queries.LogOutcome,
) {
  const [imported] = await queries.findImported(db, companyId, [order.amazonOrderId]);
  if (!imported) return;
  try {
    const done = await cancelOrder({
      db,
      actor: amazonPrincipal(companyId),
      id: Number(imported.order_id),
      reason: `Cancelled on Amazon (Amazon order ${order.amazonOrderId}).`,
    });
    outcome.notes = [...(outcome.notes ?? []), M.order_cancelled(order.amazonOrderId, done.order_number)];
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
    if (error.message === ORDER_REFUSALS.already_cancelled) return;
    if (error.message === ORDER_REFUSALS.cancel_invoiced) {
      outcome.problems.push(M.cancelled_invoiced(order.amazonOrderId));
      return;
    }
    throw error;
  }
}

/**
 * Reads the seller's listings from Amazon (searchListingsItems, page by page, at most
 * LISTING_PAGES of the trigger) and keeps those whose SKU is one of our active products' as listings, so
 * the push that follows covers products listed but never ordered yet. What was read before a
 * failure is still kept; the failure is the run's problem, and the push goes on with the
 * listings known. Amazon's calls are made before the (short) transaction that saves the rows.
 */
async function readAmazonListings(
  deps: SyncDeps,
  companyId: number,
  client: AmazonSellerClient,
  accessToken: string,
  sellerId: string,
  outcome: queries.LogOutcome,
  trigger: keyof typeof LISTING_PAGES,
) {
  const skus = new Set<string>();
  let pageToken: string | null = null;
  let complete = false;
  try {
    for (let page = 1; page <= LISTING_PAGES[trigger]; page += 1) {
      const answer = await call(deps, companyId, 'search_listings', `listings page ${page}`, () =>
        client.listings({ accessToken, sellerId, ...(pageToken ? { pageToken } : {}) }),
      );
      for (const sku of answer.skus) skus.add(sku);
      pageToken = answer.nextToken;
      if (!pageToken) {
        complete = true;
        break;
      }
    }
    // Each run starts again from the first page (no column keeps Amazon's page token), so a
    // longer list is said, not counted as a failure of the run.
    if (!complete) outcome.notes = [...(outcome.notes ?? []), M.listings_more(skus.size, trigger)];
  } catch (error) {
    outcome.problems.push(M.listings_unread(error instanceof Error ? error.message : String(error)));
  }
  const productOf = new Map<string, number>();
  for (const product of await queries.productsBySku(deps.db, companyId, [...skus]))
    if (product.sku && !productOf.has(product.sku)) productOf.set(product.sku, Number(product.id));
  if (productOf.size === 0) return;
  const known = new Set(
    (await queries.listedProductIds(deps.db, companyId)).map((row) => Number(row.product_id)),
  );
  const found = [...productOf].filter(([, productId]) => !known.has(productId)).map(([sku]) => sku);
  await inTransaction(deps.db, (tx) =>
    queries.saveListings(
      tx,
      companyId,
      [...productOf].map(([sku, productId]) => ({ sku, productId })),
    ),
  );
  if (found.length > 0) outcome.notes = [...(outcome.notes ?? []), M.listings_found(found.sort())];
}

/**
 * Pushes the stock of the listings to Amazon: the warehouse's on hand less reserved, whole units,
 * one patchListingsItem each. `changedOnly`: those whose stock moved since their last push (the
 * stock watch); the button and the daily run push them all.
 *
 * Listings are a product's SKU seen in an imported order, and, read from Amazon first on the
 * button ('manual') and the daily run ('schedule'), every SKU the seller lists that is one of our
 * products. The stock watch ('stock_change', up to every minute) does not read them: the
 * connection keeps no time of the last read to space them out, and the daily run picks up a
 * listing added on Amazon within a day (the button at once).
 */
export async function pushAmazonStock(
  deps: SyncDeps,
  companyId: number,
  trigger: Trigger,
  { changedOnly }: { changedOnly: boolean },
) {
  const connection = await readyConnection(deps, companyId, false);
  if (connection.warehouse_id === null) throw conflict(M.settings_required);
  const { client } = connection;
  const sellerId = connection.selling_partner_id as string;
  const warehouseId = Number(connection.warehouse_id);
  const readsListings = trigger !== 'stock_change';
  let readAt = new Date();
  let listings = await queries.listingsToPush(deps.db, companyId, warehouseId, changedOnly);
  if (changedOnly && listings.length === 0 && !readsListings) return null;
  return loggedRun(deps, companyId, 'push_stock', trigger, async (outcome) => {
    outcome.listingsPushed = 0;
    outcome.listingsFailed = 0;
    if (listings.length === 0 && !readsListings) return;
    const accessToken = await call(deps, companyId, 'access_token', 'auth/o2/token', () =>
      client.accessToken(connection.refreshToken),
    );
    if (trigger !== 'stock_change') {
      await readAmazonListings(deps, companyId, client, accessToken, sellerId, outcome, trigger);
      readAt = new Date();
      listings = await queries.listingsToPush(deps.db, companyId, warehouseId, changedOnly);
    }
    for (const listing of listings) {
      const quantity = Number(listing.sellable);
      try {
        const answer = await call(deps, companyId, 'push_stock', listing.sku, () =>
          client.setQuantity({ accessToken, sellerId, sku: listing.sku, quantity }),
        );
        if (answer.status === 'INVALID' || answer.issues.length > 0) {
          outcome.listingsFailed = (outcome.listingsFailed ?? 0) + 1;
          outcome.problems.push(
            `SKU ${listing.sku}: Amazon refused the quantity${answer.issues.length ? `: ${answer.issues.join(' ')}` : '.'}`,
          );
          continue;
        }
        await queries.markPushed(deps.db, companyId, Number(listing.product_id), quantity, readAt);
        outcome.listingsPushed = (outcome.listingsPushed ?? 0) + 1;
      } catch (error) {
        outcome.listingsFailed = (outcome.listingsFailed ?? 0) + 1;
        outcome.problems.push(
          `SKU ${listing.sku}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await inTransaction(deps.db, (tx) =>
      queries.updateConnection(tx, companyId, { last_stock_push_at: readAt }),
    );
  });
}
