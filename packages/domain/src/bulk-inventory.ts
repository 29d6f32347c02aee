/**
 * Bulk inventory files (spec 2's admin/warehouses/{id}/bulk_* calls): CSV parsing and the row by
 * row checks that need no database. Three kinds of file:
 *
 * - adjustment: sku, quantity (signed), reason (one of the eight adjustment reasons, value or
 *   label), notes, and with batches batch_number, manufactured_on, expires_on. Makes one
 *   inventory adjustment document per reason found in the file.
 * - update: sku, stock. Sets the level to `stock` by posting the difference.
 * - tally: Tally's stock summary export, 'Name of Item' (matched against the product's Tally
 *   name) and 'Quantity' ("1,200.000 Nos": grouping commas and a unit after the number allowed).
 *
 * A file is all or nothing: any row error and nothing is written.
 */
import { BATCH_MESSAGES, BATCH_NUMBER_MAX, type BatchFields, batchFieldProblems } from './batches.ts';
import {
  INVENTORY_ADJUSTMENT_REASON_LABELS,
  INVENTORY_ADJUSTMENT_REASONS,
  type InventoryAdjustmentReason,
  quantityFitsReason,
  reasonDirectionMessage,
} from './inventory-adjustments.ts';
import { calendarDateSchema } from './validation.ts';

export const BULK_INVENTORY_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_INVENTORY_MAX_ROWS = 5000;
/** Largest quantity a bulk row may carry (the adjustment form's limit). */
export const BULK_QUANTITY_MAX = 1_000_000_000;

export const BULK_INVENTORY_KINDS = ['adjustment', 'update', 'tally'] as const;
export type BulkInventoryKind = (typeof BULK_INVENTORY_KINDS)[number];

/** The columns of each kind, as written in the template; matched case-insensitively. */
export const BULK_INVENTORY_COLUMNS: Record<
  BulkInventoryKind,
  { required: readonly string[]; optional: readonly string[] }
> = {
  adjustment: {
    required: ['sku', 'quantity', 'reason'],
    optional: ['notes', 'batch_number', 'manufactured_on', 'expires_on'],
  },
  update: { required: ['sku', 'stock'], optional: [] },
  tally: { required: ['Name of Item', 'Quantity'], optional: [] },
};

export interface BulkRowError {
  /** Row number as a spreadsheet shows it: the header is row 1. 0 for the file as a whole. */
  row: number;
  column: string;
  message: string;
}

export interface BulkRow {
  row: number;
  /** SKU, or the Tally item name. */
  key: string;
  /** Adjustment: the signed change. Update and Tally: the stock to set. */
  quantity: number;
  reason?: InventoryAdjustmentReason;
  notes?: string;
  /** Adjustment with batches: the batch (and, for stock coming in, its dates). */
  batch_number?: string;
  manufactured_on?: string;
  expires_on?: string;
}

export const BULK_MESSAGES = {
  file_required: 'Choose a CSV file to upload.',
  file_too_large: 'The file is larger than 2 MB.',
  not_text: 'The file is not a UTF-8 CSV file.',
  empty: 'The file has no rows.',
  too_many_rows: `The file has more than ${BULK_INVENTORY_MAX_ROWS} rows.`,
  unterminated_quote: 'A quoted field is not closed.',
  invalid: 'The file has errors; nothing was changed.',
  required: 'This field is required.',
  number: 'Enter a number.',
  decimals: 'At most 3 decimal places.',
  zero: 'Quantity cannot be zero.',
  negative_stock: 'Stock cannot be negative.',
  too_big: `Cannot be more than ${BULK_QUANTITY_MAX}.`,
  reason: `Use one of: ${INVENTORY_ADJUSTMENT_REASONS.join(', ')}.`,
  repeated: 'This product is already in the file.',
  repeated_reason: 'This product already has a row with this reason.',
  missing_column: (column: string) => `The column '${column}' is missing.`,
  sku_not_found: 'No product with this SKU.',
  tally_not_found: 'No product with this Tally name.',
} as const;

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly row: number,
  ) {
    super(message);
  }
}

/**
 * Parses CSV text (RFC 4180): quoted fields with doubled quotes and line breaks inside, a leading
 * byte-order mark, CRLF, LF or CR line ends. Returns the records with the spreadsheet row number of
 * each; blank lines are dropped (their numbers are kept by the rows after them).
 */
