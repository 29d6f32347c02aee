export const LOCALE = 'en-IN';
export const CURRENCY = 'INR';
export const NOT_APPLICABLE = 'N/A';

/**
 * Integer paise from rupees, rounding half away from zero.
 * The product is first cut to 15 significant digits so that binary noise such as
 * 1.005 * 100 = 100.49999999999999 rounds the way the user typed it (101, not 100).
 */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not a finite amount: ${rupees}`);
  const scaled = Number((Math.abs(rupees) * 100).toPrecision(15));
  const paise = Math.round(scaled);
  return rupees < 0 && paise !== 0 ? -paise : paise;
}

export function toRupees(paise: number): number {
  if (!Number.isFinite(paise)) throw new RangeError(`Not a finite amount: ${paise}`);
  return Math.round(paise) / 100;
}

/** Rounds a paise amount to whole rupees (half away from zero), as the branch round-off setting asks. */
export function roundOff(totalPaise: number): { roundedPaise: number; roundOffPaise: number } {
  const sign = totalPaise < 0 ? -1 : 1;
  const rounded = sign * Math.round(Math.abs(totalPaise) / 100) * 100;
  const roundedPaise = rounded === 0 ? 0 : rounded;
  const roundOffPaise = roundedPaise - totalPaise;
  return { roundedPaise, roundOffPaise: roundOffPaise === 0 ? 0 : roundOffPaise };
}

const moneyFormatters = new Map<number, Intl.NumberFormat>();

function moneyFormatter(decimals: 0 | 2): Intl.NumberFormat {
  let formatter = moneyFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormatters.set(decimals, formatter);
  }
  return formatter;
}

function isFiniteNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Rupees with the rupee sign and Indian digit grouping: '₹1,00,000.00', '-₹1,234.50'. */
export function formatMoney(value: number | null | undefined, opts: { decimals?: 0 | 2 } = {}): string {
  const decimals = opts.decimals ?? 2;
  const amount = isFiniteNumber(value) ? value : 0;
  // Round through paise first so that the display agrees with what toPaise stores.
  const paise = toPaise(amount);
  const shown = decimals === 0 ? roundOff(paise).roundedPaise / 100 : paise / 100;
  return moneyFormatter(decimals).format(shown === 0 ? 0 : shown);
}

const SHORT_UNITS = [
  { suffix: 'Cr', divisor: 10_000_000 },
  { suffix: 'L', divisor: 100_000 },
  { suffix: 'K', divisor: 1_000 },
] as const;

/** Abbreviated rupees: '₹1.50 K', '₹12.00 L', '₹3.25 Cr'; the spec shows negatives as zero. */
export function formatMoneyShort(value: number | null | undefined): string {
  if (!isFiniteNumber(value) || value <= 0) return formatMoney(0);
  let unit = SHORT_UNITS.findIndex(({ divisor }) => value >= divisor);
  if (unit < 0) return formatMoney(value);
  // 99,999.99 would round to '100.00 K'; the next unit up says it as '1.00 L'.
  if (unit > 0 && toPaise(value / SHORT_UNITS[unit].divisor) >= 100_00) unit -= 1;
  const { suffix, divisor } = SHORT_UNITS[unit];
  return `${formatMoney(toPaise(value / divisor) / 100)} ${suffix}`;
}

/**
 * A chart axis tick in rupees, short enough to sit on one line beside the plot: '₹0', '₹850',
 * '₹85K', '₹1.7L', '₹3.25Cr' (at most two decimals, trailing zeros dropped).
 */
export function formatMoneyAxis(value: number): string {
  if (!isFiniteNumber(value)) return '₹0';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  const unit = SHORT_UNITS.find(({ divisor }) => magnitude >= divisor);
  const scaled = unit ? magnitude / unit.divisor : magnitude;
  const digits = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: unit ? 2 : 0 }).format(scaled);
  return `${sign}₹${digits}${unit?.suffix ?? ''}`;
}

const quantityFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });

/** Quantities with Indian grouping and at most three decimals: '1,234.5', '0.125'. */
export function formatQuantity(n: number | null | undefined): string {
  if (!isFiniteNumber(n)) return '0';
  const rounded = Number(n.toFixed(3));
  return quantityFormatter.format(rounded === 0 ? 0 : rounded);
}

/** A quantity with the product's unit code in lower case, as sentences write it: '4 pcs'; bare without a unit. */
export function formatQuantityWithUnit(
  n: number | null | undefined,
  unitCode: string | null | undefined,
): string {
  return unitCode ? `${formatQuantity(n)} ${unitCode.toLowerCase()}` : formatQuantity(n);
}

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** '0 B', '512 B', '1.5 KB', '2.25 MB', in steps of 1024, capped at PB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!isFiniteNumber(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? Math.round(size) : Number(size.toFixed(2));
  return `${shown} ${FILE_SIZE_UNITS[unit]}`;
}

export function truncateText(text: string | null | undefined, max = 30): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** For limits where 0 means no limit (uses per buyer, max quantity per transaction...). */
export function unlimitedIfZero(n: number): string {
  return n === 0 ? 'Unlimited' : String(n);
}

export interface AddressLines {
  address_line_1?: string | null;
  address_line_2?: string | null;
  landmark?: string | null;
}

export function formatAddress(addr: AddressLines | null | undefined): string {
  const parts = [addr?.address_line_1, addr?.address_line_2, addr?.landmark]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : NOT_APPLICABLE;
}
