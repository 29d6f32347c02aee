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

  app.patch(
    '/companies/:companyId/payment_methods/:id',
    {
      config: { permission: 'change_payment_method' },
      schema: {
        tags,
        params: z.object({ companyId: idParam, id: idParam }),
        body: paymentMethodUpdate,
        response: { 200: paymentMethodOutput },
      },
    },
    async (request) =>
      service.updatePaymentMethod({
        db,
        actor: requirePrincipal(request),
        methodId: request.params.id,
        changes: request.body,
      }),
  );

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
