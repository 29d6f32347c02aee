import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import {
  branchInactiveMessage,
  buyerInactiveMessage,
  warehouseInactiveMessage,
} from '@b2b/domain/api/warehouses';
import { isIntraState, mulDivRounded, rateToBasisPoints } from '@b2b/domain/gst';
import { formatMoney } from '@b2b/domain/money';
import {
  maxOrderDiscountPaise,
  priceSalesDocument,
  type SalesDocumentPricing,
  type SalesLineInput,
} from '@b2b/domain/sales-pricing';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, validationError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { groupPricesFor } from '../bids/buyer-prices.ts';
import { findPaymentMethod } from '../payment-methods/payment-methods.queries.ts';
import { type AddressRow, dayOf } from '../sales-documents/sales-document.ts';
import * as queries from './quotation-pricing.queries.ts';

/**
 * Everything a quotation (and the order made from it) is priced from, checked and priced inside
 * the caller's transaction: the buyer (active) and its addresses, the branch (active) and the
 * state it sells from, the products (active, of the company) with their GST, cess, HSN and unit,
 * the warehouses (active, of active branches), the references, the coupon, and the domain's
 * tax-inclusive pricing (priceSalesDocument).
 */

/** The form, in paise and ids; the same whether it comes from a request or a stored quotation. */
export interface QuotationTerms {
  buyerId: number;
  branchId: number;
  salesChannelId: number | null;
  billingAddressId: number;
  shippingAddressId: number;
  salesPersonId: number | null;
  shippingMethodId: number | null;
  paymentMethodId: number | null;
  paymentTermDays: number | null;
  date: string;
  shipmentDate: string | null;
  reference: string | null;
  minimumItemValuePaise: number | null;
  notes: string | null;
  additionalDiscountPaise: number;
  shippingChargesPaise: number;
  otherChargesPaise: number;
  /** The coupon to apply (checked again on every pricing). */
  couponCode: string | null;
  items: QuotationTermsItem[];
}

export interface QuotationTermsItem {
  productId: number;
  warehouseId: number;
  quantity: number;
  /** Tax-inclusive rate; the product's selling price when null. */
  ratePaise: number | null;
  discountPercent: number;
}

type ProductRow = Awaited<ReturnType<typeof queries.liveProducts>>[number];
type PricingFacts = Awaited<ReturnType<typeof queries.pricingFacts>>;
type BranchRow = NonNullable<PricingFacts['branch']>;

export interface PricedItem extends SalesLineInput {
  productId: number;
  warehouseId: number;
  productName: string;
  sku: string | null;
  unit: string | null;
}

export interface PricedQuotation {
  terms: QuotationTerms;
  buyer: { id: number; name: string; gst_number: string | null };
  branch: { id: number; name: string; is_order_auto_confirm: boolean };
  billing: AddressRow;
  shipping: AddressRow;
  intraState: boolean;
  /** The branch rounds totals to the rupee. */
  roundOff: boolean;
  products: Map<number, ProductRow>;
  /** Line values after line discounts, before coupon and additional discount. */
  valuePaise: number;
  offer: queries.OfferRow | null;
  couponCode: string | null;
  couponDiscountPaise: number;
  pricing: SalesDocumentPricing<PricedItem>;
  /** What the credit limit rule needs, as read with the rest (no lock on the buyer). */
  credit: {
    apply_credit_limit_restriction: boolean;
    credit_limit_paise: number | null;
    outstanding_paise: number;
  };
  /** Sellable stock (on hand minus reserved) of the lines' products in their warehouses, keyed `product:warehouse`. */
  sellable: Map<string, number>;
}

export const COUPON_FIELD = 'coupon_code';

/** 400 on coupon_code: 'Invalid coupon code', with the reason as the detail. */
const invalidCoupon = (reason: string) =>
  new AppError('validation_error', reason, {
    errors: { [COUPON_FIELD]: [SALES_ORDER_FORM_MESSAGES.coupon_invalid] },
  });

const rupees = (paise: number) => formatMoney(paise / 100);

/** What an offer takes off a value: flat, or a percentage capped by its maximum; never more than the value. */
export function offerDiscountPaise(offer: queries.OfferRow, valuePaise: number): number {
  const discount =
    offer.discount_type === 'flat'
      ? Number(offer.discount_paise ?? 0)
      : Math.min(
          mulDivRounded(valuePaise, rateToBasisPoints(Number(offer.discount_percent ?? 0)), 10_000),
          offer.max_discount_paise === null ? Number.MAX_SAFE_INTEGER : Number(offer.max_discount_paise),
        );
  return Math.max(0, Math.min(discount, valuePaise));
}

