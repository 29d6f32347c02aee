import { z } from 'zod';
import { positiveRupeesInput } from './api/buyers.ts';
import { idInput, optionalText } from './api/common.ts';
import { QUANTITY_MAX, rupeesInput } from './api/products.ts';
import { calendarDate } from './api/sales-orders.ts';
import { type BillLine, computeBill, GST_SLABS } from './bills.ts';
import { formatMoney, toRupees } from './money.ts';
import { quantityInThousandths } from './sales-pricing.ts';
import { type StatusOption, statusColor, statusLabel } from './statuses.ts';
import {
  isBlank,
  isNumber,
  isQuantity,
  maxDecimals,
  numberField,
  optionalField,
  todayInIndia,
} from './validation.ts';

/**
 * Debit notes (issue 19): what we raise on a seller to take back part of a bill. A purchase return
 * raises one for the goods sent back; one may also be raised without goods (a rate difference, a
 * shortage), against a bill or not. It is numbered by our series (DN/2627/00001).
 *
 * Its tax reverses the bill's input GST line by line with the bill's own arithmetic (computeBill):
 * the same intra/inter split and tax-inclusive entry as the bill, and the input tax credit reversed
 * only on ITC-eligible lines. Returned goods are priced as the difference between the line's
 * figures for all that is returned after this return and before it, so the returns of a whole line
 * add up to the bill's line to the paisa.
 *
 * Money: the note reduces what we owe the seller. It is applied to the seller's bills (the bill's
 * credited amount) or refunded by the seller; what is neither is the seller's credit with us.
 */

export const DEBIT_NOTE_STATUSES = [
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'closed', label: 'Closed', color: 'green' },
  { value: 'void', label: 'Void', color: 'red' },
] as const satisfies readonly StatusOption[];
export type DebitNoteStatus = (typeof DEBIT_NOTE_STATUSES)[number]['value'];
export const DEBIT_NOTE_STATUS_VALUES = DEBIT_NOTE_STATUSES.map((s) => s.value) as [
  DebitNoteStatus,
  ...DebitNoteStatus[],
];
export const debitNoteStatusLabel = (status: string) => statusLabel(DEBIT_NOTE_STATUSES, status);
export const debitNoteStatusColor = (status: string) => statusColor(DEBIT_NOTE_STATUSES, status);

export const DEBIT_NOTE_KINDS = [
  { value: 'purchase_return', label: 'Goods Returned' },
  { value: 'rate_difference', label: 'Rate Difference' },
  { value: 'shortage', label: 'Shortage' },
  { value: 'other', label: 'Other' },
] as const;
export type DebitNoteKind = (typeof DEBIT_NOTE_KINDS)[number]['value'];
/** The kinds a note raised without goods may have (a return's note is always purchase_return). */
export const DEBIT_NOTE_MANUAL_KINDS = ['rate_difference', 'shortage', 'other'] as const;
export const debitNoteKindLabel = (kind: string) =>
  DEBIT_NOTE_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const DEBIT_NOTE_ACTIONS = ['apply', 'record_refund', 'void'] as const;
export type DebitNoteAction = (typeof DEBIT_NOTE_ACTIONS)[number];

