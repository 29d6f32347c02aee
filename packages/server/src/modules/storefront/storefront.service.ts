import { type CartOutput, STOREFRONT_MESSAGES, type StorefrontProduct } from '@b2b/domain/api/storefront';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { groupPricesFor } from '../bids/buyer-prices.ts';
import { historyWriter, recordHistoryEntries } from '../history/history.service.ts';
import { insertQuotation } from '../quotations/create-quotation.ts';
import {
  type PricedQuotation,
  priceQuotationTerms,
  type QuotationTerms,
} from '../quotations/quotation-pricing.ts';
import { lockOpenQuotation, termsOfQuotation } from '../quotations/quotation-terms.ts';
import { assertOrderable, placeOrder } from '../sales-orders/place-order.ts';
import { channelPrincipal, type Storefront, shopperOf } from './channel-credentials.ts';
import * as queries from './storefront.queries.ts';

// The storefront's rules: the catalog a buyer sees, the buyer's cart (priced by the quotation
// pricing, offers and coupon included), its checkout into an order through the order path, and
// the abandonment of carts left alone.

export const CART_ENTITY = 'cart';
const recordCartHistory = historyWriter(CART_ENTITY);

const num = (value: string | number | null | undefined) => Number(value ?? 0);

// ---------------------------------------------------------------------------------------------
// Catalog

/** The catalog as the buyer sees it: each product at the buyer's price (its buyer group's, else the selling price), as its cart and order are priced. */
export async function listCatalog(db: Executor, storefront: Storefront, window: PageWindow, search?: string) {
  const { rows, count } = await queries.listCatalog(db, shopperOf(storefront), window, search);
  const groupPrices = await groupPricesFor(
    db,
    storefront.companyId,
    storefront.buyer.id,
    rows.map((row) => row.id),
  );
  const results: StorefrontProduct[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    sku: row.sku,
    price: toRupees(groupPrices.get(row.id) ?? num(row.selling_price_paise)),
    mrp: toRupees(num(row.mrp_paise)),
    unit: row.unit,
    category: { id: row.category_id, name: row.category_name },
    brand:
      row.brand_id === null || row.brand_name === null ? null : { id: row.brand_id, name: row.brand_name },
    stock: row.stock === null ? null : num(row.stock),
    max_quantity_per_transaction: num(row.max_quantity_per_transaction),
  }));
  return { count, results };
}

// ---------------------------------------------------------------------------------------------
// Pricing a cart

/**
 * A cart's lines as quotation terms: each product from its warehouse (queries.lineWarehouses),
 * sold by the branch of the first line's warehouse, billed and shipped to the buyer's first
 * billing and shipping addresses (one stands for the other when the buyer has only one kind), at
 * the products' selling prices, with the cart's coupon. Throws a 409 with a sentence when the cart
 * cannot be an order at all (no warehouse, no address).
 */
async function cartTerms(
  db: Executor,
  storefront: Storefront,
  items: readonly queries.CartItemRow[],
  couponCode: string | null,
): Promise<QuotationTerms> {
  const { companyId } = storefront;
  const [picks, addresses] = await Promise.all([
    queries.lineWarehouses(
      db,
      companyId,
      items.map((item) => item.product_id),
    ),
    queries.buyerAddresses(db, companyId, storefront.buyer.id),
  ]);
  const warehouseOf = new Map(picks.map((row) => [row.product_id, row.pick]));
  const lines = items.map((item) => {
    const pick = warehouseOf.get(item.product_id);
    if (!pick) throw conflict(`${STOREFRONT_MESSAGES.no_warehouse} (${item.name})`);
    const [warehouseId, branchId] = pick.split(':').map(Number);
    return { item, warehouseId, branchId };
  });
  const billing = addresses.find((a) => a.address_type === 'billing_address') ?? addresses[0];
  const shipping = addresses.find((a) => a.address_type === 'shipping_address') ?? billing;
  if (!billing || !shipping) throw conflict(STOREFRONT_MESSAGES.no_address);
  return {
    buyerId: storefront.buyer.id,
    branchId: lines[0].branchId,
    salesChannelId: storefront.channel.id,
    billingAddressId: billing.id,
    shippingAddressId: shipping.id,
    salesPersonId: null,
    shippingMethodId: null,
    paymentMethodId: null,
    paymentTermDays: null,
    date: todayInIndia(),
    shipmentDate: null,
    reference: null,
    minimumItemValuePaise: null,
    notes: `Placed through the ${storefront.channel.display_name} sales channel.`,
    additionalDiscountPaise: 0,
    shippingChargesPaise: 0,
    otherChargesPaise: 0,
    couponCode,
    items: lines.map(({ item, warehouseId }) => ({
      productId: item.product_id,
      warehouseId,
      quantity: num(item.quantity),
      ratePaise: null,
      discountPercent: 0,
    })),
  };
}

