import { mulDivRounded } from './gst.ts';
import { formatMoney, formatQuantity, roundOff, toRupees } from './money.ts';
import {
  type HsnSummaryRow,
  quantityInThousandths,
  summariseByHsn,
  type TaxBreakdown,
  taxHeadsOn,
} from './sales-pricing.ts';
import type { StatusOption } from './statuses.ts';
import { statusColor, statusLabel } from './statuses.ts';

/**
 * Credit notes (GST section 34): a credit to the buyer against an invoice, for goods returned or for
 * a price reduction afterwards. Each line credits a quantity of an invoice line at an additional
 * discount in percent of the original rate (100: the full value of that quantity; 10: a tenth of
 * it). The tax is reversed at the invoice's own rates and place of supply: every figure of the
 * credited share (taxable value, CGST, SGST, IGST, cess) is that figure of the invoice line in
 * proportion, never re-taxed, so an intra-state invoice is credited CGST + SGST and an inter-state
 * one IGST, and all the credit notes of a line, once it is credited in full, add up to the invoice
 * line to the paisa.
 *
 * How much of a line is credited is counted in "credit units": quantity in thousandths times the
 * discount in basis points (1 unit of 10 at 100% = 1000 x 10000). A line can be credited up to its
 * quantity x 100% in units, whichever mix of returns and price reductions gets there. Each figure
 * is credited cumulatively, as invoices share an order line (invoiceShareOfLine): the notes up to
 * and including this one carry round(figure x units so far / line units), less what the earlier
 * notes carried; a rounded share of a growing part never shrinks, so no note carries a negative
 * figure, and the note that fills the line takes exactly the rest.
 */

// ---------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------

/**
 * open: nothing applied or refunded yet; partially_applied: some of it applied or refunded, a
 * balance left; applied: no balance left and some of it settled invoices; refunded: no balance
 * left and all of it was paid back; cancelled: withdrawn while nothing was applied or refunded.
 */
export const CREDIT_NOTE_STATUS_OPTIONS = [
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'partially_applied', label: 'Partially Applied', color: 'orange' },
  { value: 'applied', label: 'Applied', color: 'green' },
  { value: 'refunded', label: 'Refunded', color: 'teal' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly StatusOption[];
export const CREDIT_NOTE_STATUSES = [
  'open',
  'partially_applied',
  'applied',
  'refunded',
  'cancelled',
] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];
export const creditNoteStatusLabel = (status: string) => statusLabel(CREDIT_NOTE_STATUS_OPTIONS, status);
export const creditNoteStatusColor = (status: string) => statusColor(CREDIT_NOTE_STATUS_OPTIONS, status);

export interface CreditNoteBalance {
  totalPaise: number;
  appliedPaise: number;
  refundedPaise: number;
  cancelled: boolean;
}

/** What is left to apply or refund; nothing on a cancelled note. */
export function creditNoteBalancePaise(note: CreditNoteBalance): number {
  if (note.cancelled) return 0;
  return Math.max(0, note.totalPaise - note.appliedPaise - note.refundedPaise);
}

export function creditNoteStatusOf(note: CreditNoteBalance): CreditNoteStatus {
  if (note.cancelled) return 'cancelled';
  if (note.appliedPaise + note.refundedPaise === 0) return 'open';
  if (creditNoteBalancePaise(note) > 0) return 'partially_applied';
  return note.appliedPaise > 0 ? 'applied' : 'refunded';
}

export const CREDIT_NOTE_ACTIONS = ['apply', 'refund', 'cancel'] as const;
export type CreditNoteAction = (typeof CREDIT_NOTE_ACTIONS)[number];