/** Why the offer does not apply to this buyer and value today; null when it does. */
export async function offerRefusal(
  tx: Executor,
  companyId: number,
  offer: queries.OfferRow,
  context: { buyerId: number; valuePaise: number; exceptOrderNumber: string | null },
): Promise<string | null> {
  const today = todayInIndia();
  if (!offer.is_active) return `The coupon ${offer.coupon_code} is no longer active.`;
  if (offer.start_date && offer.start_date > today) {
    return `The coupon ${offer.coupon_code} can be used from ${offer.start_date}.`;
  }
  if (offer.end_date && offer.end_date < today)
    return `The coupon ${offer.coupon_code} expired on ${offer.end_date}.`;
  const minimum = Number(offer.min_order_paise);
  if (context.valuePaise < minimum) {
    return (
      `The coupon ${offer.coupon_code} needs an order value of at least ${rupees(minimum)}; ` +
      `this order is worth ${rupees(context.valuePaise)}.`
    );
  }
  if (offer.uses_per_buyer !== null) {
    const { n } = await queries.offerUses(
      tx,
      companyId,
      offer.id,
      context.buyerId,
      context.exceptOrderNumber,
    );
    if (Number(n) >= offer.uses_per_buyer) {
      return `This buyer has already used the coupon ${offer.coupon_code} ${offer.uses_per_buyer === 1 ? 'once' : `${offer.uses_per_buyer} times`}, as often as it allows.`;
    }
  }
  return null;
}

export const normaliseOffer = (offer: queries.OfferRow): queries.OfferRow => ({
  ...offer,
  start_date: dayOf(offer.start_date),
  end_date: dayOf(offer.end_date),
});

async function resolveCoupon(
  tx: Tx,
  companyId: number,
  code: string,
  context: { buyerId: number; valuePaise: number; exceptOrderNumber: string | null },
) {
  const found = await queries.findOfferByCode(tx, companyId, code.trim());
  if (!found) throw invalidCoupon(`There is no coupon with the code ${code.trim()}.`);
  const offer = normaliseOffer(found);
  const refusal = await offerRefusal(tx, companyId, offer, context);
  if (refusal) throw invalidCoupon(refusal);
  return offer;
}

function sellerStateCode(branch: BranchRow) {
  return branch.address_gst_code ?? branch.gstin?.slice(0, 2) ?? branch.company_gstin?.slice(0, 2) ?? null;
}

function assertReference(
  found: { is_active: boolean } | undefined,
  field: string,
  thing: string,
  inactive: string,
) {
  if (!found) throw validationError(field, `${thing} Not Found`);
  if (!found.is_active) throw validationError(field, inactive);
}

/** Checks the references of the form (400 on the field that is wrong). */
export async function assertOrderReferences(
  tx: Executor,
  companyId: number,
  terms: Pick<QuotationTerms, 'salesPersonId' | 'shippingMethodId' | 'paymentMethodId'> &
    Partial<Pick<QuotationTerms, 'salesChannelId'>>,
) {
  if (terms.salesChannelId !== undefined && terms.salesChannelId !== null) {
    assertReference(
      await queries.findSalesChannel(tx, companyId, terms.salesChannelId),
      'sales_channel',
      'Sales Channel',
      'This sales channel is inactive.',
    );
  }
  if (terms.salesPersonId !== null) {
    assertReference(
      await queries.findUser(tx, companyId, terms.salesPersonId),
      'sales_person',
      'User',
      'This sales person is inactive.',
    );
  }
  if (terms.shippingMethodId !== null) {
    assertReference(
      await queries.findShippingMethod(tx, companyId, terms.shippingMethodId),
      'shipping_method',
      'Shipping Method',
      'This shipping method is inactive.',
    );
  }
  if (terms.paymentMethodId !== null) {
    assertReference(
      await findPaymentMethod(tx, companyId, terms.paymentMethodId),
      'payment_method',
      'Payment Method',
      'This payment method is inactive.',
    );
  }
}

/**
 * Checks the form and prices it. `exceptOrderNumber`: the order an edit replaces (its own use of
 * the coupon does not count against the buyer).
 */
