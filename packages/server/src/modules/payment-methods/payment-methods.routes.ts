import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  paymentMethodOutput,
  paymentMethodsReorder,
  paymentMethodUpdate,
} from '@b2b/domain/api/payment-methods';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyRowPatch } from '../../http/company-row-patch.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './payment-methods.service.ts';

const tags = ['payment-methods'];
const methods = { tags, params: companyParams, response: pageOf(paymentMethodOutput) };

export async function paymentMethodsRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/payment_methods',
    { ...methods, cache: true, querystring: listQuery },
    async (request) => wholePage(await service.listPaymentMethods(db, request.params.companyId)),
  );

  companyRowPatch(app, {
    path: '/companies/:companyId/payment_methods/:id',
    permission: 'change_payment_method',
    tags,
    body: paymentMethodUpdate,
    response: paymentMethodOutput,
    update: (actor, methodId, changes) => service.updatePaymentMethod({ db, actor, methodId, changes }),
  });

  route(
    app,
    'POST /companies/:companyId/payment_methods/reorder',
    { ...methods, permission: 'change_payment_method', body: paymentMethodsReorder },
    async (request, actor) =>
      wholePage(await service.reorderPaymentMethods({ db, actor, positions: request.body.positions })),
  );
}
