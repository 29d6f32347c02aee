import { booleanParam, listQuery } from '@b2b/domain/api/list-query';
import {
  COUPON_CODE_CSV_COLUMNS,
  couponCodeOutput,
  couponCodesGenerate,
  OFFER_MESSAGES,
  OFFER_ORDERINGS,
  offerCreate,
  offerListQuery,
  offerOutput,
  offerUpdate,
  REDEMPTION_CSV_COLUMNS,
  REDEMPTION_ORDERINGS,
  redemptionListQuery,
  redemptionOutput,
} from '@b2b/domain/api/offers';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { validationError } from '../../core/errors.ts';
import { parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { sendListCsv } from '../../http/list-csv.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams as params } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { CODE_SORTABLE, OFFER_SORTABLE, REDEMPTION_SORTABLE } from './offers.queries.ts';
import * as service from './offers.service.ts';

const tags = ['offers'];

/** An end day before the start day is a 400 on end_date (a list's query cannot carry the check). */
function checkRange(query: { start_date?: string; end_date?: string }) {
  if (query.start_date && query.end_date && query.start_date > query.end_date) {
    throw validationError('end_date', OFFER_MESSAGES.date_range);
  }
}
const pick = (keys: readonly string[], columns: Record<string, string>) =>
  Object.fromEntries(keys.map((key) => [key, columns[key] as string]));
const OFFER_ORDER = pick(OFFER_ORDERINGS, OFFER_SORTABLE);
const REDEMPTION_ORDER = pick(REDEMPTION_ORDERINGS, REDEMPTION_SORTABLE);

/**
 * Offers (issue 20): product and cart offers with their coupon codes, redemptions and the coupon
 * report. Besides add_offer / view_offer / change_offer on the route, each offer needs the
 * permission of its kind (add_product_offer, view_cart_offer, ...), checked by the service. The
 * spec names no paths for offers, so they follow the API's style for a company's things.
 */
export async function offersRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'POST /companies/:companyId/offers',
    {
      permission: 'add_offer',
      tags,
      description:
        'Creates a product or cart offer. coupon_mode shared: one code (given, or made from coupon_length, prefix and suffix); unique: coupon_count codes, each usable once; none: applies by itself.',
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
      description:
        'Offers of the kinds the caller may view, newest first; search by title or code; filters kind, status (active, scheduled, expired, exhausted, inactive, as of today in India) and is_active.',
      params: companyParams,
      querystring: listQuery.extend({ ...offerListQuery.shape, is_active: booleanParam.optional() }),
      item: offerOutput,
      order: [OFFER_ORDER, '-created_at'],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      const filter = { ...searchAndActive(query), kind: query.kind, status: query.status };
      return service.listOffers({ db, actor, filter, sort, window });
    },
  );

  route(
    app,
    'GET /offers/:id',
    { permission: 'view_offer', cache: true, tags, params, response: offerOutput },
    (request, actor) => service.getOffer(db, actor, request.params.id),
  );

  route(
    app,
    'GET /offers/:id/history',
    { permission: 'view_offer', cache: true, tags, params, response: historyPageOutput },
    (request, actor) => service.offerHistory(db, actor, request.params.id),
  );

  route(
    app,
    'PATCH /offers/:id',
    {
      permission: 'change_offer',
      tags,
      description:
        'Changes any field of the offer but its kind and coupon mode; a list replaces the stored one. A new shared code replaces the old one while no order has used it.',
      params,
      body: offerUpdate,
      response: offerOutput,
    },
    (request, actor) => service.updateOffer({ db, actor, offerId: request.params.id, changes: request.body }),
  );

  listRoute(
    app,
    '/offers/:id/coupon_codes',
    {
      permission: 'view_offer',
      tags,
      description: 'The offer’s coupon codes with their uses (redeemed orders); search by code.',
      params,
      querystring: listQuery,
      item: couponCodeOutput,
      order: [CODE_SORTABLE, 'created_at'],
      csv: { name: 'coupon-codes', columns: COUPON_CODE_CSV_COLUMNS },
    },
    (request, sort, window, actor) =>
      service.listCodes({
        db,
        actor,
        offerId: request.params.id,
        search: request.query.search,
        sort,
        window,
      }),
  );

  app.get(
    '/offers/:id/coupon_codes/export',
    {
      config: { permission: 'view_offer' },
      schema: {
        tags,
        description: 'Every coupon code of the offer as a CSV file: code, max uses, uses, created.',
        params,
        querystring: listQuery.pick({ ordering: true, search: true }),
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const offerId = request.params.id;
      await service.assertCodesVisible(db, actor, offerId);
      const sort = parseOrdering(request.query.ordering, CODE_SORTABLE, 'created_at');
      return sendListCsv(
        reply,
        `coupon-codes-${offerId}-${todayInIndia()}.csv`,
        COUPON_CODE_CSV_COLUMNS,
        (window) => service.listCodes({ db, actor, offerId, search: request.query.search, sort, window }),
      );
    },
  );

  route(
    app,
    'POST /offers/:id/coupon_codes',
    {
      permission: 'change_offer',
      tags,
      description:
        'Generates `count` more unique codes for an offer with unique codes (409 for another mode).',
      params,
      body: couponCodesGenerate,
      response: offerOutput,
      status: 201,
    },
    (request, actor) =>
      service.generateCodes({ db, actor, offerId: request.params.id, count: request.body.count }),
  );

  listRoute(
    app,
    '/offers/:id/redemptions',
    {
      permission: 'view_offer',
      tags,
      description:
        'The orders the offer gave something on, newest first; filters status (redeemed, released), start_date and end_date (day of the redemption in India).',
      params,
      querystring: listQuery.extend(redemptionListQuery.shape),
      item: redemptionOutput,
      order: [REDEMPTION_ORDER, '-created_at'],
      csv: { name: 'offer-redemptions', columns: REDEMPTION_CSV_COLUMNS },
    },
    (request, sort, window, actor) => {
      const { query } = request;
      checkRange(query);
      const filter = { status: query.status, startDate: query.start_date, endDate: query.end_date };
      return service.listRedemptions({ db, actor, offerId: request.params.id, filter, sort, window });
    },
  );
}