export const DEBIT_NOTE_MESSAGES = {
  not_found: 'Debit Note Not Found',
  created: 'Debit note created.',
  create_failed: 'Failed to create debit note.',
  applied: 'Debit note applied to the bills.',
  apply_failed: 'Failed to apply debit note.',
  refunded: 'Refund recorded.',
  refund_failed: 'Failed to record refund.',
  voided: 'Debit note voided.',
  void_failed: 'Failed to void debit note.',
  load_failed: 'Failed to load debit note.',
  list_load_failed: 'Failed to load debit notes.',
  already_void: 'This debit note is already void.',
  nothing_left: 'Nothing is left on this debit note to apply or refund.',
  void_refunded: 'A debit note the seller has refunded cannot be voided.',
  void_of_return: 'This debit note was raised by a purchase return: void the return instead.',
  void_confirm: 'Void this debit note? Its credit comes off the bills it was applied to.',
  seller_not_found: 'Seller Not Found',
  branch_not_found: 'Branch Not Found',
  bill_not_found: 'Bill Not Found',
  bill_not_received: 'Only a received bill (open, partially paid or paid) can have a debit note.',
  bill_of_other_seller: 'This bill is not of the selected seller.',
  bill_item_not_in_bill: 'This line is not on the bill.',
  bill_item_required: 'Choose the bill line.',
  product_required: 'Choose the product.',
  tax_rate: 'Please choose a GST rate (0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28 or 40%).',
  line_twice: 'This line is listed twice.',
  items_required: 'Add at least one line.',
  too_many_items: 'A debit note can have at most 200 lines.',
  quantity_required: 'Quantity is required.',
  quantity: 'Quantity must be greater than zero with at most 3 decimals.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
  zero_total: 'The debit note comes to nothing: enter a rate above zero.',
  date_in_future: 'The date cannot be in the future.',
  before_bill: 'The debit note cannot be dated before the bill.',
  refund_before_note: 'The refund cannot be dated before the debit note.',
  date_range: 'The end date cannot be before the start date.',
  payment_method_not_found: 'Payment Method Not Found',
  bank_account_not_found: 'Bank Account Not Found',
  application_twice: (bill: string) => `Bill ${bill} is listed twice.`,
  bill_not_open: (bill: string) =>
    `Bill ${bill} is not a received, unpaid bill of this seller: a debit note applies only to those.`,
  more_than_balance: (bill: string, balance: string) => `Only ${balance} is left to pay on bill ${bill}.`,
  more_than_left: (left: string) => `Only ${left} is left on this debit note.`,
  more_than_bill: (left: string) =>
    `The debit notes against this bill would come to more than the bill: at most ${left} is left.`,
  forbidden_view: 'You do not have permissions to view debit notes.',
} as const;

/** What the server knows of a note before acting on it. */
export interface DebitNoteFacts {
  status: DebitNoteStatus;
  totalPaise: number;
  appliedPaise: number;
  refundedPaise: number;
  /** The note of a purchase return is voided with its return. */
  fromReturn?: boolean;
}

/** What is left on a note: neither applied to bills nor refunded. */
export const debitNoteBalancePaise = (
  note: Pick<DebitNoteFacts, 'totalPaise' | 'appliedPaise' | 'refundedPaise'>,
) => Math.max(0, note.totalPaise - note.appliedPaise - note.refundedPaise);

/** open while something is left, closed when it is all applied or refunded. */
export const debitNoteStatusFor = (
  note: Pick<DebitNoteFacts, 'totalPaise' | 'appliedPaise' | 'refundedPaise'>,
) => (debitNoteBalancePaise(note) > 0 ? 'open' : 'closed');

/** Why `action` is refused, as a sentence; null when allowed. */
export function debitNoteRefusal(note: DebitNoteFacts, action: DebitNoteAction): string | null {
  if (note.status === 'void') return DEBIT_NOTE_MESSAGES.already_void;
  if (action === 'void') {
    if (note.refundedPaise > 0) return DEBIT_NOTE_MESSAGES.void_refunded;
    if (note.fromReturn) return DEBIT_NOTE_MESSAGES.void_of_return;
    return null;
  }
  return debitNoteBalancePaise(note) > 0 ? null : DEBIT_NOTE_MESSAGES.nothing_left;
}

export const allowedDebitNoteActions = (note: DebitNoteFacts): DebitNoteAction[] =>
  DEBIT_NOTE_ACTIONS.filter((action) => debitNoteRefusal(note, action) === null);

// ---------------------------------------------------------------------------
// The tax reversed
// ---------------------------------------------------------------------------

export interface DebitNoteLineInput {
  /** The bill's line as computeBill priced it, with `quantity` the quantity this note takes back. */
  line: BillLine;
  /** Goods returned: the quantity of the bill line already returned by live earlier returns. */
  returnedBefore?: number;
}

export interface DebitNoteLineFigures {
  /** Per unit, excluding GST: the taxable value / quantity as the bill priced it. */
  rateExclusivePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
  totalPaise: number;
  itcReversedPaise: number;
}

export interface DebitNoteTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
  itcReversedPaise: number;
  /** What the seller owes us back: taxable + tax (not on a reverse-charge bill: we paid that tax). */
  totalPaise: number;
}

const FIGURES = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'cessPaise', 'taxPaise'] as const;

/**
 * The figures of a debit note's lines, each reversing the bill's line with computeBill: the bill's
 * supply type (`intraState`), tax-inclusive entry and reverse charge. A goods line with
 * `returnedBefore` is priced as line(returned before + now) - line(returned before), so the returns
 * of a line add up to exactly the bill's line. ITC is reversed only on ITC-eligible lines.
 */