/** The sentence of a refusal (the coupon's reason, a product gone...); null for any other failure. */
const messageOf = (error: unknown) => (error instanceof AppError ? error.message : null);

/**
 * Prices the cart with the quotation pricing (priceQuotationTerms: offers and coupon applied),
 * read only. A coupon that no longer applies is left out and said in `problems`; a cart that
 * cannot be priced at all (no address, a product gone) has no totals and says why.
 */
async function priceCart(
  tx: Tx,
  storefront: Storefront,
  items: readonly queries.CartItemRow[],
  couponCode: string | null,
): Promise<{ priced: PricedQuotation | null; problems: string[] }> {
  if (items.length === 0) return { priced: null, problems: [] };
  const problems: string[] = await unavailableItems(tx, storefront, items);
  const attempt = async (coupon: string | null) => {
    const terms = await cartTerms(tx, storefront, items, coupon);
    return priceQuotationTerms(tx, storefront.companyId, terms);
  };
  try {
    return { priced: await attempt(couponCode), problems };
  } catch (error) {
    const message = messageOf(error);
    if (message === null) throw error;
    problems.push(message);
    if (!couponCode) return { priced: null, problems };
  }
  try {
    return { priced: await attempt(null), problems };
  } catch (error) {
    const message = messageOf(error);
    if (message === null) throw error;
    if (!problems.includes(message)) problems.push(message);
    return { priced: null, problems };
  }
}

/** A sentence per line whose product the buyer may no longer see (hidden, deactivated, deleted). */
async function unavailableItems(db: Executor, storefront: Storefront, items: readonly queries.CartItemRow[]) {
  const visible = await queries.visibleProductIds(
    db,
    shopperOf(storefront),
    items.map((item) => item.product_id),
  );
  return items
    .filter((item) => !visible.has(item.product_id))
    .map((item) => `${item.name} is no longer available: remove it from the cart to check out.`);
}

/** The cart's value at the products' selling prices (what the report shows when it cannot be priced). */
const listValuePaise = (items: readonly queries.CartItemRow[]) =>
  Math.round(items.reduce((sum, item) => sum + num(item.selling_price_paise) * num(item.quantity), 0));

function presentCart(
  storefront: Storefront,
  cart: queries.CartRow | undefined,
  items: readonly queries.CartItemRow[],
  priced: PricedQuotation | null,
  problems: string[],
): CartOutput {
  const lines = new Map(priced?.pricing.lines.map((line) => [line.productId, line]));
  return {
    id: cart?.id ?? null,
    status: cart?.status ?? 'open',
    buyer: { id: storefront.buyer.id, name: storefront.buyer.name },
    sales_channel: storefront.channel,
    coupon_code: cart?.coupon_code ?? null,
    items: items.map((item) => {
      const line = lines.get(item.product_id);
      const rate = line ? line.ratePaise : num(item.selling_price_paise);
      return {
        id: item.id,
        product: { id: item.product_id, name: item.name, sku: item.sku },
        quantity: num(item.quantity),
        rate: toRupees(rate),
        amount: toRupees(line ? line.amountPaise : Math.round(rate * num(item.quantity))),
      };
    }),
    totals: priced
      ? {
          items_value: toRupees(priced.pricing.lines.reduce((sum, line) => sum + line.netPaise, 0)),
          coupon_discount: toRupees(priced.couponDiscountPaise),
          tax: toRupees(priced.pricing.totals.taxPaise),
          total: toRupees(priced.pricing.totals.totalPaise),
        }
      : null,
    problems,
    last_activity_at: cart?.last_activity_at ?? null,
  };
}

/**
 * GET storefront/cart: the buyer's cart in progress, priced. It writes nothing (no cart is made
 * for a buyer who has none); the pricing reads in a transaction that commits nothing.
 */
export async function readCart(db: Database, storefront: Storefront): Promise<CartOutput> {
  return inTransaction(db, async (tx) => {
    const cart = await queries.currentCart(tx, shopperOf(storefront));
    const items = cart ? await queries.cartItems(tx, storefront.companyId, cart.id) : [];
    const { priced, problems } = await priceCart(tx, storefront, items, cart?.coupon_code ?? null);
    return presentCart(storefront, cart, items, priced, problems);
  });
}

// ---------------------------------------------------------------------------------------------
// Changing a cart

type CartChange = (
  tx: Tx,
  cart: queries.CartRow,
) => Promise<{ action: string; changes: Record<string, unknown>; coupon?: string | null }>;

