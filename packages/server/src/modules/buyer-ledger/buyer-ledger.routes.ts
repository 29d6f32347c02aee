import {
  type TRANSACTION_ORDERINGS,
  transactionCreate,
  transactionCreated,
  transactionListFilters,
  transactionOutput,
} from '@b2b/domain/api/buyers';
import { listQuery } from '@b2b/domain/api/list-query';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './buyer-ledger.service.ts';

const tags = ['buyers'];

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

  listRoute(
    app,
    '/admin/companies/:companyId/transactions',
    {
      permission: 'view_buyer',
      tags,
      params: companyParams,
      querystring: transactionListQuery,
      item: transactionOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const q = request.query;
      const entryTypes = [...(q.entry_type ? [q.entry_type] : []), ...(q.entry_type__in ?? [])];
      const filter = {
        branches: branchScope(actor),
        buyerId: q.buyer,
        entryTypes: entryTypes.length ? entryTypes : undefined,
        startDate: q.start_date,
        endDate: q.end_date,
        paymentMethodId: q.payment_method,
        branchId: q.branch,
      };
      return service.listTransactions(db, request.params.companyId, filter, sort, window);
    },
  );

  // Recording money against a buyer changes the buyer's account.
  route(
    app,
    'POST /admin/companies/:companyId/transactions',
    {
      permission: 'change_buyer',
      tags,
      params: companyParams,
      body: transactionCreate,
      response: transactionCreated,
      status: 201,
    },
    (request, actor) => service.recordTransaction({ db, actor, input: request.body }),
  );
}