export function computeDebitNote({
  lines,
  intraState,
  isTaxInclusive = false,
  isReverseCharge = false,
}: {
  lines: readonly DebitNoteLineInput[];
  intraState: boolean;
  isTaxInclusive?: boolean;
  isReverseCharge?: boolean;
}): { lines: DebitNoteLineFigures[]; totals: DebitNoteTotals } {
  const priced = (line: BillLine) =>
    computeBill({ lines: [line], intraState, isTaxInclusive, isReverseCharge }).lines[0] as ReturnType<
      typeof computeBill
    >['lines'][number];
  const computed = lines.map(({ line, returnedBefore = 0 }): DebitNoteLineFigures => {
    const before = returnedBefore > 0 ? quantityInThousandths(returnedBefore) : 0;
    const now = priced({ ...line, quantity: (before + quantityInThousandths(line.quantity)) / 1000 });
    const prior = before > 0 ? priced({ ...line, quantity: before / 1000 }) : undefined;
    const figures = Object.fromEntries(
      FIGURES.map((figure) => [figure, Math.max(0, now[figure] - (prior?.[figure] ?? 0))]),
    ) as Record<(typeof FIGURES)[number], number>;
    const taxPaise = figures.cgstPaise + figures.sgstPaise + figures.igstPaise + figures.cessPaise;
    return {
      rateExclusivePaise: now.rateExclusivePaise,
      ...figures,
      taxPaise,
      totalPaise: figures.taxablePaise + taxPaise,
      itcReversedPaise: line.itcEligible ? taxPaise : 0,
    };
  });
  const sum = (figure: keyof DebitNoteLineFigures) => computed.reduce((total, l) => total + l[figure], 0);
  const taxablePaise = sum('taxablePaise');
  const taxPaise = sum('taxPaise');
  return {
    lines: computed,
    totals: {
      taxablePaise,
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      cessPaise: sum('cessPaise'),
      taxPaise,
      itcReversedPaise: sum('itcReversedPaise'),
      totalPaise: taxablePaise + (isReverseCharge ? 0 : taxPaise),
    },
  };
}

/**
 * Applying a note: the bills it goes to, each at most its balance, together at most what is left.
 * `chosen` left out: the given bill first (the note's own), then the rest oldest first, up to what
 * is left. Returns the refusal as a field and a sentence.
 */
export function planDebitNoteApplications(
  leftPaise: number,
  open: readonly { id: number; billNumber: string; balancePaise: number }[],
  chosen: readonly { billId: number; amountPaise: number }[] | undefined,
  nameOf: (billId: number) => string,
):
  | { ok: true; applications: { billId: number; amountPaise: number }[] }
  | { ok: false; field: string; message: string } {
  const byId = new Map(open.map((bill) => [bill.id, bill]));
  if (!chosen) {
    let left = leftPaise;
    const applications: { billId: number; amountPaise: number }[] = [];
    for (const bill of open) {
      const amountPaise = Math.min(left, bill.balancePaise);
      if (amountPaise <= 0) continue;
      applications.push({ billId: bill.id, amountPaise });
      left -= amountPaise;
    }
    return { ok: true, applications };
  }
  const seen = new Set<number>();
  let total = 0;
  for (const [index, a] of chosen.entries()) {
    const bill = byId.get(a.billId);
    const name = bill?.billNumber ?? nameOf(a.billId);
    if (!bill)
      return {
        ok: false,
        field: `applications.${index}.bill`,
        message: DEBIT_NOTE_MESSAGES.bill_not_open(name),
      };
    if (seen.has(a.billId))
      return {
        ok: false,
        field: `applications.${index}.bill`,
        message: DEBIT_NOTE_MESSAGES.application_twice(name),
      };
    seen.add(a.billId);
    if (a.amountPaise > bill.balancePaise)
      return {
        ok: false,
        field: `applications.${index}.amount`,
        message: DEBIT_NOTE_MESSAGES.more_than_balance(name, formatMoney(toRupees(bill.balancePaise))),
      };
    total += a.amountPaise;
  }
  if (total > leftPaise)
    return {
      ok: false,
      field: 'applications',
      message: DEBIT_NOTE_MESSAGES.more_than_left(formatMoney(toRupees(leftPaise))),
    };
  return { ok: true, applications: chosen.map((a) => ({ ...a })) };
}

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

const blankToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), schema.optional());