export const CREDIT_NOTE_MESSAGES = {
  created: 'Credit Note created.',
  applied: 'Credit Note applied.',
  application_cancelled: 'Credit Note application removed.',
  refunded: 'Credit Note refunded.',
  cancelled: 'Credit Note Cancelled.',
  not_found: 'Credit Note Not Found',
  application_not_found: 'Credit Note Application Not Found',
  load_failed: 'Failed to load Credit Note',
  list_load_failed: 'Failed to load Credit Notes',
  create_failed: 'Failed to create Credit Note',
  apply_failed: 'Failed to apply Credit Note',
  cancel_failed: 'Failed to cancel Credit Note',
  already_cancelled: 'This credit note is already cancelled.',
  cancelled_cannot_change: 'A cancelled credit note cannot be applied or refunded.',
  nothing_left: 'Nothing is left of this credit note to apply or refund.',
  cancel_settled:
    'This credit note has been applied or refunded; remove its applications before cancelling it (a refund cannot be undone).',
  invoice_cancelled: 'A credit note cannot be issued against a cancelled invoice.',
  other_buyer: 'A credit note can only be applied to invoices of its own buyer.',
  more_than_balance: (balance: number) =>
    `Only ${formatMoney(toRupees(balance))} is left of this credit note to apply.`,
  items_required: 'Credit at least one item.',
  item_not_in_invoice: 'This item is not in the invoice.',
  item_repeated: 'This item is already in the credit note.',
  item_not_in_return: 'This item is not in the sales return.',
  more_than_returned: (returned: number) =>
    `Cannot credit more than the ${formatQuantity(returned)} returned.`,
  quantity: 'Please enter a valid quantity greater than zero (at most three decimals).',
  rate: 'Please enter a rate greater than zero (two decimals).',
  rate_above_invoiced: (invoicedPaise: number) =>
    `The rate cannot be more than the invoiced rate of ${formatMoney(toRupees(invoicedPaise))} (excl. GST).`,
  rate_or_discount: 'Give either a rate or an additional discount, not both.',
  more_than_creditable: (left: number) =>
    left > 0
      ? `Only ${formatQuantity(left)} of this item can still be credited at this rate.`
      : 'This item has already been credited in full.',
  additional_discount: 'Additional discount must be more than 0 and at most 100 percent (two decimals).',
  adjustments: 'Please enter a valid amount (two decimals).',
  total_not_positive: 'The adjustment cannot take the credit note total to zero or below.',
  return_credited: 'This sales return already has a credit note.',
  return_cancelled: 'A cancelled sales return cannot be credited.',
  return_of_other_invoice: 'This sales return belongs to another invoice.',
  applications_required: 'Choose at least one invoice to apply the credit note to.',
  invoice_repeated: 'This invoice is already in the list.',
  amount: 'Please enter an amount greater than zero (two decimals).',
  forbidden_view: 'You do not have permissions to view credit notes.',
  forbidden_create: 'You do not have permissions to create credit note.',
  forbidden_update: 'You do not have permissions to update credit note.',
} as const;

/** Why `action` is refused on the credit note, as a sentence; null when it is allowed. */
export function creditNoteRefusal(note: CreditNoteBalance, action: CreditNoteAction): string | null {
  if (note.cancelled) {
    return action === 'cancel'
      ? CREDIT_NOTE_MESSAGES.already_cancelled
      : CREDIT_NOTE_MESSAGES.cancelled_cannot_change;
  }
  if (action === 'cancel') {
    return note.appliedPaise + note.refundedPaise > 0 ? CREDIT_NOTE_MESSAGES.cancel_settled : null;
  }
  return creditNoteBalancePaise(note) > 0 ? null : CREDIT_NOTE_MESSAGES.nothing_left;
}

export const allowedCreditNoteActions = (note: CreditNoteBalance): CreditNoteAction[] =>
  CREDIT_NOTE_ACTIONS.filter((action) => creditNoteRefusal(note, action) === null);

// ---------------------------------------------------------------------------
// Line pricing
// ---------------------------------------------------------------------------

/** Basis points of 100%: the additional discount of a full refund. */
const FULL_DISCOUNT = 10_000;

/** The figures of an invoice line a credit note reverses (paise; amount = taxable + taxes). */
export interface CreditableLine {
  quantity: number;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  hsn: string | null;
}

/** The additional discount in basis points, or a RangeError outside (0, 100] or beyond two decimals. */
export function discountBasisPoints(discountPercent: number): number {
  const scaled = Number((discountPercent * 100).toPrecision(15));
  if (
    !Number.isFinite(discountPercent) ||
    !Number.isSafeInteger(scaled) ||
    scaled <= 0 ||
    scaled > FULL_DISCOUNT
  ) {
    throw new RangeError(CREDIT_NOTE_MESSAGES.additional_discount);
  }
  return scaled;
}

