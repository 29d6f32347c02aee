import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import { isIntraState } from '@b2b/domain/gst';
import { toPaise } from '@b2b/domain/money';
import {
  priceSalesDocument,
  type SalesDocumentPricing,
  type SalesLineInput,
} from '@b2b/domain/sales-pricing';
import { isNonNegativeNumber, isPercentage, isPositiveNumber, maxDecimals } from '@b2b/domain/validation';
import type { DocumentTotals } from '../sales-orders/document-totals-card';
import type { QuotationFormItem } from './quotation-form.schema';

/** What pricing needs of a product: its GST and cess rates and HSN code. */
export interface PricedProduct {
  tax: { rate: number } | null;
  cess_tax?: { rate: number } | null;
  hsn: string | null;
}

export interface LiveTotalsInput {
  items: readonly QuotationFormItem[];
  /** Products of the lines, by id, as far as they have loaded. */
  products: ReadonlyMap<number, PricedProduct>;
  /** Null while the branch or the shipping address is not chosen: GST is then shown unsplit. */
  intraState: boolean | null;
  roundOff: boolean;
  /** Rupees the applied coupon takes off (known once the quotation is saved). */
  couponDiscount: number;
  /**
   * The saved quotation's product offers: what each saved line got (rupees), for the form's line
   * that still reads the same (product, warehouse, quantity, rate, discount); a changed line shows
   * none until the server works it out again on saving.
   */
  savedLineOffers?: readonly SavedLineOffer[];
  additionalDiscount: number | string;
  shippingCharges: number | string;
  otherCharges: number | string;
}

export interface SavedLineOffer {
  product: number;
  warehouse: number;
  quantity: number;
  rate: number;
  discount: number;
  offerDiscount: number;
}

export interface LiveTotals {
  pricing: SalesDocumentPricing<SalesLineInput & { index: number }> | null;
  /** Each form line's amount (rate x quantity less its discount) in rupees, or null while incomplete. */
  lineAmounts: (number | null)[];
  /** Why the figures cannot be worked out (discounts larger than the order). */
  error: string | null;
  intraState: boolean | null;
}

const text = (value: number | string | null | undefined) => String(value ?? '').trim();
const validRupees = (value: string) => value !== '' && isNonNegativeNumber(value) && maxDecimals(value, 2);
/** A blank or malformed amount counts as nothing until it is corrected (its field says what is wrong). */
const paiseOf = (value: number | string) => (validRupees(text(value)) ? toPaise(Number(text(value))) : 0);

function lineInput(
  item: QuotationFormItem,
  product: PricedProduct | undefined,
  savedOffers: readonly SavedLineOffer[],
): SalesLineInput | null {
  const quantity = text(item.quantity);
  const rate = text(item.rate);
  const discount = text(item.discount);
  if (!product || item.product === null) return null;
  if (!isPositiveNumber(quantity) || !maxDecimals(quantity, 3) || !validRupees(rate)) return null;
  if (discount !== '' && !isPercentage(discount)) return null;
  const saved = savedOffers.find(
    (line) =>
      line.product === item.product &&
      String(line.warehouse) === String(item.warehouse) &&
      line.quantity === Number(quantity) &&
      line.rate === Number(rate) &&
      line.discount === (discount === '' ? 0 : Number(discount)),
  );
  return {
    quantity: Number(quantity),
    ratePaise: toPaise(Number(rate)),
    discountPercent: discount === '' ? 0 : Number(discount),
    offerDiscountPaise: saved ? toPaise(saved.offerDiscount) : 0,
    gstRatePercent: product.tax?.rate ?? 0,
    cessRatePercent: product.cess_tax?.rate ?? 0,
    hsn: product.hsn,
  };
}

/**
 * The order's figures as the server will work them out (the same domain function, in paise), from
 * the lines that are complete so far. Incomplete lines count for nothing until they are filled in.
 */
