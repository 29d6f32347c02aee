import { listQuery, valueList } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  PURCHASE_ORDER_CSV_COLUMNS,
  PURCHASE_ORDER_MESSAGES,
  PURCHASE_ORDER_ORDERINGS,
  PURCHASE_ORDER_STATUS_VALUES,
  purchaseOrderInput,
  purchaseOrderListQuery,
  purchaseOrderOutput,
  purchaseOrderSummaryOutput,
} from '@b2b/domain/purchase-orders';
import { validationError } from '../../core/errors.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { SORTABLE } from './purchase-orders.queries.ts';
import * as reads from './purchase-orders.reads.ts';
import * as service from './purchase-orders.service.ts';

const tags = ['purchase orders'];
const VIEW = 'view_purchase_order';
const CHANGE = 'change_purchase_order';
const ORDERING = Object.fromEntries(PURCHASE_ORDER_ORDERINGS.map((key) => [key, SORTABLE[key]]));

/**
 * Purchase orders to sellers (issue 19): the list (with `format=csv`), writing an order, its edit
 * while a draft, marking it sent, cancelling it and its history. Bills are made from an order by
 * POST admin/companies/{companyId}/bills with `purchase_order` and each line's `purchase_order_item`.
 */
export async function purchaseOrdersRoutes(app: Api) {
  const { db } = app.ctx;

  listRoute(
    app,
    '/admin/companies/:companyId/purchase_orders',
    {
      permission: VIEW,
      tags,
      description:
        'Purchase orders, newest order date first; search by order number, reference or seller name; filters seller, branch, status__in, start_date and end_date (order date).',
      params: companyParams,
      querystring: listQuery.extend({
        ...purchaseOrderListQuery.shape,
        status__in: valueList(PURCHASE_ORDER_STATUS_VALUES),
      }),
      item: purchaseOrderSummaryOutput,
      order: [ORDERING, '-order_date'],
      csv: { name: 'purchase-orders', columns: PURCHASE_ORDER_CSV_COLUMNS },
    },
    (request, sort, window, actor) => {
      const { query } = request;
      if (query.start_date && query.end_date && query.start_date > query.end_date)
        throw validationError('end_date', PURCHASE_ORDER_MESSAGES.date_range);
      return reads.listPurchaseOrders(
        db,
        actor.companyId,
        {
          branches: branchScope(actor),
          search: query.search,
          sellerId: query.seller,
          branchId: query.branch,
          statuses: query.status__in,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        sort,
        window,
      );
    },
  );

  app.post(
    '/admin/companies/:companyId/purchase_orders',
    {
      config: { permission: 'add_purchase_order' },
      schema: {
        tags,
        description:
          'Writes a purchase order to a seller as a draft, numbered PO/<FY>/<n>. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: purchaseOrderInput,
        response: { 201: purchaseOrderOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createPurchaseOrder({ db: executor, actor, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/purchase_orders/:id',
    { permission: VIEW, cache: true, tags, params: recordParams, response: purchaseOrderOutput },
    async (request, actor) => reads.getPurchaseOrder(db, actor.companyId, request.params.id, actor),
  );

  route(
    app,
    'PATCH /admin/purchase_orders/:id',
    {
      permission: CHANGE,
      tags,
      description: 'Edits a draft purchase order: the whole order again, its lines replaced.',
      params: recordParams,
      body: purchaseOrderInput,
      response: purchaseOrderOutput,
    },
    async (request, actor) =>
      service.editPurchaseOrder({ db, actor, id: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /admin/purchase_orders/:id/send',
    {
      permission: CHANGE,
      tags,
      description: 'Marks a draft purchase order as sent to the seller; it may then be billed.',
      params: recordParams,
      response: purchaseOrderOutput,
    },
    async (request, actor) => service.sendPurchaseOrder({ db, actor, id: request.params.id }),
  );

  route(
    app,
    'POST /admin/purchase_orders/:id/cancel',
    {
      permission: CHANGE,
      tags,
      description: 'Cancels a draft or sent purchase order of which nothing is billed (409 otherwise).',
      params: recordParams,
      response: purchaseOrderOutput,
    },
    async (request, actor) => service.cancelPurchaseOrder({ db, actor, id: request.params.id }),
  );

  route(
    app,
    'GET /admin/purchase_orders/:id/history',
    { permission: VIEW, cache: true, tags, params: recordParams, response: historyPageOutput },
    async (request, actor) => reads.purchaseOrderHistory(db, actor.companyId, request.params.id, actor),
  );
}