/** The units a line holds in full: its quantity at 100%. */
export const lineCreditUnits = (lineQuantity: number) => quantityInThousandths(lineQuantity) * FULL_DISCOUNT;

/** The units a credit of `quantity` at `discountPercent` takes. */
export const creditUnits = (quantity: number, discountPercent: number) =>
  quantityInThousandths(quantity) * discountBasisPoints(discountPercent);

/** The most that can still be credited of the line at that discount (quantity, three decimals). */
export function creditableQuantity(
  lineQuantity: number,
  creditedUnits: number,
  discountPercent: number,
): number {
  const left = Math.max(0, lineCreditUnits(lineQuantity) - creditedUnits);
  return Math.floor(left / discountBasisPoints(discountPercent)) / 1000;
}

/** The quantity at 100% that is still creditable (what the line has left, as a quantity). */
export const uncreditedQuantity = (lineQuantity: number, creditedUnits: number) =>
  creditableQuantity(lineQuantity, creditedUnits, 100);

const FIGURES = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'cessPaise'] as const;

/** What live credit notes of a line carried of each figure (paise). */
export type CreditedFigures = Record<(typeof FIGURES)[number], number>;

export type CreditedShare = TaxBreakdown & {
  amountPaise: number;
  units: number;
  /** The share of the original rate credited, in percent (two decimals; 100 at the invoiced rate). */
  discountPercent: number;
};

/**
 * The invoiced rate of a line as a credit note offers it: the taxable value of one unit, after the
 * invoice's discounts, excluding GST and cess (paise, rounded). Crediting at this rate is crediting
 * at 100%.
 */
export const invoicedRatePaise = (line: Pick<CreditableLine, 'quantity' | 'taxablePaise'>) =>
  mulDivRounded(line.taxablePaise, 1000, quantityInThousandths(line.quantity));

/** ceil(a x b / d) for non-negative integers, exact past 2^53. */
const mulDivCeil = (a: number, b: number, d: number) =>
  Number((BigInt(a) * BigInt(b) + BigInt(d) - 1n) / BigInt(d));

/**
 * The credit units a credit of `quantity` at `ratePaise` (below the invoiced rate) takes: its
 * taxable value's part of the line's, rounded up so that the credits of a line never pass its value.
 */
function unitsAtRate(line: CreditableLine, quantity: number, ratePaise: number) {
  const thousandths = quantityInThousandths(quantity);
  const taxablePaise = mulDivRounded(ratePaise, thousandths, 1000);
  const units =
    line.taxablePaise > 0 ? mulDivCeil(taxablePaise, lineCreditUnits(line.quantity), line.taxablePaise) : 0;
  return { taxablePaise, units: Math.min(Math.max(units, 1), thousandths * FULL_DISCOUNT) };
}

/** Why a credit rate is refused (a sentence), or null. */
export function creditRateRefusal(
  line: Pick<CreditableLine, 'quantity' | 'taxablePaise'>,
  ratePaise: number,
) {
  const invoiced = invoicedRatePaise(line);
  if (!Number.isSafeInteger(ratePaise) || ratePaise <= 0) return CREDIT_NOTE_MESSAGES.rate;
  return ratePaise > invoiced ? CREDIT_NOTE_MESSAGES.rate_above_invoiced(invoiced) : null;
}

/**
 * The most of the line that can still be credited at `ratePaise` (the invoiced rate when absent):
 * a quantity with three decimals, never more than the line's quantity.
 */
export function creditableQuantityAtRate(
  line: CreditableLine,
  creditedUnits: number,
  ratePaise?: number,
): number {
  const lineThousandths = quantityInThousandths(line.quantity);
  if (ratePaise === undefined || ratePaise >= invoicedRatePaise(line))
    return uncreditedQuantity(line.quantity, creditedUnits);
  const left = lineCreditUnits(line.quantity) - creditedUnits;
  const fits = (thousandths: number) =>
    thousandths === 0 || unitsAtRate(line, thousandths / 1000, ratePaise).units <= left;
  // The units grow with the quantity: a binary search over thousandths.
  let low = 0;
  let high = lineThousandths;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low / 1000;
}

