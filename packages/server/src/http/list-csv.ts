import type { CsvColumn } from '@b2b/domain/api/list-csv';
import type { FastifyReply } from 'fastify';
import type { PageWindow } from '../core/paging.ts';
import { sendCsvStream } from './csv.ts';

/** Rows read per query while a list streams out as CSV. */
const BATCH = 500;

/**
 * `?format=csv` of a list route: every row of the list's own search, filters, branch scope and
 * order, read a window at a time through the list's own `load` and streamed (http/csv.ts), so the
 * file holds what the screen would show page after page and never sits whole in memory.
 */
export function sendListCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  load: (window: PageWindow) => Promise<{ results: Row[] }>,
) {
  async function* rows() {
    for (let offset = 0; ; offset += BATCH) {
      const { results } = await load({ limit: BATCH, offset });
      yield results.map((row) => columns.map(([, cell]) => cell(row)));
      if (results.length < BATCH) return;
    }
  }
  return sendCsvStream(
    reply,
    filename,
    columns.map(([header]) => header),
    rows(),
  );
}
