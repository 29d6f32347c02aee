import { z } from 'zod';
import { GST_TREATMENTS } from '../gst/gst-treatment.ts';
import {
  calendarDateSchema,
  isNumber,
  isPercentage,
  isPositiveNumber,
  isWholeNumber,
  maxDecimals,
  numberField,
} from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { appliedOfferOutput } from './offers.ts';
import { QUANTITY_MAX, rupeesInput } from './products.ts';

/**
 * Quotations and sales orders (spec 1: Sales order form, Order record, section 7 "Orders and
 * quotations"). A quotation is the priced draft; `generate_order` turns it into a sales order.
 * Amounts cross the API in rupees (numbers with two decimals); quantities have up to three decimals.
 */

export const SALES_ORDER_MAX_ITEMS = 200;

/** A YYYY-MM-DD calendar day that exists. */
export const calendarDate = calendarDateSchema('Please enter a valid date (YYYY-MM-DD).');
export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'processing',
  'complete',
  'cancelled',
  'on_hold',
  'has_new_version',
] as const;
export const PAYMENT_STATUSES = ['paid', 'pending', 'unpaid', 'partially_paid', 'cancelled'] as const;
export const QUOTATION_STATUSES = ['draft', 'submitted', 'ordered'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const ORDER_ACTIONS = ['confirm', 'cancel', 'hold', 'edit', 'invoice', 'ship', 'reorder'] as const;

/** Validation texts of the order form and the order calls not in domain/sales-orders.ts's ORDER_MESSAGES. */
export const SALES_ORDER_FORM_MESSAGES = {
  buyer_required: 'Please select a buyer.',
  branch_required: 'Please select a branch.',
  billing_address_required: 'Please select a billing address.',
  shipping_address_required: 'Please select a shipping address.',
  address_not_of_buyer: 'This address is not one of the buyer’s addresses.',
  items_required: 'Add at least one product.',
  too_many_items: `An order can have at most ${SALES_ORDER_MAX_ITEMS} products.`,
  product_required: 'Please select a product.',
  warehouse_required: 'Please select a warehouse.',
  item_repeated: 'This product is already in the order from this warehouse.',
  quantity_required: 'Quantity is required.',
  quantity: 'Please enter a valid quantity',
  quantity_decimals: 'Quantity can have at most 3 decimal places.',
  rate_required: 'Rate is required.',
  discount: 'Please enter a valid percentage (0 to 100, up to 2 decimals).',
  payment_terms: 'Payment terms must be a whole number of days from 0 to 365.',
  discount_too_large: 'The discounts cannot be more than the value of the products.',
  minimum_item_value: 'The order value is below the minimum item value.',
  coupon_required: 'Please enter a coupon code.',
  coupon_invalid: 'Invalid coupon code',
  quotation_not_found: 'Quotation Not Found',
  quotation_not_editable: 'This quotation has already been turned into an order and cannot be changed.',
  quotation_not_draft: 'Only drafts can be deleted.',
  comment_required: 'Please enter a comment.',
} as const;

/** The quotation screens' and calls' texts (the spec names none; these follow its order messages). */
export const QUOTATION_MESSAGES = {
  created: 'Quotation created successfully',
  updated: 'Quotation updated successfully',
  deleted: 'Quotation deleted successfully',
  delete_failed: 'Failed to delete Quotation',
  load_failed: 'Failed to load Quotation',
  list_failed: 'Failed to load Quotations',
  not_found: SALES_ORDER_FORM_MESSAGES.quotation_not_found,
  ordered: SALES_ORDER_FORM_MESSAGES.quotation_not_editable,
  not_draft: SALES_ORDER_FORM_MESSAGES.quotation_not_draft,
  submit_not_draft: 'Only a draft quotation can be submitted.',
} as const;

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

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const nullableId = z.preprocess((v) => (v === '' ? null : v), idInput.nullable().optional());

/** A line of the order form: product, warehouse, quantity; rate defaults to the selling price. */
export const salesOrderItemInput = z
  .object({
    product: idInput,
    warehouse: idInput,
    quantity: quantityInput,
    /** Tax-inclusive rate per unit in rupees; the product's selling price when absent. */
    rate: optional(rupeesInput),
    /** Percent off the line, 0 to 100. */
    discount: optional(percentInput),
  })
  .strict();

/** POST admin/companies/{companyId}/generate_quotation: the whole form. */
/**
 * Why a quotation exists: made by a user (new), an order's edit or re-order, or the record of an
 * order placed without a quotation (direct_order: a counter sale, New Order's Place Order), which
 * the quotations list leaves out.
 */
export const QUOTATION_PURPOSES = ['new', 'edit_order', 'reorder', 'direct_order'] as const;
export type QuotationPurpose = (typeof QUOTATION_PURPOSES)[number];

export const quotationInput = z
  .object({
    buyer: idInput,
    /** The selling branch (its state decides CGST + SGST or IGST against the place of supply). */
    branch: idInput,
    sales_channel: nullableId,
    billing_address: idInput,
    shipping_address: idInput,
    sales_person: nullableId,
    /** Delivery method. */
    shipping_method: nullableId,
    payment_method: nullableId,
    payment_terms: optional(
      numberField([
        [isWholeNumber, SALES_ORDER_FORM_MESSAGES.payment_terms],
        [(v) => Number(v) <= 365, SALES_ORDER_FORM_MESSAGES.payment_terms],
      ]),
    ),
    /** YYYY-MM-DD; today when absent. */
    date: optional(calendarDate),
    shipment_date: optional(calendarDate),
    reference: optionalText(64),
    minimum_item_value: optional(rupeesInput),
    notes: optionalText(1000),
    additional_discount: optional(rupeesInput),
    shipping_handling_charges: optional(rupeesInput),
    other_charges: optional(rupeesInput),
    /**
     * The form's coupon (spec 1: Sales order form, coupon), applied as the quotation is made or
     * saved; left out, a saved quotation keeps the coupon applied with apply_coupon_code/.
     */
    coupon_code: optionalText(40),
    items: z
      .array(salesOrderItemInput, { error: SALES_ORDER_FORM_MESSAGES.items_required })
      .min(1, SALES_ORDER_FORM_MESSAGES.items_required)
      .max(SALES_ORDER_MAX_ITEMS, SALES_ORDER_FORM_MESSAGES.too_many_items),
  })
  .strict();
export type QuotationInput = z.infer<typeof quotationInput>;

/** POST admin/companies/{companyId}/edit_quotation/: the form again, naming the quotation. */
export const quotationEdit = quotationInput.extend({ id: idInput }).strict();

export const couponInput = z
  .object({
    coupon_code: z
      .string({ error: SALES_ORDER_FORM_MESSAGES.coupon_required })
      .trim()
      .min(1, SALES_ORDER_FORM_MESSAGES.coupon_required)
      .max(40, SALES_ORDER_FORM_MESSAGES.coupon_invalid),
  })
  .strict();

/** POST admin/quotations/{id}/generate_order/: `instant` also invoices everything at once. */
export const generateOrderInput = z.object({ instant: z.boolean().optional() }).strict();

/**
 * POST admin/companies/{companyId}/generate_order: the form placed as an order in one step, its
 * quotation written for the record in the same transaction, so a refused order leaves nothing.
 */
export const directOrderInput = quotationInput.extend({ instant: z.boolean().optional() }).strict();

export const commentInput = z
  .object({
    comment: z
      .string({ error: SALES_ORDER_FORM_MESSAGES.comment_required })
      .trim()
      .min(1, SALES_ORDER_FORM_MESSAGES.comment_required)
      .max(2000, 'Ensure this field has no more than 2000 characters.'),
  })
  .strict();

/** PATCH admin/orders/{id}/: what may change without a new version (nothing priced). */
export const salesOrderUpdate = z
  .object({
    reference: optionalText(64),
    sales_person: nullableId,
    shipping_method: nullableId,
    payment_method: nullableId,
    shipment_date: z.preprocess((v) => (v === '' ? null : v), calendarDate.nullable().optional()),
    notes: optionalText(1000),
  })
  .strict();

/** POST admin/orders/{id}/cancel/: an optional reason, kept in the history. */
export const cancelInput = z.object({ reason: optionalText(500) }).strict();

// ---------------------------------------------------------------------------------------------
// Outputs

const money = z.number();
const quantity = z.number();
const named = z.object({ id, name: z.string() });
const person = z.object({ id, first_name: z.string(), last_name: z.string() });

export const documentAddressOutput = z.object({
  id: id.nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.object({ id, name: z.string(), gst_code: z.string() }),
  pincode: z.string(),
});
export type DocumentAddressOutput = z.infer<typeof documentAddressOutput>;

/** A priced line of a quotation, order or invoice (rupees; rates in percent). */
export const pricedLineOutput = z.object({
  id,
  product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
  warehouse: named,
  hsn: z.string().nullable(),
  unit: z.string().nullable(),
  quantity,
  rate: money,
  discount: z.number(),
  gst_rate: z.number(),
  cess_rate: z.number(),
  gross: money,
  line_discount: money,
  order_discount: money,
  amount: money,
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  /**
   * Taxable, or at 0%: nil rated, exempt or non-GST (issue 22). A quotation or order line keeps
   * its product's as priced; an invoice line its order line's.
   */
  gst_treatment: z.enum(GST_TREATMENTS).optional(),
});

export const hsnSummaryRow = z.object({
  hsn: z.string().nullable(),
  gst_rate: z.number(),
  cess_rate: z.number(),
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  total_tax: money,
});

export const chargeOutput = z.object({
  label: z.string(),
  amount: money,
  taxable_value: money,
  gst_rate: z.number(),
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
});

/** Totals every priced document carries. */
export const documentTotalsOutput = z.object({
  is_intra_state: z.boolean(),
  subtotal: money,
  line_discount: money,
  coupon_discount: money,
  additional_discount: money,
  shipping_handling_charges: money,
  other_charges: money,
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  total_tax: money,
  round_off: money,
  total: money,
  charges: z.array(chargeOutput),
  hsn_summary: z.array(hsnSummaryRow),
});

const documentTerms = {
  buyer: z.object({ id, name: z.string(), gst_number: z.string().nullable() }),
  branch: z.object({ id, name: z.string() }),
  sales_channel: z.object({ id, display_name: z.string() }).nullable(),
  billing_address: documentAddressOutput,
  shipping_address: documentAddressOutput,
  place_of_supply: z.object({ id, name: z.string(), gst_code: z.string() }),
  sales_person: person.nullable(),
  shipping_method: named.nullable(),
  payment_method: named.nullable(),
  payment_terms: z.number().nullable(),
  shipment_date: z.string().nullable(),
  reference_number: z.string().nullable(),
  minimum_item_value: money.nullable(),
  notes: z.string().nullable(),
  coupon_code: z.string().nullable(),
  /**
   * The offers the document got (packages/domain/src/offers.ts: each line at most one product
   * offer, the order at most one cart offer), with what each gave.
   */
  offers: z.array(appliedOfferOutput),
};

/** A quotation's or order's line also says which product offer it got and what that took off (rupees). */
const offerLine = {
  offer: z.object({ id, title: z.string() }).nullable(),
  offer_discount: money,
};

export const quotationOutput = z.object({
  id,
  quotation_number: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  purpose: z.enum(QUOTATION_PURPOSES),
  source_order: z.object({ id, order_number: z.string() }).nullable(),
  order: z.object({ id, order_number: z.string() }).nullable(),
  date: z.string(),
  ...documentTerms,
  items: z.array(pricedLineOutput.extend(offerLine)),
  totals: documentTotalsOutput,
  created_by: person.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type QuotationOutput = z.infer<typeof quotationOutput>;

export const quotationSummaryOutput = z.object({
  id,
  quotation_number: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  purpose: z.enum(QUOTATION_PURPOSES),
  date: z.string(),
  buyer: named,
  total: money,
  total_items: z.number(),
  order: z.object({ id, order_number: z.string() }).nullable(),
  created_at: timestamp,
});

export const quotationListQuery = z.object({
  status__in: z.string().optional(),
  buyer: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

/**
 * An offer the quotation gets or could get: the automatic ones it gets, and the shared-code offers
 * shown to customers that would apply, with what each would take off (or credit) now.
 */
export const availableOfferOutput = z.object({
  id,
  kind: z.enum(['product', 'cart']),
  title: z.string(),
  /** The code to apply it with; null for an offer that applies by itself. */
  coupon_code: z.string().nullable(),
  discount_type: z.enum(['flat', 'percentage']),
  discount_value: z.number(),
  max_discount: money.nullable(),
  min_order_value: money,
  reward_type: z.enum(['discount', 'cashpoints']),
  /** The quotation has it now. */
  is_applied: z.boolean(),
  discount: money,
  cashpoints: money,
  end_date: z.string().nullable(),
});

export const orderItemOutput = pricedLineOutput.extend({
  ...offerLine,
  quantity_invoiced: quantity,
  quantity_shipped: quantity,
  /** Cancelled without being invoiced (auto_cancel_partially_invoiced_orders); 0 otherwise. */
  quantity_cancelled: quantity,
  /** Ordered less invoiced less cancelled. */
  invoiceable_quantity: quantity,
});

export const commentOutput = z.object({
  id,
  comment: z.string(),
  created_at: timestamp,
  user: person.nullable(),
});

export const salesOrderOutput = z.object({
  id,
  order_number: z.string(),
  version: z.number(),
  previous_order: z.object({ id, order_number: z.string(), version: z.number() }).nullable(),
  quotation: z.object({ id, quotation_number: z.string() }).nullable(),
  order_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  is_instant: z.boolean(),
  is_stock_reserved: z.boolean(),
  auto_processed_order: z.boolean(),
  partially_invoiced: z.boolean(),
  ...documentTerms,
  /** The buyer's firm as shown in lists (spec: buyer_company). */
  buyer_company: z.string(),
  order_items: z.array(orderItemOutput),
  totals: documentTotalsOutput,
  order_total: money,
  total_items: z.number(),
  total_quantity: quantity,
  total_quantity_invoiced: quantity,
  total_quantity_shipped: quantity,
  total_quantity_cancelled: quantity,
  comments: z.array(commentOutput),
  /** What the user may do now, by the rule the server enforces (domain/sales-orders.ts). */
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
  created_by: person.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SalesOrderOutput = z.infer<typeof salesOrderOutput>;

/** A row of the order list. */
export const salesOrderSummaryOutput = z.object({
  id,
  order_number: z.string(),
  version: z.number(),
  order_date: z.string(),
  buyer: named,
  buyer_company: z.string(),
  branch: named,
  order_total: money,
  reference_number: z.string().nullable(),
  sales_person: person.nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: named.nullable(),
  sales_channel: z.object({ id, display_name: z.string() }).nullable(),
  shipping_method: named.nullable(),
  total_items: z.number(),
  total_quantity: quantity,
  total_quantity_invoiced: quantity,
  total_quantity_shipped: quantity,
  partially_invoiced: z.boolean(),
  created_at: timestamp,
});
export type SalesOrderSummaryOutput = z.infer<typeof salesOrderSummaryOutput>;

/** Filters of GET admin/companies/{companyId}/orders (and of order_details_report). */
export const salesOrderListQuery = z.object({
  status__in: z.string().optional(),
  payment_status__in: z.string().optional(),
  sales_person__in: z.string().optional(),
  sales_channel__in: z.string().optional(),
  payment_method__in: z.string().optional(),
  seller_branch__in: z.string().optional(),
  invoicing__in: z.string().optional(),
  buyer: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

export const historyEntryOutput = z.object({
  id,
  created_at: timestamp,
  actions: z.object({ action: z.string(), changes: z.unknown() }),
  user: person.nullable(),
});
export const historyPageOutput = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(historyEntryOutput),
});

export const SALES_ORDER_ORDERINGS = [
  'order_date',
  'created_at',
  'order_number',
  'order_total',
  'status',
] as const;
export const QUOTATION_ORDERINGS = ['date', 'created_at', 'quotation_number', 'total'] as const;

/**
 * GET admin/orders/{id}/initiate_reorder: the draft quotation a re-order would make, not stored
 * (so it has no id, number or timestamps yet). POST on the same path makes it.
 */
export const reorderPreviewOutput = quotationOutput
  .omit({ id: true, quotation_number: true, created_at: true, updated_at: true })
  .extend({ items: z.array(pricedLineOutput.omit({ id: true })) });
export type ReorderPreview = z.infer<typeof reorderPreviewOutput>;
/** GET initiate_edit_order: the edit's starting terms, and the open edit quotation's id if any. */
export const editOrderPreviewOutput = reorderPreviewOutput.extend({
  open_quotation_id: z.number().int().nullable(),
});
export type EditOrderPreview = z.infer<typeof editOrderPreviewOutput>;
