import { idParam } from '@b2b/domain/api/common';
import { type CsvColumn, listCsvFormat } from '@b2b/domain/api/list-csv';
import { type ListQuery, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { todayInIndia } from '@b2b/domain/validation';
import type { FastifyContextConfig } from 'fastify';
import { type ZodObject, type ZodType, z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { branchScope } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { cursorParam, type KeysetSort, type KeysetWindow, keysetSort } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transaction.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { sendListCsv } from '../../http/list-csv.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
import { orderExists } from '../sales-orders/sales-orders.queries.ts';

/** 404 'Order Not Found' for an order that is not the company's. */
export async function assertOrderExists(db: Executor, companyId: number, orderId: number) {
  if (!(await orderExists(db, companyId, orderId))) throw new AppError('not_found', 'Order Not Found');
}

/** A list's filter carries the caller's branches (null: all); the list's query applies it. */
type ScopedFilter = { branches?: BranchScope };

export interface DocumentListOptions<
  Q extends ZodObject,
  F extends ScopedFilter,
  T extends { id: number; sort_value: string },
> {
  /** The path's last part: 'invoices', 'sales_returns'. */
  documents: string;
  tags: string[];
  /** The view permission and its 403 sentence. */
  config: FastifyContextConfig;
  /** What the company's list offers (ordering, search, filters), for the API description. */
  description: string;
  /** One list row. */
  output: ZodType;
  /** The company list's filters, besides paging, search and ordering. */
  filters: Q;
  filterOf: (query: z.infer<Q> & ListQuery) => F;
  /** The ordering fields (`ordering=`): API field -> SQL expression and type. */
  ordering: Record<string, Omit<KeysetSort, 'direction'>>;
  /** The company list's default ordering ('-invoice_date'); an order's list is newest created first. */
  defaultOrdering: string;
  list: (
    companyId: number,
    filter: F,
    sort: KeysetSort[],
    window: KeysetWindow,
  ) => Promise<{ count: number; results: T[]; countIsEstimate?: boolean }>;
  /** The filter of one order's documents: when given, GET admin/orders/{id}/<documents> too. */
  ofOrder?: (orderId: number) => F;
  /**
   * The list's CSV form (`format=csv`): the file's name before its date, and its columns, typed
   * by the list row of the API (`output`), which each row of `list` is.
   */
  csv?: { filename: string; columns: readonly CsvColumn<never>[] };
}

/**
 * The lists of a kind of sales document: GET admin/companies/{companyId}/<documents> with its
 * filters, and (for the documents an order has: invoices, shipments, returns, credit notes)
 * GET admin/orders/{id}/<documents>, newest created first, 404 'Order Not Found' for an order that
 * is not the company's. Both page by offset, or by cursor when `cursor` is given (`cursor=` for
 * the first page), the next and previous pages as links.
 */
export function documentListRoutes<
  Q extends ZodObject,
  F extends ScopedFilter,
  T extends { id: number; sort_value: string },
>(app: Api, options: DocumentListOptions<Q, F, T>) {
  const { db } = app.ctx;
  const { documents, tags, ordering, csv } = options;
  const response = { 200: pageOf(options.output) };
  const config = { ...options.config, cache: true };

  app.get(
    `/admin/companies/:companyId/${documents}`,
    {
      config,
      schema: {
        tags,
        description: `${options.description} \`cursor=\` (empty) starts keyset paging, then follow next/previous.${csv ? ' `format=csv`: every row as a CSV file.' : ''}`,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend({
          ...options.filters.shape,
          cursor: cursorParam,
          ...(csv ? listCsvFormat.shape : {}),
        }),
        response,
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<Q> & ListQuery & { cursor?: string; format?: 'csv' };
      const sort = keysetSort(query.ordering, ordering, options.defaultOrdering);
      const filter = { ...options.filterOf(query), branches: branchScope(requirePrincipal(request)) };
      if (csv && query.format === 'csv') {
        return sendListCsv(
          reply,
          `${csv.filename}-${todayInIndia()}.csv`,
          csv.columns as readonly CsvColumn<T>[],
          (window) => options.list(request.params.companyId, filter, sort, window),
        );
      }
      return offsetOrKeysetPage(request, query, sort, (window) =>
        options.list(request.params.companyId, filter, sort, window),
      );
    },
  );

  const { ofOrder } = options;
  if (!ofOrder) return;
  app.get(
    `/admin/orders/:id/${documents}`,
    {
      config,
      schema: {
        tags,
        description: `The order’s ${documents.replaceAll('_', ' ')}, newest first.`,
        params: z.object({ id: idParam }),
        querystring: listQuery.extend({ cursor: cursorParam }),
        response,
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { companyId } = principal;
      const orderId = request.params.id;
      await assertOrderExists(db, companyId, orderId);
      const sort = keysetSort(request.query.ordering, ordering, '-created_at');
      return offsetOrKeysetPage(request, request.query, sort, (window) =>
        options.list(companyId, { ...ofOrder(orderId), branches: branchScope(principal) }, sort, window),
      );
    },
  );
}
