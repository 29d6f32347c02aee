/**
 * Serial numbers (issue 22): a product that tracks them carries one serial per unit, entered when
 * goods come in (a bill, an inventory adjustment adding stock) and chosen when they are invoiced.
 * A serial is unique per product in a company and kept normalised (trimmed, upper case), so what
 * a user types matches what was received however it is cased. The server enforces these rules in
 * the transaction that moves the stock; the forms show the same sentences before they send.
 */
import type { StatusOption } from './statuses.ts';

export const SERIAL_NUMBER_MAX = 50;
/** Letters, digits and the separators serials are printed with. */
const SERIAL_PATTERN = /^[A-Z0-9](?:[A-Z0-9/._-]*[A-Z0-9])?$/;

export const SERIAL_NUMBER_STATUSES = [
  { value: 'in_stock', label: 'In Stock', color: 'green' },
  { value: 'sold', label: 'Sold', color: 'blue' },
  { value: 'returned', label: 'Returned', color: 'orange' },
  { value: 'removed', label: 'Removed', color: 'gray' },
  { value: 'returned_to_seller', label: 'Returned to Seller', color: 'grape' },
] as const satisfies readonly StatusOption[];
export type SerialNumberStatus = (typeof SERIAL_NUMBER_STATUSES)[number]['value'];
export const SERIAL_NUMBER_STATUS_VALUES = SERIAL_NUMBER_STATUSES.map((s) => s.value) as [
  SerialNumberStatus,
  ...SerialNumberStatus[],
];
/** A unit on hand that may be sold: never sold, or back from a buyer. */
export const SELLABLE_SERIAL_STATUSES = ['in_stock', 'returned'] as const satisfies SerialNumberStatus[];

export const serialNumberStatusLabel = (status: string): string =>
  SERIAL_NUMBER_STATUSES.find((s) => s.value === status)?.label ?? status;

export const SERIAL_NUMBER_EVENTS = [
  { value: 'received', label: 'Received' },
  { value: 'sold', label: 'Sold' },
  { value: 'sale_cancelled', label: 'Sale cancelled' },
  { value: 'returned', label: 'Returned' },
  { value: 'removed', label: 'Removed from stock' },
  { value: 'bill_voided', label: 'Bill voided' },
  { value: 'returned_to_seller', label: 'Returned to seller' },
  { value: 'seller_return_voided', label: 'Return to seller voided' },
] as const;
export type SerialNumberEvent = (typeof SERIAL_NUMBER_EVENTS)[number]['value'];
export const serialNumberEventLabel = (event: string): string =>
  SERIAL_NUMBER_EVENTS.find((e) => e.value === event)?.label ?? event;

export const SERIAL_NUMBER_MESSAGES = {
  not_in_stock: (serial: string, product: string) =>
    `Serial number ${serial} is not in stock for ${product}.`,
  count: (quantity: number, product: string) =>
    `Enter ${quantity} serial ${quantity === 1 ? 'number' : 'numbers'} for ${product}: one for each unit.`,
  repeated: (serial: string) => `Serial number ${serial} is entered twice.`,
  exists: (serial: string, product: string) => `Serial number ${serial} already exists for ${product}.`,
  whole_units: (product: string) =>
    `${product} tracks serial numbers: enter a whole number of units (one serial number each).`,
  not_tracked: (product: string) => `${product} does not track serial numbers: remove its serial numbers.`,
  invalid: (serial: string) =>
    `Serial number ${serial} may hold only letters, digits and - / . _ (at most ${SERIAL_NUMBER_MAX} characters).`,
  empty: 'A serial number cannot be empty.',
  opening_stock:
    'A product that tracks serial numbers gets its stock by an inventory adjustment or a bill, with a serial number for each unit: leave the opening stock at 0.',
  not_found: 'Serial Number Not Found',
  not_on_invoice: (serial: string, product: string) =>
    `Serial number ${serial} of ${product} was not sold on this invoice.`,
  bill_unit_gone: (serial: string, product: string, invoiceNumber: string | null) =>
    invoiceNumber
      ? `Serial number ${serial} of ${product} was sold on invoice ${invoiceNumber}: the bill cannot be voided.`
      : `Serial number ${serial} of ${product} is no longer in stock: the bill cannot be voided.`,
  not_from_bill: (serial: string, product: string) =>
    `Serial number ${serial} of ${product} is not in stock from this bill.`,
  seller_return_unit_back: (serial: string, product: string, billNumber: string | null) =>
    billNumber
      ? `Serial number ${serial} of ${product} came in again on bill ${billNumber}: the return cannot be voided.`
      : `Serial number ${serial} of ${product} came in again: the return cannot be voided.`,
} as const;