export async function priceQuotationTerms(
  tx: Tx,
  companyId: number,
  terms: QuotationTerms,
  options: { exceptOrderNumber?: string | null } = {},
): Promise<PricedQuotation> {
  // Warehouses in id order, as stock rows are locked, so share locks never cross.
  const warehouseIds = [...new Set(terms.items.map((item) => item.warehouseId))].sort((a, b) => a - b);
  // One statement reads (and share-locks) all of it; the checks below go in the form's order.
  const facts = await queries.pricingFacts(tx, companyId, {
    buyerId: terms.buyerId,
    branchId: terms.branchId,
    productIds: terms.items.map((item) => item.productId),
    warehouseIds,
    lines: terms.items,
  });
  const buyer = facts.buyer;
  if (!buyer) throw validationError('buyer', 'Buyer Not Found');
  if (!buyer.is_active) throw validationError('buyer', buyerInactiveMessage(buyer.name));

  const branch = facts.branch;
  if (!branch) throw validationError('branch', 'Branch Not Found');
  if (!branch.is_active) throw validationError('branch', branchInactiveMessage(branch.name));

  const addresses = facts.addresses;
  const billing = addresses.find((a) => a.id === terms.billingAddressId);
  if (!billing) throw validationError('billing_address', SALES_ORDER_FORM_MESSAGES.address_not_of_buyer);
  const shipping = addresses.find((a) => a.id === terms.shippingAddressId);
  if (!shipping) throw validationError('shipping_address', SALES_ORDER_FORM_MESSAGES.address_not_of_buyer);

  await assertOrderReferences(tx, companyId, terms);

  const seen = new Set<string>();
  terms.items.forEach((item, index) => {
    const key = `${item.productId}:${item.warehouseId}`;
    if (seen.has(key))
      throw validationError(`items.${index}.product`, SALES_ORDER_FORM_MESSAGES.item_repeated);
    seen.add(key);
  });
  const products = new Map(facts.products.map((p) => [p.id, p]));
  for (const [index, item] of terms.items.entries()) {
    if (!products.has(item.productId)) throw validationError(`items.${index}.product`, 'Product Not Found');
  }
  // Each warehouse (and its branch) must be the company's and active, as assertActiveWarehouse has it.
  for (const warehouseId of warehouseIds) {
    const field = `items.${terms.items.findIndex((item) => item.warehouseId === warehouseId)}.warehouse`;
    const warehouse = facts.warehouses.find((w) => w.id === warehouseId);
    if (!warehouse) throw validationError(field, 'Warehouse Not Found');
    if (!warehouse.is_active) throw validationError(field, warehouseInactiveMessage(warehouse.name));
    if (!warehouse.branch_is_active)
      throw validationError(field, branchInactiveMessage(warehouse.branch_name));
  }

  const seller = sellerStateCode(branch);
  const intraState = seller !== null && isIntraState(seller, shipping.gst_code);
  // A line without a rate takes the buyer price: the lowest price of the buyer's groups, else the
  // selling price (domain buyer-prices.ts). Read only when some line has no rate.
  const groupPrices = terms.items.some((item) => item.ratePaise === null)
    ? await groupPricesFor(tx, companyId, terms.buyerId, terms.items.map((item) => item.productId))
    : new Map<number, number>();
  const lines: PricedItem[] = terms.items.map((item) => {
    const product = products.get(item.productId) as ProductRow;
    return {
      productId: item.productId,
      warehouseId: item.warehouseId,
      productName: product.name,
      sku: product.sku,
      unit: product.unit,
      quantity: item.quantity,
      ratePaise: item.ratePaise ?? groupPrices.get(item.productId) ?? Number(product.selling_price_paise),
      discountPercent: item.discountPercent,
      gstRatePercent: Number(product.gst_rate ?? 0),
      cessRatePercent: Number(product.cess_rate ?? 0),
      hsn: product.hsn,
    };
  });

  const valuePaise = maxOrderDiscountPaise(lines);
  if (terms.additionalDiscountPaise > valuePaise) {
    throw validationError('additional_discount', SALES_ORDER_FORM_MESSAGES.discount_too_large);
  }
  let offer: queries.OfferRow | null = null;
  let couponDiscountPaise = 0;
  if (terms.couponCode) {
    offer = await resolveCoupon(tx, companyId, terms.couponCode, {
      buyerId: buyer.id,
      valuePaise,
      exceptOrderNumber: options.exceptOrderNumber ?? null,
    });
    // Coupon and additional discount together never take more than the products' value.
    couponDiscountPaise = Math.min(
      offerDiscountPaise(offer, valuePaise),
      valuePaise - terms.additionalDiscountPaise,
    );
  }

  let pricing: SalesDocumentPricing<PricedItem>;
  try {
    pricing = priceSalesDocument({
      lines,
      couponDiscountPaise,
      additionalDiscountPaise: terms.additionalDiscountPaise,
      shippingChargesPaise: terms.shippingChargesPaise,
      otherChargesPaise: terms.otherChargesPaise,
      intraState,
      roundOff: branch.round_off_enabled,
    });
  } catch (error) {
    // Amounts past what integer paise hold exactly: the form's limits keep this rare.
    if (error instanceof RangeError) throw validationError('items', error.message);
    throw error;
  }
  return {
    // Payment terms left blank are the buyer's own (its due dates follow them).
    terms:
      terms.paymentTermDays === null && buyer.payment_term_days !== null
        ? { ...terms, paymentTermDays: Number(buyer.payment_term_days) }
        : terms,
    buyer: { id: buyer.id, name: buyer.name, gst_number: buyer.gst_number },
    branch: { id: branch.id, name: branch.name, is_order_auto_confirm: branch.is_order_auto_confirm },
    billing,
    shipping,
    intraState,
    roundOff: branch.round_off_enabled,
    products,
    valuePaise,
    offer,
    couponCode: offer?.coupon_code ?? null,
    couponDiscountPaise,
    pricing,
    credit: {
      apply_credit_limit_restriction: buyer.apply_credit_limit_restriction,
      credit_limit_paise: buyer.credit_limit_paise === null ? null : Number(buyer.credit_limit_paise),
      outstanding_paise: Number(buyer.outstanding_paise),
    },
    sellable: new Map(
      facts.levels.map((row) => [
        `${row.product_id}:${row.warehouse_id}`,
        Number(row.available_stock) - Number(row.df_quantity),
      ]),
    ),
  };
}

export const todayOrGiven = (date: string | undefined) => date ?? todayInIndia();
