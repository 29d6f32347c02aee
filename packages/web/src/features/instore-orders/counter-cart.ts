import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import { amountLeftPaise, settleTenders, type Tender, type TenderKind } from '@b2b/domain/instore-orders';
import { formatQuantity, toPaise } from '@b2b/domain/money';
import {
  priceSalesDocument,
  type SalesDocumentPricing,
  type SalesLineInput,
} from '@b2b/domain/sales-pricing';
import { isPercentage, isPositiveNumber, maxDecimals } from '@b2b/domain/validation';
import type { CounterProduct } from './instore-orders.api';

/**
 * The counter's cart and tenders, as plain functions of plain values (the page keeps them in
 * state). Totals come from the domain's priceSalesDocument, the function the server prices the
 * order with; the tenders from the domain's settleTenders, the rule the server enforces.
 */

export interface CartLine {
  product: CounterProduct;
  /** As typed; '1' for a scanned product. */
  quantity: string;
  /** Percent, as typed; '' for none. */
  discount: string;
}

/** A scanned or picked product: one more of it, or a new line at the end. */
export function addToCart(lines: readonly CartLine[], product: CounterProduct): CartLine[] {
  const index = lines.findIndex((line) => line.product.id === product.id);
  if (index === -1) return [...lines, { product, quantity: '1', discount: '' }];
  return lines.map((line, i) =>
    i === index ? { ...line, product, quantity: String(roundQuantity(quantityOf(line) + 1)) } : line,
  );
}

/**
 * Why one more of `product` cannot go into the cart, or null: nothing sellable in the counter's
 * warehouse, or the cart already holds all of it (the sale would only fail at checkout). A product
 * that may be back-ordered is always added.
 */
export function cannotAdd(lines: readonly CartLine[], product: CounterProduct): string | null {
  if (product.allow_back_ordering) return null;
  const inCart = lines.find((line) => line.product.id === product.id);
  const wanted = roundQuantity((inCart ? quantityOf(inCart) : 0) + 1);
  if (product.sellable_stock <= 0) return `${product.name} is out of stock in this warehouse.`;
  if (wanted > product.sellable_stock)
    return `Only ${formatQuantity(product.sellable_stock)} of ${product.name} in stock, all in the cart.`;
  return null;
}

export const updateLine = (lines: readonly CartLine[], index: number, change: Partial<CartLine>) =>
  lines.map((line, i) => (i === index ? { ...line, ...change } : line));

export const removeLine = (lines: readonly CartLine[], index: number) => lines.filter((_, i) => i !== index);

const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;
const quantityOf = (line: CartLine) =>
  isPositiveNumber(line.quantity.trim()) ? Number(line.quantity.trim()) : 0;

export interface LineProblem {
  field: 'quantity' | 'discount';
  message: string;
}

/** Why a line cannot be sold as typed (and which of its fields is wrong); null when it can. */
export function lineProblem(line: CartLine): LineProblem | null {
  const quantity = line.quantity.trim();
  const problem = (field: LineProblem['field'], message: string) => ({ field, message });
  if (quantity === '') return problem('quantity', SALES_ORDER_FORM_MESSAGES.quantity_required);
  if (!isPositiveNumber(quantity)) return problem('quantity', SALES_ORDER_FORM_MESSAGES.quantity);
  if (!maxDecimals(quantity, 3)) return problem('quantity', SALES_ORDER_FORM_MESSAGES.quantity_decimals);
  const discount = line.discount.trim();
  if (discount !== '' && !isPercentage(discount))
    return problem('discount', SALES_ORDER_FORM_MESSAGES.discount);
  return null;
}

export interface CartTotals {
  pricing: SalesDocumentPricing<SalesLineInput & { index: number }> | null;
  /** Each line's amount in paise (null while the line is incomplete). */
  lineAmountsPaise: (number | null)[];
  totalPaise: number;
  /** There are lines and every one is complete. */
  complete: boolean;
}

/**
 * The sale's figures as the server will work them out. A counter sale is always intra-state (the
 * goods are handed over at the counter, in the branch's own state): CGST + SGST.
 */
