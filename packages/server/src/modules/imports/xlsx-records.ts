import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An .xlsx upload of the import centre (issue 26): the first sheet, read a row at a time by
 * exceljs's streaming WorkbookReader (the sheet is never built in memory as a workbook), each row
 * turned into the text a CSV export would have had, so that the one CSV path (csvRecords and the
 * kinds' checks) reads both. The error file stays CSV.
 */

/** An .xlsx file is a zip archive: it starts with a local file header, 'PK\x03\x04'. */
export const looksLikeXlsx = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** The file is a zip archive but not a workbook exceljs can read. */
export class XlsxReadError extends Error {}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The text of one cell as a CSV would carry it. Dates become YYYY-MM-DD (the dates the imports
 * read; a time of day, when there is one, follows as HH:MM:SS). Numbers are written as the sheet
 * shows them at full precision (15 significant digits, so 0.1 + 0.2 is 0.3, not 0.30000000000000004).
 * Formulas give their result, rich text its plain text, a hyperlink its text, an error cell nothing.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    // exceljs gives a sheet's date as that calendar day and time in UTC.
    if (Number.isNaN(value.getTime())) return '';
    const day = `${value.getUTCFullYear()}-${two(value.getUTCMonth() + 1)}-${two(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    const s = value.getUTCSeconds();
    return h === 0 && m === 0 && s === 0 ? day : `${day} ${two(h)}:${two(m)}:${two(s)}`;
  }
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText))
      return (cell.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    if ('result' in cell) return cellText(cell.result);
    if ('formula' in cell || 'sharedFormula' in cell) return '';
    if ('error' in cell) return '';
    if ('text' in cell) return cellText(cell.text);
  }
  return String(value);
}

/** One CSV field: quoted when it carries a comma, a quote or leading/trailing space. */
const csvField = (text: string) => (/[",]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The records of the first sheet, one at a time, with their sheet row numbers; empty rows are
 * left out (as csvRecords leaves out blank lines).
 */
export async function* xlsxRecords(data: Uint8Array): AsyncGenerator<{ row: number; fields: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(data)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which numbers are dates: without them a date is its serial number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values : [];
        // row.values is 1-based (index 0 is empty), sparse where cells are empty.
        const fields: string[] = [];
        for (let i = 1; i < values.length; i++) fields.push(cellText(values[i]));
        if (fields.some((f) => f !== '')) yield { row: row.number, fields };
      }
      return; // The first sheet only.
    }
  } catch (error) {
    throw new XlsxReadError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The first sheet as CSV text, a line per sheet row: a record's row number in the text is its row
 * in the sheet (empty rows stay as blank lines), so the dry run's errors name the sheet's rows. A
 * line break inside a cell becomes a space for the same reason.
 */
export async function xlsxToCsvText(data: Uint8Array): Promise<string> {
  const lines: string[] = [];
  let width = 0;
  for await (const { row, fields } of xlsxRecords(data)) {
    while (lines.length < row - 1) lines.push('');
    if (width === 0) width = fields.length;
    // Every line as wide as the header, so a short row still has its trailing empty cells.
    const cells = fields.map((f) => csvField(f.replace(/\r\n|\r|\n/g, ' ')));
    while (cells.length < width) cells.push('');
    lines.push(cells.join(','));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
