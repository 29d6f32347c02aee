import {
  type BillComputation,
  type BillLine,
  billInput,
  type ComputedBillLine,
  computeBill,
  GST_SLABS,
  BILL_MESSAGES as M,
} from '@b2b/domain/bills';
import { GST_TREATMENTS } from '@b2b/domain/gst/gst-treatment';
import { toPaise } from '@b2b/domain/money';
import { parseSerialNumberText } from '@b2b/domain/serial-numbers';
import { todayInIndia } from '@b2b/domain/validation';
import { z } from 'zod';
import type { Bill, BillBody } from './bills.api';

/**
 * The bill form: what the user types (numbers may still be text, pickers may be empty), checked
 * for the pickers first and then by the domain's BillInput, the very schema the server parses
 * the body with; its messages land on the fields of the same names (items.0.quantity...).
 */
const lineShape = z
  .object({
    product: z.number().nullable(),
    quantity: z.union([z.number(), z.string()]),
    rate: z.union([z.number(), z.string()]),
    discount_percent: z.union([z.number(), z.string()]),
    tax_rate: z.string().nullable(),
    hsn_code: z.string(),
    itc_eligible: z.boolean(),
    batch_number: z.string(),
    expiry_date: z.string(),
    /** The purchase order line the line bills (a bill made from a purchase order). */
    purchase_order_item: z.number().nullable().optional(),
    /** A tracked product's serials, one a line (the server checks one per unit, issue 22). */
    serial_numbers_text: z.string().optional(),
    /**
     * A bill line's GST treatment (GSTR-3B table 5): the product's when picked, chosen at 0%; a
     * line taxed above 0% is taxable. Null: the server takes the product's.
     */
    gst_treatment: z.enum(GST_TREATMENTS).nullable().optional(),
  })
  .loose();

const formShape = z.object({
  seller: z.number().nullable(),
  branch: z.string().nullable(),
  warehouse: z.string().nullable(),
  bill_number: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  is_reverse_charge: z.boolean(),
  is_tax_inclusive: z.boolean(),
  freight_charges: z.union([z.number(), z.string()]),
  other_charges: z.union([z.number(), z.string()]),
  notes: z.string(),
  items: z.array(lineShape),
  /** The purchase order the bill is made from, if any. */
  purchase_order: z.number().nullable().optional(),
});

export type BillFormValues = z.input<typeof formShape>;
export type BillFormLine = BillFormValues['items'][number];

const blank = (value: unknown) => String(value ?? '').trim() === '';
const orUndefined = (value: unknown) => (blank(value) ? undefined : value);

/** The body as BillInput reads it, before its checks (blanks left out, so the server's defaults apply). */
function draftOf(values: BillFormValues) {
  return {
    seller: values.seller,
    branch: Number(values.branch),
    warehouse: Number(values.warehouse),
    bill_number: values.bill_number,
    bill_date: values.bill_date,
    due_date: orUndefined(values.due_date),
    is_reverse_charge: values.is_reverse_charge,
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
      itc_eligible: item.itc_eligible,
      batch_number: orUndefined(item.batch_number),
      expiry_date: orUndefined(item.expiry_date),
      purchase_order_item: item.purchase_order_item ?? undefined,
      ...serialNumbersOf(item.serial_numbers_text),
      ...treatmentOf(item),
    })),
    purchase_order: values.purchase_order ?? undefined,
  };
}

/**
 * The treatment sent: as chosen on a line at 0%; left out on a taxed line (the server makes it
 * taxable) and when none is known (the server takes the product's).
 */
function treatmentOf(item: BillFormLine) {
  if (!item.gst_treatment || blank(item.tax_rate) || Number(item.tax_rate) !== 0) return {};
  return { gst_treatment: item.gst_treatment };
}

const serialNumbersOf = (text: string | undefined) => {
  const serials = parseSerialNumberText(text ?? '');
  return serials.length ? { serial_numbers: serials } : {};
};

export const billFormSchema = formShape
  .superRefine((value, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (value.seller === null) issue(['seller'], M.seller_required);
    if (!value.branch) issue(['branch'], M.branch_required);
    if (!value.warehouse) issue(['warehouse'], M.warehouse_required);
    if (!value.bill_date) issue(['bill_date'], M.bill_date_required);
    else if (value.bill_date > todayInIndia()) issue(['bill_date'], M.bill_date_future);
    value.items.forEach((item, index) => {
      if (item.product === null) issue(['items', index, 'product'], 'Please select a product.');
    });
  })
  // Pickers that are still empty were reported above: what reaches BillInput has them.
  .transform((values) => draftOf(values) as z.input<typeof billInput>)
  .pipe(billInput);

export type BillFormOutput = z.output<typeof billFormSchema>;

/** The request body of the parsed form. */
export const billBody = (output: BillFormOutput): BillBody => output as BillBody;

export const GST_RATE_OPTIONS = GST_SLABS.map((rate) => ({ value: String(rate), label: `${rate}%` }));

export const emptyBillLine = (): BillFormLine => ({
  product: null,
  quantity: '',
  rate: '',
  discount_percent: '',
  tax_rate: null,
  hsn_code: '',
  itc_eligible: true,
  batch_number: '',
  expiry_date: '',
});

