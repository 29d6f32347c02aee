import { z } from 'zod';
import { INSTORE_MESSAGES, TENDER_KINDS } from '../instore-orders.ts';
import { STORE_MESSAGES } from '../stores.ts';
import {
  isBlank,
  isNumber,
  isPercentage,
  isPositiveNumber,
  maxDecimals,
  numberField,
} from '../validation.ts';
import { buyerPhoneSchema, positiveRupeesInput } from './buyers.ts';
import { id, idInput, optionalText } from './common.ts';
import { invoiceOutput } from './invoices.ts';
import { appliedOfferOutput } from './offers.ts';
import { QUANTITY_MAX } from './products.ts';
import { SALES_ORDER_FORM_MESSAGES, SALES_ORDER_MAX_ITEMS } from './sales-orders.ts';

/**
 * The instore counter (point of sale): a product looked up by its barcode, and a sale that
 * creates the order, its invoice and its payments in one call. Rupees at the edge, paise inside.
 */

const blankToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), schema.optional());

/** GET admin/companies/{companyId}/instore/product_lookup?code=&warehouse= */
export const productLookupQuery = z.object({
  code: z
    .string({ error: INSTORE_MESSAGES.code_required })
    .trim()
    .min(1, INSTORE_MESSAGES.code_required)
    .max(64),
  warehouse: idInput,
});

/** GET admin/companies/{companyId}/instore/products?search=&warehouse=: name, SKU or UPC matches. */
export const productSearchQuery = z.object({
  search: z.string().trim().max(100).default(''),
  warehouse: idInput,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** A product as the counter sells it: tax-inclusive price, GST and sellable stock in the warehouse. */
export const counterProductOutput = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  hsn: z.string().nullable(),
  unit: z.string().nullable(),
  /** Tax-inclusive selling price in rupees. */
  price: z.number(),
  gst_rate: z.number(),
  cess_rate: z.number(),
  /** On hand less reserved in the warehouse. */
  sellable_stock: z.number(),
  allow_back_ordering: z.boolean(),
});
export type CounterProductOutput = z.infer<typeof counterProductOutput>;

export const counterProductsOutput = z.object({ results: z.array(counterProductOutput) });

const quantityInput = numberField(
  [
    [isNumber, SALES_ORDER_FORM_MESSAGES.quantity],
    [isPositiveNumber, SALES_ORDER_FORM_MESSAGES.quantity],
    [(v) => maxDecimals(v, 3), SALES_ORDER_FORM_MESSAGES.quantity_decimals],
    [(v) => Number(v) <= QUANTITY_MAX, `Quantity cannot be more than ${QUANTITY_MAX}.`],
  ],
  SALES_ORDER_FORM_MESSAGES.quantity_required,
);
const percentInput = numberField([[isPercentage, SALES_ORDER_FORM_MESSAGES.discount]]);

export const instoreItemInput = z
  .object({
    product: idInput,
    quantity: quantityInput,
    /** Percent off the line, 0 to 100. */
    discount: blankToUndefined(percentInput),
  })
  .strict();

export const tenderInput = z
  .object({
    payment_method: idInput,
    /** Rupees taken; cash may exceed what is due (the change is given back). */
    amount: positiveRupeesInput,
    reference_number: optionalText(100),
  })
  .strict();

export const walkInInput = z
  .object({
    name: optionalText(100),
    phone: blankToUndefined(buyerPhoneSchema),
  })
  .strict();

/**
 * POST admin/companies/{companyId}/instore_orders: a counter sale. The buyer is `buyer` (an
 * existing one) or a walk-in customer (found by phone, else created; the company's anonymous
 * walk-in customer without a phone). Send an `Idempotency-Key` header.
 */
export const instoreOrderInput = z
  .object({
    /** The store sold from (issue 26): the sale takes its warehouse, branch and sales channel. */
    store: blankToUndefined(idInput),
    /** The warehouse sold from, when no store is named (or the store's own warehouse). */
    warehouse: blankToUndefined(idInput),
    buyer: blankToUndefined(idInput),
    walk_in: walkInInput.optional(),
    items: z
      .array(instoreItemInput, { error: INSTORE_MESSAGES.items_required })
      .min(1, INSTORE_MESSAGES.items_required)
      .max(SALES_ORDER_MAX_ITEMS, SALES_ORDER_FORM_MESSAGES.too_many_items),
    tenders: z
      .array(tenderInput, { error: INSTORE_MESSAGES.tenders_required })
      .min(1, INSTORE_MESSAGES.tenders_required)
      .max(10),
    notes: optionalText(500),
    /** A coupon for the sale (its offer's rules apply, as on any order). */
    coupon_code: optionalText(40),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.store === undefined && value.warehouse === undefined) {
      ctx.addIssue({ code: 'custom', path: ['store'], message: STORE_MESSAGES.store_or_warehouse });
    }
    if (value.buyer !== undefined && value.walk_in !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['walk_in'], message: INSTORE_MESSAGES.buyer_or_walk_in });
    }
    const seen = new Set<number>();
    value.items.forEach((item, index) => {
      if (seen.has(item.product)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'product'],
          message: INSTORE_MESSAGES.item_repeated,
        });
      }
      seen.add(item.product);
    });
  });
