import {
  CASHPOINT_HISTORY_DEFAULT,
  cashpointChangeOutput,
  cashpointChannelFilters,
  cashpointCreditInput,
  cashpointDebitInput,
  cashpointEntryOutput,
  cashpointSummaryOutput,
} from '@b2b/domain/api/cashpoints';
import { listQuery, MAX_PAGE } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { recordParams as buyerParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './cashpoints.service.ts';

const tags = ['cashpoints'];
const ORDERING = { created_at: 'e.created_at', amount: 'e.amount', expired_on: 'e.expired_on' };
const historyLimit = z.coerce.number().int().min(-1).max(MAX_PAGE).default(CASHPOINT_HISTORY_DEFAULT.limit);

export async function cashpointsRoutes(app: Api) {
  const { db } = app.ctx;

  listRoute(
    app,
    '/buyers/:id/cash_points_history',
    {
      permission: 'view_cashpoint',
      tags,
      params: buyerParams,
      querystring: listQuery.extend({ limit: historyLimit }).extend(cashpointChannelFilters.shape),
      item: cashpointEntryOutput,
      order: [ORDERING, CASHPOINT_HISTORY_DEFAULT.ordering],
    },
    (request, sort, window, actor) =>
      service.cashpointHistory(
        db,
        actor.companyId,
        request.params.id,
        request.query.sales_channel,
        sort,
        window,
      ),
  );

  route(
    app,
    'GET /admin/buyers/:id/cash_point',
    {
      permission: 'view_cashpoint',
      cache: true,
      tags,
      params: buyerParams,
      querystring: cashpointChannelFilters,
      response: cashpointSummaryOutput,
    },
    (request, actor) =>
      service.cashpointSummary(db, actor.companyId, request.params.id, request.query.sales_channel),
  );

  const change = { permission: 'add_cashpoint', tags, params: buyerParams, response: cashpointChangeOutput };
  route(
    app,
    'POST /buyers/:id/credit_cash_points',
    { ...change, body: cashpointCreditInput, status: 201 },
    (request, actor) =>
      service.creditCashpoints({ db, actor, buyerId: request.params.id, input: request.body }),
  );
  route(
    app,
    'POST /buyers/:id/debit_cash_points',
    { ...change, body: cashpointDebitInput, status: 201 },
    (request, actor) =>
      service.debitCashpoints({ db, actor, buyerId: request.params.id, input: request.body }),
  );
}