const quantityInput = numberField(
  [
    [isQuantity, DEBIT_NOTE_MESSAGES.quantity],
    [(v) => Number(v) <= QUANTITY_MAX, DEBIT_NOTE_MESSAGES.quantity_max],
  ],
  DEBIT_NOTE_MESSAGES.quantity_required,
);

const taxRateInput = numberField(
  [
    [isNumber, DEBIT_NOTE_MESSAGES.tax_rate],
    [
      (v) => maxDecimals(v, 2) && (GST_SLABS as readonly number[]).includes(Number(v)),
      DEBIT_NOTE_MESSAGES.tax_rate,
    ],
  ],
  DEBIT_NOTE_MESSAGES.tax_rate,
);

const pastDate = calendarDate.refine((v) => v <= todayInIndia(), DEBIT_NOTE_MESSAGES.date_in_future);

/**
 * A line of a note raised without goods: against a bill, one of its lines (`bill_item`, taxed at
 * its rate) with the quantity and the rate per unit excluding GST taken back (a rate difference:
 * the billed quantity at the difference); without a bill, a product with its GST rate.
 */
export const debitNoteItemInput = z
  .object({
    bill_item: idInput.optional(),
    product: idInput.optional(),
    quantity: quantityInput,
    /** Per unit, excluding GST. */
    rate: rupeesInput,
    tax_rate: optionalField(taxRateInput),
    itc_eligible: z.boolean({ error: 'Must be true or false.' }).optional(),
  })
  .strict();

/** POST admin/companies/{companyId}/debit_notes: a note without goods. */
export const debitNoteInput = z
  .object({
    seller: idInput,
    branch: blankToUndefined(idInput),
    bill: blankToUndefined(idInput),
    debit_note_date: blankToUndefined(pastDate),
    kind: z.enum(DEBIT_NOTE_MANUAL_KINDS, { error: 'Choose rate difference, shortage or other.' }),
    reason: optionalText(500),
    reference_number: optionalText(100),
    /** Apply the note to its bill at once, up to the bill's balance (default true with a bill). */
    apply_to_bill: z.boolean({ error: 'Must be true or false.' }).default(true),
    items: z
      .array(debitNoteItemInput, { error: DEBIT_NOTE_MESSAGES.items_required })
      .min(1, DEBIT_NOTE_MESSAGES.items_required)
      .max(200, DEBIT_NOTE_MESSAGES.too_many_items),
  })
  .strict()
  .superRefine((value, ctx) => {
    value.items.forEach((item, index) => {
      if (value.bill !== undefined) {
        if (item.bill_item === undefined)
          ctx.addIssue({
            code: 'custom',
            message: DEBIT_NOTE_MESSAGES.bill_item_required,
            path: ['items', index, 'bill_item'],
          });
      } else {
        if (item.product === undefined)
          ctx.addIssue({
            code: 'custom',
            message: DEBIT_NOTE_MESSAGES.product_required,
            path: ['items', index, 'product'],
          });
        if (item.tax_rate === undefined)
          ctx.addIssue({
            code: 'custom',
            message: DEBIT_NOTE_MESSAGES.tax_rate,
            path: ['items', index, 'tax_rate'],
          });
      }
    });
  });
export type DebitNoteInput = z.infer<typeof debitNoteInput>;
export type DebitNoteInputDraft = z.input<typeof debitNoteInput>;

export const debitNoteApplicationInput = z.object({ bill: idInput, amount: positiveRupeesInput }).strict();

/** POST admin/debit_notes/{id}/apply: the chosen bills, or the note's bill and then oldest first. */
export const applyDebitNoteInput = z
  .object({ applications: z.array(debitNoteApplicationInput).min(1).max(100).optional() })
  .strict();
export type ApplyDebitNoteInput = z.infer<typeof applyDebitNoteInput>;

/** POST admin/debit_notes/{id}/record_refund: money the seller paid back on the note. */
export const debitNoteRefundInput = z
  .object({
    amount: positiveRupeesInput,
    refund_date: blankToUndefined(pastDate),
    payment_method: idInput,
    /** Our bank account the money came into. */
    bank_account: blankToUndefined(idInput),
    reference_number: optionalText(100),
    notes: optionalText(1000),
  })
  .strict();
export type DebitNoteRefundInput = z.infer<typeof debitNoteRefundInput>;
export type DebitNoteRefundInputDraft = z.input<typeof debitNoteRefundInput>;

export const DEBIT_NOTE_ORDERINGS = ['debit_note_date', 'total', 'debit_note_number', 'created_at'] as const;