/**
 * One change of the buyer's cart, in one transaction: the cart is locked first (made when the
 * buyer has none and `create`), taken up again when it was abandoned, changed, priced again (its
 * value kept for the report), touched, and a history row written. Answers the priced cart.
 */
async function changeCart(
  db: Database,
  storefront: Storefront,
  change: CartChange,
  {
    create = false,
    missing = () => notFound('Cart Item'),
  }: { create?: boolean; missing?: () => AppError } = {},
): Promise<CartOutput> {
  const shopper = shopperOf(storefront);
  const actor = { companyId: storefront.companyId, userId: null };
  const answer = await inTransaction(db, async (tx) => {
    let cart = await queries.lockCurrentCart(tx, shopper);
    if (!cart && create) {
      const made = await queries.insertCart(tx, shopper);
      cart = await queries.lockCurrentCart(tx, shopper);
      if (made && cart) {
        await recordCartHistory(tx, actor, cart.id, 'created', {
          sales_channel: storefront.channel.id,
          buyer: storefront.buyer.id,
        });
      }
    }
    if (!cart) throw missing();
    if (cart.status === 'abandoned') {
      await queries.updateCart(tx, storefront.companyId, cart.id, { status: 'open' });
      await recordCartHistory(tx, actor, cart.id, 'reopened', { status: { from: 'abandoned', to: 'open' } });
      cart = { ...cart, status: 'open' };
    }
    const done = await change(tx, cart);
    const coupon = done.coupon === undefined ? cart.coupon_code : done.coupon;
    const items = await queries.cartItems(tx, storefront.companyId, cart.id);
    const { priced, problems } = await priceCart(tx, storefront, items, coupon);
    await queries.updateCart(tx, storefront.companyId, cart.id, {
      coupon_code: coupon,
      value_paise: priced ? priced.pricing.totals.totalPaise : listValuePaise(items),
      touch: true,
    });
    await recordCartHistory(tx, actor, cart.id, done.action, done.changes);
    const fresh = await queries.currentCart(tx, shopper);
    return presentCart(storefront, fresh, items, priced, problems);
  });
  companyChanged(storefront.companyId);
  return answer;
}

/** POST storefront/cart/items: adds the product to the cart (to its line when it has one). */
export const addItem = (db: Database, storefront: Storefront, input: { product: number; quantity: number }) =>
  changeCart(
    db,
    storefront,
    async (tx, cart) => {
      const product = await queries.visibleProduct(tx, shopperOf(storefront), input.product);
      if (!product) throw validationError('product', STOREFRONT_MESSAGES.product_not_found);
      const line = await queries.addCartItem(tx, storefront.companyId, cart.id, product.id, input.quantity);
      return {
        action: 'item_added',
        changes: { product: product.id, quantity: input.quantity, line_quantity: num(line.quantity) },
      };
    },
    { create: true },
  );

/** PATCH storefront/cart/items/{itemId}: the line's new quantity. */
export const setItemQuantity = (db: Database, storefront: Storefront, itemId: number, quantity: number) =>
  changeCart(db, storefront, async (tx, cart) => {
    const line = await queries.setCartItemQuantity(tx, storefront.companyId, cart.id, itemId, quantity);
    if (!line) throw notFound('Cart Item');
    return { action: 'item_changed', changes: { product: line.product_id, quantity } };
  });

/** DELETE storefront/cart/items/{itemId}. */
export const removeItem = (db: Database, storefront: Storefront, itemId: number) =>
  changeCart(db, storefront, async (tx, cart) => {
    const line = await queries.deleteCartItem(tx, storefront.companyId, cart.id, itemId);
    if (!line) throw notFound('Cart Item');
    return { action: 'item_removed', changes: { product: line.product_id } };
  });

/**
 * POST storefront/cart/coupon: the coupon is checked by the quotation pricing now (400 with its
 * reason when it does not apply to this cart and buyer), and again at checkout.
 */
export const applyCoupon = (db: Database, storefront: Storefront, code: string) =>
  changeCart(
    db,
    storefront,
    async (tx, cart) => {
      const items = await queries.cartItems(tx, storefront.companyId, cart.id);
      if (items.length === 0) throw conflict(STOREFRONT_MESSAGES.cart_empty);
      const terms = await cartTerms(tx, storefront, items, code);
      const priced = await priceQuotationTerms(tx, storefront.companyId, terms);
      return {
        action: 'coupon_applied',
        changes: { coupon_code: priced.couponCode },
        coupon: priced.couponCode ?? code,
      };
    },
    { missing: () => conflict(STOREFRONT_MESSAGES.cart_empty) },
  );

