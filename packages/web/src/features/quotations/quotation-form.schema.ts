import { MONEY_MAX, QUANTITY_MAX } from '@b2b/domain/api/products';
import {
  calendarDate,
  SALES_ORDER_FORM_MESSAGES as M,
  SALES_ORDER_MAX_ITEMS,
} from '@b2b/domain/api/sales-orders';
import { toPaise } from '@b2b/domain/money';
import { maxOrderDiscountPaise } from '@b2b/domain/sales-pricing';
import {
  isNonNegativeNumber,
  isNumber,
  isPercentage,
  isPositiveNumber,
  isWholeNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
  todayInIndia,
} from '@b2b/domain/validation';
import { z } from 'zod';
import type { Quotation, QuotationBody } from './quotations.api';

/**
 * The quotation form (spec 1, Sales order form): used for a new order, a new quotation, a saved
 * quotation, editing an order and re-ordering. Field names are the API's, so the server's
 * `errors` (items.N.quantity...) land on the fields they name.
 */

type Check = readonly [(value: string) => boolean, string];

/** A number field that may be left blank ('' stays '', and is left out of the body). */
function optionalNumber(checks: readonly Check[]) {
  return z
    .union([z.number(), z.string()])
    .superRefine((value, ctx) => {
      const text = String(value).trim();
      if (text === '') return;
      const broken = checks.find(([check]) => !check(text));
      if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
    })
    .transform((value): number | '' => (String(value).trim() === '' ? '' : Number(value)));
}

const RUPEES: readonly Check[] = [
  [isNumber, MESSAGES.number],
  [isNonNegativeNumber, MESSAGES.non_negative],
  [(v) => maxDecimals(v, 2), 'Amounts can have at most 2 decimal places.'],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
];

const item = z.object({
  product: z.number().nullable(),
  warehouse: z.string().nullable(),
  /** Tax-inclusive rate per unit; the product's selling price when the product is chosen. */
  rate: numberField(RUPEES, M.rate_required),
  discount: optionalNumber([[isPercentage, M.discount]]),
  quantity: numberField(
    [
      [isNumber, M.quantity],
      [isPositiveNumber, M.quantity],
      [(v) => maxDecimals(v, 3), M.quantity_decimals],
      [(v) => Number(v) <= QUANTITY_MAX, `Quantity cannot be more than ${QUANTITY_MAX}.`],
    ],
    M.quantity_required,
  ),
});

const optionalDay = z.string().refine((v) => v === '' || calendarDate.safeParse(v).success, {
  message: 'Please enter a valid date (YYYY-MM-DD).',
});

