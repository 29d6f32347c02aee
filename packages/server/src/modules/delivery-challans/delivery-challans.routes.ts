import { idParam } from '@b2b/domain/api/common';
import {
  DELIVERY_CHALLAN_ORDERINGS,
  deliveryChallanCreate,
  deliveryChallanInvoiceInput,
  deliveryChallanListQuery,
  deliveryChallanOutput,
  deliveryChallanSummaryOutput,
} from '@b2b/domain/api/delivery-challans';
import { listQuery, pageOf, valueList } from '@b2b/domain/api/list-query';
import { DELIVERY_CHALLAN_STATUSES } from '@b2b/domain/delivery-challans';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope, hasPermission } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import { documentHistoryRoute } from '../sales-documents/document-routes.ts';
import { SORTABLE } from './delivery-challans.queries.ts';
import * as service from './delivery-challans.service.ts';

const tags = ['delivery challans'];
const challanParams = z.object({ id: idParam });
const ORDERING = Object.fromEntries(DELIVERY_CHALLAN_ORDERINGS.map((key) => [key, SORTABLE[key]]));

/**
 * Delivery challans: the spec's list call (admin/companies/{companyId}/delivery_challans/, expand
 * seller_branch and buyer_branch, status__in); creating, reading and the actions follow the API's
 * style. Every action moves stock through the ledger under the challan's row lock.
 */
export async function deliveryChallansRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/admin/companies/:companyId/delivery_challans',
    {
      config: { cache: true, permission: 'view_delivery_challan' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend({
          ...deliveryChallanListQuery.shape,
          status__in: valueList(DELIVERY_CHALLAN_STATUSES),
        }),
        response: { 200: pageOf(deliveryChallanSummaryOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const sort = parseOrdering(query.ordering, ORDERING, '-challan_date');
      const { count, results } = await service.listChallans(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          search: query.search,
          statuses: query.status__in,
          purpose: query.purpose,
          buyerId: query.buyer,
          warehouseId: query.warehouse,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/admin/companies/:companyId/delivery_challans',
    {
      config: { permission: 'add_delivery_challan' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: deliveryChallanCreate,
        response: { 201: deliveryChallanOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createChallan({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/admin/delivery_challans/:id',
    {
      config: { cache: true, permission: 'view_delivery_challan' },
      schema: { tags, params: challanParams, response: { 200: deliveryChallanOutput } },
    },
    async (request) => service.getChallan(db, requirePrincipal(request).companyId, request.params.id),
  );

  documentHistoryRoute(app, {
    path: '/admin/delivery_challans',
    tags,
    config: { permission: 'view_delivery_challan' },
    history: (companyId, id) => service.challanHistory(db, companyId, id),
  });

  for (const [path, action] of [
    ['deliver', service.deliverChallan],
    ['return', service.returnChallan],
    ['cancel', service.cancelChallan],
  ] as const) {
    app.post(
      `/admin/delivery_challans/:id/${path}`,
      {
        config: { permission: 'change_delivery_challan' },
        schema: { tags, params: challanParams, response: { 200: deliveryChallanOutput } },
      },
      async (request) => action({ db, actor: requirePrincipal(request), id: request.params.id }),
    );
  }

  app.post(
    '/admin/delivery_challans/:id/invoice',
    {
      config: { permission: 'change_delivery_challan' },
      schema: {
        tags,
        params: challanParams,
        body: deliveryChallanInvoiceInput,
        response: { 200: deliveryChallanOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      // Converting sells the goods: it needs the right to create invoices as well.
      if (!hasPermission(actor, 'add_invoice'))
        throw new AppError('permission_denied', INVOICE_MESSAGES.forbidden_create);
      return service.invoiceChallan({ db, actor, id: request.params.id, input: request.body });
    },
  );
}