export function parseCsv(text: string): { row: number; fields: string[] }[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;
  const endRecord = () => {
    fields.push(field);
    if (touched || fields.length > 1 || field !== '') records.push({ row: recordLine, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && input[i + 1] !== '\n')) line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      touched = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quoted) throw new CsvSyntaxError(BULK_MESSAGES.unterminated_quote, recordLine);
  if (field !== '' || fields.length > 0 || touched) endRecord();
  return records;
}

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A number typed in a spreadsheet: optional sign, Indian or western grouping commas, a decimal
 * point. With `unit`, text after the number is allowed (Tally's "120.000 Nos").
 */
export function parseBulkNumber(raw: string, unit = false): number | null {
  const text = raw.trim();
  const match = /^([+-]?)(\d[\d,]*)(\.\d+)?(.*)$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction, rest] = match;
  if (rest.trim() !== '' && (!unit || !/^\s+\p{L}[\p{L}.]*$/u.test(rest))) return null;
  if (/,,|,$/.test(whole)) return null;
  const value = Number(`${sign}${whole.replaceAll(',', '')}${fraction ?? ''}`);
  return Number.isFinite(value) ? value : null;
}

const decimalsOf = (raw: string) => /\.(\d+)/.exec(raw)?.[1].length ?? 0;

function parseReason(raw: string): InventoryAdjustmentReason | null {
  const text = normalise(raw);
  for (const reason of INVENTORY_ADJUSTMENT_REASONS) {
    if (reason === text || normalise(INVENTORY_ADJUSTMENT_REASON_LABELS[reason]) === text) return reason;
  }
  return null;
}

/**
 * Reads a bulk file: header matched case-insensitively (extra columns are ignored), then each row
 * checked. Returns the good rows and every error; the caller writes nothing unless errors is empty.
 */
export function readBulkFile(
  kind: BulkInventoryKind,
  text: string,
): { rows: BulkRow[]; errors: BulkRowError[] } {
  let records: { row: number; fields: string[] }[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { rows: [], errors: [{ row: error.row, column: '', message: error.message }] };
    }
    throw error;
  }
  const [header, ...withBlanks] = records;
  // Spreadsheets export rows of bare commas below the data: they are blank rows.
  const data = withBlanks.filter((record) => record.fields.some((f) => f.trim() !== ''));
  if (!header || data.length === 0)
    return { rows: [], errors: [{ row: 0, column: '', message: BULK_MESSAGES.empty }] };
  if (data.length > BULK_INVENTORY_MAX_ROWS) {
    return { rows: [], errors: [{ row: 0, column: '', message: BULK_MESSAGES.too_many_rows }] };
  }
  const { required, optional } = BULK_INVENTORY_COLUMNS[kind];
  const names = header.fields.map(normalise);
  const index = new Map<string, number>();
  const errors: BulkRowError[] = [];
  for (const column of [...required, ...optional]) {
    const at = names.indexOf(normalise(column));
    if (at >= 0) index.set(column, at);
    else if (required.includes(column)) {
      errors.push({ row: header.row, column, message: BULK_MESSAGES.missing_column(column) });
    }
  }
  if (errors.length > 0) return { rows: [], errors };
  const cell = (fields: string[], column: string) => {
    const at = index.get(column);
    return at === undefined ? '' : (fields[at] ?? '').trim();
  };
  const [keyColumn, quantityColumn] = required;
  const seen = new Set<string>();
  const rows: BulkRow[] = [];
  for (const { row, fields } of data) {
    // Tally's stock summary ends with its total line; it is not an item.
    if (kind === 'tally' && isTallyTotalLine(cell(fields, keyColumn))) continue;
    const rowErrors: BulkRowError[] = [];
    const fail = (column: string, message: string) => rowErrors.push({ row, column, message });
    const key = cell(fields, keyColumn);
    if (key === '') fail(keyColumn, BULK_MESSAGES.required);
    const rawQuantity = cell(fields, quantityColumn);
    const quantity = parseBulkNumber(rawQuantity, kind === 'tally');
    if (rawQuantity === '') fail(quantityColumn, BULK_MESSAGES.required);
    else if (quantity === null) fail(quantityColumn, BULK_MESSAGES.number);
    else if (decimalsOf(rawQuantity) > 3 && Math.round(quantity * 1000) / 1000 !== quantity) {
      fail(quantityColumn, BULK_MESSAGES.decimals);
    } else if (Math.abs(quantity) > BULK_QUANTITY_MAX) fail(quantityColumn, BULK_MESSAGES.too_big);
    else if (kind === 'adjustment' && quantity === 0) fail(quantityColumn, BULK_MESSAGES.zero);
    else if (kind !== 'adjustment' && quantity < 0) fail(quantityColumn, BULK_MESSAGES.negative_stock);
    let reason: InventoryAdjustmentReason | undefined;
    if (kind === 'adjustment') {
      const rawReason = cell(fields, 'reason');
      reason = parseReason(rawReason) ?? undefined;
      if (rawReason === '') fail('reason', BULK_MESSAGES.required);
      else if (!reason) fail('reason', BULK_MESSAGES.reason);
      else if (quantity !== null && quantity !== 0 && !quantityFitsReason(reason, quantity)) {
        fail(quantityColumn, reasonDirectionMessage(reason));
      }
    }
    const batch = kind === 'adjustment' ? readBatchCells(fields, cell, quantity, fail) : {};
    const seenKey = `${normalise(key)}\u0000${reason ?? ''}\u0000${batch.batch_number ?? ''}`;
    if (key !== '' && seen.has(seenKey)) {
      fail(keyColumn, kind === 'adjustment' ? BULK_MESSAGES.repeated_reason : BULK_MESSAGES.repeated);
    }
    seen.add(seenKey);
    if (rowErrors.length > 0 || quantity === null) {
      errors.push(...rowErrors);
      continue;
    }
    const notes = kind === 'adjustment' ? cell(fields, 'notes') : '';
    rows.push({ row, key, quantity, ...(reason ? { reason } : {}), ...(notes ? { notes } : {}), ...batch });
  }
  return { rows, errors };
}

