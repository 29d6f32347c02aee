import { z } from 'zod';
import { idInput, optionalText } from './api/common.ts';
import { rupeesInput } from './api/products.ts';
import { calendarDate } from './api/sales-orders.ts';
import { BILL_MAX_ITEMS, billItemInput, computeBill } from './bills.ts';
import { formatMoney, formatQuantity } from './money.ts';
import { quantityInThousandths } from './sales-pricing.ts';
import { type StatusOption, statusColor, statusLabel } from './statuses.ts';
import { optionalField } from './validation.ts';

/**
 * Purchase orders: what we order from a seller before its bill arrives (issue 19). A purchase
 * order is written as a draft, sent to the seller, and billed in one or more bills (a bill made
 * from it records, per line, how much of the ordered quantity it bills); it may be cancelled while
 * nothing of it is billed. Its figures are worked out by computeBill exactly as a bill's are (the
 * same input GST split, rounding and round-off), so the bill made from it says the same amounts.
 */

// ---------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------

export const PURCHASE_ORDER_STATUSES = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'sent', label: 'Sent', color: 'blue' },
  { value: 'partially_billed', label: 'Partially Billed', color: 'orange' },
  { value: 'billed', label: 'Billed', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly StatusOption[];
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]['value'];
export const PURCHASE_ORDER_STATUS_VALUES = PURCHASE_ORDER_STATUSES.map((s) => s.value) as [
  PurchaseOrderStatus,
  ...PurchaseOrderStatus[],
];
export const purchaseOrderStatusLabel = (status: string): string =>
  statusLabel(PURCHASE_ORDER_STATUSES, status);
export const purchaseOrderStatusColor = (status: string): string =>
  statusColor(PURCHASE_ORDER_STATUSES, status);

export const PURCHASE_ORDER_ACTIONS = ['edit', 'send', 'cancel', 'bill'] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

/** The series our purchase orders are numbered in: PO/2627/00001. */
export const PURCHASE_ORDER_SERIES = 'PO';

export const PURCHASE_ORDER_MESSAGES = {
  not_found: 'Purchase Order Not Found',
  created: 'Purchase order created.',
  edited: 'Purchase order edited.',
  sent: 'Purchase order marked as sent.',
  cancelled: 'Purchase order cancelled.',
  create_failed: 'Failed to create purchase order.',
  edit_failed: 'Failed to edit purchase order.',
  send_failed: 'Failed to mark the purchase order as sent.',
  cancel_failed: 'Failed to cancel purchase order.',
  load_failed: 'Failed to load purchase order.',
  list_load_failed: 'Failed to load purchase orders.',
  edit_not_draft: 'Only a draft purchase order can be edited.',
  send_not_draft: 'Only a draft purchase order can be marked as sent.',
  already_cancelled: 'This purchase order is already cancelled.',
  cancel_billed: 'A purchase order that has been billed (even in part) cannot be cancelled.',
  bill_not_sent: 'Mark the purchase order as sent before billing it.',
  bill_cancelled: 'A cancelled purchase order cannot be billed.',
  fully_billed: 'Everything on this purchase order has been billed.',
  expected_before_order: 'The expected date cannot be before the order date.',
  date_range: 'The end date cannot be before the start date.',
  items_required: 'Add at least one product.',
  too_many_items: `A purchase order can have at most ${BILL_MAX_ITEMS} items.`,
  too_large: 'A purchase order cannot be worth more than ₹1,000 crore.',
  line_without_order: 'Choose the purchase order this line comes from.',
  forbidden_view: 'You do not have permissions to view purchase orders.',
  forbidden_create: 'You do not have permissions to create purchase order.',
  forbidden_update: 'You do not have permissions to update purchase order.',
} as const;

/** The refusal of a bill line that bills more of a purchase order's line than is left on it. */
export function overBilledMessage(
  productName: string,
  orderNumber: string,
  line: { ordered: number; billed: number },
): string {
  const left =
    Math.max(
      0,
      quantityInThousandths(line.ordered) - quantityInThousandths(line.billed, { allowZero: true }),
    ) / 1000;
  return `Only ${formatQuantity(left)} of ${productName} is left to bill on ${orderNumber} (ordered ${formatQuantity(line.ordered)}, billed ${formatQuantity(line.billed)}).`;
}

/** The refusal of a bill that names another seller's purchase order. */
export const otherSellerMessage = (orderNumber: string) =>
  `Purchase order ${orderNumber} was placed with another seller.`;

/** The refusal of a bill line whose product is not the one the purchase order's line orders. */
export const otherProductMessage = (orderNumber: string, productName: string) =>
  `This line of ${orderNumber} orders ${productName}; bill that product on it.`;

/** What the server counts about a purchase order before acting on it. */
export interface PurchaseOrderFacts {
  status: PurchaseOrderStatus;
  /** Whether any line has a quantity billed. */
  anyBilled?: boolean;
}