export const debitNoteListQuery = z.object({
  seller: idInput.optional(),
  branch: idInput.optional(),
  bill: idInput.optional(),
  status: z.enum(DEBIT_NOTE_STATUS_VALUES, { error: 'Choose open, closed or void.' }).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

const outId = z.number().int();
const money = z.number();
const timestamp = z.union([z.string(), z.date()]);
const named = z.object({ id: outId, name: z.string() });

export const debitNoteSummaryOutput = z.object({
  id: outId,
  debit_note_number: z.string(),
  debit_note_date: z.string(),
  kind: z.enum(['purchase_return', ...DEBIT_NOTE_MANUAL_KINDS]),
  kind_label: z.string(),
  status: z.enum(DEBIT_NOTE_STATUS_VALUES),
  status_label: z.string(),
  seller: named,
  branch: named,
  bill: z.object({ id: outId, bill_number: z.string() }).nullable(),
  purchase_return: z.object({ id: outId, return_number: z.string() }).nullable(),
  reason: z.string().nullable(),
  reference_number: z.string().nullable(),
  supply_type: z.enum(['intra', 'inter']),
  is_reverse_charge: z.boolean(),
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  cess: money,
  itc_reversed: money,
  total: money,
  applied: money,
  refunded: money,
  /** Neither applied nor refunded: the seller's credit with us. */
  balance: money,
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  voided_at: timestamp.nullable(),
});
export type DebitNoteSummaryOutput = z.infer<typeof debitNoteSummaryOutput>;

export const debitNoteOutput = debitNoteSummaryOutput.extend({
  items: z.array(
    z.object({
      id: outId,
      bill_item: outId.nullable(),
      product: z.object({ id: outId, name: z.string(), sku: z.string().nullable() }),
      hsn_code: z.string().nullable(),
      unit: z.string().nullable(),
      quantity: z.number(),
      rate: money,
      tax_rate: z.number(),
      taxable_value: money,
      cgst: money,
      sgst: money,
      igst: money,
      cess: money,
      total: money,
      itc_eligible: z.boolean(),
      itc_reversed: money,
    }),
  ),
  applications: z.array(
    z.object({
      id: outId,
      bill: z.object({ id: outId, bill_number: z.string(), balance_due: money, status: z.string() }),
      amount: money,
      applied_on: z.string(),
      created_at: timestamp,
    }),
  ),
  refunds: z.array(
    z.object({
      id: outId,
      amount: money,
      refund_date: z.string(),
      payment_method: named.nullable(),
      bank_account: z
        .object({ id: outId, bank_name: z.string(), account_number_last4: z.string() })
        .nullable(),
      reference_number: z.string().nullable(),
      notes: z.string().nullable(),
      created_at: timestamp,
    }),
  ),
  allowed_actions: z.array(z.enum(DEBIT_NOTE_ACTIONS)),
});
export type DebitNoteOutput = z.infer<typeof debitNoteOutput>;

/** The seller's open bills a note may be applied to. */
export const debitNoteOpenBillsOutput = z.object({
  results: z.array(
    z.object({
      id: outId,
      bill_number: z.string(),
      bill_date: z.string(),
      total: money,
      balance_due: money,
    }),
  ),
});
export type DebitNoteOpenBillsOutput = z.infer<typeof debitNoteOpenBillsOutput>;

export const DEBIT_NOTE_CSV_COLUMNS: readonly (readonly [
  string,
  (note: DebitNoteSummaryOutput) => string | number | null,
])[] = [
  ['Debit Note Number', (n) => n.debit_note_number],
  ['Date', (n) => n.debit_note_date],
  ['Seller', (n) => n.seller.name],
  ['Branch', (n) => n.branch.name],
  ['Bill Number', (n) => n.bill?.bill_number ?? null],
  ['Return Number', (n) => n.purchase_return?.return_number ?? null],
  ['Kind', (n) => n.kind_label],
  ['Status', (n) => n.status_label],
  ['Taxable Value', (n) => n.taxable_value],
  ['CGST', (n) => n.cgst],
  ['SGST', (n) => n.sgst],
  ['IGST', (n) => n.igst],
  ['Cess', (n) => n.cess],
  ['ITC Reversed', (n) => n.itc_reversed],
  ['Total', (n) => n.total],
  ['Applied', (n) => n.applied],
  ['Refunded', (n) => n.refunded],
  ['Balance', (n) => n.balance],
];
