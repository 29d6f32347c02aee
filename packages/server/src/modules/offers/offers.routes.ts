import { idParam } from '@b2b/domain/api/common';
import { booleanParam, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { offerCreate, offerOutput, offerUpdate } from '@b2b/domain/api/offers';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import * as service from './offers.service.ts';

const tags = ['offers'];
const params = z.object({ id: idParam });
const companyParams = z.object({ companyId: idParam });
const ORDERING = {
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
  title: 'o.title',
  coupon_code: 'o.coupon_code',
  start_date: 'o.start_date',
  end_date: 'o.end_date',
  is_active: 'o.is_active',
};

/**
 * Coupon offers: what quotations take by coupon code (admin/quotations/{id}/apply_coupon_code/).
 * The spec names no paths for offers, so they follow the API's style for a company's things.
 */
export async function offersRoutes(app: Api) {
  const { db } = app.ctx;

  app.post(
    '/companies/:companyId/offers',
    {
      config: { permission: 'add_offer' },
      schema: { tags, params: companyParams, body: offerCreate, response: { 201: offerOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createOffer({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/companies/:companyId/offers',
    {
      config: { permission: 'view_offer', cache: true },
      schema: {
        tags,
        params: companyParams,
        querystring: listQuery.extend({ is_active: booleanParam.optional() }),
        response: { 200: pageOf(offerOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listOffers({
          db,
          companyId: request.params.companyId,
          filter: { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        }),
      ),
  );

  app.get(
    '/offers/:id',
    {
      config: { permission: 'view_offer', cache: true },
      schema: { tags, params, response: { 200: offerOutput } },
    },
    async (request) => service.getOffer(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/offers/:id',
    {
      config: { permission: 'change_offer' },
      schema: { tags, params, body: offerUpdate, response: { 200: offerOutput } },
    },
    async (request) =>
      service.updateOffer({
        db,
        actor: requirePrincipal(request),
        offerId: request.params.id,
        changes: request.body,
      }),
  );
}