export const emptyBillForm = (branch: string | null = null): BillFormValues => {
  const today = todayInIndia();
  return {
    seller: null,
    branch,
    warehouse: null,
    bill_number: '',
    bill_date: today,
    due_date: today,
    is_reverse_charge: false,
    is_tax_inclusive: false,
    freight_charges: '',
    other_charges: '',
    notes: '',
    items: [emptyBillLine()],
  };
};

const charge = (value: number) => (value === 0 ? '' : value);

/** A draft's values for its edit form, each rate as it was entered (with GST on a tax-inclusive bill). */
export function billFormValues(bill: Bill): BillFormValues {
  return {
    seller: bill.seller.id,
    branch: String(bill.branch.id),
    warehouse: String(bill.warehouse.id),
    bill_number: bill.bill_number,
    bill_date: bill.bill_date,
    due_date: bill.due_date,
    is_reverse_charge: bill.is_reverse_charge,
    is_tax_inclusive: bill.is_tax_inclusive,
    freight_charges: charge(bill.freight_charges),
    other_charges: charge(bill.other_charges),
    notes: bill.notes ?? '',
    items: bill.items.map((line) => ({
      product: line.product.id,
      quantity: line.quantity,
      rate: bill.is_tax_inclusive ? Math.round(line.rate * (100 + line.tax_rate)) / 100 : line.rate,
      discount_percent: line.discount_percent === 0 ? '' : line.discount_percent,
      tax_rate: String(line.tax_rate),
      hsn_code: line.hsn_code ?? '',
      itc_eligible: line.itc_eligible,
      batch_number: line.batch_number ?? '',
      expiry_date: line.expiry_date ?? '',
      purchase_order_item: line.purchase_order_item ?? null,
      serial_numbers_text: (line.serial_numbers ?? []).join('\n'),
      gst_treatment: line.gst_treatment,
    })),
    purchase_order: bill.purchase_order?.id ?? null,
  };
}

/** The fields a 400 answer may name, besides the lines' own (items.0.quantity). */
export const BILL_SERVER_FIELDS = [
  'seller',
  'branch',
  'warehouse',
  'bill_number',
  'bill_date',
  'due_date',
  'is_reverse_charge',
  'is_tax_inclusive',
  'freight_charges',
  'other_charges',
  'notes',
  'items',
  'purchase_order',
] as const;
export const BILL_LINE_SERVER_FIELD =
  /^items\.\d+\.(product|quantity|rate|discount_percent|tax_rate|hsn_code|itc_eligible|batch_number|expiry_date|purchase_order_item|serial_numbers_text|gst_treatment)$/;

/** A server field of a line's serials (`items.N.serial_numbers[.i]`) is the line's text field. */
export const billFormFieldOf = (field: string) =>
  field.replace(/\.serial_numbers(\.\d+)?$/, '.serial_numbers_text');

/** A typed amount as a number, or null while it is blank or not a number yet. */
function amount(value: unknown): number | null {
  if (blank(value)) return null;
  const n = Number(String(value).trim());
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The live figures of the form: every line with a quantity, a rate and a GST rate counts (a line
 * still being typed counts as nothing), worked out by the domain's computeBill as the server will.
 */
export function previewBill(
  values: Pick<
    BillFormValues,
    'items' | 'is_reverse_charge' | 'is_tax_inclusive' | 'freight_charges' | 'other_charges'
  >,
  options: { intraState: boolean; roundOff: boolean },
): { totals: BillComputation['totals']; lines: (ComputedBillLine | null)[] } {
  const counted: boolean[] = [];
  const lines: BillLine[] = [];
  for (const item of values.items) {
    const quantity = amount(item.quantity);
    const rate = amount(item.rate);
    const tax = amount(item.tax_rate);
    const discount = amount(item.discount_percent) ?? 0;
    const ok =
      quantity !== null &&
      quantity > 0 &&
      rate !== null &&
      tax !== null &&
      (GST_SLABS as readonly number[]).includes(tax) &&
      discount <= 100;
    counted.push(ok);
    if (ok) {
      lines.push({
        quantity: Math.round(quantity * 1000) / 1000,
        ratePaise: toPaise(rate),
        discountPercent: Math.round(discount * 100) / 100,
        gstRatePercent: tax,
        itcEligible: item.itc_eligible,
      });
    }
  }
  const computation = safeCompute({
    lines,
    intraState: options.intraState,
    isTaxInclusive: values.is_tax_inclusive,
    isReverseCharge: values.is_reverse_charge,
    freightChargesPaise: toPaise(amount(values.freight_charges) ?? 0),
    otherChargesPaise: toPaise(amount(values.other_charges) ?? 0),
    roundOff: options.roundOff,
  });
  let next = 0;
  return {
    totals: computation.totals,
    lines: counted.map((ok) => (ok ? (computation.lines[next++] ?? null) : null)),
  };
}

const NOTHING: BillComputation = computeBill({ lines: [], intraState: true });

/** Amounts past what the server accepts make no preview (the field's own error says why). */
function safeCompute(input: Parameters<typeof computeBill>[0]): BillComputation {
  try {
    return computeBill(input);
  } catch {
    return NOTHING;
  }
}