/**
 * A row's batch cells: the batch number, and for stock coming in its manufacturing and expiry
 * dates (YYYY-MM-DD), checked as the adjustment form checks them. Stock going out names its batch
 * only (or none: first expiry first out).
 */
function readBatchCells(
  fields: string[],
  cell: (fields: string[], column: string) => string,
  quantity: number | null,
  fail: (column: string, message: string) => void,
): BatchFields {
  const batch: BatchFields = {};
  const number = cell(fields, 'batch_number');
  if (number.length > BATCH_NUMBER_MAX) fail('batch_number', BATCH_MESSAGES.batch_number_max);
  else if (number !== '') batch.batch_number = number;
  if (quantity === null || quantity <= 0) return batch;
  const dates = [
    ['manufactured_on', BATCH_MESSAGES.manufactured_on_invalid],
    ['expires_on', BATCH_MESSAGES.expires_on_invalid],
  ] as const;
  for (const [column, invalid] of dates) {
    const raw = cell(fields, column);
    if (raw === '') continue;
    if (calendarDateSchema(invalid).safeParse(raw).success) batch[column] = raw;
    else fail(column, invalid);
  }
  for (const [column, message] of batchFieldProblems(batch)) fail(column, message);
  return batch;
}

/** The closing 'Grand Total' line of a Tally stock summary export. */
export const isTallyTotalLine = (name: string) => normalise(name) === 'grand total';

/** Matching key of a Tally item name: trimmed, inner spaces collapsed, case ignored. */
export const tallyNameKey = normalise;

/** The template a user fills in: the header and one example row. */
export function bulkTemplate(kind: BulkInventoryKind): {
  filename: string;
  header: string[];
  example: string[];
} {
  switch (kind) {
    case 'adjustment':
      return {
        filename: 'bulk-inventory-adjustment.csv',
        header: ['sku', 'quantity', 'reason', 'notes', 'batch_number', 'manufactured_on', 'expires_on'],
        example: ['SKU-001', '-2', 'stock_damaged', 'Broken in transit', '', '', ''],
      };
    case 'update':
      return { filename: 'bulk-inventory-update.csv', header: ['sku', 'stock'], example: ['SKU-001', '25'] };
    case 'tally':
      return {
        filename: 'adjustment-as-per-tally.csv',
        header: ['Name of Item', 'Quantity'],
        example: ['Blue Pen 10 pack', '120 Nos'],
      };
  }
}