/** Why `action` is refused, as a sentence; null when it is allowed. */
export function purchaseOrderRefusal(order: PurchaseOrderFacts, action: PurchaseOrderAction): string | null {
  const { status } = order;
  switch (action) {
    case 'edit':
      return status === 'draft' ? null : PURCHASE_ORDER_MESSAGES.edit_not_draft;
    case 'send':
      return status === 'draft' ? null : PURCHASE_ORDER_MESSAGES.send_not_draft;
    case 'cancel':
      if (status === 'cancelled') return PURCHASE_ORDER_MESSAGES.already_cancelled;
      if (order.anyBilled || status === 'partially_billed' || status === 'billed')
        return PURCHASE_ORDER_MESSAGES.cancel_billed;
      return null;
    case 'bill':
      if (status === 'cancelled') return PURCHASE_ORDER_MESSAGES.bill_cancelled;
      if (status === 'billed') return PURCHASE_ORDER_MESSAGES.fully_billed;
      if (status === 'draft') return PURCHASE_ORDER_MESSAGES.bill_not_sent;
      return null;
  }
}

/** The actions the purchase order allows now: the buttons the UI shows, the guards the server applies. */
export const allowedPurchaseOrderActions = (order: PurchaseOrderFacts): PurchaseOrderAction[] =>
  PURCHASE_ORDER_ACTIONS.filter((action) => purchaseOrderRefusal(order, action) === null);

/**
 * The status of a sent purchase order from its lines' quantities: billed when every line is billed
 * in full, partially billed when something is, else sent (a void bill gives its quantities back).
 */
export function billingStatus(lines: readonly { quantity: number; billed: number }[]): PurchaseOrderStatus {
  const milli = lines.map((line) => ({
    ordered: quantityInThousandths(line.quantity),
    billed: quantityInThousandths(line.billed, { allowZero: true }),
  }));
  if (milli.length > 0 && milli.every((line) => line.billed >= line.ordered)) return 'billed';
  if (milli.some((line) => line.billed > 0)) return 'partially_billed';
  return 'sent';
}

/** What is left to bill of a line (never below zero), to three decimals. */
export const quantityLeft = (line: { quantity: number; billed: number }): number =>
  Math.max(
    0,
    quantityInThousandths(line.quantity) - quantityInThousandths(line.billed, { allowZero: true }),
  ) / 1000;

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

/** A line: the bill line's product, quantity, rate, discount, GST rate and HSN (no batch or ITC yet). */
export const purchaseOrderItemInput = billItemInput
  .pick({
    product: true,
    quantity: true,
    rate: true,
    discount_percent: true,
    tax_rate: true,
    hsn_code: true,
  })
  .strict();
export type PurchaseOrderItemInput = z.infer<typeof purchaseOrderItemInput>;

const boolean = (fallback: boolean) => z.boolean({ error: 'Must be true or false.' }).default(fallback);

export const purchaseOrderInput = z
  .object({
    seller: idInput,
    branch: idInput,
    /** Where the goods are to be delivered (the bill made from the order receives them there). */
    warehouse: idInput,
    order_date: calendarDate,
    expected_date: optionalField(calendarDate),
    /** The seller's quotation or our own reference. */
    reference: optionalText(50),
    is_tax_inclusive: boolean(false),
    freight_charges: optionalField(rupeesInput),
    other_charges: optionalField(rupeesInput),
    notes: optionalText(1000),
    items: z
      .array(purchaseOrderItemInput, { error: PURCHASE_ORDER_MESSAGES.items_required })
      .min(1, PURCHASE_ORDER_MESSAGES.items_required)
      .max(BILL_MAX_ITEMS, PURCHASE_ORDER_MESSAGES.too_many_items),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.expected_date !== undefined && value.expected_date < value.order_date) {
      ctx.addIssue({
        code: 'custom',
        message: PURCHASE_ORDER_MESSAGES.expected_before_order,
        path: ['expected_date'],
      });
    }
  });
export type PurchaseOrderInput = z.infer<typeof purchaseOrderInput>;
export type PurchaseOrderInputDraft = z.input<typeof purchaseOrderInput>;

/** A purchase order's figures, in paise: computeBill's (never reverse charge, no ITC question). */
export function computePurchaseOrder(options: {
  lines: readonly {
    quantity: number;
    ratePaise: number;
    discountPercent: number;
    gstRatePercent: number;
    cessRatePercent?: number;
  }[];
  intraState: boolean;
  isTaxInclusive?: boolean;
  freightChargesPaise?: number;
  otherChargesPaise?: number;
  roundOff?: boolean;
}) {
  return computeBill({
    ...options,
    isReverseCharge: false,
    lines: options.lines.map((line) => ({ ...line, itcEligible: true })),
  });
}

// ---------------------------------------------------------------------------
// API shapes (money in rupees; quantities up to three decimals)
// ---------------------------------------------------------------------------

const outId = z.number().int().positive();
const named = z.object({ id: outId, name: z.string() });
const money = z.number();
const day = z.string();
const timestamp = z.union([z.string(), z.date()]);

export const PURCHASE_ORDER_ORDERINGS = [
  'order_date',
  'expected_date',
  'total',
  'order_number',
  'created_at',
] as const;