/** DELETE storefront/cart/coupon. */
export const removeCoupon = (db: Database, storefront: Storefront) =>
  changeCart(
    db,
    storefront,
    async (_tx, cart) => ({
      action: 'coupon_removed',
      changes: { coupon_code: cart.coupon_code },
      coupon: null,
    }),
    { missing: () => conflict(STOREFRONT_MESSAGES.cart_empty) },
  );

// ---------------------------------------------------------------------------------------------
// Checkout

export interface CheckoutAnswer {
  replayed: boolean;
  body: { cart_id: number; order: { id: number; order_number: string; status: string; total: number } };
}

const orderAnswer = async (db: Executor, companyId: number, cartId: number, orderId: number) => {
  const order = await queries.orderSummary(db, companyId, orderId);
  return {
    cart_id: cartId,
    order: {
      id: order.id,
      order_number: order.order_number ?? '',
      status: order.status,
      total: toRupees(num(order.total_paise)),
    },
  };
};

/**
 * POST storefront/cart/checkout: the cart becomes an order through the order path (its quotation
 * written for the record, purpose direct_order, priced again and ordered: stock, credit limit and
 * coupon rules as for any order; confirmed at once when the branch auto-confirms). In one
 * transaction with the cart's lock taken first: the cart is closed with the order's id, so a
 * second checkout of it finds no open cart. The same Idempotency-Key again answers the same order.
 */
export async function checkout(
  db: Database,
  storefront: Storefront,
  key: string | null,
): Promise<CheckoutAnswer> {
  const shopper = shopperOf(storefront);
  const { companyId } = storefront;
  const answer = await inTransaction(db, async (tx): Promise<CheckoutAnswer> => {
    const cart = await queries.lockCurrentCart(tx, shopper);
    if (key !== null) {
      // Read after the cart's lock: a parallel checkout with the key has committed by now.
      const earlier = await queries.cartByCheckoutKey(tx, shopper, key);
      if (earlier?.order_id) {
        return { replayed: true, body: await orderAnswer(tx, companyId, earlier.id, earlier.order_id) };
      }
    }
    const items = cart ? await queries.cartItems(tx, companyId, cart.id) : [];
    if (!cart || items.length === 0) throw conflict(STOREFRONT_MESSAGES.cart_empty);
    const gone = await unavailableItems(tx, storefront, items);
    if (gone.length > 0) throw conflict(gone[0]);
    const actor = channelPrincipal(storefront);
    const terms = await cartTerms(tx, storefront, items, cart.coupon_code);
    const quotationId = await insertQuotation(tx, actor, terms, { purpose: 'direct_order' });
    const quotation = await lockOpenQuotation(tx, companyId, quotationId);
    const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation));
    await assertOrderable(tx, companyId, priced, priced.pricing.totals.totalPaise, { postsToLedger: false });
    const auto = priced.branch.is_order_auto_confirm;
    const order = await placeOrder(tx, actor, priced, {
      quotationId,
      confirm: auto,
      autoConfirmed: auto,
      instant: false,
      lastWrite: true,
    });
    await queries.updateCart(tx, companyId, cart.id, {
      status: 'checked_out',
      order_id: order.id,
      checkout_key: key,
      value_paise: priced.pricing.totals.totalPaise,
      touch: true,
      checkedOut: true,
    });
    await recordHistoryEntries(tx, [
      {
        companyId,
        entityType: CART_ENTITY,
        entityId: cart.id,
        action: 'checked_out',
        userId: null,
        changes: {
          status: { from: cart.status, to: 'checked_out' },
          order: order.id,
          order_number: order.number,
          total: toRupees(priced.pricing.totals.totalPaise),
        },
      },
    ]);
    return { replayed: false, body: await orderAnswer(tx, companyId, cart.id, order.id) };
  });
  if (!answer.replayed) companyChanged(companyId);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Abandonment

/**
 * Marks abandoned every open cart with items untouched for its channel's window (default 24 hours,
 * sales_channels.cart_abandon_after_hours), with a history row each, in one transaction. Answers
 * how many. The scheduled job calls it for every company; tests may name one.
 */
export async function abandonIdleCarts(options: { db: Database; companyId?: number }): Promise<number> {
  const { db, companyId } = options;
  const carts = await inTransaction(db, async (tx) => {
    const rows = await queries.abandonIdle(tx, companyId);
    await recordHistoryEntries(
      tx,
      rows.map((row) => ({
        companyId: row.company_id,
        entityType: CART_ENTITY,
        entityId: row.id,
        action: 'abandoned',
        userId: null,
        changes: {
          status: { from: 'open', to: 'abandoned' },
          last_activity_at: new Date(row.last_activity_at).toISOString(),
          after_hours: row.cart_abandon_after_hours,
        },
      })),
    );
    return rows;
  });
  for (const id of new Set(carts.map((row) => row.company_id))) companyChanged(id);
  return carts.length;
}