/**
 * The share of an invoice line that a credit of `quantity` carries, after earlier live credit notes
 * took `creditedUnits` of it (and `credited` of its figures, when known). At the invoiced rate (or a
 * percent of it) each figure is that figure of the line in proportion; at a lower `ratePaise` the
 * taxable value is quantity x rate and each tax head is worked out on it at the line's rates and
 * rounded on its own (taxHeadsOn; `intraState` decides CGST + SGST or IGST). Either way no figure
 * passes what is left of the line, and the credit that takes the last of the line takes exactly the
 * rest. A RangeError when the line has not that much left (the caller words the refusal with
 * creditableQuantityAtRate).
 */
export function creditShareOfLine({
  line,
  creditedUnits,
  quantity,
  discountPercent = 100,
  ratePaise,
  intraState = true,
  credited,
}: {
  line: CreditableLine;
  creditedUnits: number;
  quantity: number;
  discountPercent?: number;
  /** The credit rate per unit, excluding GST (paise); the invoiced rate means 100%. */
  ratePaise?: number;
  intraState?: boolean;
  credited?: CreditedFigures;
}): CreditedShare {
  const full = lineCreditUnits(line.quantity);
  if (!Number.isSafeInteger(creditedUnits) || creditedUnits < 0)
    throw new RangeError('Credited units must be whole');
  const atRate = ratePaise !== undefined && ratePaise !== invoicedRatePaise(line);
  if (atRate) {
    const refusal = creditRateRefusal(line, ratePaise);
    if (refusal) throw new RangeError(refusal);
  }
  const reduced = atRate ? unitsAtRate(line, quantity, ratePaise) : null;
  const units = reduced ? reduced.units : creditUnits(quantity, discountPercent);
  const after = creditedUnits + units;
  if (after > full) {
    throw new RangeError(
      `Cannot credit ${quantity}: only ${creditableQuantityAtRate(line, creditedUnits, atRate ? ratePaise : undefined)} is left to credit`,
    );
  }
  // All that is left at the invoiced rate takes the line's rest, and any sliver of value a lower
  // rate left behind (less than a thousandth of a unit), so a line credited in full adds up exactly.
  const takesAll =
    after === full ||
    (!reduced &&
      discountPercent === 100 &&
      quantityInThousandths(quantity) === Math.floor((full - creditedUnits) / FULL_DISCOUNT));
  const carried = (figure: (typeof FIGURES)[number]) =>
    credited ? credited[figure] : mulDivRounded(line[figure], creditedUnits, full);
  const left = (figure: (typeof FIGURES)[number]) => Math.max(0, line[figure] - carried(figure));
  let figures: number[];
  if (takesAll) {
    figures = FIGURES.map(left);
  } else if (reduced) {
    const heads = taxHeadsOn({
      taxablePaise: reduced.taxablePaise,
      gstRatePercent: line.gstRatePercent,
      cessRatePercent: line.cessRatePercent,
      intraState,
    });
    const worked = {
      taxablePaise: reduced.taxablePaise,
      cgstPaise: heads.cgstPaise,
      sgstPaise: heads.sgstPaise,
      igstPaise: heads.igstPaise,
      cessPaise: heads.cessPaise,
    };
    figures = FIGURES.map((figure) => Math.min(worked[figure], left(figure)));
  } else {
    figures = FIGURES.map((figure) =>
      Math.min(
        Math.max(
          0,
          mulDivRounded(line[figure], after, full) - mulDivRounded(line[figure], creditedUnits, full),
        ),
        left(figure),
      ),
    );
  }
  const [taxablePaise, cgstPaise, sgstPaise, igstPaise, cessPaise] = figures;
  const taxPaise = cgstPaise + sgstPaise + igstPaise + cessPaise;
  const thousandths = quantityInThousandths(quantity);
  return {
    units: takesAll ? full - creditedUnits : units,
    discountPercent: reduced
      ? Math.min(FULL_DISCOUNT, Math.max(1, Math.round(units / thousandths))) / 100
      : discountPercent,
    amountPaise: taxablePaise + taxPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    cessPaise,
    taxPaise,
  };
}

