import { booleanParam, listQuery } from '@b2b/domain/api/list-query';
import { offerCreate, offerOutput, offerUpdate } from '@b2b/domain/api/offers';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams as params } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './offers.service.ts';

const tags = ['offers'];
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

  route(
    app,
    'POST /companies/:companyId/offers',
    {
      permission: 'add_offer',
      tags,
      params: companyParams,
      body: offerCreate,
      response: offerOutput,
      status: 201,
    },
    (request, actor) => service.createOffer({ db, actor, input: request.body }),
  );

  listRoute(
    app,
    '/companies/:companyId/offers',
    {
      permission: 'view_offer',
      tags,
      params: companyParams,
      querystring: listQuery.extend({ is_active: booleanParam.optional() }),
      item: offerOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const filter = searchAndActive(request.query);
      return service.listOffers({ db, companyId: request.params.companyId, filter, sort, window });
    },
  );

  recordRead(app, '/offers/:id', { permission: 'view_offer', tags, response: offerOutput }, service.getOffer);

  route(
    app,
    'PATCH /offers/:id',
    { permission: 'change_offer', tags, params, body: offerUpdate, response: offerOutput },
    (request, actor) => service.updateOffer({ db, actor, offerId: request.params.id, changes: request.body }),
  );
}
