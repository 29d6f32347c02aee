import { PURCHASE_ORDER_MESSAGES as M, purchaseOrderInput, quantityLeft } from '@b2b/domain/purchase-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { z } from 'zod';
import type { BillFormValues } from '../bills/bill-form.schema';
import type { PurchaseOrder, PurchaseOrderBody } from './purchase-orders.api';

/**
 * The purchase order form: what the user types, checked for the pickers first and then by the
 * domain's PurchaseOrderInput, the schema the server parses the body with. Its line fields have the
 * bill form's names, so the bill form's product, rate and seller pickers serve it too.
 */
const lineShape = z.object({
  product: z.number().nullable(),
  quantity: z.union([z.number(), z.string()]),
  rate: z.union([z.number(), z.string()]),
  discount_percent: z.union([z.number(), z.string()]),
  tax_rate: z.string().nullable(),
  hsn_code: z.string(),
});

const formShape = z.object({
  seller: z.number().nullable(),
  branch: z.string().nullable(),
  warehouse: z.string().nullable(),
  order_date: z.string(),
  expected_date: z.string(),
  reference: z.string(),
  is_tax_inclusive: z.boolean(),
  freight_charges: z.union([z.number(), z.string()]),
  other_charges: z.union([z.number(), z.string()]),
  notes: z.string(),
  items: z.array(lineShape),
});

export type PurchaseOrderFormValues = z.input<typeof formShape>;
export type PurchaseOrderFormLine = PurchaseOrderFormValues['items'][number];

const blank = (value: unknown) => String(value ?? '').trim() === '';
const orUndefined = (value: unknown) => (blank(value) ? undefined : value);

function draftOf(values: PurchaseOrderFormValues) {
  return {
    seller: values.seller,
    branch: Number(values.branch),
    warehouse: Number(values.warehouse),
    order_date: values.order_date,
    expected_date: orUndefined(values.expected_date),
    reference: orUndefined(values.reference),
    is_tax_inclusive: values.is_tax_inclusive,
    freight_charges: orUndefined(values.freight_charges),
    other_charges: orUndefined(values.other_charges),
    notes: orUndefined(values.notes),
    items: values.items.map((item) => ({
      product: item.product,
      quantity: item.quantity,
      rate: item.rate,
      discount_percent: orUndefined(item.discount_percent),
      tax_rate: item.tax_rate ?? '',
      hsn_code: orUndefined(item.hsn_code),
    })),
  };
}

export const purchaseOrderFormSchema = formShape
  .superRefine((value, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (value.seller === null) issue(['seller'], 'Please select the seller.');
    if (!value.branch) issue(['branch'], 'Please select the branch.');
    if (!value.warehouse) issue(['warehouse'], 'Please select the warehouse the goods are to come to.');
    if (!value.order_date) issue(['order_date'], 'Order date is required.');
    value.items.forEach((item, index) => {
      if (item.product === null) issue(['items', index, 'product'], 'Please select a product.');
    });
  })
  .transform((values) => draftOf(values) as z.input<typeof purchaseOrderInput>)
  .pipe(purchaseOrderInput);

export type PurchaseOrderFormOutput = z.output<typeof purchaseOrderFormSchema>;
export const purchaseOrderBody = (output: PurchaseOrderFormOutput): PurchaseOrderBody => output;

export const emptyPurchaseOrderLine = (): PurchaseOrderFormLine => ({
  product: null,
  quantity: '',
  rate: '',
  discount_percent: '',
  tax_rate: null,
  hsn_code: '',
});

export const emptyPurchaseOrderForm = (branch: string | null = null): PurchaseOrderFormValues => ({
  seller: null,
  branch,
  warehouse: null,
  order_date: todayInIndia(),
  expected_date: '',
  reference: '',
  is_tax_inclusive: false,
  freight_charges: '',
  other_charges: '',
  notes: '',
  items: [emptyPurchaseOrderLine()],
});

/**
 * Lines named by a link (?items=12:40,15:10: product id and quantity), as the business-intelligence
 * reorder insight opens a new order (issue 25); anything malformed is left out, at most 50 lines.
 */
export function prefilledLines(items: unknown): PurchaseOrderFormLine[] {
  if (typeof items !== 'string') return [];
  return items
    .split(',')
    .slice(0, 50)
    .flatMap((pair) => {
      const match = /^(\d{1,15}):(\d{1,9}(?:\.\d{1,3})?)$/.exec(pair.trim());
      if (!match || Number(match[2]) <= 0) return [];
      return [{ ...emptyPurchaseOrderLine(), product: Number(match[1]), quantity: Number(match[2]) }];
    });
}

const charge = (value: number) => (value === 0 ? '' : value);

/** A draft's values for its edit form, each rate as it was entered. */
export function purchaseOrderFormValues(order: PurchaseOrder): PurchaseOrderFormValues {
  return {
    seller: order.seller.id,
    branch: String(order.branch.id),
    warehouse: String(order.warehouse.id),
    order_date: order.order_date,
    expected_date: order.expected_date ?? '',
    reference: order.reference ?? '',
    is_tax_inclusive: order.is_tax_inclusive,
    freight_charges: charge(order.freight_charges),
    other_charges: charge(order.other_charges),
    notes: order.notes ?? '',
    items: order.items.map((line) => ({
      product: line.product.id,
      quantity: line.quantity,
      rate: line.rate_entered,
      discount_percent: line.discount_percent === 0 ? '' : line.discount_percent,
      tax_rate: String(line.tax_rate),
      hsn_code: line.hsn_code ?? '',
    })),
  };
}

/**
 * A new bill's values from a sent purchase order: its seller, branch and warehouse, and a line for
 * each order line with something left to bill (that quantity, the order's rate, discount and GST),
 * each naming the order line it bills. The bill number and date are the seller's, typed by the user.
 */
export function billFormFromOrder(order: PurchaseOrder): BillFormValues {
  const today = todayInIndia();
  return {
    seller: order.seller.id,
    branch: String(order.branch.id),
    warehouse: String(order.warehouse.id),
    bill_number: '',
    bill_date: today,
    due_date: today,
    is_reverse_charge: false,
    is_tax_inclusive: order.is_tax_inclusive,
    freight_charges: '',
    other_charges: '',
    notes: '',
    purchase_order: order.id,
    items: order.items
      .filter((line) => quantityLeft({ quantity: line.quantity, billed: line.quantity_billed }) > 0)
      .map((line) => ({
        product: line.product.id,
        quantity: quantityLeft({ quantity: line.quantity, billed: line.quantity_billed }),
        rate: line.rate_entered,
        discount_percent: line.discount_percent === 0 ? '' : line.discount_percent,
        tax_rate: String(line.tax_rate),
        hsn_code: line.hsn_code ?? '',
        itc_eligible: true,
        batch_number: '',
        expiry_date: '',
        purchase_order_item: line.id,
      })),
  };
}

/** The fields a 400 answer may name, besides the lines' own (items.0.quantity). */
export const PURCHASE_ORDER_SERVER_FIELDS = [
  'seller',
  'branch',
  'warehouse',
  'order_date',
  'expected_date',
  'reference',
  'is_tax_inclusive',
  'freight_charges',
  'other_charges',
  'notes',
  'items',
] as const;
export const PURCHASE_ORDER_LINE_SERVER_FIELD =
  /^items\.\d+\.(product|quantity|rate|discount_percent|tax_rate|hsn_code)$/;

export { M as PURCHASE_ORDER_FORM_MESSAGES };