export const quotationFormSchema = z
  .object({
    buyer: z.number().nullable(),
    branch: z.string().nullable(),
    billing_address: z.string().nullable(),
    shipping_address: z.string().nullable(),
    sales_channel: z.string().nullable(),
    sales_person: z.string().nullable(),
    shipping_method: z.string().nullable(),
    payment_method: z.string().nullable(),
    payment_terms: optionalNumber([
      [isWholeNumber, M.payment_terms],
      [(v) => Number(v) <= 365, M.payment_terms],
    ]),
    date: optionalDay,
    shipment_date: optionalDay,
    reference: z.string().trim().max(64, maxLengthMessage(64)),
    minimum_item_value: optionalNumber(RUPEES),
    notes: z.string().trim().max(1000, maxLengthMessage(1000)),
    additional_discount: optionalNumber(RUPEES),
    shipping_handling_charges: optionalNumber(RUPEES),
    other_charges: optionalNumber(RUPEES),
    items: z.array(item).min(1, M.items_required).max(SALES_ORDER_MAX_ITEMS, M.too_many_items),
  })
  .superRefine((value, ctx) => {
    const required = [
      ['buyer', M.buyer_required],
      ['branch', M.branch_required],
      ['billing_address', M.billing_address_required],
      ['shipping_address', M.shipping_address_required],
    ] as const;
    for (const [field, message] of required) {
      if (value[field] === null) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
    const seen = new Set<string>();
    value.items.forEach((line, index) => {
      if (line.product === null) {
        ctx.addIssue({ code: 'custom', message: M.product_required, path: ['items', index, 'product'] });
      }
      if (line.warehouse === null) {
        ctx.addIssue({ code: 'custom', message: M.warehouse_required, path: ['items', index, 'warehouse'] });
      }
      if (line.product === null || line.warehouse === null) return;
      const key = `${line.product}|${line.warehouse}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: M.item_repeated, path: ['items', index, 'product'] });
      }
      seen.add(key);
    });
    const discount = value.additional_discount === '' ? 0 : value.additional_discount;
    if (discount > 0 && discount > maxOrderDiscountRupees(value.items)) {
      ctx.addIssue({ code: 'custom', message: M.discount_too_large, path: ['additional_discount'] });
    }
  });

/** What the lines are worth after their own discounts: the most the order discounts may take off. */
function maxOrderDiscountRupees(items: { rate: number; quantity: number; discount: number | '' }[]): number {
  try {
    return (
      maxOrderDiscountPaise(
        items.map((line) => ({
          quantity: line.quantity,
          ratePaise: toPaise(line.rate),
          discountPercent: line.discount === '' ? 0 : line.discount,
        })),
      ) / 100
    );
  } catch {
    // A line the field checks refuse already: no second message.
    return Number.POSITIVE_INFINITY;
  }
}

export type QuotationFormValues = z.input<typeof quotationFormSchema>;
export type QuotationFormOutput = z.output<typeof quotationFormSchema>;
export type QuotationFormItem = QuotationFormValues['items'][number];

export const emptyItem = (): QuotationFormItem => ({
  product: null,
  warehouse: null,
  rate: '',
  discount: '',
  quantity: '',
});

export const emptyQuotationForm = (): QuotationFormValues => ({
  buyer: null,
  branch: null,
  billing_address: null,
  shipping_address: null,
  sales_channel: null,
  sales_person: null,
  shipping_method: null,
  payment_method: null,
  payment_terms: '',
  date: todayInIndia(),
  shipment_date: '',
  reference: '',
  minimum_item_value: '',
  notes: '',
  additional_discount: '',
  shipping_handling_charges: '',
  other_charges: '',
  items: [emptyItem()],
});

const idText = (ref: { id: number | null } | null | undefined) =>
  ref?.id === null || ref?.id === undefined ? null : String(ref.id);
const blankIfZero = (n: number) => (n === 0 ? '' : n);

/** A saved quotation in the form (a draft to finish, an order to edit, an order to repeat). */
export function quotationFormValues(quotation: Quotation): QuotationFormValues {
  return {
    buyer: quotation.buyer.id,
    branch: String(quotation.branch.id),
    billing_address: idText(quotation.billing_address),
    shipping_address: idText(quotation.shipping_address),
    sales_channel: idText(quotation.sales_channel),
    sales_person: idText(quotation.sales_person),
    shipping_method: idText(quotation.shipping_method),
    payment_method: idText(quotation.payment_method),
    payment_terms: quotation.payment_terms ?? '',
    date: quotation.date,
    shipment_date: quotation.shipment_date ?? '',
    reference: quotation.reference_number ?? '',
    minimum_item_value: quotation.minimum_item_value ?? '',
    notes: quotation.notes ?? '',
    additional_discount: blankIfZero(quotation.totals.additional_discount),
    shipping_handling_charges: blankIfZero(quotation.totals.shipping_handling_charges),
    other_charges: blankIfZero(quotation.totals.other_charges),
    items: quotation.items.map((line) => ({
      product: line.product.id,
      warehouse: String(line.warehouse.id),
      rate: line.rate,
      discount: blankIfZero(line.discount),
      quantity: line.quantity,
    })),
  };
}

const idOrNull = (value: string | null) => (value === null ? null : Number(value));
const present = <K extends string, V>(key: K, value: V | undefined | '') =>
  (value === undefined || value === '' ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The body of generate_quotation / edit_quotation from a valid form. */
export function quotationBody(values: QuotationFormOutput): QuotationBody {
  return {
    buyer: values.buyer as number,
    branch: Number(values.branch),
    billing_address: Number(values.billing_address),
    shipping_address: Number(values.shipping_address),
    sales_channel: idOrNull(values.sales_channel),
    sales_person: idOrNull(values.sales_person),
    shipping_method: idOrNull(values.shipping_method),
    payment_method: idOrNull(values.payment_method),
    ...present('payment_terms', values.payment_terms),
    ...present('date', values.date),
    ...present('shipment_date', values.shipment_date),
    ...present('reference', values.reference),
    ...present('minimum_item_value', values.minimum_item_value),
    ...present('notes', values.notes),
    ...present('additional_discount', values.additional_discount),
    ...present('shipping_handling_charges', values.shipping_handling_charges),
    ...present('other_charges', values.other_charges),
    items: values.items.map((line) => ({
      product: line.product as number,
      warehouse: Number(line.warehouse),
      quantity: line.quantity,
      rate: line.rate,
      ...present('discount', line.discount),
    })),
  };
}

/** Form fields the server's 400 answers may name. */
export const SERVER_FIELDS = [
  'buyer',
  'branch',
  'billing_address',
  'shipping_address',
  'sales_channel',
  'sales_person',
  'shipping_method',
  'payment_method',
  'payment_terms',
  'date',
  'shipment_date',
  'reference',
  'minimum_item_value',
  'notes',
  'additional_discount',
  'shipping_handling_charges',
  'other_charges',
  'items',
] as const;

/** Line fields the server names as items.N.<field>. */
export const ITEM_SERVER_FIELD = /^items\.\d+\.(product|warehouse|rate|discount|quantity)$/;
