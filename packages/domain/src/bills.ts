import { z } from 'zod';
import { idInput, optionalText } from './api/common.ts';
import { MONEY_MAX, QUANTITY_MAX, rupeesInput } from './api/products.ts';
import { calendarDate } from './api/sales-orders.ts';
import { serialNumbersInput } from './api/serial-numbers.ts';
import { billContraOutput } from './contra.ts';
import { GST_TREATMENT_MESSAGES, GST_TREATMENTS } from './gst/gst-treatment.ts';
import { mulDivRounded, rateToBasisPoints } from './gst.ts';
import { financialYearOf } from './invoices.ts';
import { roundOff } from './money.ts';
import { quantityInThousandths, taxHeadsOn, taxInclusiveAmount } from './sales-pricing.ts';
import { type StatusOption, statusColor, statusLabel } from './statuses.ts';
import {
  hsnSchema,
  isNumber,
  isPercentage,
  isQuantity,
  MESSAGES,
  maxDecimals,
  numberField,
  optionalField,
} from './validation.ts';

/**
 * Bills: the purchase invoices our sellers (suppliers) send us (issue 19). A bill is entered as a
 * draft, received (its goods come into a warehouse at the bill's cost through the stock ledger), and
 * paid by payments made (a later slice). It is never deleted once received, only voided, and a void
 * takes the goods back out.
 *
 * Input GST (what we pay the seller) is worked out per line as on a sales invoice: CGST + SGST
 * halves when the seller's state is our branch's state, IGST otherwise, each head rounded on its own.
 */

// ---------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------

export const BILL_STATUSES = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'partially_paid', label: 'Partially Paid', color: 'orange' },
  { value: 'paid', label: 'Paid', color: 'green' },
  { value: 'void', label: 'Void', color: 'red' },
] as const satisfies readonly StatusOption[];
export type BillStatus = (typeof BILL_STATUSES)[number]['value'];
export const BILL_STATUS_VALUES = BILL_STATUSES.map((s) => s.value) as [BillStatus, ...BillStatus[]];
export const billStatusLabel = (status: string): string => statusLabel(BILL_STATUSES, status);
export const billStatusColor = (status: string): string => statusColor(BILL_STATUSES, status);

/** The payment_status filter of the list: what is left to pay on a received bill. */
export const BILL_PAYMENT_STATUSES = [
  { value: 'unpaid', label: 'Unpaid', color: 'red' },
  { value: 'partially_paid', label: 'Partially Paid', color: 'orange' },
  { value: 'paid', label: 'Paid', color: 'green' },
] as const satisfies readonly StatusOption[];
export type BillPaymentStatus = (typeof BILL_PAYMENT_STATUSES)[number]['value'];
export const BILL_PAYMENT_STATUS_VALUES = BILL_PAYMENT_STATUSES.map((s) => s.value) as [
  BillPaymentStatus,
  ...BillPaymentStatus[],
];

export const BILL_ACTIONS = ['edit', 'receive', 'void'] as const;
export type BillAction = (typeof BILL_ACTIONS)[number];

