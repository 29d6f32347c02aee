import {
  pushSubscriptionInput,
  pushSubscriptionOutput,
  pushUnsubscribeInput,
  vapidKeyOutput,
} from '@b2b/domain/api/push-subscriptions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import type { Storefront } from '../storefront/channel-credentials.ts';
import { authenticateChannel, identifyBuyer } from '../storefront/storefront-auth-routes.ts';
import * as service from './push-subscriptions.service.ts';

const tags = ['storefront'];
const SIGNED =
  ' Signed by the sales channel: headers X-Client-Id and X-Client-Secret, and X-Buyer-Id (or buyer in the body).';

const storefrontOf = (request: FastifyRequest): Storefront => {
  if (!request.storefront)
    throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  return request.storefront;
};

/**
 * The web store's Web Push registration (issue 23), beside the storefront API and signed the same
 * way (the sales channel's credentials and the buyer it acts for).
 */
export async function pushSubscriptionsRoutes(app: Api) {
  const { ctx } = app;
  await app.register(
    async (scope) => {
      const api = scope as unknown as Api;
      api.addHook('preHandler', authenticateChannel);
      api.addHook('preHandler', identifyBuyer);
      const config = { public: true };

      api.get(
        '/push-subscriptions/vapid-key',
        {
          config,
          schema: {
            tags,
            security: [],
            description: `The company's VAPID public key, the applicationServerKey of PushManager.subscribe(); 409 when push is not set up.${SIGNED}`,
            response: { 200: vapidKeyOutput },
          },
        },
        async (request) => ({
          vapid_public_key: await service.vapidPublicKey(ctx, storefrontOf(request).companyId),
        }),
      );

      api.post(
        '/push-subscriptions',
        {
          config,
          schema: {
            tags,
            security: [],
            description: `Registers the browser's PushSubscription (its toJSON(): endpoint and keys) for the buyer; the same endpoint again renews it. Push campaigns reach the buyer's contact on its newest live subscription.${SIGNED}`,
            body: pushSubscriptionInput,
            response: { 201: pushSubscriptionOutput },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await service.subscribe(ctx, storefrontOf(request), request.body)),
      );

      api.delete(
        '/push-subscriptions',
        {
          config,
          schema: {
            tags,
            security: [],
            description: `The browser unsubscribed: the subscription is no longer used (404 when the buyer has none with that endpoint).${SIGNED}`,
            body: pushUnsubscribeInput,
          },
        },
        async (request, reply) => {
          await service.unsubscribe(ctx, storefrontOf(request), request.body.endpoint);
          return reply.status(204).send();
        },
      );
    },
    { prefix: '/storefront' },
  );
}
