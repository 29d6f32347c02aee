import { idParam } from '@b2b/domain/api/common';
import { idList, listQuery, pageOf, valueList } from '@b2b/domain/api/list-query';
import {
  cancelInput,
  directOrderInput,
  editOrderPreviewOutput,
  generateOrderInput,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  quotationOutput,
  reorderPreviewOutput,
  type SALES_ORDER_ORDERINGS,
  salesOrderListQuery,
  salesOrderOutput,
  salesOrderSummaryOutput,
  salesOrderUpdate,
} from '@b2b/domain/api/sales-orders';
import { ORDER_INVOICING_VALUES } from '@b2b/domain/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { type ZodType, z } from 'zod';
import type { Principal } from '../../core/principal.ts';
import { branchScope } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { cursorParam, type KeysetSort, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { sendCsvStream } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
import { salesDocumentDeliveryRoutes } from '../quotations/sales-document-delivery.routes.ts';
import { documentCommentRoute, documentHistoryRoute } from '../sales-documents/document-routes.ts';
import { addComment, cancelOrder, confirmOrder, holdOrder, updateOrder } from './change-order.ts';
import { editOrder, initiateEditOrder, previewEditOrder } from './edit-order.ts';
import type { OrderFilter } from './order-list.queries.ts';
import { getOrder, listOrders, orderHistory, orderToPrint } from './order-reads.ts';
import { ORDER_LINES_REPORT_HEADER, ORDER_REPORT_HEADER, orderReportRows } from './order-report.ts';
import { generateDirectOrder, generateFulfilmentOrders, generateOrder } from './place-order.ts';
import { initiateReorder, previewReorder } from './reorder.ts';

const tags = ['orders'];
const companyParams = z.object({ companyId: idParam });
const orderParams = z.object({ id: idParam });

/** What an order's verb is called with. */
type OrderVerb = { db: Database; actor: Principal; id: number };

/** API ordering field -> SQL expression over the orders alias `o` and its type (for cursors). */
const ORDERING: Record<(typeof SALES_ORDER_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  order_date: { expression: 'o.order_date', type: 'date' },
  created_at: { expression: 'o.created_at', type: 'timestamptz' },
  order_number: { expression: 'o.order_number', type: 'text' },
  order_total: { expression: 'o.total_paise', type: 'bigint' },
  status: { expression: 'o.status', type: 'text' },
};
/** The spec: the order list is sorted by order date, newest first (ties: the newest order first). */
const DEFAULT_ORDERING = '-order_date';

/** The list's and the report's filters, checked. */
const orderFilterQuery = z.object({
  ...salesOrderListQuery.shape,
  status__in: valueList(ORDER_STATUSES),
  payment_status__in: valueList(PAYMENT_STATUSES),
  sales_person__in: idList.optional(),
  sales_channel__in: idList.optional(),
  payment_method__in: idList.optional(),
  seller_branch__in: idList.optional(),
  invoicing__in: valueList(ORDER_INVOICING_VALUES),
  search: listQuery.shape.search,
});

const filterOf = (q: z.infer<typeof orderFilterQuery>): OrderFilter => ({
  statuses: q.status__in,
  paymentStatuses: q.payment_status__in,
  salesPersonIds: q.sales_person__in,
  salesChannelIds: q.sales_channel__in,
  paymentMethodIds: q.payment_method__in,
  branchIds: q.seller_branch__in,
  invoicing: q.invoicing__in,
  buyerId: q.buyer,
  startDate: q.start_date,
  endDate: q.end_date,
  search: q.search,
});

/**
 * Sales orders (spec 1, section 7 "Orders and quotations"), and the calls that turn quotations
 * into orders. State changes are verbs (confirm, hold, cancel, edit) decided by the domain's state
 * machine under the order's row lock.
 */
export async function salesOrdersRoutes(app: Api) {
  const { db } = app.ctx;

  // -------------------------------------------------------------------------------------------
  // Quotations into orders

  app.post(
    '/admin/quotations/:id/generate_order',
    {
      config: { permission: 'add_order' },
      schema: {
        tags,
        params: orderParams,
        body: generateOrderInput.optional(),
        response: { 201: salesOrderOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await generateOrder({
          db,
          actor: requirePrincipal(request),
          quotationId: request.params.id,
          instant: request.body?.instant ?? false,
        }),
      ),
  );

  app.post(
    '/admin/companies/:companyId/generate_order',
    {
      config: { permission: 'add_order' },
      schema: {
        tags,
        description:
          'Places the form as an order in one step (its quotation is kept for the record, not listed); a refused order leaves nothing behind. `instant` also invoices it.',
        params: companyParams,
        body: directOrderInput,
        response: { 201: salesOrderOutput },
      },
    },
    async (request, reply) => {
      const { instant = false, ...input } = request.body;
      return reply
        .status(201)
        .send(await generateDirectOrder({ db, actor: requirePrincipal(request), input, instant }));
    },
  );

  app.post(
    '/v1/admin/quotations/:id/generate_fulfilment_order',
    {
      config: { permission: 'add_order' },
      schema: { tags, params: orderParams, response: { 201: z.array(salesOrderOutput) } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await generateFulfilmentOrders({
          db,
          actor: requirePrincipal(request),
          quotationId: request.params.id,
        }),
      ),
  );

  app.post(
    '/admin/quotations/:id/edit_order',
    {
      config: { permission: 'change_order' },
      schema: { tags, params: orderParams, response: { 201: salesOrderOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await editOrder({ db, actor: requirePrincipal(request), quotationId: request.params.id })),
  );

  // -------------------------------------------------------------------------------------------
  // Orders

  app.get(
    '/admin/companies/:companyId/orders',
    {
      config: { cache: true, permission: 'view_order' },
      schema: {
        tags,
        description:
          'Orders, newest order date first; `cursor=` (empty) starts keyset paging, then follow next/previous.',
        params: companyParams,
        querystring: listQuery.extend({ ...orderFilterQuery.shape, cursor: cursorParam }),
        response: { 200: pageOf(salesOrderSummaryOutput) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = keysetSort(q.ordering, ORDERING, DEFAULT_ORDERING);
      return offsetOrKeysetPage(request, q, sort, (window) =>
        listOrders(
          db,
          request.params.companyId,
          { ...filterOf(q), branches: branchScope(requirePrincipal(request)) },
          sort,
          window,
        ),
      );
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { cache: true, permission: 'view_order' },
      schema: { tags, params: orderParams, response: { 200: salesOrderOutput } },
    },
    async (request) => getOrder(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/admin/orders/:id',
    {
      config: { permission: 'change_order' },
      schema: { tags, params: orderParams, body: salesOrderUpdate, response: { 200: salesOrderOutput } },
    },
    async (request) =>
      updateOrder({
        db,
        actor: requirePrincipal(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  salesDocumentDeliveryRoutes(app, {
    kind: 'sales_order',
    path: '/admin/orders',
    sharedPath: '/shared/orders',
    notFound: 'Order Not Found',
    tags,
    view: { permission: 'view_order' },
    change: { permission: 'change_order' },
    read: orderToPrint,
  });

  documentHistoryRoute(app, {
    path: '/admin/orders',
    tags,
    config: { permission: 'view_order' },
    history: (companyId, id) => orderHistory(db, companyId, id),
  });

  for (const [action, run] of [
    ['confirm', confirmOrder],
    ['hold', holdOrder],
  ] as const) {
    app.post(
      `/admin/orders/:id/${action}`,
      {
        config: { permission: 'change_order' },
        schema: { tags, params: orderParams, response: { 200: salesOrderOutput } },
      },
      async (request) => run({ db, actor: requirePrincipal(request), id: request.params.id }),
    );
  }

  app.post(
    '/admin/orders/:id/cancel',
    {
      config: { permission: 'change_order' },
      schema: {
        tags,
        params: orderParams,
        body: cancelInput.optional(),
        response: { 200: salesOrderOutput },
      },
    },
    async (request) =>
      cancelOrder({
        db,
        actor: requirePrincipal(request),
        id: request.params.id,
        reason: request.body?.reason,
      }),
  );

  documentCommentRoute(app, {
    path: '/admin/orders',
    tags,
    config: { permission: 'change_order' },
    addComment: (actor, id, comment) => addComment({ db, actor, id, comment }),
  });

  /**
   * GET admin/orders/{id}/<action> (the spec's call) shows what the action would make without
   * storing it; POST makes it (or opens the one already open), which the quotation form then edits.
   */
  function previewAndStart(
    action: string,
    options: {
      permission: string;
      preview: { description: string; output: ZodType; run: (verb: OrderVerb) => Promise<unknown> };
      start: {
        description: string;
        status: 200 | 201;
        output: ZodType;
        run: (verb: OrderVerb) => Promise<unknown>;
      };
    },
  ) {
    const { permission, preview, start } = options;
    app.get(
      `/admin/orders/:id/${action}`,
      {
        config: { permission },
        schema: {
          tags,
          description: preview.description,
          params: orderParams,
          response: { 200: preview.output },
        },
      },
      async (request) => preview.run({ db, actor: requirePrincipal(request), id: request.params.id }),
    );
    app.post(
      `/admin/orders/:id/${action}`,
      {
        config: { permission },
        schema: {
          tags,
          description: start.description,
          params: orderParams,
          response: { [start.status]: start.output },
        },
      },
      async (request, reply) =>
        reply
          .status(start.status)
          .send(await start.run({ db, actor: requirePrincipal(request), id: request.params.id })),
    );
  }

  previewAndStart('initiate_edit_order', {
    permission: 'change_order',
    preview: {
      description: 'The edit quotation’s terms (and its id when an edit is already open); nothing is stored.',
      output: editOrderPreviewOutput,
      run: previewEditOrder,
    },
    start: {
      description: 'Opens the order’s edit quotation (or the one already open), which the form edits.',
      status: 200,
      output: quotationOutput,
      run: initiateEditOrder,
    },
  });

  previewAndStart('initiate_reorder', {
    permission: 'add_quotation',
    preview: {
      description: 'The draft quotation a re-order would make, at today’s prices; nothing is stored.',
      output: reorderPreviewOutput,
      run: previewReorder,
    },
    start: {
      description: 'Makes the re-order’s draft quotation, which the quotation form then edits.',
      status: 201,
      output: quotationOutput,
      run: initiateReorder,
    },
  });

  app.get(
    '/admin/reports/order_details_report',
    {
      config: { permission: 'view_order' },
      schema: {
        tags,
        description:
          'CSV of the list’s filters, streamed: one row per order with its figures (taxable value, taxes, total, invoiced amount); `csv_rows=lines`: one row per order item with its order’s fields.',
        querystring: orderFilterQuery.extend({
          csv_rows: z
            .enum(['orders', 'lines'])
            .optional()
            .describe('orders (default): a row per order; lines: a row per order item'),
        }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const filter = { ...filterOf(request.query), branches: branchScope(principal) };
      const rows = request.query.csv_rows ?? 'orders';
      return sendCsvStream(
        reply,
        `${rows === 'lines' ? 'order-lines' : 'order-details'}-${todayInIndia()}.csv`,
        rows === 'lines' ? ORDER_LINES_REPORT_HEADER : ORDER_REPORT_HEADER,
        orderReportRows(db, principal.companyId, filter, rows),
      );
    },
  );
}