export type InstoreOrderInput = z.infer<typeof instoreOrderInput>;
export type InstoreOrderBody = z.input<typeof instoreOrderInput>;

export const instorePaymentOutput = z.object({
  id,
  payment_number: z.string(),
  payment_method: z.object({ id, name: z.string() }),
  kind: z.enum(TENDER_KINDS),
  /** What the cashier took. */
  tendered: z.number(),
  /** What the payment records (cash less the change). */
  amount: z.number(),
  reference_number: z.string().nullable(),
});

/** Everything a receipt needs: the order, the invoice (lines, GST split, totals), the payments, the change. */
export const instoreOrderOutput = z.object({
  order: z.object({ id, order_number: z.string() }),
  /** The store sold from, with the width its receipts print at; null for a sale from a warehouse. */
  store: z
    .object({ id, name: z.string(), receipt_width_mm: z.union([z.literal(58), z.literal(80)]) })
    .nullable(),
  buyer: z.object({ id, name: z.string(), phone: z.string().nullable() }),
  invoice: invoiceOutput,
  payments: z.array(instorePaymentOutput),
  tendered: z.number(),
  change_due: z.number(),
});
export type InstoreOrderOutput = z.infer<typeof instoreOrderOutput>;

const counterAddress = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.object({ id, name: z.string(), gst_code: z.string() }),
  pincode: z.string(),
});

/**
 * GET admin/companies/{companyId}/instore/counter: what the counter screen needs to start, readable
 * with view_instore_order alone: the company (for the receipt), the active warehouses with their
 * branch (its round-off rule prices the live total; its address heads the receipt), and the
 * active payment methods with the tender each one is.
 */
export const counterContextOutput = z.object({
  company: z.object({ id, name: z.string(), gstin: z.string().nullable() }),
  warehouses: z.array(
    z.object({
      id,
      name: z.string(),
      branch: z.object({
        id,
        name: z.string(),
        gstin: z.string().nullable(),
        round_off_enabled: z.boolean(),
        address: counterAddress.nullable(),
      }),
    }),
  ),
  payment_methods: z.array(z.object({ id, name: z.string(), code: z.string(), kind: z.enum(TENDER_KINDS) })),
  /**
   * The active stores of the caller's branches (issue 26), each with the warehouse it sells from
   * (one of `warehouses` when that warehouse is active) and its receipt width. Empty: the counter
   * sells from a warehouse.
   */
  stores: z.array(
    z.object({
      id,
      name: z.string(),
      warehouse_id: id,
      branch_id: id,
      receipt_width_mm: z.union([z.literal(58), z.literal(80)]),
      sales_channel: z.object({ id, display_name: z.string() }).nullable(),
    }),
  ),
});
export type CounterContextOutput = z.infer<typeof counterContextOutput>;

/**
 * POST admin/companies/{companyId}/instore/offers: what the counter's cart gets from the offers
 * (packages/domain/src/offers.ts) before the sale, so the total the cashier asks for is the one
 * the sale will charge. Reads only.
 */
export const counterOffersInput = z
  .object({
    /** The store sold from: its sales channel's offers apply (none: the instore channel's). */
    store: blankToUndefined(idInput),
    buyer: blankToUndefined(idInput),
    items: z
      .array(instoreItemInput, { error: INSTORE_MESSAGES.items_required })
      .min(1, INSTORE_MESSAGES.items_required)
      .max(SALES_ORDER_MAX_ITEMS, SALES_ORDER_FORM_MESSAGES.too_many_items),
    coupon_code: optionalText(40),
  })
  .strict();

export type CounterOffersInput = z.infer<typeof counterOffersInput>;

export const counterOffersOutput = z.object({
  /** Per item, in order: the product offer it gets and what that takes off (rupees). */
  lines: z.array(
    z.object({ offer: z.object({ id, title: z.string() }).nullable(), offer_discount: z.number() }),
  ),
  /** What the cart offer takes off the sale (rupees). */
  coupon_discount: z.number(),
  offers: z.array(appliedOfferOutput),
});
export type CounterOffersOutput = z.infer<typeof counterOffersOutput>;