export const BILL_MESSAGES = {
  not_found: 'Bill Not Found',
  created: 'Bill created.',
  received: 'Bill received.',
  edited: 'Bill Edited.',
  voided: 'Bill voided.',
  create_failed: 'Failed to create bill.',
  edit_failed: 'Failed to edit bill.',
  receive_failed: 'Failed to receive bill.',
  void_failed: 'Failed to void bill.',
  load_failed: 'Failed to load bill.',
  list_load_failed: 'Failed to load bills.',
  auto_receive_on: 'Bills auto receive activated successfully.',
  auto_receive_off: 'Bills auto receive deactivated successfully.',
  auto_receive_failed: 'Failed to activate/deactivate bill auto receive.',
  edit_not_draft: 'Only a draft bill can be edited.',
  receive_not_draft: 'Only a draft bill can be received.',
  already_void: 'This bill is already void.',
  void_paid: 'A bill with payments made or debit notes against it cannot be voided.',
  seller_required: 'Please select the seller.',
  branch_required: 'Please select the branch.',
  warehouse_required: 'Please select the warehouse receiving the goods.',
  warehouse_not_of_branch: 'This warehouse does not belong to the selected branch.',
  bill_number_required: 'Bill number is required.',
  bill_number_format: 'Bill number may have only letters, digits, - and / (at most 30 characters).',
  bill_date_required: 'Bill date is required.',
  bill_date_future: 'The bill date cannot be in the future.',
  due_before_bill: 'Due date cannot be before the bill date.',
  items_required: 'Add at least one product.',
  too_many_items: 'A bill can have at most 200 items.',
  quantity_required: 'Quantity is required.',
  quantity: 'Quantity must be greater than zero with at most 3 decimals.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
  rate_required: 'Rate is required.',
  discount: MESSAGES.percentage,
  tax_rate: 'Please choose a GST rate (0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28 or 40%).',
  attachment_not_found: 'Attachment Not Found',
  /** Freight and other charges are plain charges in this slice: no GST is worked out on them. */
  too_large: 'A bill cannot be worth more than ₹1,000 crore.',
  charges_untaxed: 'Freight and other charges are added as they are; no GST is worked out on them.',
  forbidden_view: 'You do not have permissions to view bills.',
  forbidden_create: 'You do not have permissions to create bill.',
  forbidden_update: 'You do not have permissions to update bill.',
} as const;

/** The refusal of a repeated bill number: a seller numbers its invoices afresh each financial year. */
export function billNumberTakenMessage(billNumber: string, billDate: string): string {
  return `Bill number ${billNumber} is already recorded for this seller in FY ${financialYearOf(billDate).label}.`;
}

/** The refusal of a void whose goods have left the warehouse. */
export function billStockGoneMessage(productName: string, quantity: number, available: number): string {
  return `Cannot void this bill: ${productName} needs ${quantity} in stock to take back, but only ${available} is available.`;
}

/** What the server counts about a bill before acting on it. */
export interface BillFacts {
  status: BillStatus;
  /** Paid to the seller and credited (debit notes applied, contra) against the bill, in paise. */
  settledPaise?: number;
}

/** Why `action` is refused, as a sentence; null when it is allowed. */
export function billRefusal(bill: BillFacts, action: BillAction): string | null {
  if (action === 'void') {
    if (bill.status === 'void') return BILL_MESSAGES.already_void;
    if ((bill.settledPaise ?? 0) > 0 || bill.status === 'paid' || bill.status === 'partially_paid')
      return BILL_MESSAGES.void_paid;
    return null;
  }
  if (bill.status !== 'draft') {
    return action === 'edit' ? BILL_MESSAGES.edit_not_draft : BILL_MESSAGES.receive_not_draft;
  }
  return null;
}

/** The actions the bill allows now: the buttons the UI shows, the guards the server applies. */
export const allowedBillActions = (bill: BillFacts): BillAction[] =>
  BILL_ACTIONS.filter((action) => billRefusal(bill, action) === null);

/** unpaid / partially_paid / paid of a bill that is not a draft or void; null for those. */
export function billPaymentStatus(bill: {
  status: BillStatus;
  totalPaise: number;
  /** Paid and credited (debit notes applied, contra adjustments). */
  settledPaise: number;
}): BillPaymentStatus | null {
  if (bill.status === 'draft' || bill.status === 'void') return null;
  if (bill.settledPaise <= 0) return bill.totalPaise === 0 ? 'paid' : 'unpaid';
  return bill.settledPaise >= bill.totalPaise ? 'paid' : 'partially_paid';
}

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

/** The GST slabs a bill line may carry. */
export const GST_SLABS = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;
export const BILL_MAX_ITEMS = 200;
export const BILL_NUMBER_MAX_LENGTH = 30;
const BILL_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,30}$/;

const billQuantityInput = numberField(
  [
    [isQuantity, BILL_MESSAGES.quantity],
    [(v) => Number(v) <= QUANTITY_MAX, BILL_MESSAGES.quantity_max],
  ],
  BILL_MESSAGES.quantity_required,
);

const discountInput = numberField([[isPercentage, BILL_MESSAGES.discount]]);

const taxRateInput = numberField(
  [
    [isNumber, BILL_MESSAGES.tax_rate],
    [
      (v) => maxDecimals(v, 2) && (GST_SLABS as readonly number[]).includes(Number(v)),
      BILL_MESSAGES.tax_rate,
    ],
  ],
  BILL_MESSAGES.tax_rate,
);

