import { idParam } from '@b2b/domain/api/common';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  cancelSalesReturnInput,
  createSalesReturnInput,
  initiateSalesReturnOutput,
  salesReturnListQuery,
  salesReturnOutput,
  salesReturnSummaryOutput,
} from '@b2b/domain/api/sales-returns';
import {
  SALES_RETURN_MESSAGES,
  SALES_RETURN_STATUSES,
  type SalesReturnStatus,
} from '@b2b/domain/sales-returns';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { csvList, listQuery, page, pageOf, pageWindow, parseOrdering } from '../../http/list-params.ts';
import type { SalesReturnFilter } from './sales-returns.queries.ts';
import * as service from './sales-returns.service.ts';

const tags = ['sales returns'];
const companyParams = z.object({ companyId: idParam });
const idParams = z.object({ id: idParam });

const ORDERING = {
  return_date: 'r.return_date',
  created_at: 'r.created_at',
  return_number: 'r.return_number',
};

const statusList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const values = csvList(value);
    const unknown = values.find((v) => !(SALES_RETURN_STATUSES as readonly string[]).includes(v));
    if (unknown) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown value '${unknown}'. Allowed: ${SALES_RETURN_STATUSES.join(', ')}.`,
      });
      return z.NEVER;
    }
    return values as SalesReturnStatus[];
  });

const listFilterQuery = listQuery.extend({ ...salesReturnListQuery.shape, status__in: statusList });

const filterOf = (q: z.infer<typeof listFilterQuery>): SalesReturnFilter => ({
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

const VIEW = { permission: 'view_sales_return', forbidden: SALES_RETURN_MESSAGES.forbidden_view } as const;
const CREATE = { permission: 'add_sales_return', forbidden: SALES_RETURN_MESSAGES.forbidden_create } as const;
const UPDATE = {
  permission: 'change_sales_return',
  forbidden: SALES_RETURN_MESSAGES.forbidden_update,
} as const;

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

  app.get(
    '/admin/companies/:companyId/sales_returns',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description:
          'Sales returns, newest return date first; search by return number, reference, invoice number or buyer; filters invoice, order, buyer, status__in, disposition, is_cancelled, start_date, end_date.',
        params: companyParams,
        querystring: listFilterQuery,
        response: { 200: pageOf(salesReturnSummaryOutput) },
      },
    },
    async (request) => {
      const q = request.query;
      const window = pageWindow(q);
      const sort = parseOrdering(q.ordering, ORDERING, '-return_date');
      const { count, results } = await service.listSalesReturns(
        db,
        request.params.companyId,
        filterOf(q),
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/admin/orders/:id/sales_returns',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'The order’s sales returns, newest first.',
        params: idParams,
        querystring: listQuery,
        response: { 200: pageOf(salesReturnSummaryOutput) },
      },
    },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      await service.assertOrderExists(db, companyId, request.params.id);
      const q = request.query;
      const window = pageWindow(q);
      const sort = parseOrdering(q.ordering, ORDERING, '-created_at');
      const { count, results } = await service.listSalesReturns(
        db,
        companyId,
        { orderId: request.params.id },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/admin/sales_returns/:id',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: salesReturnOutput } },
    },
    async (request) => service.getSalesReturn(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/admin/sales_returns/:id/history',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: historyPageOutput } },
    },
    async (request) => service.salesReturnHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

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
