/**
 * The import centre (issue 26): one import path for every kind of file. A kind names its fields
 * (with the header aliases a first guess of the mapping matches), its key, and the template's
 * example row; a file is read record by record (csvRecords) so that a file of 100,000 rows is
 * never held as a second copy of itself.
 */
import { BULK_MESSAGES, CsvSyntaxError } from './bulk-inventory.ts';

export const IMPORT_KINDS = ['products', 'buyers', 'sellers', 'stock_levels', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  name: string;
  label: string;
  required: boolean;
  /** Header spellings (lower case, spaces for '_' and '-') a first guess maps to this field. */
  aliases: readonly string[];
  example: string;
}

export interface ImportKindSpec {
  label: string;
  /** The field that says whether a row creates or updates. */
  key: string;
  /** Who may start one (and who sees its jobs: the view permission). */
  permission: string;
  viewPermission: string;
  fields: readonly ImportField[];
}

const field = (
  name: string,
  label: string,
  example: string,
  aliases: readonly string[] = [],
  required = false,
): ImportField => ({ name, label, required, example, aliases: [name.replaceAll('_', ' '), ...aliases] });

// The columns buyers and sellers share: the header spellings of Indian party lists, and the
// billing address (required) and shipping address (blank: the billing address).
const PARTY_GSTIN_ALIASES = ['gst no', 'gst no.', 'gst number', 'gstin/uin', 'gstin uin', 'gst', 'gst in'];
const PARTY_PHONE_ALIASES = [
  'mobile',
  'mobile no',
  'mobile number',
  'phone no',
  'phone number',
  'contact number',
];
const PARTY_EMAIL_ALIASES = ['email', 'e mail', 'email id', 'email address'];
const partyAddressFields = [
  field(
    'billing_address_line_1',
    'Billing address',
    '12 MG Road',
    ['billing address', 'address', 'address line 1'],
    true,
  ),
  field('billing_address_line_2', 'Billing address line 2', '', ['address line 2']),
  field('billing_city', 'Billing city', 'Mumbai', ['city'], true),
  field('billing_state', 'Billing state', 'Maharashtra', ['state', 'state name', 'place of supply'], true),
  field(
    'billing_pincode',
    'Billing pincode',
    '400001',
    ['pincode', 'pin code', 'pin', 'zip', 'postal code'],
    true,
  ),
  field('shipping_address_line_1', 'Shipping address', '', ['shipping address']),
  field('shipping_address_line_2', 'Shipping address line 2', ''),
  field('shipping_city', 'Shipping city', ''),
  field('shipping_state', 'Shipping state', ''),
  field('shipping_pincode', 'Shipping pincode', '', ['shipping pin code']),
];

