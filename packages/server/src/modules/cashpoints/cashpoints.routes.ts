import {
  CASHPOINT_HISTORY_DEFAULT,
  cashpointChangeOutput,
  cashpointChannelFilters,
  cashpointCreditInput,
  cashpointDebitInput,
  cashpointEntryOutput,
  cashpointSummaryOutput,
} from '@b2b/domain/api/cashpoints';
import { idParam } from '@b2b/domain/api/common';
import { listQuery, MAX_PAGE, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import * as service from './cashpoints.service.ts';

const tags = ['cashpoints'];
const buyerParams = z.object({ id: idParam });
const ORDERING = { created_at: 'e.created_at', amount: 'e.amount', expired_on: 'e.expired_on' };

export async function cashpointsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/buyers/:id/cash_points_history',
    {
      config: { cache: true, permission: 'view_cashpoint' },
      schema: {
        tags,
        params: buyerParams,
        querystring: listQuery
          .extend({
            limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(CASHPOINT_HISTORY_DEFAULT.limit),
          })
          .extend(cashpointChannelFilters.shape),
        response: { 200: pageOf(cashpointEntryOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, CASHPOINT_HISTORY_DEFAULT.ordering, (sort, window) =>
        service.cashpointHistory(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          request.query.sales_channel,
          sort,
          window,
        ),
      ),
  );

  app.get(
    '/admin/buyers/:id/cash_point',
    {
      config: { cache: true, permission: 'view_cashpoint' },
      schema: {
        tags,
        params: buyerParams,
        querystring: cashpointChannelFilters,
        response: { 200: cashpointSummaryOutput },
      },
    },
    async (request) =>
      service.cashpointSummary(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        request.query.sales_channel,
      ),
  );

  app.post(
    '/buyers/:id/credit_cash_points',
    {
      config: { permission: 'add_cashpoint' },
      schema: {
        tags,
        params: buyerParams,
        body: cashpointCreditInput,
        response: { 201: cashpointChangeOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.creditCashpoints({
          db,
          actor: requirePrincipal(request),
          buyerId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/buyers/:id/debit_cash_points',
    {
      config: { permission: 'add_cashpoint' },
      schema: {
        tags,
        params: buyerParams,
        body: cashpointDebitInput,
        response: { 201: cashpointChangeOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.debitCashpoints({
          db,
          actor: requirePrincipal(request),
          buyerId: request.params.id,
          input: request.body,
        }),
      ),
  );
}