export const purchaseOrderListQuery = z.object({
  seller: idInput.optional(),
  branch: idInput.optional(),
  /** Comma list of statuses. */
  status__in: z.string().optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

export const purchaseOrderSummaryOutput = z.object({
  id: outId,
  order_number: z.string(),
  order_date: day,
  expected_date: day.nullable(),
  reference: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATUS_VALUES),
  status_label: z.string(),
  seller: z.object({ id: outId, name: z.string(), gstin: z.string().nullable() }),
  branch: named,
  warehouse: named,
  is_tax_inclusive: z.boolean(),
  supply_type: z.enum(['intra', 'inter']),
  freight_charges: money,
  other_charges: money,
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  round_off: money,
  total: money,
  notes: z.string().nullable(),
  sent_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PurchaseOrderSummaryOutput = z.infer<typeof purchaseOrderSummaryOutput>;

export const purchaseOrderItemOutput = z.object({
  id: outId,
  product: z.object({ id: outId, name: z.string(), sku: z.string().nullable() }),
  hsn_code: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  quantity_billed: z.number(),
  /** quantity - quantity_billed: what a bill made from the order may still bill. */
  quantity_left: z.number(),
  /** Per unit, excluding GST. */
  rate: money,
  /** The rate as entered (including GST on a tax-inclusive order). */
  rate_entered: money,
  discount_percent: z.number(),
  tax_rate: z.number(),
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  total: money,
});
export type PurchaseOrderItemOutput = z.infer<typeof purchaseOrderItemOutput>;

export const purchaseOrderOutput = purchaseOrderSummaryOutput.extend({
  items: z.array(purchaseOrderItemOutput),
  /** The bills made from the order, newest first. */
  bills: z.array(
    z.object({
      id: outId,
      bill_number: z.string(),
      bill_date: day,
      status: z.string(),
      status_label: z.string(),
      total: money,
    }),
  ),
  allowed_actions: z.array(z.enum(PURCHASE_ORDER_ACTIONS)),
});
export type PurchaseOrderOutput = z.infer<typeof purchaseOrderOutput>;

/** The columns of the purchase orders list as a CSV file (`format=csv`). */
export const PURCHASE_ORDER_CSV_COLUMNS: readonly (readonly [
  string,
  (order: PurchaseOrderSummaryOutput) => string | number | null,
])[] = [
  ['Order Number', (o) => o.order_number],
  ['Order Date', (o) => o.order_date],
  ['Expected Date', (o) => o.expected_date],
  ['Seller', (o) => o.seller.name],
  ['Seller GSTIN', (o) => o.seller.gstin],
  ['Branch', (o) => o.branch.name],
  ['Warehouse', (o) => o.warehouse.name],
  ['Reference', (o) => o.reference],
  ['Status', (o) => o.status_label],
  ['Taxable Value', (o) => o.taxable_value],
  ['CGST', (o) => o.cgst],
  ['SGST', (o) => o.sgst],
  ['IGST', (o) => o.igst],
  ['Cess', (o) => o.cess],
  ['Total', (o) => o.total],
];

// ---------------------------------------------------------------------------
// Last purchase rates (the bill form's product picker)
// ---------------------------------------------------------------------------

export const LAST_RATES_MAX_PRODUCTS = 200;

/** GET admin/companies/{companyId}/bills/last_rates?seller=&products=1,2 */
export const lastRatesQuery = z.object({
  seller: z.coerce
    .number({ error: 'A valid id is required.' })
    .int('A valid id is required.')
    .positive('A valid id is required.')
    .max(Number.MAX_SAFE_INTEGER, 'A valid id is required.')
    .optional(),
  products: z
    .string({ error: 'Expected a comma-separated list of product ids.' })
    .regex(/^\d{1,15}(,\d{1,15})*$/, 'Expected a comma-separated list of product ids.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0), 'Expected a comma-separated list of product ids.')
    .refine(
      (ids) => ids.length <= LAST_RATES_MAX_PRODUCTS,
      `Ask for at most ${LAST_RATES_MAX_PRODUCTS} products at a time.`,
    ),
});

export const lastRateOutput = z.object({
  product: outId,
  /** Per unit, excluding GST, as last billed. */
  rate: money,
  bill: outId,
  bill_number: z.string(),
  bill_date: day,
  seller: z.object({ id: outId, name: z.string() }),
  /** Whether the rate is this seller's (false: the last rate from any seller, as a fallback). */
  from_seller: z.boolean(),
});
export type LastRateOutput = z.infer<typeof lastRateOutput>;
export const lastRatesOutput = z.object({ results: z.array(lastRateOutput) });

/** 'Last bought at ₹x on <date> (bill no)', the line the bill form shows under a line's rate. */
export function lastRateSentence(
  last: Pick<LastRateOutput, 'rate' | 'bill_date' | 'bill_number' | 'from_seller' | 'seller'>,
) {
  const [y, m, d] = last.bill_date.split('-');
  const rate = formatMoney(last.rate);
  const from = last.from_seller ? '' : ` from ${last.seller.name}`;
  return `Last bought at ${rate}${from} on ${d}/${m}/${y} (${last.bill_number})`;
}
