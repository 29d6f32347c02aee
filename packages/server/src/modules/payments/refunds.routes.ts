import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  type REFUND_ORDERINGS,
  refundCreate,
  refundListFilters,
  refundOutput,
} from '@b2b/domain/api/payments';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { page } from '../../http/page-links.ts';
import { getRefund, listRefunds } from './payment-reads.ts';
import { companyParams, idParams, RECORD, tags, VIEW } from './payments.route-config.ts';
import { createRefund } from './refunds.ts';

const REFUND_ORDERING: Record<(typeof REFUND_ORDERINGS)[number], string> = {
  refund_date: 'r.refund_date',
  created_at: 'r.created_at',
  amount: 'r.amount_paise',
  refund_number: 'r.refund_number',
};

/** Refunds paid to buyers: of a payment's unallocated balance here, of credit notes from the credit note. */
export async function refundsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/admin/companies/:companyId/refunds',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'Refunds paid to buyers (of over-payments and of credit notes), newest first.',
        params: companyParams,
        querystring: listQuery.extend(refundListFilters.shape),
        response: { 200: pageOf(refundOutput) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = parseOrdering(q.ordering, REFUND_ORDERING, '-refund_date,-created_at');
      const window = pageWindow(q);
      const { count, results } = await listRefunds(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          buyerId: q.buyer,
          paymentId: q.payment,
          startDate: q.start_date,
          endDate: q.end_date,
          search: q.search,
        },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/admin/companies/:companyId/refunds',
    {
      config: RECORD,
      schema: {
        tags,
        description:
          'Pays back part or all of a payment’s unallocated balance (never more). Credit-note refunds are made from the credit note.',
        params: companyParams,
        body: refundCreate,
        response: { 201: refundOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await createRefund({ db: executor, actor, input: request.body }),
      }));
    },
  );

  app.get(
    '/admin/refunds/:id',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: refundOutput } },
    },
    async (request) => getRefund(db, requirePrincipal(request).companyId, request.params.id),
  );
}
