/**
 * GST arithmetic on integer paise. Rates are carried in basis points (18% = 1800) so that
 * rates such as 0.25% never meet binary fractions; every division rounds half away from zero.
 */

export interface GstSplit {
  cgst: number;
  sgst: number;
  igst: number;
  /** cgst + sgst + igst */
  tax: number;
}

export function rateToBasisPoints(ratePercent: number): number {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`Not a valid tax rate: ${ratePercent}`);
  }
  return Math.round(Number((ratePercent * 100).toPrecision(15)));
}

function assertPaise(paise: number, name: string): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`${name} must be an integer number of paise`);
}

/** a * b / d rounded half away from zero; exact for integer inputs (BigInt when a * b passes 2^53). */
export function mulDivRounded(a: number, b: number, d: number): number {
  const sign = Math.sign(a) * Math.sign(b) * Math.sign(d);
  const n = Math.abs(a) * Math.abs(b);
  const divisor = Math.abs(d);
  if (!Number.isSafeInteger(n)) {
    const big = BigInt(Math.abs(a)) * BigInt(Math.abs(b));
    const rounded = (big * 2n + BigInt(divisor)) / (2n * BigInt(divisor));
    return sign * Number(rounded) || 0;
  }
  const quotient = Math.floor(n / divisor);
  const remainder = n - quotient * divisor;
  const rounded = remainder * 2 >= divisor ? quotient + 1 : quotient;
  return sign * rounded || 0;
}

/** Tax in paise on a taxable value: round(taxable * rate / 100). */
export function taxOn(taxablePaise: number, ratePercent: number): number {
  assertPaise(taxablePaise, 'taxablePaise');
  return mulDivRounded(taxablePaise, rateToBasisPoints(ratePercent), 10_000);
}

/**
 * Intra-state supply (seller branch state = place of supply) charges CGST and SGST, each at half
 * the rate on the taxable value and rounded on its own, so the two heads are always equal (the
 * law levies them separately: halving a rounded total would leave them a paisa apart);
 * inter-state supply charges IGST at the whole rate.
 */
export function splitGst({
  taxablePaise,
  ratePercent,
  intraState,
}: {
  taxablePaise: number;
  ratePercent: number;
  intraState: boolean;
}): GstSplit {
  if (!intraState) {
    const tax = taxOn(taxablePaise, ratePercent);
    return { cgst: 0, sgst: 0, igst: tax, tax };
  }
  assertPaise(taxablePaise, 'taxablePaise');
  const half = mulDivRounded(taxablePaise, rateToBasisPoints(ratePercent), 20_000);
  return { cgst: half, sgst: half, igst: 0, tax: 2 * half };
}

/** Splits a tax-inclusive price into its taxable value and tax; the two always add up to the price. */
export function taxFromInclusivePrice(
  inclusivePaise: number,
  ratePercent: number,
): { taxable: number; tax: number } {
  assertPaise(inclusivePaise, 'inclusivePaise');
  const basisPoints = rateToBasisPoints(ratePercent);
  const taxable = mulDivRounded(inclusivePaise, 10_000, 10_000 + basisPoints);
  return { taxable, tax: inclusivePaise - taxable };
}

/** Place of supply rule: the same GST state code on both sides means CGST + SGST. */
export function isIntraState(sellerStateCode: string, placeOfSupplyStateCode: string): boolean {
  return sellerStateCode.trim() === placeOfSupplyStateCode.trim();
}

/**
 * A line as a tax invoice states it. Selling prices are tax-inclusive, but an invoice shows the
 * value before tax: the unit rate and the gross are taken back to their tax-exclusive values at the
 * line's GST and cess rates, and the discount is what separates that value from the taxable value
 * (rounding never makes it negative), so the value before tax less the discount is the taxable
 * value exactly. The PDF and the invoice screen both print these figures.
 */
export function taxExclusiveLine(line: {
  ratePaise: number;
  grossPaise: number;
  taxablePaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
}): { ratePaise: number; discountPaise: number } {
  const basisPoints = rateToBasisPoints(line.gstRatePercent) + rateToBasisPoints(line.cessRatePercent);
  const exclusive = (paise: number) => mulDivRounded(paise, 10_000, 10_000 + basisPoints);
  const grossPaise = Math.max(exclusive(line.grossPaise), line.taxablePaise);
  return { ratePaise: exclusive(line.ratePaise), discountPaise: grossPaise - line.taxablePaise };
}
