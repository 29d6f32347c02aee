/**
 * GSTIN: 15 characters whose last one is a Luhn mod 36 check character over 0-9A-Z.
 * The spec accepts "one of several registration formats"; besides the ordinary PAN-based
 * number the GST portal issues numbers to tax deductors (TAN-based, 'D' in place 14),
 * e-commerce operators collecting tax (PAN-based, 'C' in place 14), UN bodies and embassies
 * (UIN), non-resident taxable persons (NRTP) and overseas online service providers (OIDAR,
 * centre jurisdiction 99). All of them carry the same check character.
 */

export const GSTIN_LENGTH = 15;

const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GST state codes a GSTIN may start with: 01-38, 97 (Other Territory) and 99 (Centre Jurisdiction). */
export function isGstinStateCode(code: string): boolean {
  if (!/^\d{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97 || n === 99;
}

export type GstinKind = 'regular' | 'tds' | 'tcs' | 'uin' | 'nrtp' | 'oidar';

const GSTIN_PATTERNS: readonly (readonly [GstinKind, RegExp])[] = [
  // state + PAN (5 letters, 4 digits, letter) + entity number + 'Z' + check
  ['regular', /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/],
  ['tcs', /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]C[0-9A-Z]$/],
  // state + TAN (4 letters, 5 digits, letter; a PAN-based deductor also fits) + entity + 'D' + check
  ['tds', /^\d{2}[A-Z]{4}[A-Z0-9]\d{4}[A-Z][1-9A-Z]D[0-9A-Z]$/],
  ['uin', /^\d{4}[A-Z]{3}\d{5}[UO]N[0-9A-Z]$/],
  ['nrtp', /^\d{4}[A-Z]{3}\d{5}NR[0-9A-Z]$/],
  ['oidar', /^99\d{2}[A-Z]{3}\d{5}OS[0-9A-Z]$/],
];

function normalize(value: string): string {
  return value.trim().toUpperCase();
}

/** Check character for the first 14 characters (Luhn mod 36, factors 1, 2, 1, 2... from the left). */
export function computeGstinCheckChar(first14: string): string {
  const body = normalize(first14);
  if (body.length !== GSTIN_LENGTH - 1) throw new RangeError('A GSTIN body has 14 characters');
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const value = CODE_POINTS.indexOf(body[i]);
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${body[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36];
}

/** The registration format of a GSTIN whose shape, state code and check character are right, else null. */
export function gstinKind(value: string): GstinKind | null {
  if (typeof value !== 'string') return null;
  const gstin = normalize(value);
  if (gstin.length !== GSTIN_LENGTH || !isGstinStateCode(gstin.slice(0, 2))) return null;
  const match = GSTIN_PATTERNS.find(([, pattern]) => pattern.test(gstin));
  if (!match) return null;
  return computeGstinCheckChar(gstin.slice(0, 14)) === gstin[14] ? match[0] : null;
}

/** Case and surrounding spaces are ignored; store the upper-cased, trimmed value. */
export function isValidGstin(value: string): boolean {
  return gstinKind(value) !== null;
}

/** The two-digit GST state code of a valid GSTIN ('27' for Maharashtra), else null. */
export function gstinStateCode(value: string): string | null {
  return isValidGstin(value) ? normalize(value).slice(0, 2) : null;
}

/** The PAN inside an ordinary or e-commerce operator GSTIN, else null (TAN and UIN based numbers have none). */
export function gstinPan(value: string): string | null {
  const kind = gstinKind(value);
  return kind === 'regular' || kind === 'tcs' ? normalize(value).slice(2, 12) : null;
}

/**
 * A GSTIN is issued per state: its first two digits are the GST code of the state where the
 * holder is registered, so they must agree with the state of the registered (billing or office)
 * address. Only a valid GSTIN is compared; centre jurisdiction (99) numbers match any state.
 */
export function gstinMatchesState(gstin: string, stateGstCode: string): boolean {
  const code = gstinStateCode(gstin);
  return code === null || code === '99' || code === stateGstCode.trim();
}

export const GSTIN_STATE_MISMATCH = 'GSTIN does not belong to the state of the address.';
