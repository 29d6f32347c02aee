import { mulDivRounded, rateToBasisPoints } from './gst.ts';
import { formatMoney } from './money.ts';
import type { StatusOption } from './statuses.ts';

/**
 * Buyer prices and bids (spec 1: "A product's margin and max_bidding_percentage drive the buyer
 * price and the bidding range"; issue 20). Integer paise throughout, exact.
 *
 * The rule:
 * 1. The buyer price of a product for a buyer is the buyer-group price set for a group the buyer
 *    belongs to (the lowest, when several of its groups have one), else the product's selling
 *    price (tax inclusive).
 * 2. The bidding range runs from the floor up to (not including) the buyer price. The floor is the
 *    buyer price less max_bidding_percentage of it, rounded up to the paisa (a bid never takes off
 *    more than the percentage allows). When the product has a cost price and a margin, the floor is
 *    never below cost × (1 + margin/100), rounded up (the margin protects the seller's profit), and
 *    never above the buyer price.
 * 3. A product without max_bidding_percentage has no bidding range: its floor is the buyer price.
 * 4. A bid is a rate below the buyer price. Within the range (floor or above) it is accepted at once
 *    and becomes the line's rate; below the floor it waits for the approval of a user allowed to
 *    change bids, and the line keeps its rate until then.
 */

export interface BuyerPriceFacts {
  /** The product's selling price (tax inclusive), in paise. */
  sellingPricePaise: number;
  /** Prices set for the product in groups the buyer belongs to, in paise (empty: none). */
  groupPricesPaise: readonly number[];
}

/** The buyer price: the lowest group price of the buyer's groups, else the selling price. */
export function buyerPricePaise(facts: BuyerPriceFacts): number {
  if (facts.groupPricesPaise.length === 0) return facts.sellingPricePaise;
  return Math.min(...facts.groupPricesPaise);
}

export interface BiddingFacts {
  buyerPricePaise: number;
  costPricePaise: number | null;
  /** Percent, 0..100; null when not set. */
  marginPercent: number | null;
  /** Percent, 0..100; null when the product takes no bids. */
  maxBiddingPercent: number | null;
}

export interface BiddingRange {
  buyerPricePaise: number;
  /** The lowest rate accepted without approval. Equal to the buyer price: no bidding. */
  floorPaise: number;
  /** cost × (1 + margin/100), rounded up; null without a cost price or a margin. */
  marginFloorPaise: number | null;
  /** Whether any rate below the buyer price is accepted without approval. */
  canBid: boolean;
}

/** a × (100 + p)/100 or a × (100 − p)/100, rounded up to the paisa; p in percent with 2 decimals. */
const scaledUp = (paise: number, basisPoints: number) => {
  const rounded = mulDivRounded(paise, basisPoints, 10_000);
  // mulDivRounded rounds half up; step up when the exact value lies above what it gave.
  return rounded * 10_000 < paise * basisPoints ? rounded + 1 : rounded;
};

export function biddingRange(facts: BiddingFacts): BiddingRange {
  const buyerPrice = facts.buyerPricePaise;
  const marginFloor =
    facts.costPricePaise !== null && facts.marginPercent !== null
      ? scaledUp(facts.costPricePaise, 10_000 + rateToBasisPoints(facts.marginPercent))
      : null;
  let floor = buyerPrice;
  if (facts.maxBiddingPercent !== null && facts.maxBiddingPercent > 0) {
    floor = scaledUp(buyerPrice, 10_000 - rateToBasisPoints(Math.min(facts.maxBiddingPercent, 100)));
    if (marginFloor !== null) floor = Math.max(floor, marginFloor);
    floor = Math.min(floor, buyerPrice);
  }
  return {
    buyerPricePaise: buyerPrice,
    floorPaise: floor,
    marginFloorPaise: marginFloor,
    canBid: floor < buyerPrice,
  };
}

// ---------------------------------------------------------------------------------------------
// Bids

export const BID_STATUSES = [
  { value: 'accepted', label: 'Accepted', color: 'green' },
  { value: 'pending_approval', label: 'Pending Approval', color: 'yellow' },
  { value: 'approved', label: 'Approved', color: 'teal' },
  { value: 'refused', label: 'Refused', color: 'red' },
] as const satisfies readonly StatusOption[];
export type BidStatus = (typeof BID_STATUSES)[number]['value'];
export const BID_STATUS_VALUES = BID_STATUSES.map((s) => s.value) as [BidStatus, ...BidStatus[]];

const rupees = (paise: number) => formatMoney(paise / 100);

export const BID_MESSAGES = {
  rate_not_positive: 'Rate must be greater than zero.',
  rate_not_below: (buyerPricePaise: number) =>
    `A bid must be below the buyer price of ${rupees(buyerPricePaise)}.`,
  product_not_on_quotation: 'This product is not on the quotation.',
  pending_blocks_order:
    'This quotation has a bid waiting for approval: approve or refuse it before making an order.',
  not_pending: 'Only a bid waiting for approval can be approved or refused.',
  already_pending: 'A bid on this product already waits for approval: approve or refuse it first.',
  product_gone: 'This product is no longer on the quotation; the bid can only be refused.',
  quotation_ordered: 'This quotation is already an order; its rates can no longer change.',
  reason_required: 'Please give a reason for refusing the bid.',
  accepted: 'Bid accepted: the line now has the bid rate.',
  pending: 'The bid is below the floor and waits for approval.',
  approved: 'Bid approved: the line now has the bid rate.',
  refused: 'Bid refused.',
  failed: 'Failed to place the bid.',
  load_failed: 'Failed to load the bids.',
  report_empty: 'No bids yet. Bids placed on quotations show here.',
  no_match: 'No bid matches the filters.',
} as const;

export type BidVerdict =
  | { ok: false; message: string }
  | { ok: true; status: Extract<BidStatus, 'accepted' | 'pending_approval'> };

/** What happens to a proposed rate: refused (with the sentence), accepted, or sent for approval. */
export function bidVerdict(range: BiddingRange, ratePaise: number): BidVerdict {
  if (!(ratePaise > 0)) return { ok: false, message: BID_MESSAGES.rate_not_positive };
  if (ratePaise >= range.buyerPricePaise)
    return { ok: false, message: BID_MESSAGES.rate_not_below(range.buyerPricePaise) };
  return { ok: true, status: ratePaise >= range.floorPaise ? 'accepted' : 'pending_approval' };
}

/** The range in a sentence, for hints beside a product or a quotation line. */
export function describeBiddingRange(range: BiddingRange): string {
  const price = rupees(range.buyerPricePaise);
  if (!range.canBid) return `Buyer price ${price}. No bidding range: every bid below it needs approval.`;
  return `Buyer price ${price}. Bids from ${rupees(range.floorPaise)} are accepted; lower bids need approval.`;
}