const boolean = (fallback: boolean) => z.boolean({ error: 'Must be true or false.' }).default(fallback);

export const billItemInput = z
  .object({
    product: idInput,
    quantity: billQuantityInput,
    /** Per unit: excluding GST, or including it when the bill is entered tax-inclusive. */
    rate: rupeesInput,
    discount_percent: optionalField(discountInput),
    tax_rate: taxRateInput,
    /** The product's HSN when left out. */
    hsn_code: optionalField(hsnSchema),
    /** False when the input tax may not be claimed (blocked credits, personal use). */
    itc_eligible: boolean(true),
    batch_number: optionalText(50),
    expiry_date: optionalField(calendarDate),
    /** The purchase order's line this line bills (with the bill's purchase_order). */
    purchase_order_item: idInput.optional(),
    /** A product that tracks serial numbers: one per unit bought (issue 22). */
    serial_numbers: serialNumbersInput,
    /**
     * How GST treats the supply (GSTR-3B table 5 reports nil-rated, exempt and non-GST purchases):
     * a line at 0% takes its product's when left out; a line taxed above 0% is taxable.
     */
    gst_treatment: z.enum(GST_TREATMENTS, { error: GST_TREATMENT_MESSAGES.choose }).optional(),
  })
  .strict();
export type BillItemInput = z.infer<typeof billItemInput>;

export const billInput = z
  .object({
    seller: idInput,
    branch: idInput,
    warehouse: idInput,
    bill_number: z
      .string({ error: BILL_MESSAGES.bill_number_required })
      .trim()
      .min(1, BILL_MESSAGES.bill_number_required)
      .regex(BILL_NUMBER_PATTERN, BILL_MESSAGES.bill_number_format),
    bill_date: calendarDate,
    /** From the seller's payment term when left out, else the bill date. */
    due_date: optionalField(calendarDate),
    is_reverse_charge: boolean(false),
    is_tax_inclusive: boolean(false),
    freight_charges: optionalField(rupeesInput),
    other_charges: optionalField(rupeesInput),
    notes: optionalText(1000),
    /** Ids of files in the company's file storage. */
    attachments: z.array(idInput).max(10, 'A bill can have at most 10 attachments.').optional(),
    /** The purchase order the bill is made from: its lines name the order's lines they bill. */
    purchase_order: idInput.optional(),
    items: z
      .array(billItemInput, { error: BILL_MESSAGES.items_required })
      .min(1, BILL_MESSAGES.items_required)
      .max(BILL_MAX_ITEMS, BILL_MESSAGES.too_many_items),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.due_date !== undefined && value.due_date < value.bill_date) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.due_before_bill, path: ['due_date'] });
    }
    // A nil-rated, exempt or non-GST line carries no GST (the item schema is picked by purchase
    // orders, so the rule sits here).
    value.items.forEach((item, index) => {
      const treatment = item.gst_treatment;
      if (!treatment || treatment === 'taxable' || Number(item.tax_rate) === 0) return;
      ctx.addIssue({
        code: 'custom',
        message: GST_TREATMENT_MESSAGES.line_tax_not_zero(treatment),
        path: ['items', index, 'gst_treatment'],
      });
    });
    if (value.purchase_order === undefined) {
      value.items.forEach((item, index) => {
        if (item.purchase_order_item === undefined) return;
        ctx.addIssue({
          code: 'custom',
          message: 'Choose the purchase order this line comes from.',
          path: ['items', index, 'purchase_order_item'],
        });
      });
    }
  });
export type BillInput = z.infer<typeof billInput>;
/** What a form holds before parsing (numbers may still be text). */
export type BillInputDraft = z.input<typeof billInput>;

// ---------------------------------------------------------------------------
// Input GST
// ---------------------------------------------------------------------------

/** The most a bill (or one line of it) may be worth: ₹1,000 crore, the API's largest amount. */
export const BILL_MAX_VALUE_PAISE = MONEY_MAX * 100;

