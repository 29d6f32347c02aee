import { formatMoney } from '@b2b/domain/money';
import {
  type OfferCartLine,
  type OfferContext,
  type OfferRule,
  offerMatchesLine,
  offerRefusal,
  previewOffer,
} from '@b2b/domain/offers';
import { paiseOf, thousandthsOf } from './offer-form.schema';

/** A line of the sample order the user makes up in the preview card. */
export interface SampleLine {
  key: string;
  productId: number;
  name: string;
  /** The product's category and every parent of it. */
  categoryIds: number[];
  brandId: number | null;
  quantity: number | string;
  /** Rupees a unit (the product's selling price to start with). */
  unitPrice: number | string;
}

/** A sample order of a cart offer: its value and how many items it holds. */
export interface SampleOrder {
  value: number | string;
  quantity: number | string;
}

export interface PreviewLine {
  key: string;
  name: string;
  netPaise: number;
  /** What the offer takes off the line (a cashpoints offer: credits for it). */
  amountPaise: number;
  matches: boolean;
}

export interface OfferPreview {
  lines: PreviewLine[];
  orderPaise: number;
  /** What the offer works out to on the order (off the price, or as cashpoints). */
  amountPaise: number;
  discountPaise: number;
  cashpointsPaise: number;
  cashpoints: boolean;
  /** Why the offer gives nothing on the sample, or null when it gives something. */
  refusal: string | null;
}

/**
 * A line's quantity as the rules take it: more than zero with at most three decimals (the rules
 * count in thousandths and refuse anything else), else null and the line is left out.
 */
function validQuantity(value: unknown): number | null {
  const thousandths = thousandthsOf(value);
  if (thousandths === null || thousandths <= 0) return null;
  const n = Number(value);
  return Math.abs(n * 1000 - thousandths) < 1e-6 ? n : null;
}

/**
 * What the offer the form describes gives on a sample order, worked out by the domain's
 * previewOffer() (the very rules the server applies). The sample buyer fits the offer's buyer
 * groups and sales channel and places a first order, so what the preview shows is the offer's
 * amounts; dates, minimums and caps still apply.
 */
export function previewSample(
  rule: OfferRule,
  sample: { lines: readonly SampleLine[]; order: SampleOrder },
  today: string,
): OfferPreview {
  const lines: (OfferCartLine & { key: string; name: string })[] = [];
  if (rule.kind === 'product') {
    for (const line of sample.lines) {
      const quantity = validQuantity(line.quantity);
      const unitPaise = paiseOf(line.unitPrice);
      if (quantity === null || unitPaise === null || unitPaise < 0) continue;
      lines.push({
        key: line.key,
        name: line.name,
        productId: line.productId,
        categoryIds: line.categoryIds,
        brandId: line.brandId,
        quantity,
        netPaise: Math.round(unitPaise * quantity),
      });
    }
  } else {
    const quantity = validQuantity(sample.order.quantity) ?? 1;
    const valuePaise = paiseOf(sample.order.value);
    if (valuePaise !== null && valuePaise >= 0) {
      lines.push({
        key: 'order',
        name: 'Sample order',
        productId: 0,
        categoryIds: [],
        brandId: null,
        quantity,
        netPaise: valuePaise,
      });
    }
  }
  const orderPaise = lines.reduce((total, line) => total + line.netPaise, 0);
  if (lines.length === 0) {
    return {
      lines: [],
      orderPaise: 0,
      amountPaise: 0,
      discountPaise: 0,
      cashpointsPaise: 0,
      cashpoints: rule.rewardType === 'cashpoints',
      refusal: null,
    };
  }
  const context: OfferContext = {
    today,
    buyerGroupIds: rule.buyerGroupIds,
    salesChannelId: rule.salesChannelId,
    isFirstOrder: true,
  };
  // A cashpoints offer takes nothing off the price; its amount is worked out the same way and
  // credited when it reaches the cashpoint minimum (rule 5 of packages/domain/src/offers.ts).
  const cashpoints = rule.rewardType === 'cashpoints';
  const evaluation = previewOffer({ ...rule, rewardType: 'discount', isActive: true }, lines, context);
  const lineAmounts = evaluation.lines.map((line) => line.discountPaise);
  const amountPaise = (evaluation.cart?.discountPaise ?? 0) + lineAmounts.reduce((t, a) => t + a, 0);
  const given = evaluation.applied.length > 0 && amountPaise > 0;
  const cashpointsPaise =
    cashpoints && amountPaise >= (rule.cashpointMinDiscountPaise ?? 0) ? amountPaise : 0;
  const matching = lines.filter((line) => rule.kind === 'cart' || offerMatchesLine(rule, line));
  let refusal: string | null = null;
  if (!given) {
    refusal =
      offerRefusal(
        // The preview asks of the rules what the offer gives, switched on or not.
        { ...rule, isActive: true, isVisibleToCustomers: true, couponMode: 'none' },
        context,
        {
          valuePaise: orderPaise,
          hasMatchingLines: matching.length > 0,
          matchingQuantityThousandths: matching.reduce(
            (total, line) => total + (thousandthsOf(line.quantity) ?? 0),
            0,
          ),
        },
      ) ?? 'The offer takes nothing off this order.';
  } else if (cashpoints && cashpointsPaise === 0) {
    refusal = `The offer's ${formatMoney(amountPaise / 100)} is below its cashpoint minimum of ${formatMoney((rule.cashpointMinDiscountPaise ?? 0) / 100)}: no cashpoints are credited.`;
  }
  return {
    lines: lines.map((line, index) => ({
      key: line.key,
      name: line.name,
      netPaise: line.netPaise,
      amountPaise: lineAmounts[index] ?? 0,
      matches: rule.kind === 'cart' || offerMatchesLine(rule, line),
    })),
    orderPaise,
    amountPaise: given ? amountPaise : 0,
    discountPaise: given && !cashpoints ? amountPaise : 0,
    cashpointsPaise,
    cashpoints,
    refusal,
  };
}
