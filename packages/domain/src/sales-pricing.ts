import { mulDivRounded, rateToBasisPoints, taxOn } from './gst.ts';
import { formatMoney, roundOff } from './money.ts';

/**
 * Pricing of quotations, sales orders and invoices, in integer paise.
 *
 * Selling prices are tax-inclusive (GST and cess included), so the taxable value of a line is
 * back-calculated from what the buyer pays. Each tax head is its own rate on the taxable value,
 * rounded on its own (CGST = SGST always), and the taxable value is the one whose heads fit the
 * amount (taxInclusiveAmount), so that taxable + CGST + SGST + IGST + cess equals the amount to the
 * paisa, and every total is the plain sum of its lines: documents always add up.
 */

/** A line as the order form sends it. */
export interface SalesLineInput {
  /** Positive, at most three decimals. */
  quantity: number;
  /** Tax-inclusive unit price. */
  ratePaise: number;
  /** 0 to 100, at most two decimals. */
  discountPercent: number;
  /**
   * What a product offer takes off the line (paise, ./offers.ts), after the percentage discount;
   * it is part of the line discount. Never more than what the percentage leaves.
   */
  offerDiscountPaise?: number;
  gstRatePercent: number;
  /** 0 when the product bears no cess. */
  cessRatePercent: number;
  hsn: string | null;
}

/** A tax-inclusive amount with the rates it is taxed at (a line, or a charge). */
export interface TaxableSupply {
  amountPaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  hsn: string | null;
}

/** The parts of a tax-inclusive amount: taxable + cgst + sgst + igst + cess = the amount. */
export interface TaxBreakdown {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  /** cgst + sgst + igst + cess */
  taxPaise: number;
}

/** How a line's amount comes about: gross - line discount = net; net - order discount share = amount. */
export interface LineAmounts {
  grossPaise: number;
  lineDiscountPaise: number;
  netPaise: number;
  orderDiscountPaise: number;
  amountPaise: number;
}

export type TaxedLine<L> = L & TaxBreakdown;
export type PricedLine<L extends SalesLineInput = SalesLineInput> = L & LineAmounts & TaxBreakdown;
export type PricedCharge = TaxableSupply & TaxBreakdown;

export interface HsnSummaryRow extends TaxBreakdown {
  hsn: string | null;
  gstRatePercent: number;
  cessRatePercent: number;
}