export interface BillLine {
  /** Positive, at most three decimals. */
  quantity: number;
  /** Per unit, in paise: excluding GST, or including GST (and cess) on a tax-inclusive bill. */
  ratePaise: number;
  /** 0 to 100, at most two decimals. */
  discountPercent: number;
  gstRatePercent: number;
  /** 0 unless the product bears compensation cess. */
  cessRatePercent?: number;
  itcEligible: boolean;
}

export interface ComputedBillLine {
  /** The unit rate excluding GST (the entered rate on a tax-exclusive bill). */
  rateExclusivePaise: number;
  /** quantity x entered rate, before the discount */
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
  /** taxable + tax: the line's value with GST (on a reverse-charge bill too, the tax is ours to pay). */
  totalPaise: number;
  /** The line's tax when its credit may be claimed, else 0. */
  itcPaise: number;
}

export interface BillTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
  chargesPaise: number;
  /** Eligible input tax of the lines (claimable on a reverse-charge bill too, once we pay it). */
  itcPaise: number;
  /** The tax we pay the government ourselves on a reverse-charge bill; 0 otherwise. */
  reverseChargeTaxPaise: number;
  roundOffPaise: number;
  /** What we owe the seller: taxable + tax (not on reverse charge) + charges + round-off. */
  totalPaise: number;
}

export interface BillComputation {
  lines: ComputedBillLine[];
  totals: BillTotals;
}

/**
 * Works out a bill's input GST, in paise.
 *
 * Per line: gross = quantity x rate, the discount comes off it, and what is left is the taxable
 * value (tax-exclusive entry) or the GST-inclusive amount whose taxable value and heads are split
 * out exactly as a sales invoice does (taxInclusiveAmount: taxable + heads = the amount to the
 * paisa). The heads are CGST + SGST (each half the rate, rounded on its own) when `intraState`,
 * else IGST.
 *
 * Reverse charge: the tax is worked out the same way but we pay it to the government, not to the
 * seller, so it stays out of the total and is reported as reverseChargeTaxPaise. Freight and other
 * charges are plain charges in this slice (no GST on them). The total is rounded to the rupee when
 * the branch rounds off.
 */
export function computeBill({
  lines,
  intraState,
  isTaxInclusive = false,
  isReverseCharge = false,
  freightChargesPaise = 0,
  otherChargesPaise = 0,
  roundOff: roundsOff = false,
}: {
  lines: readonly BillLine[];
  intraState: boolean;
  isTaxInclusive?: boolean;
  isReverseCharge?: boolean;
  freightChargesPaise?: number;
  otherChargesPaise?: number;
  roundOff?: boolean;
}): BillComputation {
  for (const charge of [freightChargesPaise, otherChargesPaise]) {
    if (!Number.isSafeInteger(charge) || charge < 0 || charge > MONEY_MAX * 100) {
      throw new RangeError('Charges must be a whole, non-negative number of paise');
    }
  }
  const computed = lines.map((line): ComputedBillLine => {
    if (!Number.isSafeInteger(line.ratePaise) || line.ratePaise < 0) {
      throw new RangeError('Rate must be a whole, non-negative number of paise');
    }
    const cessRatePercent = line.cessRatePercent ?? 0;
    const discountBasisPoints = rateToBasisPoints(line.discountPercent);
    if (discountBasisPoints > 10_000) throw new RangeError('Discount percent must be between 0 and 100');
    const grossPaise = mulDivRounded(line.ratePaise, quantityInThousandths(line.quantity), 1000);
    if (grossPaise > BILL_MAX_VALUE_PAISE) throw new RangeError(BILL_MESSAGES.too_large);
    const discountPaise = mulDivRounded(grossPaise, discountBasisPoints, 10_000);
    const netPaise = grossPaise - discountPaise;
    const rates = { gstRatePercent: line.gstRatePercent, cessRatePercent, intraState };
    const parts = isTaxInclusive
      ? taxInclusiveAmount({ amountPaise: netPaise, ...rates })
      : { taxablePaise: netPaise, ...taxHeadsOn({ taxablePaise: netPaise, ...rates }) };
    const inclusiveBasisPoints = rateToBasisPoints(line.gstRatePercent) + rateToBasisPoints(cessRatePercent);
    return {
      rateExclusivePaise: isTaxInclusive
        ? mulDivRounded(line.ratePaise, 10_000, 10_000 + inclusiveBasisPoints)
        : line.ratePaise,
      grossPaise,
      discountPaise,
      ...parts,
      totalPaise: parts.taxablePaise + parts.taxPaise,
      itcPaise: line.itcEligible ? parts.taxPaise : 0,
    };
  });
  const sum = (figure: keyof ComputedBillLine) => computed.reduce((total, line) => total + line[figure], 0);
  const taxablePaise = sum('taxablePaise');
  const taxPaise = sum('taxPaise');
  const chargesPaise = freightChargesPaise + otherChargesPaise;
  const beforeRoundOff = taxablePaise + (isReverseCharge ? 0 : taxPaise) + chargesPaise;
  if (beforeRoundOff > BILL_MAX_VALUE_PAISE) throw new RangeError(BILL_MESSAGES.too_large);
  const rounded = roundsOff ? roundOff(beforeRoundOff) : { roundedPaise: beforeRoundOff, roundOffPaise: 0 };
  return {
    lines: computed,
    totals: {
      taxablePaise,
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      cessPaise: sum('cessPaise'),
      taxPaise,
      chargesPaise,
      itcPaise: sum('itcPaise'),
      reverseChargeTaxPaise: isReverseCharge ? taxPaise : 0,
      roundOffPaise: rounded.roundOffPaise,
      totalPaise: rounded.roundedPaise,
    },
  };
}

