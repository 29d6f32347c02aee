import {
  DELIVERY_CHALLAN_MAX_LINES,
  DELIVERY_CHALLAN_MESSAGES as M,
} from '@b2b/domain/api/delivery-challans';
import { QUANTITY_MAX, rupeesInput } from '@b2b/domain/api/products';
import { DELIVERY_CHALLAN_PURPOSES, isInternalChallan } from '@b2b/domain/delivery-challans';
import {
  isNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
  todayInIndia,
} from '@b2b/domain/validation';
import { z } from 'zod';
import { DELIVERY_CHALLAN_TOASTS, type DeliveryChallanBody } from './delivery-challans.api';

export const REFERENCE_MAX = 100;
export const VEHICLE_MAX = 20;
export const NOTES_MAX = 1000;

const blank = (value: unknown) => String(value ?? '').trim() === '';

/** A rate typed or left blank (then the product's selling price applies); the output is rupees or undefined. */
const optionalRate = z
  .union([z.number(), z.string()])
  .optional()
  .superRefine((value, ctx) => {
    if (blank(value)) return;
    const parsed = rupeesInput.safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  })
  .transform((value) => (blank(value) ? undefined : Number(String(value).trim())));

const line = z.object({
  product: z.number().int().positive().nullable(),
  quantity: numberField(
    [
      [isNumber, MESSAGES.number],
      [(v) => Number(v) > 0, M.quantity_positive],
      [(v) => maxDecimals(v, 3), M.quantity_decimals],
      [(v) => Number(v) <= QUANTITY_MAX, M.quantity_max],
    ],
    M.quantity_required,
  ),
  rate: optionalRate,
});

/** The 'New Challan' form: what the server checks, checked before sending. */
export const challanFormSchema = z
  .object({
    purpose: z.enum(DELIVERY_CHALLAN_PURPOSES).nullable(),
    warehouse: z.string().nullable(),
    destination_warehouse: z.string().nullable(),
    buyer: z.number().nullable(),
    buyer_address: z.string().nullable(),
    challan_date: z.string(),
    reference_number: z.string().max(REFERENCE_MAX, maxLengthMessage(REFERENCE_MAX)),
    vehicle_number: z.string().max(VEHICLE_MAX, maxLengthMessage(VEHICLE_MAX)),
    notes: z.string().max(NOTES_MAX, maxLengthMessage(NOTES_MAX)),
    items: z.array(line).min(1, M.lines_required).max(DELIVERY_CHALLAN_MAX_LINES, M.too_many_lines),
  })
  .superRefine((value, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (value.purpose === null) issue(['purpose'], M.purpose_required);
    if (!value.warehouse) issue(['warehouse'], DELIVERY_CHALLAN_TOASTS.warehouse_required);
    if (value.purpose !== null && isInternalChallan(value.purpose)) {
      if (!value.destination_warehouse) issue(['destination_warehouse'], M.destination_required);
      else if (value.destination_warehouse === value.warehouse) {
        issue(['destination_warehouse'], M.same_warehouse);
      }
    } else if (value.purpose !== null && value.buyer === null) {
      issue(['buyer'], M.buyer_required);
    }
    if (value.challan_date && value.challan_date > todayInIndia()) issue(['challan_date'], M.future_date);
    const seen = new Set<number>();
    value.items.forEach((item, index) => {
      if (item.product === null) issue(['items', index, 'product'], DELIVERY_CHALLAN_TOASTS.product_required);
      else if (seen.has(item.product)) issue(['items', index, 'product'], M.product_repeated);
      else seen.add(item.product);
    });
  });

export type ChallanFormValues = z.input<typeof challanFormSchema>;
export type ChallanFormOutput = z.output<typeof challanFormSchema>;

export const emptyChallanLine = (): ChallanFormValues['items'][number] => ({
  product: null,
  quantity: '',
  rate: '',
});

export const emptyChallanForm = (): ChallanFormValues => ({
  purpose: null,
  warehouse: null,
  destination_warehouse: null,
  buyer: null,
  buyer_address: null,
  challan_date: todayInIndia(),
  reference_number: '',
  vehicle_number: '',
  notes: '',
  items: [emptyChallanLine()],
});

const text = (value: string) => (value.trim() ? value.trim() : undefined);

/** The create call's body: only the recipient fields of the purpose, blanks left out. */
export function challanBody(values: ChallanFormOutput): DeliveryChallanBody {
  const purpose = values.purpose as NonNullable<ChallanFormOutput['purpose']>;
  const recipient = isInternalChallan(purpose)
    ? { destination_warehouse: Number(values.destination_warehouse) }
    : {
        buyer: values.buyer as number,
        ...(values.buyer_address ? { buyer_address: Number(values.buyer_address) } : {}),
      };
  const optional = {
    challan_date: values.challan_date || undefined,
    reference_number: text(values.reference_number),
    vehicle_number: text(values.vehicle_number),
    notes: text(values.notes),
  };
  return {
    purpose,
    warehouse: Number(values.warehouse),
    ...recipient,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    items: values.items.map((item) => ({
      product: item.product as number,
      quantity: item.quantity,
      ...(item.rate === undefined ? {} : { rate: item.rate }),
    })),
  };
}

/** The fields a 400 answer may name, besides the lines' own (items.0.quantity). */
export const CHALLAN_SERVER_FIELDS = [
  'purpose',
  'warehouse',
  'destination_warehouse',
  'buyer',
  'buyer_address',
  'challan_date',
  'reference_number',
  'vehicle_number',
  'notes',
  'items',
] as const;
export const CHALLAN_LINE_SERVER_FIELD = /^items\.\d+\.(product|quantity|rate)$/;

/** A line's value: quantity times its rate, or the product's selling price when no rate is typed. */
export function lineValue(quantity: unknown, rate: unknown, sellingPrice: number | undefined): number | null {
  const q = Number(quantity);
  if (blank(quantity) || !Number.isFinite(q)) return null;
  const r = blank(rate) ? sellingPrice : Number(rate);
  if (r === undefined || !Number.isFinite(r)) return null;
  return Math.round(q * r * 100) / 100;
}
