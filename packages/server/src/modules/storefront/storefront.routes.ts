import { bidOutput, quotationBidsOutput } from '@b2b/domain/api/bids';
import { policyOutput } from '@b2b/domain/api/companies';
import { pageOf } from '@b2b/domain/api/list-query';
import {
  cartBuyerBody,
  cartCouponInput,
  cartItemInput,
  cartItemParams,
  cartItemPatch,
  cartOutput,
  checkoutOutput,
  storefrontBidInput,
  storefrontProduct,
  storefrontProductsQuery,
  storefrontQuotation,
  storefrontQuotationsQuery,
} from '@b2b/domain/api/storefront';
import { storefrontSupportCenter as supportCenterOutput } from '@b2b/domain/api/whatsapp-support';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { page } from '../../http/page-links.ts';
import { recordParams } from '../../http/path-params.ts';
import { type RouteSpec, routeOptions, type TypedRequest } from '../../http/route.ts';
import * as bids from '../bids/bids.service.ts';
import { getPolicy } from '../companies/companies.service.ts';
import { storefrontSupportCenter } from '../support-center/support-center.service.ts';
import type { Storefront } from './channel-credentials.ts';
import * as service from './storefront.service.ts';
import { authenticateChannel, identifyBuyer } from './storefront-auth-routes.ts';

const tags = ['storefront'];

const STOREFRONT_DESCRIPTION =
  'Signed by the sales channel: headers X-Client-Id and X-Client-Secret (POST sales_channels/{id}/credentials), ' +
  'and X-Buyer-Id (or buyer in the body) naming the buyer the channel acts for.';

/**
 * One storefront route: public to the session guard (no user signs it), signed instead by the
 * channel's credentials (the plugin's hooks below); the handler gets the channel and its buyer.
 */
function storefrontRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodVoid,
>(
  app: Api,
  endpoint: `${Uppercase<HTTPMethods>} /${string}`,
  spec: RouteSpec<P, Q, B, R>,
  handler: (
    request: TypedRequest<P, Q, B>,
    storefront: Storefront,
    reply: FastifyReply,
  ) => Promise<z.input<R>>,
) {
  const [method, url] = endpoint.split(' ') as [HTTPMethods, string];
  const options = routeOptions({
    ...spec,
    description: `${spec.description ?? ''} ${STOREFRONT_DESCRIPTION}`.trim(),
  });
  app.route({
    method,
    url,
    config: { ...options.config, public: true },
    schema: { ...options.schema, security: [] },
    handler: async (request, reply) => {
      const storefront = request.storefront;
      if (!storefront)
        throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
      const answer = await handler(request as TypedRequest<P, Q, B>, storefront, reply);
      return spec.status === 201 ? reply.status(201).send(answer) : answer;
    },
  });
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', PAYMENT_MESSAGES.idempotency_key_invalid, {
      errors: { 'Idempotency-Key': [PAYMENT_MESSAGES.idempotency_key_invalid] },
    });
  }
  return key;
}

/**
 * The buyer-facing API of the sales channels (issue 20), under /api/storefront: the catalog the
 * buyer may see and the buyer's cart, checked out into an order through the order path.
 */