/**
 * The state whose GST a seller charges from: its GSTIN's first two digits, else the state of its
 * billing address (an unregistered seller). Null when neither is known.
 */
export function sellerStateCode(
  gstin: string | null | undefined,
  addressStateCode: string | null | undefined,
) {
  const fromGstin = gstin?.trim().slice(0, 2);
  if (fromGstin && /^\d{2}$/.test(fromGstin)) return fromGstin;
  return addressStateCode?.trim() || null;
}

/** CGST + SGST when the seller's state is our branch's state; IGST otherwise (and when unknown). */
export function billSupplyType(
  sellerState: string | null | undefined,
  branchState: string | null | undefined,
): 'intra' | 'inter' {
  return sellerState && branchState && sellerState.trim() === branchState.trim() ? 'intra' : 'inter';
}

// ---------------------------------------------------------------------------
// API shapes (money in rupees, two decimals; quantities up to three decimals)
// ---------------------------------------------------------------------------

const outId = z.number().int().positive();
const named = z.object({ id: outId, name: z.string() });
const money = z.number();
const day = z.string();
const timestamp = z.union([z.string(), z.date()]);

export const BILL_ORDERINGS = ['bill_date', 'due_date', 'total', 'bill_number', 'created_at'] as const;

export const billListQuery = z.object({
  seller: idInput.optional(),
  branch: idInput.optional(),
  /** Comma list of statuses. */
  status__in: z.string().optional(),
  payment_status: z.enum(BILL_PAYMENT_STATUS_VALUES).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  /** Bills due on or before this day. */
  due_before: calendarDate.optional(),
});