/** The totals every document has; taxable + tax = totalBeforeRoundOff, + roundOff = total. */
export interface DocumentTaxTotals extends TaxBreakdown {
  chargesPaise: number;
  totalBeforeRoundOffPaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

/** A quotation or order also shows how the discounts brought the gross down. */
export interface SalesDocumentTotals extends DocumentTaxTotals {
  /** Σ gross of the lines */
  subtotalPaise: number;
  lineDiscountPaise: number;
  orderDiscountPaise: number;
}

export interface DocumentOptions {
  shippingChargesPaise: number;
  otherChargesPaise: number;
  intraState: boolean;
  /** The branch's round-off setting: the total is rounded to the whole rupee. */
  roundOff: boolean;
}

export interface SalesDocumentInput<L extends SalesLineInput = SalesLineInput> extends DocumentOptions {
  lines: readonly L[];
  couponDiscountPaise: number;
  additionalDiscountPaise: number;
}

export interface InvoiceInput<L extends TaxableSupply = TaxableSupply> extends DocumentOptions {
  lines: readonly L[];
}

interface TaxedDocument<Line> {
  lines: Line[];
  charges: { shipping: PricedCharge; other: PricedCharge };
  hsnSummary: HsnSummaryRow[];
}

export interface SalesDocumentPricing<L extends SalesLineInput = SalesLineInput>
  extends TaxedDocument<PricedLine<L>> {
  totals: SalesDocumentTotals;
}

export interface InvoicePricing<L extends TaxableSupply = TaxableSupply> extends TaxedDocument<TaxedLine<L>> {
  totals: DocumentTaxTotals;
}

// ---------------------------------------------------------------------------
// Input checks: the API validates first; these guard the arithmetic against a caller's slip.
// ---------------------------------------------------------------------------

function assertPaise(paise: number, name: string): number {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of paise`);
  }
  return paise;
}

/** n * 10^digits as an integer, or a RangeError when n has more decimals than that. */
function scaledInteger(n: number, digits: number, name: string): number {
  const scaled = Number((n * 10 ** digits).toPrecision(15));
  if (!Number.isFinite(n) || !Number.isSafeInteger(scaled)) {
    throw new RangeError(`${name} may have at most ${digits} decimals: ${n}`);
  }
  return scaled === 0 ? 0 : scaled;
}

/**
 * A quantity in thousandths (1.5 -> 1500): quantities carry three decimals, and integer thousandths
 * keep 0.1 + 0.2 from drifting. Zero is refused unless allowed (quantities already invoiced may be 0).
 */
export function quantityInThousandths(quantity: number, { allowZero = false } = {}): number {
  const thousandths = scaledInteger(quantity, 3, 'Quantity');
  if (thousandths < 0 || (thousandths === 0 && !allowZero)) {
    throw new RangeError(`Quantity must be ${allowZero ? 'zero or more' : 'more than zero'}: ${quantity}`);
  }
  return thousandths;
}

function discountBasisPoints(discountPercent: number): number {
  const basisPoints = scaledInteger(discountPercent, 2, 'Discount percent');
  if (basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`Discount percent must be between 0 and 100: ${discountPercent}`);
  }
  return basisPoints;
}

const sumOf = <T>(items: readonly T[], value: (item: T) => number): number =>
  items.reduce((sum, item) => sum + value(item), 0);

// ---------------------------------------------------------------------------
// Amounts before tax
// ---------------------------------------------------------------------------

/**
 * gross = rate x quantity; the line discount (its percentage, then its product offer's amount)
 * comes off the gross; rounded to the paisa.
 */
export function priceLineBeforeOrderDiscount(
  line: Pick<SalesLineInput, 'quantity' | 'ratePaise' | 'discountPercent' | 'offerDiscountPaise'>,
): { grossPaise: number; lineDiscountPaise: number; netPaise: number } {
  const grossPaise = mulDivRounded(
    assertPaise(line.ratePaise, 'Rate'),
    quantityInThousandths(line.quantity),
    1000,
  );
  const percentPaise = mulDivRounded(grossPaise, discountBasisPoints(line.discountPercent), 10_000);
  const offerPaise = assertPaise(line.offerDiscountPaise ?? 0, 'Offer discount');
  if (offerPaise > grossPaise - percentPaise) {
    throw new RangeError(
      `The offer discount (${formatMoney(offerPaise / 100)}) is more than the line's value.`,
    );
  }
  const lineDiscountPaise = percentPaise + offerPaise;
  return { grossPaise, lineDiscountPaise, netPaise: grossPaise - lineDiscountPaise };
}

/** The most that coupon + additional discount may take off: the order's value after line discounts. */
export function maxOrderDiscountPaise(
  lines: readonly Pick<SalesLineInput, 'quantity' | 'ratePaise' | 'discountPercent' | 'offerDiscountPaise'>[],
): number {
  return sumOf(lines, (line) => priceLineBeforeOrderDiscount(line).netPaise);
}

/**
 * Splits `totalPaise` over weights in proportion, by the largest-remainder method: each share is
 * the floor of its exact part, and the paise left over go one each to the largest remainders
 * (ties to the earlier weight), so the shares always add up to the total exactly.
 */