export async function storefrontRoutes(app: Api) {
  const { db } = app.ctx;

  await app.register(
    async (scope) => {
      const sf = scope as unknown as Api;
      sf.addHook('preHandler', authenticateChannel);
      sf.addHook('preHandler', identifyBuyer);

      storefrontRoute(
        sf,
        'GET /products',
        {
          tags,
          description:
            'The catalog the buyer sees: live products visible to buyers, of no sales channel or this one, of no buyer ' +
            'group or one of the buyer\u2019s; stock only where the product and the buyer expose it, from warehouses ' +
            'that are not private. search by name or SKU; limit, offset.',
          querystring: storefrontProductsQuery,
          response: pageOf(storefrontProduct),
        },
        async (request, storefront) => {
          const window = pageWindow(request.query);
          const { count, results } = await service.listCatalog(db, storefront, window, request.query.search);
          return page(request, window, count, results);
        },
      );

      storefrontRoute(
        sf,
        'GET /cart',
        {
          tags,
          description:
            'The buyer\u2019s cart in progress, priced with offers and its coupon (a read never makes a cart).',
          response: cartOutput,
        },
        async (_request, storefront) => service.readCart(db, storefront),
      );

      storefrontRoute(
        sf,
        'POST /cart/items',
        {
          tags,
          description: 'Adds a product the buyer may see to the cart (to its line when it has one).',
          body: cartItemInput,
          response: cartOutput,
        },
        async (request, storefront) => service.addItem(db, storefront, request.body),
      );

      storefrontRoute(
        sf,
        'PATCH /cart/items/:itemId',
        {
          tags,
          description: 'Sets the quantity of a line of the cart.',
          params: cartItemParams,
          body: cartItemPatch,
          response: cartOutput,
        },
        async (request, storefront) =>
          service.setItemQuantity(db, storefront, request.params.itemId, request.body.quantity),
      );

      storefrontRoute(
        sf,
        'DELETE /cart/items/:itemId',
        {
          tags,
          description: 'Removes a line from the cart.',
          params: cartItemParams,
          body: cartBuyerBody,
          response: cartOutput,
        },
        async (request, storefront) => service.removeItem(db, storefront, request.params.itemId),
      );

      storefrontRoute(
        sf,
        'POST /cart/coupon',
        {
          tags,
          description:
            'Applies a coupon to the cart: 400 with the reason when it does not apply to this cart and buyer.',
          body: cartCouponInput,
          response: cartOutput,
        },
        async (request, storefront) => service.applyCoupon(db, storefront, request.body.code),
      );

      storefrontRoute(
        sf,
        'DELETE /cart/coupon',
        {
          tags,
          description: 'Removes the coupon from the cart.',
          body: cartBuyerBody,
          response: cartOutput,
        },
        async (_request, storefront) => service.removeCoupon(db, storefront),
      );

      storefrontRoute(
        sf,
        'POST /cart/checkout',
        {
          tags,
          description:
            'Places the cart as an order through the order path (stock, credit limit and coupon rules as for any ' +
            'order). With an Idempotency-Key, the same key again answers the same order (header idempotent-replayed).',
          body: cartBuyerBody,
          response: checkoutOutput,
          status: 201,
        },
        async (request, storefront, reply) => {
          const answer = await service.checkout(db, storefront, idempotencyKey(request));
          if (answer.replayed) reply.header('idempotent-replayed', 'true');
          return answer.body;
        },
      );

      storefrontRoute(
        sf,
        'GET /quotations',
        {
          tags,
          description:
            'The quotations sent to the buyer (submitted, not yet ordered), newest first: number, date, total and ' +
            'how many lines. limit, offset.',
          querystring: storefrontQuotationsQuery,
          response: pageOf(storefrontQuotation),
        },
        async (request, storefront) => {
          const window = pageWindow(request.query);
          const { count, results } = await bids.channelQuotations(db, storefront, window);
          return page(request, window, count, results);
        },
      );

      storefrontRoute(
        sf,
        'GET /quotations/:id/bids',
        {
          tags,
          description:
            'The bidding range of each product of a quotation sent to the buyer, and the bids placed on it ' +
            '(as GET admin/quotations/{id}/bids).',
          params: recordParams,
          response: quotationBidsOutput,
        },
        async (request, storefront) => bids.channelQuotationBids(db, storefront, request.params.id),
      );

      storefrontRoute(
        sf,
        'POST /quotations/:id/bids',
        {
          tags,
          description:
            'The buyer proposes a rate for a product of a quotation sent to it, by the rule of admin bids: within the ' +
            "bidding range it is accepted and becomes the rate of the product's lines; below the floor it waits for " +
            'approval by a user. 409 once the quotation is ordered.',
          params: recordParams,
          body: storefrontBidInput,
          response: bidOutput,
          status: 201,
        },
        async (request, storefront) =>
          bids.placeChannelBid({ db, storefront, quotationId: request.params.id, input: request.body }),
      );

      storefrontRoute(
        sf,
        'GET /support_center',
        {
          tags,
          description:
            'How the buyer reaches the company: support phone, e-mail and WhatsApp, the hours of each weekday and the ' +
            'FAQ in order (the support center of /campaign-configuration/support-center).',
          response: supportCenterOutput,
        },
        async (_request, storefront) => storefrontSupportCenter(db, storefront.companyId),
      );

      storefrontRoute(
        sf,
        'GET /policy',
        {
          tags,
          description:
            "The company's terms and conditions and its privacy policy, for the buyers' app (the texts of the " +
            'Policy page, /policy; blank until written, updated_at null then).',
          response: policyOutput,
        },
        async (_request, storefront) => getPolicy(db, storefront.companyId),
      );
    },
    { prefix: '/storefront' },
  );
}
