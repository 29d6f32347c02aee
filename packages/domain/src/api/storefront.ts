import { z } from 'zod';
import { isNumber, isPositiveNumber, maxDecimals, numberField } from '../validation.ts';
import { bidInput } from './bids.ts';
import { id, idInput, timestamp } from './common.ts';
import { listQuery } from './list-query.ts';
import { QUANTITY_MAX } from './products.ts';

/**
 * The carts of the sales channels (issue 20): a web store or app calls the storefront API with its
 * sales channel's client id and secret (spec 3: requests without a session carry the client id,
 * the client secret and the sales channel), acting for one of its buyers; checkout places the
 * order through the order path. Carts untouched for the channel's window are abandoned and listed
 * by the abandoned carts report.
 */

export const STOREFRONT_HEADERS = {
  clientId: 'x-client-id',
  clientSecret: 'x-client-secret',
  buyer: 'x-buyer-id',
} as const;

export const CART_STATUSES = [
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'checked_out', label: 'Checked Out', color: 'green' },
  { value: 'abandoned', label: 'Abandoned', color: 'orange' },
] as const;
export type CartStatus = (typeof CART_STATUSES)[number]['value'];

export const DEFAULT_CART_ABANDON_AFTER_HOURS = 24;
export const MAX_CART_ABANDON_AFTER_HOURS = 720;

export const STOREFRONT_MESSAGES = {
  credentials_missing: 'Send the sales channel credentials: the X-Client-Id and X-Client-Secret headers.',
  credentials_invalid: 'Invalid client id or client secret.',
  channel_inactive: 'This sales channel is inactive.',
  buyer_missing: 'Say which buyer the request is for: the X-Buyer-Id header (or buyer in the body).',
  buyer_not_found: 'Buyer Not Found',
  buyer_inactive: 'This buyer is inactive.',
  too_many_failures: 'Too many requests with wrong credentials. Please try again after 15 minutes.',
  product_not_found: 'Product Not Found',
  item_not_found: 'Cart Item Not Found',
  cart_empty: 'The cart is empty: add a product before checking out.',
  no_warehouse: 'The company has no active warehouse to sell this product from.',
  no_address: 'The buyer has no address to bill and ship the order to.',
  secret_warning:
    'Copy the client secret now: it is shown only once. Generating new credentials replaces these at once.',
  credentials_generated: 'Credentials generated successfully',
  credentials_failed: 'Failed to generate credentials',
  settings_updated: 'Cart settings updated successfully',
  abandon_hours: `Enter whole hours from 1 to ${MAX_CART_ABANDON_AFTER_HOURS}.`,
  bad_date: 'Enter a valid date (YYYY-MM-DD).',
} as const;

// ---------------------------------------------------------------------------------------------
// Admin: credentials and cart settings of a sales channel

/** POST sales-channels/{id}/credentials: the secret, this once. */
export const salesChannelCredentialsOutput = z.object({
  id,
  client_id: z.string(),
  client_secret: z.string(),
  credentials_created_at: timestamp,
  warning: z.string(),
});

export const cartSettingsInput = z.object({
  cart_abandon_after_hours: z
    .number({ error: STOREFRONT_MESSAGES.abandon_hours })
    .int(STOREFRONT_MESSAGES.abandon_hours)
    .min(1, STOREFRONT_MESSAGES.abandon_hours)
    .max(MAX_CART_ABANDON_AFTER_HOURS, STOREFRONT_MESSAGES.abandon_hours),
});

// ---------------------------------------------------------------------------------------------
// Storefront (buyer-facing)

export const storefrontProductsQuery = listQuery.pick({ limit: true, offset: true, search: true });

export const storefrontProduct = z.object({
  id,
  name: z.string(),
  display_name: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number(),
  mrp: z.number(),
  unit: z.string().nullable(),
  category: z.object({ id, name: z.string() }),
  brand: z.object({ id, name: z.string() }).nullable(),
  /** Stock the buyer may see (non-private warehouses); null when the product or buyer hides it. */
  stock: z.number().nullable(),
  max_quantity_per_transaction: z.number(),
});
export type StorefrontProduct = z.infer<typeof storefrontProduct>;

const quantityInput = numberField(
  [
    [isNumber, 'Please enter a valid quantity'],
    [isPositiveNumber, 'Please enter a valid quantity'],
    [(v) => maxDecimals(v, 3), 'Quantity can have at most 3 decimal places.'],
    [(v) => Number(v) <= QUANTITY_MAX, `Quantity cannot be more than ${QUANTITY_MAX}.`],
  ],
  'Quantity is required.',
);

/** `buyer` in a body names the buyer as X-Buyer-Id does. */
const buyerField = { buyer: idInput.optional() };

export const cartItemInput = z.object({ product: idInput, quantity: quantityInput, ...buyerField });
export const cartItemPatch = z.object({ quantity: quantityInput, ...buyerField });
export const cartCouponInput = z.object({
  code: z
    .string({ error: 'Enter a coupon code.' })
    .trim()
    .min(1, 'Enter a coupon code.')
    .max(50, 'A coupon code has at most 50 characters.'),
  ...buyerField,
});
export const cartBuyerBody = z.object(buyerField).optional();
export const cartItemParams = z.object({
  itemId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const money = z.number();

export const cartOutput = z.object({
  /** Null until the buyer's first item: a read never makes a cart. */
  id: id.nullable(),
  status: z.enum(['open', 'checked_out', 'abandoned']),
  buyer: z.object({ id, name: z.string() }),
  sales_channel: z.object({ id, display_name: z.string() }),
  coupon_code: z.string().nullable(),
  items: z.array(
    z.object({
      id,
      product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
      quantity: z.number(),
      rate: money,
      amount: money,
    }),
  ),
  totals: z
    .object({
      items_value: money,
      coupon_discount: money,
      tax: money,
      total: money,
    })
    .nullable(),
  /** Why the cart could not be priced (or its coupon applied) as it stands; empty when it could. */
  problems: z.array(z.string()),
  last_activity_at: timestamp.nullable(),
});
export type CartOutput = z.infer<typeof cartOutput>;

export const checkoutOutput = z.object({
  cart_id: id,
  order: z.object({ id, order_number: z.string(), status: z.string(), total: money }),
});

// ---------------------------------------------------------------------------------------------
// The buyer's quotations and its bids on them: GET /storefront/quotations,
// GET and POST /storefront/quotations/{id}/bids (answers as admin's quotation bids)

export const storefrontQuotationsQuery = listQuery.pick({ limit: true, offset: true });

/** A quotation sent to the buyer (submitted, of purpose new). */
export const storefrontQuotation = z.object({
  id,
  quotation_number: z.string(),
  quotation_date: z.string(),
  total: money,
  /** How many lines it has. */
  items: z.number().int(),
});
export type StorefrontQuotation = z.infer<typeof storefrontQuotation>;

/** A rate the buyer proposes for a product of the quotation (the bidding rule of admin's bids). */
export const storefrontBidInput = bidInput.extend(buyerField);
