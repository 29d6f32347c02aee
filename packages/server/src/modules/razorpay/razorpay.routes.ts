import {
  invoicePaymentLinkOutput,
  paymentLinkOutput,
  razorpayAccountOutput,
  razorpayCheckOutput,
  razorpayConnect,
  razorpayWebhookOutput,
} from '@b2b/domain/api/razorpay';
import { RAZORPAY_MESSAGES as M } from '@b2b/domain/razorpay';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { onceForKey } from '../../http/idempotency.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { webhookRateLimit } from '../../http/webhook-rate-limit.ts';
import * as service from './razorpay.service.ts';

const tags = ['razorpay'];

/** The browser's origin (behind a proxy, what it forwards): the webhook address shown to the user. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The raw bytes of each webhook body (Razorpay signs the bytes, not the parsed JSON). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

function registerRawJson(scope: FastifyInstance) {
  scope.removeContentTypeParser(['application/json']);
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    if (raw.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(new AppError('bad_request', M.webhook_json), undefined);
    }
  });
}

/**
 * /razorpay-authentication (issue 26): the company's Razorpay account, payment links on invoices,
 * and Razorpay's webhook.
 */
export async function razorpayRoutes(app: Api) {
  const { ctx } = app;
  const account = '/companies/:companyId/razorpay_account';

  route(
    app,
    `GET ${account}`,
    {
      permission: 'view_configuration',
      tags,
      description:
        "The company's Razorpay account: its key id, whether the key secret and webhook secret are configured (never their values), the webhook address to give Razorpay, and the last Check connection.",
      params: companyParams,
      response: razorpayAccountOutput,
    },
    (request, actor) => service.getAccount(ctx, actor.companyId, originOf(request)),
  );

  route(
    app,
    `PUT ${account}`,
    {
      permission: 'change_configuration',
      tags,
      description:
        'Connects a Razorpay account by its key id, key secret and webhook secret (stored encrypted), replacing an earlier one.',
      params: companyParams,
      body: razorpayConnect,
      response: razorpayAccountOutput,
    },
    (request, actor) =>
      service.connectAccount({ ctx, actor, input: request.body, origin: originOf(request) }),
  );

  route(
    app,
    `POST ${account}/check`,
    {
      permission: 'change_configuration',
      tags,
      description:
        'Check connection: asks Razorpay whether it accepts the key pair (GET /v1/payments) and keeps the outcome; 409 when no account is connected.',
      params: companyParams,
      response: razorpayCheckOutput,
    },
    (request, actor) => service.checkAccount({ ctx, actor, origin: originOf(request) }),
  );

  route(
    app,
    `DELETE ${account}`,
    {
      permission: 'change_configuration',
      tags,
      description: 'Disconnects the Razorpay account (its secrets are deleted; links already made stay).',
      params: companyParams,
      response: razorpayAccountOutput,
    },
    (request, actor) => service.disconnectAccount({ ctx, actor, origin: originOf(request) }),
  );

  route(
    app,
    'GET /admin/invoices/:id/payment_link',
    {
      permission: 'view_invoice',
      tags,
      description:
        "The invoice's latest Razorpay payment link (null when none) and whether Razorpay is connected.",
      params: recordParams,
      response: invoicePaymentLinkOutput,
    },
    (request, actor) => service.invoicePaymentLink(ctx, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/invoices/:id/payment_link',
    {
      permission: 'add_payment_received',
      tags,
      description:
        'A Razorpay payment link for the balance due (POST /v1/payment_links), or the live one when it asks for exactly that; 409 when Razorpay is not connected, the invoice is cancelled or nothing is due.',
      params: recordParams,
      response: paymentLinkOutput,
    },
    (request, actor) => service.createInvoicePaymentLink({ ctx, actor, invoiceId: request.params.id }),
  );

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', await webhookRateLimit(scope, M.too_many));
      registerRawJson(scope);
      const api = scope as unknown as Api;
      api.post(
        '/razorpay/:companyId',
        {
          config: { public: true },
          schema: {
            tags,
            security: [],
            description:
              "Razorpay's webhook (payment_link.paid, payment.captured). X-Razorpay-Signature must be the HMAC-SHA256 of the raw body with the company's webhook secret: 401 otherwise, and nothing is written. A captured payment is recorded once as a payment received against its invoice (Idempotency-Key from the Razorpay payment id); other events are acknowledged.",
            params: companyParams,
            response: { 200: razorpayWebhookOutput },
          },
        },
        async (request) => {
          const { companyId } = request.params;
          const signature = request.headers['x-razorpay-signature'];
          const { event, paid } = await service.verifiedWebhook(
            ctx,
            companyId,
            rawBodies.get(request) ?? Buffer.alloc(0),
            Array.isArray(signature) ? signature[0] : signature,
            request.body,
          );
          if (!paid) return { event, recorded: false, payment: null };
          const key = service.webhookKey(companyId, paid);
          // The payment, its history and the stored answer commit in one transaction.
          const outcome = await onceForKey(ctx.db, key.row, key.hash, (tx) =>
            service.recordCapturedPayment(tx, companyId, paid),
          );
          if (!outcome.replayed) companyChanged(companyId);
          return outcome.answer.body as service.WebhookAnswer;
        },
      );
    },
    { prefix: '/webhooks' },
  );
}
