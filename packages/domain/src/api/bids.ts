import { z } from 'zod';
import { BID_MESSAGES, BID_STATUS_VALUES } from '../buyer-prices.ts';
import { id, idInput, timestamp } from './common.ts';
import { MONEY_MAX } from './products.ts';

/**
 * The API of buyer prices and bids (issue 20): buyer-group prices of products, bids on quotation
 * lines and the bidding report. The rule is packages/domain/src/buyer-prices.ts. Money in rupees.
 */

export const BUYER_GROUP_PRICE_MESSAGES = {
  price_not_positive: 'Price must be greater than zero.',
  price_set: 'Price saved.',
  price_removed: 'Price removed.',
  price_not_found: 'This product has no price in the buyer group.',
  load_failed: 'Failed to load the prices.',
  empty: 'No prices yet. A price set here is what the group’s buyers pay for the product.',
} as const;

const MONEY_DECIMALS = 'Please enter an amount with at most 2 decimals.';

/** Rupees above zero with at most two decimals (a form's string is accepted too). */
const positiveRupees = (notPositive: string) =>
  z.coerce
    .number({ error: 'Please enter a valid amount.' })
    .refine((v) => Number.isFinite(v), 'Please enter a valid amount.')
    .refine((v) => v > 0, notPositive)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MONEY_DECIMALS)
    .refine((v) => v <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`);

const productRef = z.object({ id, name: z.string(), sku: z.string().nullable() });
const partyRef = z.object({ id, name: z.string() });
const userRef = z.object({ id, name: z.string() }).nullable();

// ---------------------------------------------------------------------------------------------
// Buyer-group prices: GET/PUT buyer_groups/{id}/prices, POST buyer_groups/{id}/remove_price

export const buyerGroupPriceInput = z.object({
  product: idInput,
  price: positiveRupees(BUYER_GROUP_PRICE_MESSAGES.price_not_positive),
});
export type BuyerGroupPriceInput = z.infer<typeof buyerGroupPriceInput>;

export const buyerGroupPriceRemove = z.object({ product: idInput });

export const buyerGroupPriceOutput = z.object({
  product: productRef.extend({ selling_price: z.number(), is_active: z.boolean() }),
  price: z.number(),
  updated_at: timestamp,
});
export type BuyerGroupPriceOutput = z.infer<typeof buyerGroupPriceOutput>;

// ---------------------------------------------------------------------------------------------
// Bids: POST admin/quotations/{id}/bids, GET admin/quotations/{id}/bids,
// POST admin/bids/{id}/approve, POST admin/bids/{id}/refuse

export const bidInput = z.object({
  product: idInput,
  rate: positiveRupees(BID_MESSAGES.rate_not_positive),
});
export type BidInput = z.infer<typeof bidInput>;

export const bidRefuseInput = z.object({
  reason: z
    .string({ error: BID_MESSAGES.reason_required })
    .trim()
    .min(1, BID_MESSAGES.reason_required)
    .max(500, 'Ensure this field has no more than 500 characters.'),
});

export const bidOutput = z.object({
  id,
  quotation: z.object({ id, quotation_number: z.string() }),
  product: productRef,
  buyer: partyRef,
  proposed_rate: z.number(),
  buyer_price: z.number(),
  floor: z.number(),
  status: z.enum(BID_STATUS_VALUES),
  reason: z.string().nullable(),
  decided_by: userRef,
  decided_at: timestamp.nullable(),
  created_by: userRef,
  /** The sales channel the buyer placed the bid through (storefront); null for a user's bid. */
  sales_channel: z.object({ id, display_name: z.string() }).nullable(),
  created_at: timestamp,
});
export type BidOutput = z.infer<typeof bidOutput>;

/** Who placed a bid, in words: the user, or "<buyer> via <channel>" for a storefront's bid. */
export function bidPlacedBy(bid: Pick<BidOutput, 'buyer' | 'created_by' | 'sales_channel'>): string | null {
  if (bid.sales_channel) return `${bid.buyer.name} via ${bid.sales_channel.display_name}`;
  return bid.created_by?.name ?? null;
}

/** The bidding range of one product of a quotation, for the buyer of the quotation. */
export const bidRangeOutput = z.object({
  product: id,
  buyer_price: z.number(),
  floor: z.number(),
  /** cost × (1 + margin/100); null without cost price or margin. */
  margin_floor: z.number().nullable(),
  can_bid: z.boolean(),
  /** The range in a sentence (describeBiddingRange). */
  description: z.string(),
});
export type BidRangeOutput = z.infer<typeof bidRangeOutput>;

/** GET admin/buyers/{id}/buyer_prices?products=1,2: the buyer price and range of each product. */
export const buyerPricesQuery = z.object({
  /** Product ids, comma separated (at most 200); none answers no rows. */
  products: z
    .string()
    .max(3200)
    .optional()
    .transform((value, ctx) => {
      const ids = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (ids.length > 200 || ids.some((part) => !/^[1-9][0-9]{0,14}$/.test(part))) {
        ctx.addIssue({ code: 'custom', message: 'Name up to 200 product ids: products=1,2,3.' });
        return z.NEVER;
      }
      return [...new Set(ids.map(Number))];
    }),
});

export const buyerPricesOutput = z.object({ results: z.array(bidRangeOutput) });
export type BuyerPricesOutput = z.infer<typeof buyerPricesOutput>;

export const quotationBidsOutput = z.object({
  ranges: z.array(bidRangeOutput),
  results: z.array(bidOutput),
});
export type QuotationBidsOutput = z.infer<typeof quotationBidsOutput>;

/** What placing, approving or refusing a bid answers: the bid (the quotation is read again). */
export const bidResultOutput = bidOutput;