export interface CreditNoteLineInput<L extends CreditableLine = CreditableLine> {
  line: L;
  creditedUnits: number;
  quantity: number;
  /** Percent of the invoiced rate (100 when absent and no rate is given). */
  discountPercent?: number;
  /** The credit rate per unit excluding GST, in paise; the invoiced rate means 100%. */
  ratePaise?: number;
  /** What live credit notes carried of the line's figures (the rest is exact when they are known). */
  credited?: CreditedFigures;
}

export interface CreditNoteTotals extends TaxBreakdown {
  /** Σ of the lines' credited amounts */
  linesPaise: number;
  /** Signed: negative reduces the credit. */
  adjustmentPaise: number;
  totalBeforeRoundOffPaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

export interface CreditNotePricing<L extends CreditableLine> {
  lines: (Omit<CreditNoteLineInput<L>, 'discountPercent'> & CreditedShare)[];
  hsnSummary: HsnSummaryRow[];
  totals: CreditNoteTotals;
}

/**
 * Prices a credit note: each line's share, the HSN-wise summary, the lines' total plus the
 * adjustment (negative reduces the credit), rounded to the rupee when the branch rounds off. The
 * total may come out zero or below; creditNoteTotalRefusal says whether it may be issued.
 */
export function priceCreditNote<L extends CreditableLine>({
  lines,
  adjustmentPaise,
  roundOff: roundsOff,
  intraState = true,
}: {
  lines: readonly CreditNoteLineInput<L>[];
  adjustmentPaise: number;
  roundOff: boolean;
  /** The invoice's supply: CGST + SGST, or IGST, on lines credited at a lower rate. */
  intraState?: boolean;
}): CreditNotePricing<L> {
  if (!Number.isSafeInteger(adjustmentPaise)) throw new RangeError('The adjustment must be whole paise');
  const priced = lines.map((input) => ({ ...input, ...creditShareOfLine({ ...input, intraState }) }));
  const sum = (pick: (line: (typeof priced)[number]) => number) =>
    priced.reduce((total, line) => total + pick(line), 0);
  const breakdown: TaxBreakdown = {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    cessPaise: sum((line) => line.cessPaise),
    taxPaise: sum((line) => line.taxPaise),
  };
  const linesPaise = sum((line) => line.amountPaise);
  const totalBeforeRoundOffPaise = linesPaise + adjustmentPaise;
  const rounded =
    roundsOff && totalBeforeRoundOffPaise > 0
      ? roundOff(totalBeforeRoundOffPaise)
      : { roundedPaise: totalBeforeRoundOffPaise, roundOffPaise: 0 };
  return {
    lines: priced,
    hsnSummary: summariseByHsn(
      priced.map((line) => ({
        amountPaise: line.amountPaise,
        gstRatePercent: line.line.gstRatePercent,
        cessRatePercent: line.line.cessRatePercent,
        hsn: line.line.hsn,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        cessPaise: line.cessPaise,
        taxPaise: line.taxPaise,
      })),
    ),
    totals: {
      ...breakdown,
      linesPaise,
      adjustmentPaise,
      totalBeforeRoundOffPaise,
      roundOffPaise: rounded.roundOffPaise,
      totalPaise: rounded.roundedPaise,
    },
  };
}

/** A credit note must credit something: its total after the adjustment is above zero. */
export const creditNoteTotalRefusal = (totals: Pick<CreditNoteTotals, 'totalPaise'>): string | null =>
  totals.totalPaise > 0 ? null : CREDIT_NOTE_MESSAGES.total_not_positive;

// ---------------------------------------------------------------------------
// Numbering
// ---------------------------------------------------------------------------

/** 'CN/2627/00001': one gap-free series per company and financial year (16 characters at most). */
export function formatCreditNoteNumber(fyCode: string, sequence: number): string {
  return formatFySeriesNumber('CN', fyCode, sequence);
}

/** PREFIX/<fy code>/<sequence, five digits or more>, within GST's 16 characters. */
export function formatFySeriesNumber(prefix: string, fyCode: string, sequence: number): string {
  if (!/^\d{4}$/.test(fyCode)) throw new RangeError(`Not a financial year code: ${fyCode}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence: ${sequence}`);
  const number = `${prefix}/${fyCode}/${String(sequence).padStart(5, '0')}`;
  if (number.length > 16) throw new RangeError(`${number} is longer than 16 characters`);
  return number;
}
