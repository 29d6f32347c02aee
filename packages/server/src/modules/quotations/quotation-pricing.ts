import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import {
  branchInactiveMessage,
  buyerInactiveMessage,
  warehouseInactiveMessage,
} from '@b2b/domain/api/warehouses';
import { isIntraState } from '@b2b/domain/gst';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { AppliedOffer } from '@b2b/domain/offers';
import {
  maxOrderDiscountPaise,
  priceLineBeforeOrderDiscount,
  priceSalesDocument,
  type SalesDocumentPricing,
  type SalesLineInput,
} from '@b2b/domain/sales-pricing';
import { todayInIndia } from '@b2b/domain/validation';
import { validationError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { groupPricesFor } from '../bids/buyer-prices.ts';
import { offersForOrder } from '../offer-redemptions/offer-redemptions.service.ts';
import { findPaymentMethod } from '../payment-methods/payment-methods.queries.ts';
import type { AddressRow } from '../sales-documents/sales-document.ts';
import * as queries from './quotation-pricing.queries.ts';

/**
 * Everything a quotation (and the order made from it) is priced from, checked and priced inside
 * the caller's transaction: the buyer (active) and its addresses, the branch (active) and the
 * state it sells from, the products (active, of the company) with their GST, cess, HSN and unit,
 * the warehouses (active, of active branches), the references, the offers and the coupon (the
 * domain's stacking rule, packages/domain/src/offers.ts), and the domain's tax-inclusive pricing
 * (priceSalesDocument).
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
  /** A stored quotation line's GST treatment, which the order placed from it keeps at 0%. */
  gstTreatment?: GstTreatment;
}

type ProductRow = Awaited<ReturnType<typeof queries.liveProducts>>[number];
type PricingFacts = Awaited<ReturnType<typeof queries.pricingFacts>>;
type BranchRow = NonNullable<PricingFacts['branch']>;

export interface PricedItem extends SalesLineInput {
  productId: number;
  warehouseId: number;
  /** The product offer the line got (its amount is offerDiscountPaise). */
  offerId: number | null;
  productName: string;
  sku: string | null;
  unit: string | null;
  /** The quotation line's GST treatment, when priced from a stored quotation. */
  gstTreatment?: GstTreatment;
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
  /** Line values after line discounts and product offers, before the cart offer and additional discount. */
  valuePaise: number;
  /** The cart offer (automatic or by the coupon); its discount is couponDiscountPaise. */
  cartOfferId: number | null;
  couponCode: string | null;
  couponCodeId: number | null;
  couponDiscountPaise: number;
  /** Every offer the quotation gets, with what each gives (the redemptions of its orders). */
  appliedOffers: AppliedOffer[];
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

export { COUPON_FIELD } from '../offer-redemptions/offer-redemptions.service.ts';

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
 * the offers does not count against the buyer). `placing`: an order is being placed from it, so
 * the limited offers it gets are locked before their uses are counted (offersForOrder).
 */
export async function priceQuotationTerms(
  tx: Tx,
  companyId: number,
  terms: QuotationTerms,
  options: { exceptOrderNumber?: string | null; placing?: boolean } = {},
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
    ? await groupPricesFor(
        tx,
        companyId,
        terms.buyerId,
        terms.items.map((item) => item.productId),
      )
    : new Map<number, number>();
  const lines: PricedItem[] = terms.items.map((item) => {
    const product = products.get(item.productId) as ProductRow;
    return {
      productId: item.productId,
      warehouseId: item.warehouseId,
      offerId: null,
      offerDiscountPaise: 0,
      productName: product.name,
      sku: product.sku,
      unit: product.unit,
      quantity: item.quantity,
      ratePaise: item.ratePaise ?? groupPrices.get(item.productId) ?? Number(product.selling_price_paise),
      discountPercent: item.discountPercent,
      gstRatePercent: Number(product.gst_rate ?? 0),
      cessRatePercent: Number(product.cess_rate ?? 0),
      hsn: product.hsn,
      ...(item.gstTreatment && { gstTreatment: item.gstTreatment }),
    };
  });

  const offers = await offersForOrder(tx, companyId, {
    buyerId: buyer.id,
    salesChannelId: terms.salesChannelId,
    lines: lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      netPaise: priceLineBeforeOrderDiscount(line).netPaise,
    })),
    couponCode: terms.couponCode,
    exceptOrderNumber: options.exceptOrderNumber ?? null,
    placing: options.placing ?? false,
  });
  offers.evaluation.lines.forEach((offer, index) => {
    lines[index].offerId = offer.offerId;
    lines[index].offerDiscountPaise = offer.discountPaise;
  });
  const valuePaise = maxOrderDiscountPaise(lines);
  if (terms.additionalDiscountPaise > valuePaise) {
    throw validationError('additional_discount', SALES_ORDER_FORM_MESSAGES.discount_too_large);
  }
  // The cart offer and the additional discount together never take more than the goods' value.
  const couponDiscountPaise = Math.min(
    offers.evaluation.cart?.discountPaise ?? 0,
    valuePaise - terms.additionalDiscountPaise,
  );
  const appliedOffers = offers.evaluation.applied.map((offer) =>
    offer.kind === 'cart' && offer.rewardType === 'discount'
      ? { ...offer, discountPaise: couponDiscountPaise }
      : offer,
  );

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
    cartOfferId: offers.evaluation.cart?.offerId ?? null,
    couponCode: offers.coupon?.code ?? null,
    couponCodeId: offers.coupon?.id ?? null,
    couponDiscountPaise,
    appliedOffers,
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
