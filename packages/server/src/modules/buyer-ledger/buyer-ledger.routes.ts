import {
  type TRANSACTION_ORDERINGS,
  transactionCreate,
  transactionCreated,
  transactionListFilters,
  transactionOutput,
} from '@b2b/domain/api/buyers';
import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import * as service from './buyer-ledger.service.ts';

const tags = ['buyers'];
const companyParams = z.object({ companyId: idParam });

/** API ordering field -> column over the ledger alias `e`. */
const ORDERING: Record<(typeof TRANSACTION_ORDERINGS)[number], string> = {
  created_at: 'e.created_at',
  date: 'e.entry_date',
  amount: '(e.debit_paise + e.credit_paise)',
};

const transactionListQuery = listQuery.extend(transactionListFilters.shape);

/** The buyer ledger: every line of every buyer, and hand-recorded transactions. */
export async function buyerLedgerRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/admin/companies/:companyId/transactions',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: {
        tags,
        params: companyParams,
        querystring: transactionListQuery,
        response: { 200: pageOf(transactionOutput) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = parseOrdering(q.ordering, ORDERING, '-created_at');
      const window = pageWindow(q);
      const entryTypes = [...(q.entry_type ? [q.entry_type] : []), ...(q.entry_type__in ?? [])];
      const { count, results } = await service.listTransactions(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          buyerId: q.buyer,
          entryTypes: entryTypes.length ? entryTypes : undefined,
          startDate: q.start_date,
          endDate: q.end_date,
          paymentMethodId: q.payment_method,
          branchId: q.branch,
        },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/admin/companies/:companyId/transactions',
    {
      // Recording money against a buyer changes the buyer's account.
      config: { permission: 'change_buyer' },
      schema: { tags, params: companyParams, body: transactionCreate, response: { 201: transactionCreated } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.recordTransaction({ db, actor: requirePrincipal(request), input: request.body })),
  );
}
