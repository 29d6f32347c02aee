import { idParam } from '@b2b/domain/api/common';
import { SALES_RETURN_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { type ListQuery, valueList } from '@b2b/domain/api/list-query';
import {
  cancelSalesReturnInput,
  createSalesReturnInput,
  initiateSalesReturnOutput,
  type SALES_RETURN_ORDERINGS,
  salesReturnListQuery,
  salesReturnOutput,
  salesReturnSummaryOutput,
} from '@b2b/domain/api/sales-returns';
import { SALES_RETURN_MESSAGES, SALES_RETURN_STATUSES } from '@b2b/domain/sales-returns';
import { z } from 'zod';
import type { KeysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import { documentHistoryRoute, documentPermissions } from '../sales-documents/document-routes.ts';
import type { SalesReturnFilter } from './sales-returns.queries.ts';
import * as service from './sales-returns.service.ts';

const tags = ['sales returns'];
const idParams = z.object({ id: idParam });

/** API ordering field -> SQL expression over the returns alias `r` and its type (for cursors). */
const ORDERING: Record<(typeof SALES_RETURN_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  return_date: { expression: 'r.return_date', type: 'date' },
  created_at: { expression: 'r.created_at', type: 'timestamptz' },
  return_number: { expression: 'r.return_number', type: 'text' },
};

const listFilters = salesReturnListQuery.extend({ status__in: valueList(SALES_RETURN_STATUSES) });

const filterOf = (q: z.infer<typeof listFilters> & ListQuery): SalesReturnFilter => ({
  search: q.search,
  invoiceId: q.invoice,
  orderId: q.order,
  buyerId: q.buyer,
  statuses: q.status__in,
  disposition: q.disposition,
  isCancelled: q.is_cancelled === undefined ? undefined : q.is_cancelled === 'true',
  startDate: q.start_date,
  endDate: q.end_date,
});

const { VIEW, CREATE, UPDATE } = documentPermissions('sales_return', SALES_RETURN_MESSAGES);

/**
 * Sales returns (spec calls admin/orders/{id}/sales_returns and admin/companies/{companyId}/
 * sales_returns filtered by invoice); creating one against an invoice, its detail, history and
 * cancel follow the API's style.
 */
export async function salesReturnsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/admin/invoices/:id/initiate_sales_return',
    {
      config: CREATE,
      schema: {
        tags,
        description: 'Each line of the invoice with what was sold, returned and can still be returned.',
        params: idParams,
        response: { 200: initiateSalesReturnOutput },
      },
    },
    async (request) =>
      service.initiateSalesReturn(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/invoices/:id/sales_returns',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'Takes goods back against the invoice (each line at most what is returnable): into a warehouse, or written off as damaged; optionally issues the credit note at once.',
        params: idParams,
        body: createSalesReturnInput,
        response: { 201: salesReturnOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createSalesReturn({
          db,
          actor: requirePrincipal(request),
          invoiceId: request.params.id,
          input: request.body,
        }),
      ),
  );

  documentListRoutes(app, {
    documents: 'sales_returns',
    csv: { filename: 'sales-returns', columns: SALES_RETURN_CSV_COLUMNS },
    tags,
    config: VIEW,
    description:
      'Sales returns, newest return date first; search by return number, reference, invoice number or buyer; filters invoice, order, buyer, status__in, disposition, is_cancelled, start_date, end_date.',
    output: salesReturnSummaryOutput,
    filters: listFilters,
    filterOf,
    ordering: ORDERING,
    defaultOrdering: '-return_date',
    list: (companyId, filter, sort, window) => service.listSalesReturns(db, companyId, filter, sort, window),
    ofOrder: (orderId): SalesReturnFilter => ({ orderId }),
  });

  app.get(
    '/admin/sales_returns/:id',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: salesReturnOutput } },
    },
    async (request) => service.getSalesReturn(db, requirePrincipal(request).companyId, request.params.id),
  );

  documentHistoryRoute(app, {
    path: '/admin/sales_returns',
    tags,
    config: VIEW,
    history: (companyId, id) => service.salesReturnHistory(db, companyId, id),
  });

  app.post(
    '/admin/sales_returns/:id/cancel',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Cancels a return without a live credit note; restocked goods leave stock again (409 when they are no longer there).',
        params: idParams,
        body: cancelSalesReturnInput.optional(),
        response: { 200: salesReturnOutput },
      },
    },
    async (request) =>
      service.cancelSalesReturn({
        db,
        actor: requirePrincipal(request),
        returnId: request.params.id,
        reason: request.body?.reason,
      }),
  );
}
