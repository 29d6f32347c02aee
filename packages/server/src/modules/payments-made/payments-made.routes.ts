import { listQuery } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  applyAdvanceInput,
  billPaymentMadeOutput,
  PAYMENT_MADE_CSV_COLUMNS,
  PAYMENT_MADE_MESSAGES,
  PAYMENT_MADE_ORDERINGS,
  paymentMadeDetailOutput,
  paymentMadeInput,
  paymentMadeListQuery,
  paymentMadeOutput,
} from '@b2b/domain/payments-made';
import { z } from 'zod';
import { validationError } from '../../core/errors.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { SORTABLE } from './payments-made.queries.ts';
import * as reads from './payments-made.reads.ts';
import * as service from './payments-made.service.ts';

const tags = ['payments made'];
const VIEW = 'view_payment_made';
const ORDERING = Object.fromEntries(PAYMENT_MADE_ORDERINGS.map((key) => [key, SORTABLE[key]]));

/**
 * Payments made to sellers (issue 19): the list (with `format=csv`), recording a payment against
 * the seller's bills (Idempotency-Key), one payment with its allocations, its void and its history.
 */
export async function paymentsMadeRoutes(app: Api) {
  const { db } = app.ctx;

  listRoute(
    app,
    '/admin/companies/:companyId/payments_made',
    {
      permission: VIEW,
      tags,
      description:
        'Payments made to sellers, newest payment date first; search by payment number, reference or seller name; filters seller, branch, status, start_date and end_date (payment date).',
      params: companyParams,
      querystring: listQuery.extend(paymentMadeListQuery.shape),
      item: paymentMadeOutput,
      order: [ORDERING, '-payment_date,-created_at'],
      csv: { name: 'payments-made', columns: PAYMENT_MADE_CSV_COLUMNS },
    },
    (request, sort, window, actor) => {
      const { query } = request;
      if (query.start_date && query.end_date && query.start_date > query.end_date)
        throw validationError('end_date', PAYMENT_MADE_MESSAGES.date_range);
      return reads.listPaymentsMade(
        db,
        actor.companyId,
        {
          branches: branchScope(actor),
          search: query.search,
          sellerId: query.seller,
          branchId: query.branch,
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
    '/admin/companies/:companyId/payments_made',
    {
      config: { permission: 'add_payment_made' },
      schema: {
        tags,
        description:
          'Records a payment to a seller against their received bills: the chosen `allocations`, or oldest bill first when left out. What no bill takes is refused unless `keep_excess_as_advance`. TDS is deducted per the company’s `tds_configuration`. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: paymentMadeInput,
        response: { 201: paymentMadeDetailOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createPaymentMade({ db: executor, actor, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/payments_made/:id',
    { permission: VIEW, cache: true, tags, params: recordParams, response: paymentMadeDetailOutput },
    async (request, actor) => reads.getPaymentMade(db, actor.companyId, request.params.id, actor),
  );

  route(
    app,
    'POST /admin/payments_made/:id/void',
    {
      permission: 'change_payment_made',
      tags,
      description: 'Voids a payment made: its allocations come off the bills again, which become due.',
      params: recordParams,
      response: paymentMadeDetailOutput,
    },
    async (request, actor) => service.voidPaymentMade({ db, actor, id: request.params.id }),
  );

  app.post(
    '/admin/payments_made/:id/apply_advance',
    {
      config: { permission: 'change_payment_made' },
      schema: {
        tags,
        description:
          'Applies the advance kept on a payment made to the seller’s open bills: the chosen `allocations`, or oldest bill first when left out. No TDS is deducted (the advance was paid in full). Send an `Idempotency-Key` header to make retries safe.',
        params: recordParams,
        body: applyAdvanceInput,
        response: { 200: paymentMadeDetailOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 200,
        body: await service.applyAdvance({ db: executor, actor, id: request.params.id, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/bills/:id/payments_made',
    {
      permission: 'view_bill',
      cache: true,
      tags,
      description:
        'The payments made that paid the bill (void ones too), oldest first, with the TDS of each.',
      params: recordParams,
      response: z.array(billPaymentMadeOutput),
    },
    async (request, actor) => reads.billPaymentsMade(db, actor, request.params.id),
  );

  route(
    app,
    'GET /admin/payments_made/:id/history',
    { permission: VIEW, cache: true, tags, params: recordParams, response: historyPageOutput },
    async (request, actor) => reads.paymentMadeHistory(db, actor.companyId, request.params.id, actor),
  );
}
