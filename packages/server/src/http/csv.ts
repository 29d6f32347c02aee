import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with inner
 * quotes doubled. Text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return at the start) gets a leading apostrophe, so a product named "=HYPERLINK(...)" stays text
 * (OWASP's CSV injection advice). Numbers are written as they are, negative ones included.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: readonly CsvValue[]) => values.map(csvField).join(',');

/**
 * A whole document: header, rows, CRLF line ends, and a byte-order mark so that Excel reads
 * UTF-8 (names in Indian scripts, the rupee sign) correctly.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file name made from free text: letters, digits and dashes only. */
export function fileSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export'
  );
}

/** Sends a CSV document as a download. */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(csvDocument(header, rows));
}

/** The last line of a streamed CSV whose rows failed after the first bytes had gone out. */
export const CSV_STREAM_FAILED =
  'The export stopped early because of a server error; this file is incomplete. Please try again.';

/**
 * Sends a CSV download as a stream: the header first, then each batch of rows as it arrives
 * (chunked transfer), so a report of any length is never held in memory. The rows come from a
 * generator that reads its batches from the database as the client takes them.
 *
 * The first batch is read before the first byte is sent, so a query that fails at once (the
 * likeliest place for a failure) is still an ordinary error answer. Once the status line has gone
 * out, a later failure is logged and the file ends with CSV_STREAM_FAILED as its last line: a
 * clean end the user can read, rather than a dropped connection.
 */
export async function sendCsvStream(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly (readonly CsvValue[])[]>,
) {
  const batches = rows[Symbol.asyncIterator]();
  const first = await batches.next();
  async function* text() {
    try {
      yield `\uFEFF${csvRow(header)}\r\n`;
      for (let next = first; !next.done; next = await batches.next()) {
        if (next.value.length > 0) yield `${next.value.map(csvRow).join('\r\n')}\r\n`;
      }
    } catch (error) {
      reply.log.error({ err: error }, 'CSV export failed after its first bytes');
      yield `${csvRow([CSV_STREAM_FAILED])}\r\n`;
    } finally {
      // A client that goes away ends this generator early: let the row source close its cursor.
      await batches.return?.();
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(Readable.from(text(), { objectMode: false }));
}