export const IMPORT_KIND_SPECS: Record<ImportKind, ImportKindSpec> = {
  products: {
    label: 'Products',
    key: 'sku',
    permission: 'add_product',
    viewPermission: 'view_product',
    fields: [
      field('sku', 'SKU', 'TEA-250', ['product sku', 'item code', 'code'], true),
      field('name', 'Name', 'Assam Tea 250 g', ['product name', 'item name', 'product'], true),
      field('category', 'Category', 'Root Category', ['category name']),
      field('brand', 'Brand', '', ['brand name']),
      field('hsn', 'HSN', '0902', ['hsn code', 'hsn sac', 'hsn/sac']),
      field('gst_rate', 'GST rate (%)', '5', ['gst', 'gst %', 'tax rate', 'gst rate %']),
      field('mrp', 'MRP', '180', ['max retail price'], true),
      field('selling_price', 'Selling price', '165', ['price', 'sale price'], true),
      field('cost_price', 'Cost price', '120', ['purchase price', 'cost']),
      field('warehouse', 'Warehouse', '', ['warehouse name']),
      field('opening_stock', 'Opening stock', '', ['stock', 'quantity', 'opening quantity']),
      field('opening_rate', 'Opening rate', '', ['opening stock rate', 'rate']),
    ],
  },
  buyers: {
    label: 'Buyers',
    // Key: the GSTIN, else the phone number (a buyer without a GSTIN is found by its phone).
    key: 'gstin',
    permission: 'add_buyer',
    viewPermission: 'view_buyer',
    fields: [
      field(
        'name',
        'Name',
        'Sharma Traders',
        ['buyer name', 'customer name', 'party name', 'company name'],
        true,
      ),
      field('gstin', 'GSTIN', '27AAPFU0939F1ZV', PARTY_GSTIN_ALIASES),
      field('phone', 'Phone', '9876543210', PARTY_PHONE_ALIASES),
      field('email', 'E-mail', 'accounts@example.com', PARTY_EMAIL_ALIASES),
      field('contact_person', 'Contact person', '', ['contact person name', 'contact name']),
      field('buyer_type', 'Buyer type', 'regular', ['type', 'gst treatment', 'gst type']),
      ...partyAddressFields,
      field('credit_limit', 'Credit limit', '50000', ['credit limit (rs)', 'credit']),
      field('payment_term', 'Payment term', '', ['payment terms', 'terms', 'credit period']),
    ],
  },
  sellers: {
    label: 'Sellers',
    // Key: the GSTIN, else the phone number (as for buyers).
    key: 'gstin',
    permission: 'add_seller',
    viewPermission: 'view_seller',
    fields: [
      field(
        'name',
        'Name',
        'Gupta Suppliers',
        ['seller name', 'supplier name', 'vendor name', 'party name', 'company name'],
        true,
      ),
      field('gstin', 'GSTIN', '29AAGCB7383J1Z4', PARTY_GSTIN_ALIASES),
      field('phone', 'Phone', '9876501234', PARTY_PHONE_ALIASES),
      field('email', 'E-mail', '', PARTY_EMAIL_ALIASES),
      field('contact_person', 'Contact person', '', ['contact person name', 'contact name']),
      field('pan', 'PAN', '', ['pan no', 'pan number']),
      ...partyAddressFields,
      field('payment_term', 'Payment term', '', ['payment terms', 'terms', 'credit period']),
    ],
  },
  stock_levels: {
    label: 'Stock levels',
    // Key: the SKU in a warehouse. The quantity is the counted level; the difference is posted as
    // a bulk stock update (a ledger movement), as the warehouse's bulk update posts it.
    key: 'sku',
    permission: 'change_inventory',
    viewPermission: 'view_inventory',
    fields: [
      field('sku', 'SKU', 'TEA-250', ['product sku', 'item code', 'code'], true),
      field('warehouse', 'Warehouse', 'Main Warehouse', ['warehouse name', 'godown', 'location'], true),
      field(
        'quantity',
        'Quantity',
        '40',
        ['stock', 'qty', 'counted', 'counted quantity', 'stock level'],
        true,
      ),
      field('rate', 'Rate', '', ['cost', 'unit cost', 'rate per unit']),
      field('batch_number', 'Batch number', '', ['batch', 'batch no', 'lot', 'lot number']),
      field('manufactured_on', 'Manufactured on', '', ['mfg date', 'manufacturing date', 'mfd']),
      field('expires_on', 'Expires on', '', ['expiry', 'expiry date', 'exp date', 'best before']),
    ],
  },
  prices: {
    label: 'Prices',
    // Key: the SKU of a product that exists; a blank price leaves that price as it is.
    key: 'sku',
    permission: 'change_product',
    viewPermission: 'view_product',
    fields: [
      field('sku', 'SKU', 'TEA-250', ['product sku', 'item code', 'code'], true),
      field('mrp', 'MRP', '180', ['max retail price']),
      field('selling_price', 'Selling price', '165', ['price', 'sale price']),
      field('cost_price', 'Cost price', '120', ['purchase price', 'cost']),
    ],
  },
};

export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;

