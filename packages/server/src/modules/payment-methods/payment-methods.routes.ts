import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  paymentMethodOutput,
  paymentMethodsReorder,
  paymentMethodUpdate,
} from '@b2b/domain/api/payment-methods';
import { z } from 'zod';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyRowPatch } from '../../http/company-row-patch.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './payment-methods.service.ts';

const tags = ['payment-methods'];
const companyParams = z.object({ companyId: idParam });

export async function paymentMethodsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/payment_methods',
    {
      config: { cache: true },
      schema: {
        tags,
        params: companyParams,
        querystring: listQuery,
        response: { 200: pageOf(paymentMethodOutput) },
      },
    },
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

  app.post(
    '/companies/:companyId/payment_methods/reorder',
    {
      config: { permission: 'change_payment_method' },
      schema: {
        tags,
        params: companyParams,
        body: paymentMethodsReorder,
        response: { 200: pageOf(paymentMethodOutput) },
      },
    },
    async (request) =>
      wholePage(
        await service.reorderPaymentMethods({
          db,
          actor: requirePrincipal(request),
          positions: request.body.positions,
        }),
      ),
  );
}
