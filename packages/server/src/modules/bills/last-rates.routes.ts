import { lastRatesOutput, lastRatesQuery } from '@b2b/domain/purchase-orders';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { lastRates } from './last-rates.ts';

/** GET admin/companies/{companyId}/bills/last_rates?seller=&products=1,2 (view_bill). */
export function lastRatesRoute(app: Api) {
  const { db } = app.ctx;
  route(
    app,
    'GET /admin/companies/:companyId/bills/last_rates',
    {
      permission: 'view_bill',
      tags: ['bills'],
      description:
        "The last purchase rate (excluding GST) of each product asked about, from the latest received bill: the seller's own when `seller` is given and it has billed the product, else any seller's. Products never billed are left out.",
      params: companyParams,
      querystring: lastRatesQuery,
      response: lastRatesOutput,
    },
    async (request, actor) => ({
      results: await lastRates(db, actor.companyId, {
        productIds: request.query.products,
        sellerId: request.query.seller,
        branches: branchScope(actor),
      }),
    }),
  );
}