export function cartTotals(
  lines: readonly CartLine[],
  roundOff: boolean,
  offers?: { lines: readonly { offer_discount: number }[]; coupon_discount: number } | null,
): CartTotals {
  // The offers' answer counts only while it is for these very lines.
  const offered = offers && offers.lines.length === lines.length ? offers : null;
  const inputs = lines.flatMap((line, index) =>
    lineProblem(line) === null
      ? [
          {
            index,
            quantity: Number(line.quantity.trim()),
            ratePaise: toPaise(line.product.price),
            discountPercent: line.discount.trim() === '' ? 0 : Number(line.discount.trim()),
            offerDiscountPaise: offered ? toPaise(offered.lines[index].offer_discount) : 0,
            gstRatePercent: line.product.gst_rate,
            cessRatePercent: line.product.cess_rate,
            hsn: line.product.hsn,
          },
        ]
      : [],
  );
  const lineAmountsPaise: (number | null)[] = lines.map(() => null);
  if (inputs.length === 0) return { pricing: null, lineAmountsPaise, totalPaise: 0, complete: false };
  const price = (withOffers: boolean) =>
    priceSalesDocument({
      lines: withOffers ? inputs : inputs.map((input) => ({ ...input, offerDiscountPaise: 0 })),
      couponDiscountPaise: withOffers && offered ? toPaise(offered.coupon_discount) : 0,
      additionalDiscountPaise: 0,
      shippingChargesPaise: 0,
      otherChargesPaise: 0,
      intraState: true,
      roundOff,
    });
  let pricing: ReturnType<typeof price>;
  try {
    pricing = price(true);
  } catch {
    // Offers worked out for other quantities than the lines now have: shown again once they are fetched.
    pricing = price(false);
  }
  for (const line of pricing.lines) lineAmountsPaise[line.index] = line.amountPaise;
  return {
    pricing,
    lineAmountsPaise,
    totalPaise: pricing.totals.totalPaise,
    complete: inputs.length === lines.length,
  };
}

/** The three tender fields as typed; cash null = not typed yet (it then takes what is left). */
export interface TenderFields {
  cash: string | null;
  card: string;
  upi: string;
  cardReference: string;
  upiReference: string;
}

export const EMPTY_TENDERS: TenderFields = {
  cash: null,
  card: '',
  upi: '',
  cardReference: '',
  upiReference: '',
};

const paiseOfField = (value: string) => {
  const text = value.trim();
  if (text === '' || !isPositiveNumber(text) || !maxDecimals(text, 2)) return 0;
  return toPaise(Number(text));
};

export interface TenderSummary {
  /** What the Cash field shows: as typed, or what is left after card and UPI. */
  cashText: string;
  tenders: (Tender & { kind: TenderKind })[];
  leftPaise: number;
  changeDuePaise: number;
  /** Why the sale cannot be completed as tendered; null when it can. */
  problem: string | null;
}

/**
 * The tenders against the total: Cash, untouched, covers what card and UPI leave (the amount due
 * when they are empty); the change and the refusals are the domain's.
 */
export function tenderSummary(totalPaise: number, fields: TenderFields): TenderSummary {
  const card = paiseOfField(fields.card);
  const upi = paiseOfField(fields.upi);
  const cash = fields.cash === null ? Math.max(totalPaise - card - upi, 0) : paiseOfField(fields.cash);
  const cashText = fields.cash ?? (cash / 100).toFixed(2);
  const tenders = [
    { kind: 'cash' as const, amountPaise: cash },
    { kind: 'card' as const, amountPaise: card },
    { kind: 'upi' as const, amountPaise: upi },
  ].filter((tender) => tender.amountPaise > 0);
  const leftPaise = amountLeftPaise(totalPaise, tenders);
  if (totalPaise === 0) return { cashText, tenders, leftPaise: 0, changeDuePaise: 0, problem: null };
  const settlement = settleTenders(totalPaise, tenders);
  if (!settlement.ok)
    return { cashText, tenders, leftPaise, changeDuePaise: 0, problem: settlement.problems[0].message };
  return { cashText, tenders, leftPaise, changeDuePaise: settlement.changeDuePaise, problem: null };
}