/** How a serial is stored and compared: trimmed, upper case. */
export const normaliseSerialNumber = (serial: string): string => serial.trim().toUpperCase();

/** The problem with one serial as typed, or null. */
export function serialNumberProblem(serial: string): string | null {
  const normal = normaliseSerialNumber(serial);
  if (normal === '') return SERIAL_NUMBER_MESSAGES.empty;
  if (normal.length > SERIAL_NUMBER_MAX || !SERIAL_PATTERN.test(normal)) {
    return SERIAL_NUMBER_MESSAGES.invalid(normal);
  }
  return null;
}

/** Serials typed one a line (or separated by commas), normalised, blanks dropped. */
export const parseSerialNumberText = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map(normaliseSerialNumber)
    .filter((serial) => serial !== '');

/** The first serial that appears twice (after normalising), or null. */
export function repeatedSerialNumber(serials: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const serial of serials.map(normaliseSerialNumber)) {
    if (seen.has(serial)) return serial;
    seen.add(serial);
  }
  return null;
}

export interface SerialLine {
  productName: string;
  /** The units the line moves (positive; the sign of an adjustment is its direction). */
  quantity: number;
  tracksSerialNumbers: boolean;
  /** Absent when the line carries none. */
  serialNumbers?: readonly string[] | undefined;
}

/**
 * The first problem of one line's serials, or null. A tracked product moves whole units, one
 * serial each, no serial twice; a product that does not track serials takes none.
 */
export function serialLineProblem(line: SerialLine): string | null {
  const serials = line.serialNumbers ?? [];
  if (!line.tracksSerialNumbers) {
    return serials.length ? SERIAL_NUMBER_MESSAGES.not_tracked(line.productName) : null;
  }
  const units = Math.abs(line.quantity);
  if (!Number.isInteger(units)) return SERIAL_NUMBER_MESSAGES.whole_units(line.productName);
  for (const serial of serials) {
    const problem = serialNumberProblem(serial);
    if (problem) return problem;
  }
  if (serials.length !== units) return SERIAL_NUMBER_MESSAGES.count(units, line.productName);
  const repeated = repeatedSerialNumber(serials);
  return repeated ? SERIAL_NUMBER_MESSAGES.repeated(repeated) : null;
}

/**
 * Across the lines of one document: the same product's serial on two lines is entered twice.
 * Returns the index of the line where it repeats and the sentence, or null.
 */
export function repeatedAcrossLines(
  lines: readonly { productId: number; serialNumbers?: readonly string[] | undefined }[],
): { index: number; message: string } | null {
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    for (const serial of (line.serialNumbers ?? []).map(normaliseSerialNumber)) {
      const key = `${line.productId}|${serial}`;
      if (seen.has(key)) return { index, message: SERIAL_NUMBER_MESSAGES.repeated(serial) };
      seen.add(key);
    }
  }
  return null;
}

/** 'n of q' under a picker: how many serials are chosen of the units the line needs. */
export const serialCountLabel = (chosen: number, quantity: number): string =>
  `${chosen} of ${Number.isInteger(quantity) ? quantity : quantity.toFixed(3)} serial numbers`;
