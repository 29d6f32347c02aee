import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PageWindow, pageWindow } from '../core/paging.ts';
import { type CsvValue, sendCsv } from './csv.ts';
import { page } from './page-links.ts';

/**
 * The answer of a list that also downloads: as a CSV file, every row (no window, no page), else
 * one page with the list's own figures (`figures`) beside it. `load` gets the window, or null for
 * the file, so it can skip what only the page shows. Such a route is not cached: the read cache
 * keeps JSON only.
 */
export async function pageOrCsv<Answer extends { count: number; results: unknown[] }, Figures = object>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: {
    asCsv: boolean;
    query: { limit: number; offset: number };
    load: (window: PageWindow | null) => Promise<Answer>;
    csv: {
      filename: (answer: Answer) => string;
      header: readonly string[];
      row: (row: Answer['results'][number]) => CsvValue[];
    };
    figures?: (answer: Answer) => Figures;
  },
) {
  const window = pageWindow(list.query);
  const answer = await list.load(list.asCsv ? null : window);
  if (list.asCsv) {
    return sendCsv(reply, list.csv.filename(answer), list.csv.header, answer.results.map(list.csv.row));
  }
  return {
    ...page<Answer['results'][number]>(request, window, answer.count, answer.results),
    ...(list.figures?.(answer) as Figures),
  };
}