export const billSummaryOutput = z.object({
  id: outId,
  bill_number: z.string(),
  bill_date: day,
  due_date: day,
  status: z.enum(BILL_STATUS_VALUES),
  status_label: z.string(),
  payment_status: z.enum(BILL_PAYMENT_STATUS_VALUES).nullable(),
  seller: z.object({ id: outId, name: z.string(), gstin: z.string().nullable() }),
  seller_gstin: z.string().nullable(),
  seller_state_code: z.string().nullable(),
  branch: named,
  branch_state_code: z.string().nullable(),
  warehouse: named,
  is_reverse_charge: z.boolean(),
  is_tax_inclusive: z.boolean(),
  supply_type: z.enum(['intra', 'inter']),
  freight_charges: money,
  other_charges: money,
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  itc_total: money,
  reverse_charge_tax: money,
  round_off: money,
  total: money,
  amount_paid: money,
  /** TDS deducted on the bill's payments made (counted in amount_paid). */
  tds_deducted: money.optional(),
  /** Debit notes applied and contra adjustments against our invoices. */
  amount_credited: money,
  balance_due: money,
  notes: z.string().nullable(),
  received_at: timestamp.nullable(),
  voided_at: timestamp.nullable(),
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BillSummaryOutput = z.infer<typeof billSummaryOutput>;

export const billItemOutput = z.object({
  id: outId,
  product: z.object({ id: outId, name: z.string(), sku: z.string().nullable() }),
  hsn_code: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  /** Per unit, excluding GST. */
  rate: money,
  /** The rate as entered (including GST on a tax-inclusive bill): what an edit form starts from. */
  rate_entered: money,
  discount_percent: z.number(),
  taxable_value: money,
  tax_rate: z.number(),
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  total: money,
  itc_eligible: z.boolean(),
  batch_number: z.string().nullable(),
  expiry_date: day.nullable(),
  /** The purchase order line the line bills, if any. */
  purchase_order_item: outId.nullable().optional(),
  /** The units bought on the line, of a product that tracks serial numbers (issue 22). */
  serial_numbers: z.array(z.string()).optional(),
  /** Taxable, or at 0%: nil rated, exempt or non-GST (GSTR-3B table 5). */
  gst_treatment: z.enum(GST_TREATMENTS),
});

/** A debit note on a bill's page: raised against the bill or applied to it (issue 19). */
export const billDebitNoteOutput = z.object({
  id: outId,
  debit_note_number: z.string(),
  debit_note_date: day,
  kind: z.string(),
  status: z.string(),
  total: money,
  /** What the note took off this bill. */
  applied_to_bill: money,
  purchase_return: z.object({ id: outId, return_number: z.string(), status: z.string() }).nullable(),
});

export const billOutput = billSummaryOutput.extend({
  /** Its purchase returns' and other debit notes, newest first. */
  debit_notes: z.array(billDebitNoteOutput).optional(),
  /** The purchase order the bill was made from, if any. */
  purchase_order: z.object({ id: outId, order_number: z.string() }).nullable().optional(),
  /** Contra adjustments that set the bill against our invoices to the same party. */
  contra_adjustments: z.array(billContraOutput).optional(),
  items: z.array(billItemOutput),
  attachments: z.array(z.object({ id: outId, name: z.string(), url: z.string() })),
  allowed_actions: z.array(z.enum(BILL_ACTIONS)),
});
export type BillOutput = z.infer<typeof billOutput>;

/** The columns of the bills list as a CSV file (`format=csv`, and the list's "Export selected"). */
export const BILL_CSV_COLUMNS: readonly (readonly [
  string,
  (bill: BillSummaryOutput) => string | number | null,
])[] = [
  ['Bill Number', (b) => b.bill_number],
  ['Bill Date', (b) => b.bill_date],
  ['Due Date', (b) => b.due_date],
  ['Seller', (b) => b.seller.name],
  ['Seller GSTIN', (b) => b.seller_gstin],
  ['Branch', (b) => b.branch.name],
  ['Warehouse', (b) => b.warehouse.name],
  ['Status', (b) => b.status_label],
  ['Supply', (b) => (b.supply_type === 'intra' ? 'Intra-state' : 'Inter-state')],
  ['Reverse Charge', (b) => (b.is_reverse_charge ? 'Yes' : 'No')],
  ['Taxable Value', (b) => b.taxable_value],
  ['CGST', (b) => b.cgst],
  ['SGST', (b) => b.sgst],
  ['IGST', (b) => b.igst],
  ['Cess', (b) => b.cess],
  ['ITC', (b) => b.itc_total],
  ['Total', (b) => b.total],
  ['Amount Paid', (b) => b.amount_paid],
  ['Balance Due', (b) => b.balance_due],
];

/** A bill's attachments: the seller's invoice as a PDF or a photo. */
export const BILL_MAX_ATTACHMENTS = 10;
export const BILL_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const BILL_ATTACHMENT_MESSAGES = {
  uploaded: 'Attachment uploaded.',
  deleted: 'Attachment deleted.',
  upload_failed: 'Failed to upload attachment.',
  file_required: 'Choose a file to attach.',
  file_type: 'Only PDF, PNG, JPEG or WebP files can be attached.',
  too_large: 'The file is larger than 5 MB.',
  too_many: `A bill can have at most ${BILL_MAX_ATTACHMENTS} attachments.`,
  not_found: 'Attachment Not Found',
} as const;