export function apportionPaise(totalPaise: number, weights: readonly number[]): number[] {
  assertPaise(totalPaise, 'Amount to spread');
  for (const weight of weights) assertPaise(weight, 'Weight');
  const weightSum = BigInt(sumOf(weights, (weight) => weight));
  if (weightSum === 0n) {
    if (totalPaise === 0) return weights.map(() => 0);
    throw new RangeError('Cannot spread an amount over nothing');
  }
  // BigInt: total x weight passes 2^53 for large orders.
  const exact = weights.map((weight) => BigInt(totalPaise) * BigInt(weight));
  const shares = exact.map((part) => Number(part / weightSum));
  const leftOver = totalPaise - sumOf(shares, (share) => share);
  const byRemainder = exact
    .map((part, index) => ({ index, remainder: part % weightSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder.slice(0, leftOver)) shares[index] += 1;
  return shares;
}

/**
 * Coupon and additional discount are given on the order, but GST is charged per line: they are
 * spread over the lines in proportion to their net amounts and reduce each line's taxable value.
 */
function spreadOrderDiscount(orderDiscountPaise: number, netPaise: readonly number[]): number[] {
  const maximum = sumOf(netPaise, (net) => net);
  if (orderDiscountPaise > maximum) {
    throw new RangeError(
      `The order discount (${formatMoney(orderDiscountPaise / 100)}) is more than the order value after line discounts (${formatMoney(maximum / 100)}).`,
    );
  }
  return apportionPaise(orderDiscountPaise, netPaise);
}

// ---------------------------------------------------------------------------
// Tax
// ---------------------------------------------------------------------------

/**
 * The tax heads on a taxable value, each its own rate on it and rounded on its own (half away from
 * zero): intra-state, CGST and SGST are each half the GST rate, so they are always equal (the law
 * charges each head separately; halving a rounded total would leave them a paisa apart);
 * inter-state, IGST is the whole rate; cess is its rate.
 */
export function taxHeadsOn({
  taxablePaise,
  gstRatePercent,
  cessRatePercent,
  intraState,
}: {
  taxablePaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  intraState: boolean;
}): Omit<TaxBreakdown, 'taxablePaise'> {
  const gstBasisPoints = rateToBasisPoints(gstRatePercent);
  const halfPaise = intraState ? mulDivRounded(taxablePaise, gstBasisPoints, 20_000) : 0;
  const igstPaise = intraState ? 0 : mulDivRounded(taxablePaise, gstBasisPoints, 10_000);
  const cessPaise = taxOn(taxablePaise, cessRatePercent);
  return {
    cgstPaise: halfPaise,
    sgstPaise: halfPaise,
    igstPaise,
    cessPaise,
    taxPaise: 2 * halfPaise + igstPaise + cessPaise,
  };
}

/**
 * Splits a tax-inclusive amount into its parts, so that taxable + CGST + SGST + IGST + cess is the
 * amount to the paisa (the buyer pays the price; the invoice total follows from the heads).
 *
 * The rule: the taxable value T is the largest whole number of paise whose heads (taxHeadsOn, each
 * rounded on its own) added to T do not pass the amount; it starts from the back-calculated
 * round(amount x 100 / (100 + GST% + cess%)). Usually T + heads is the amount exactly. Because each
 * head is rounded, T + heads can step over an amount (T + heads grows by 3 when CGST and SGST both
 * round up): then the paisa or two left over stay in the taxable value, with the heads of T, so the
 * heads are never recomputed into a different split and CGST = SGST always.
 */
export function taxInclusiveAmount({
  amountPaise,
  gstRatePercent,
  cessRatePercent,
  intraState,
}: {
  amountPaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  intraState: boolean;
}): TaxBreakdown {
  assertPaise(amountPaise, 'Amount');
  const rates = { gstRatePercent, cessRatePercent, intraState };
  const rateBasisPoints = rateToBasisPoints(gstRatePercent) + rateToBasisPoints(cessRatePercent);
  const headsOn = (taxablePaise: number) => taxHeadsOn({ taxablePaise, ...rates });
  const reaches = (taxablePaise: number) => taxablePaise + headsOn(taxablePaise).taxPaise;
  // T + heads(T) never decreases as T grows, so a short walk from the back-calculated value finds T.
  let taxablePaise = mulDivRounded(amountPaise, 10_000, 10_000 + rateBasisPoints);
  while (taxablePaise > 0 && reaches(taxablePaise) > amountPaise) taxablePaise -= 1;
  while (reaches(taxablePaise + 1) <= amountPaise) taxablePaise += 1;
  const heads = headsOn(taxablePaise);
  return { taxablePaise: amountPaise - heads.taxPaise, ...heads };
}

/**
 * The SAC codes of the charges. A charge is taxed at its principal supply's rates, but it is a
 * service and is reported under its own SAC: its own row of the HSN summary, so that the summary
 * adds up line by line as GSTR-1's HSN table needs (goods transport for shipping and handling,
 * other services for the rest).
 */
export const CHARGE_SAC = {
  shipping: '996511',
  other: '999799',
} as const;

/**
 * Shipping and other charges are part of a composite supply, taxed as its principal supply: the
 * line with the largest taxable value (the first of equals). Null for a document without lines.
 */
function principalSupply<L extends TaxableSupply & TaxBreakdown>(lines: readonly L[]): L | null {
  return lines.reduce<L | null>(
    (principal, line) =>
      principal === null || line.taxablePaise > principal.taxablePaise ? line : principal,
    null,
  );
}

/** A charge: the principal supply's rates, its own SAC (`hsn`). */
function priceCharge(
  amountPaise: number,
  principal: TaxableSupply | null,
  { intraState, name, sac }: { intraState: boolean; name: string; sac: string },
): PricedCharge {
  assertPaise(amountPaise, name);
  if (principal === null && amountPaise > 0) {
    throw new RangeError(`${name} need at least one line to be taxed with`);
  }
  const rates = {
    gstRatePercent: principal?.gstRatePercent ?? 0,
    cessRatePercent: principal?.cessRatePercent ?? 0,
  };
  return { amountPaise, ...rates, hsn: sac, ...taxInclusiveAmount({ amountPaise, ...rates, intraState }) };
}

const TAX_PARTS = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'cessPaise', 'taxPaise'] as const;

function sumBreakdowns(items: readonly TaxBreakdown[]): TaxBreakdown {
  const sum = (part: (typeof TAX_PARTS)[number]) => sumOf(items, (item) => item[part]);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    cessPaise: sum('cessPaise'),
    taxPaise: sum('taxPaise'),
  };
}