export const IMPORT_MESSAGES = {
  file_required: 'Choose a CSV or XLSX file to import.',
  not_text:
    'The file is neither a CSV text file (UTF-8) nor an XLSX workbook. Save the sheet as CSV or XLSX and upload it again.',
  file_too_large: 'The file is larger than 32 MB; split it into smaller files.',
  too_many_rows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows; split it into smaller files.`,
  no_rows: 'The file has no rows below its header.',
  unmapped: (label: string) => `Choose the column for ${label}.`,
  unknown_column: (column: string) => `The file has no column '${column}'.`,
  repeated_key: (label: string) => `This ${label} is repeated in an earlier row of the file.`,
  invalid: 'The file has errors; nothing was imported.',
  stopped: 'The import stopped before it finished; nothing from this file was imported.',
  abandoned: 'The import was abandoned part way (the server stopped); nothing from this file was imported.',
} as const;

export type ImportMapping = Record<string, string>;

export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** A first guess of the mapping: a column named like a field or one of its aliases (any case). */
export function guessImportMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const f of IMPORT_KIND_SPECS[kind].fields) {
    const found = headers.find(
      (h) => f.aliases.includes(headerKey(h)) || headerKey(h) === headerKey(f.label),
    );
    if (found !== undefined) mapping[f.name] = found;
  }
  return mapping;
}

/** The template of a kind: its headers and one example row. */
export function importTemplate(kind: ImportKind): { headers: string[]; example: string[] } {
  const { fields } = IMPORT_KIND_SPECS[kind];
  return { headers: fields.map((f) => f.name), example: fields.map((f) => f.example) };
}

/**
 * The records of CSV text (RFC 4180, as parseCsv of bulk-inventory reads it) one at a time, each
 * with its spreadsheet row number; blank lines are skipped. Throws CsvSyntaxError on an open quote.
 */
export function* csvRecords(text: string): Generator<{ row: number; fields: string[] }> {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let fields: string[] = [];
  let field_ = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;
  let fieldStart = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        if (input.charCodeAt(i + 1) === 34) {
          field_ += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === 10 || (c === 13 && input.charCodeAt(i + 1) !== 10)) line++;
        field_ += input[i];
      }
      continue;
    }
    if (c === 34 && field_ === '' && fieldStart === i) {
      quoted = true;
      touched = true;
    } else if (c === 44) {
      fields.push(field_);
      field_ = '';
      touched = true;
      fieldStart = i + 1;
    } else if (c === 13 || c === 10) {
      if (c === 13 && input.charCodeAt(i + 1) === 10) i++;
      fields.push(field_);
      if (touched || fields.length > 1 || field_ !== '') yield { row: recordLine, fields };
      fields = [];
      field_ = '';
      touched = false;
      line++;
      recordLine = line;
      fieldStart = i + 1;
    } else {
      // Plain characters are copied a run at a time, not one by one.
      let end = i + 1;
      while (end < input.length) {
        const d = input.charCodeAt(end);
        if (d === 44 || d === 13 || d === 10 || d === 34) break;
        end++;
      }
      field_ += input.slice(i, end);
      i = end - 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(BULK_MESSAGES.unterminated_quote, recordLine);
  if (field_ !== '' || fields.length > 0 || touched) {
    fields.push(field_);
    yield { row: recordLine, fields };
  }
}

/** The header line of a file (the first record), or [] when it has none. */
export function importHeaders(text: string): string[] {
  for (const record of csvRecords(text.slice(0, 64 * 1024).split(/\r?\n|\r/, 1)[0] ?? ''))
    return record.fields.map((h) => h.trim());
  return [];
}

/**
 * Reads the rows of a file by a mapping: each row as field -> trimmed text (a field mapped to no
 * column is absent). Checks the mapping against the headers first; those errors are row 1's.
 */
export function* mappedRows(
  kind: ImportKind,
  text: string,
  mapping: ImportMapping,
  errors: ImportRowError[],
): Generator<{ row: number; values: Record<string, string> }> {
  const records = csvRecords(text);
  const first = records.next();
  if (first.done) return;
  const headers = first.value.fields.map((h) => h.trim());
  const columns: [string, number][] = [];
  for (const f of IMPORT_KIND_SPECS[kind].fields) {
    const column = mapping[f.name];
    if (column === undefined || column === '') {
      if (f.required) errors.push({ row: 1, column: f.label, message: IMPORT_MESSAGES.unmapped(f.label) });
      continue;
    }
    const index = headers.indexOf(column);
    if (index < 0) errors.push({ row: 1, column, message: IMPORT_MESSAGES.unknown_column(column) });
    else columns.push([f.name, index]);
  }
  if (errors.length > 0) return;
  for (const record of records) {
    // Spreadsheets export rows of bare commas below the data: they are blank rows.
    if (record.fields.every((v) => v.trim() === '')) continue;
    const values: Record<string, string> = {};
    for (const [name, index] of columns) values[name] = (record.fields[index] ?? '').trim();
    yield { row: record.row, values };
  }
}

/** The column a field is read from, as the file names it (or the field's label when unmapped). */
export const columnOf = (kind: ImportKind, mapping: ImportMapping, fieldName: string) =>
  mapping[fieldName] ?? IMPORT_KIND_SPECS[kind].fields.find((f) => f.name === fieldName)?.label ?? fieldName;

/**
 * A checker's view of one row of a `kind` file: a field's text ('' when blank or unmapped), and a
 * failure recorded in `errors` against the column the field is read from.
 */
export function rowCells(kind: ImportKind, mapping: ImportMapping) {
  return (row: number, values: Record<string, string>, errors: ImportRowError[]) => ({
    text: (name: string) => values[name] ?? '',
    fail: (fieldName: string, message: string) => {
      errors.push({ row, column: columnOf(kind, mapping, fieldName), message });
    },
  });
}

/** Numbers in a sheet may carry Indian grouping commas ("1,20,000.50"); the zod rules see them bare. */
export const bareNumber = (raw: string) =>
  /^[+-]?\d[\d,]*(\.\d+)?$/.test(raw) ? raw.replaceAll(',', '') : raw;