export function liveTotals(input: LiveTotalsInput): LiveTotals {
  const lines = input.items.flatMap((item, index) => {
    const line = lineInput(
      item,
      item.product === null ? undefined : input.products.get(item.product),
      input.savedLineOffers ?? [],
    );
    return line ? [{ ...line, index }] : [];
  });
  const none = input.items.map(() => null);
  if (lines.length === 0)
    return { pricing: null, lineAmounts: none, error: null, intraState: input.intraState };
  try {
    const pricing = priceSalesDocument({
      lines,
      couponDiscountPaise: toPaise(input.couponDiscount),
      additionalDiscountPaise: paiseOf(input.additionalDiscount),
      shippingChargesPaise: paiseOf(input.shippingCharges),
      otherChargesPaise: paiseOf(input.otherCharges),
      // Unknown yet: the total is the same either way, only its split differs.
      intraState: input.intraState ?? true,
      roundOff: input.roundOff,
    });
    const lineAmounts: (number | null)[] = [...none];
    for (const line of pricing.lines) lineAmounts[line.index] = line.netPaise / 100;
    return { pricing, lineAmounts, error: null, intraState: input.intraState };
  } catch {
    // The one refusal a valid form can reach: the order discounts exceed what the lines are worth.
    return {
      pricing: null,
      lineAmounts: none,
      error: SALES_ORDER_FORM_MESSAGES.discount_too_large,
      intraState: input.intraState,
    };
  }
}

/** A branch's state as the server takes it: its (first) address's state, else its GSTIN's state code. */
export function branchStateCode(branch: {
  gstin: string | null;
  addresses?: { id: number; state: { gst_code: string } }[];
}): string | null {
  const first = [...(branch.addresses ?? [])].sort((a, b) => a.id - b.id)[0];
  if (first) return first.state.gst_code;
  return branch.gstin && /^\d{2}/.test(branch.gstin) ? branch.gstin.slice(0, 2) : null;
}

/** CGST + SGST when the branch's state is the place of supply (the shipping address's state). */
export function intraStateSupply(
  branchCode: string | null,
  placeOfSupplyCode: string | null,
): boolean | null {
  if (branchCode === null || placeOfSupplyCode === null) return null;
  return isIntraState(branchCode, placeOfSupplyCode);
}

const rupees = (paise: number) => paise / 100;

/** Live figures in the shape the server answers (rupees), for DocumentTotalsCard; zeros without lines. */
export function documentTotalsOf(live: LiveTotals, couponDiscount: number): DocumentTotals {
  const pricing = live.pricing;
  if (!pricing) {
    return {
      is_intra_state: live.intraState ?? true,
      subtotal: 0,
      line_discount: 0,
      coupon_discount: 0,
      additional_discount: 0,
      shipping_handling_charges: 0,
      other_charges: 0,
      taxable_value: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      cess: 0,
      total_tax: 0,
      round_off: 0,
      total: 0,
      hsn_summary: [],
    };
  }
  const t = pricing.totals;
  return {
    is_intra_state: live.intraState ?? true,
    subtotal: rupees(t.subtotalPaise),
    line_discount: rupees(t.lineDiscountPaise),
    coupon_discount: couponDiscount,
    additional_discount: rupees(t.orderDiscountPaise - toPaise(couponDiscount)),
    shipping_handling_charges: rupees(pricing.charges.shipping.amountPaise),
    other_charges: rupees(pricing.charges.other.amountPaise),
    taxable_value: rupees(t.taxablePaise),
    cgst: rupees(t.cgstPaise),
    sgst: rupees(t.sgstPaise),
    igst: rupees(t.igstPaise),
    cess: rupees(t.cessPaise),
    total_tax: rupees(t.taxPaise),
    round_off: rupees(t.roundOffPaise),
    total: rupees(t.totalPaise),
    hsn_summary: pricing.hsnSummary.map((row) => ({
      hsn: row.hsn,
      gst_rate: row.gstRatePercent,
      cess_rate: row.cessRatePercent,
      taxable_value: rupees(row.taxablePaise),
      cgst: rupees(row.cgstPaise),
      sgst: rupees(row.sgstPaise),
      igst: rupees(row.igstPaise),
      cess: rupees(row.cessPaise),
      total_tax: rupees(row.taxPaise),
    })),
  };
}