/**
 * The GST invoice's HSN-wise table: one row per HSN/SAC code and rate pair, sorted by code (none
 * last). Charges come with their own SAC (CHARGE_SAC), so each has a row apart from the goods'.
 */
export function summariseByHsn(supplies: readonly (TaxableSupply & TaxBreakdown)[]): HsnSummaryRow[] {
  const groups = new Map<string, (TaxableSupply & TaxBreakdown)[]>();
  for (const supply of supplies) {
    const key = JSON.stringify([
      supply.hsn,
      rateToBasisPoints(supply.gstRatePercent),
      rateToBasisPoints(supply.cessRatePercent),
    ]);
    groups.set(key, [...(groups.get(key) ?? []), supply]);
  }
  const rows = [...groups.values()].map(([first, ...rest]) => ({
    hsn: first.hsn,
    gstRatePercent: first.gstRatePercent,
    cessRatePercent: first.cessRatePercent,
    ...sumBreakdowns([first, ...rest]),
  }));
  return rows.sort(
    (a, b) =>
      compareHsn(a.hsn, b.hsn) ||
      a.gstRatePercent - b.gstRatePercent ||
      a.cessRatePercent - b.cessRatePercent,
  );
}

function compareHsn(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Taxes fixed inclusive amounts and the charges, and adds everything up: shared by orders and invoices. */
function taxDocument<L extends TaxableSupply>(
  lines: readonly L[],
  { shippingChargesPaise, otherChargesPaise, intraState, roundOff: roundsOff }: DocumentOptions,
): TaxedDocument<TaxedLine<L>> & { totals: DocumentTaxTotals } {
  const taxedLines = lines.map((line) => ({ ...line, ...taxInclusiveAmount({ ...line, intraState }) }));
  const principal = principalSupply(taxedLines);
  const charges = {
    shipping: priceCharge(shippingChargesPaise, principal, {
      intraState,
      name: 'Shipping charges',
      sac: CHARGE_SAC.shipping,
    }),
    other: priceCharge(otherChargesPaise, principal, {
      intraState,
      name: 'Other charges',
      sac: CHARGE_SAC.other,
    }),
  };
  const chargeList = [charges.shipping, charges.other];
  const supplies = [...taxedLines, ...chargeList.filter((charge) => charge.amountPaise > 0)];
  const breakdown = sumBreakdowns(supplies);
  const totalBeforeRoundOffPaise = breakdown.taxablePaise + breakdown.taxPaise;
  const rounded = roundsOff
    ? roundOff(totalBeforeRoundOffPaise)
    : { roundedPaise: totalBeforeRoundOffPaise, roundOffPaise: 0 };
  return {
    lines: taxedLines,
    charges,
    totals: {
      ...breakdown,
      chargesPaise: sumOf(chargeList, (charge) => charge.amountPaise),
      totalBeforeRoundOffPaise,
      roundOffPaise: rounded.roundOffPaise,
      totalPaise: rounded.roundedPaise,
    },
    hsnSummary: summariseByHsn(supplies),
  };
}

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

/** Prices a quotation or sales order: line amounts, order discounts, GST per line, charges, totals. */
export function priceSalesDocument<L extends SalesLineInput>(
  input: SalesDocumentInput<L>,
): SalesDocumentPricing<L> {
  const beforeOrderDiscount = input.lines.map(priceLineBeforeOrderDiscount);
  const orderDiscountPaise =
    assertPaise(input.couponDiscountPaise, 'Coupon discount') +
    assertPaise(input.additionalDiscountPaise, 'Additional discount');
  const shares = spreadOrderDiscount(
    orderDiscountPaise,
    beforeOrderDiscount.map((line) => line.netPaise),
  );
  const lines = input.lines.map((line, index) => ({
    ...line,
    ...beforeOrderDiscount[index],
    orderDiscountPaise: shares[index],
    amountPaise: beforeOrderDiscount[index].netPaise - shares[index],
  }));
  const taxed = taxDocument(lines, input);
  return {
    ...taxed,
    totals: {
      subtotalPaise: sumOf(lines, (line) => line.grossPaise),
      lineDiscountPaise: sumOf(lines, (line) => line.lineDiscountPaise),
      orderDiscountPaise,
      ...taxed.totals,
    },
  };
}

/**
 * Re-taxes an invoice: its lines are fixed inclusive amounts (shares of order lines, see
 * invoiceShareOfLine), taxed and totalled exactly as an order is.
 */
export function priceInvoice<L extends TaxableSupply>(input: InvoiceInput<L>): InvoicePricing<L> {
  return taxDocument(input.lines, input);
}

/**
 * The inclusive amount an invoice takes of an order line when it invoices `quantity` of it.
 * The share is cumulative: invoices up to and including this one carry round(line amount x
 * quantity invoiced so far / line quantity), less what earlier invoices took (so rounding never
 * drifts, and a share stays within what is left); the invoice that takes the last of the line takes
 * exactly what is left, so all invoices of a line add up to the line's amount. Cancelled invoices
 * count in neither invoicedQuantity nor invoicedAmountPaise.
 */
export function invoiceShareOfLine({
  lineQuantity,
  lineAmountPaise,
  invoicedQuantity,
  invoicedAmountPaise,
  quantity,
}: {
  lineQuantity: number;
  lineAmountPaise: number;
  invoicedQuantity: number;
  invoicedAmountPaise: number;
  quantity: number;
}): number {
  const ordered = quantityInThousandths(lineQuantity);
  const invoicedAfter =
    quantityInThousandths(invoicedQuantity, { allowZero: true }) + quantityInThousandths(quantity);
  if (invoicedAfter > ordered) {
    const leftToInvoice = (ordered - quantityInThousandths(invoicedQuantity, { allowZero: true })) / 1000;
    throw new RangeError(`Cannot invoice ${quantity}: only ${leftToInvoice} is left to invoice`);
  }
  const left =
    assertPaise(lineAmountPaise, 'Line amount') - assertPaise(invoicedAmountPaise, 'Invoiced amount');
  if (left < 0) throw new RangeError('More than the line amount has been invoiced');
  if (invoicedAfter === ordered) return left;
  const share = mulDivRounded(lineAmountPaise, invoicedAfter, ordered) - invoicedAmountPaise;
  return Math.min(Math.max(share, 0), left);
}
