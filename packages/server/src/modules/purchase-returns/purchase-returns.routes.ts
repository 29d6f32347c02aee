import { listQuery } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  billReturnableOutput,
  PURCHASE_RETURN_CSV_COLUMNS,
  PURCHASE_RETURN_MESSAGES,
  PURCHASE_RETURN_ORDERINGS,
  purchaseReturnInput,
  purchaseReturnListQuery,
  purchaseReturnOutput,
  purchaseReturnSummaryOutput,
  purchaseReturnVoidInput,
} from '@b2b/domain/purchase-returns';
import { validationError } from '../../core/errors.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { SORTABLE } from './purchase-returns.queries.ts';
import * as reads from './purchase-returns.reads.ts';
import * as service from './purchase-returns.service.ts';

const tags = ['purchase returns'];
const VIEW = 'view_purchase_return';
const ORDERING = Object.fromEntries(PURCHASE_RETURN_ORDERINGS.map((key) => [key, SORTABLE[key]]));

/**
 * Purchase returns (issue 19): the list (with `format=csv`), returning goods of a received bill
 * (which raises its debit note), one return, its void (with its note) and its history.
 */
export async function purchaseReturnsRoutes(app: Api) {
  const { db } = app.ctx;

  listRoute(
    app,
    '/admin/companies/:companyId/purchase_returns',
    {
      permission: VIEW,
      tags,
      description:
        'Purchase returns, newest first; search by return, bill or debit note number or seller name; filters seller, branch, bill, status, start_date and end_date (return date).',
      params: companyParams,
      querystring: listQuery.extend(purchaseReturnListQuery.shape),
      item: purchaseReturnSummaryOutput,
      order: [ORDERING, '-return_date,-created_at'],
      csv: { name: 'purchase-returns', columns: PURCHASE_RETURN_CSV_COLUMNS },
    },
    (request, sort, window, actor) => {
      const { query } = request;
      if (query.start_date && query.end_date && query.start_date > query.end_date)
        throw validationError('end_date', PURCHASE_RETURN_MESSAGES.date_range);
      return reads.listPurchaseReturns(
        db,
        actor.companyId,
        {
          branches: branchScope(actor),
          search: query.search,
          sellerId: query.seller,
          branchId: query.branch,
          billId: query.bill,
          status: query.status,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        sort,
        window,
      );
    },
  );

  app.post(
    '/admin/companies/:companyId/purchase_returns',
    {
      config: { permission: 'add_purchase_return' },
      schema: {
        tags,
        description:
          'Returns goods of a received bill: at most what each line billed less what was returned, out of the bill’s warehouse from the same batch. Raises the debit note (input GST reversed line by line) and applies it to the bill up to its balance. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: purchaseReturnInput,
        response: { 201: purchaseReturnOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createPurchaseReturn({ db: executor, actor, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/bills/:id/returnable_items',
    {
      permission: 'add_purchase_return',
      tags,
      description: 'Each line of the bill with the quantity billed, already returned and still returnable.',
      params: recordParams,
      response: billReturnableOutput,
    },
    async (request, actor) => service.billReturnable(db, actor, request.params.id),
  );

  route(
    app,
    'GET /admin/purchase_returns/:id',
    { permission: VIEW, cache: true, tags, params: recordParams, response: purchaseReturnOutput },
    async (request, actor) => reads.getPurchaseReturn(db, actor.companyId, request.params.id, actor),
  );

  route(
    app,
    'POST /admin/purchase_returns/:id/void',
    {
      permission: 'change_purchase_return',
      tags,
      description:
        'Voids the return and its debit note: the goods come back into stock, the credit comes off the bills. Refused once the seller refunded the note.',
      params: recordParams,
      body: purchaseReturnVoidInput.optional(),
      response: purchaseReturnOutput,
    },
    async (request, actor) =>
      service.voidPurchaseReturn({
        db,
        actor,
        id: request.params.id,
        ...(request.body?.reason && { reason: request.body.reason }),
      }),
  );

  route(
    app,
    'GET /admin/purchase_returns/:id/history',
    { permission: VIEW, cache: true, tags, params: recordParams, response: historyPageOutput },
    async (request, actor) => reads.purchaseReturnHistory(db, actor.companyId, request.params.id, actor),
  );
}
