import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { webhookRateLimit } from '../../http/webhook-rate-limit.ts';
import { applySupportReceipts, receiveIncoming } from '../whatsapp-support/whatsapp-support.service.ts';
import * as service from './campaign-webhooks.service.ts';

/**
 * The providers' webhooks (issue 23), under /api/webhooks: public (no one signs in), outside the
 * marketing switch's scope but refusing a company without marketing (403). A company's id alone
 * posts nothing: WhatsApp notifications must carry Meta's signature made with the company's app
 * secret, and the SMS callbacks' address carries the company's webhook token.
 *
 *   GET  /api/webhooks/whatsapp/{companyId}                  Meta's subscription check
 *   POST /api/webhooks/whatsapp/{companyId}                  statuses and incoming messages
 *   GET|POST /api/webhooks/sms/{companyId}/{token}           Gupshup delivery reports
 *   GET|POST /api/webhooks/sms/{companyId}/{token}/inbound   Gupshup incoming SMS (STOP)
 *
 * Each address may make 1,200 requests a minute to these, counted together, as on the e-mail
 * events webhook (http/webhook-rate-limit.ts); the next gets 429 before anything is read.
 */

const tags = ['campaign webhooks'];

const companyParams = z.object({
  companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const smsParams = companyParams.extend({ token: z.string().min(1).max(200) });

const verifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(4096).optional(),
  // Echoed back as text: printable ASCII only.
  'hub.challenge': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'hub.challenge must be 1 to 200 printable characters.')
    .optional(),
});

const reportQuery = z.record(
  z.string(),
  z.union([z.string().max(2000), z.array(z.string().max(2000)).max(5)]),
);

const received = z.object({ received: z.number().int(), changed: z.number().int() });

/** The raw bytes of each request's body in this scope (Meta signs the bytes, not the parsed JSON). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * JSON and form bodies read as bytes, kept for the signature check, then parsed here: a body that
 * is not JSON is a 400 with a sentence. The parsed body still passes the edge checks (NUL bytes,
 * lone surrogates) every route has.
 */
function registerRawParsers(scope: FastifyInstance) {
  scope.removeContentTypeParser(['application/json']);
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    if (raw.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(new AppError('bad_request', service.WEBHOOK_MESSAGES.json), undefined);
    }
  });
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      done(null, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
    },
  );
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** One value per query key (a repeated key keeps its first). */
const firstValues = (query: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

export async function campaignWebhooksRoutes(app: Api) {
  const { ctx } = app;
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', await webhookRateLimit(scope, service.WEBHOOK_MESSAGES.too_many));
      registerRawParsers(scope);
      const api = scope as unknown as Api;

      api.get(
        '/whatsapp/:companyId',
        {
          config: { public: true },
          schema: {
            tags,
            security: [],
            description:
              "Meta's webhook subscription check: with hub.mode=subscribe and the company's webhook verify token " +
              '(WhatsApp medium), answers hub.challenge as text; 403 when the token does not match.',
            params: companyParams,
            querystring: verifyQuery,
          },
        },
        async (request, reply) => {
          const challenge = await service.verifyWhatsappSubscription(ctx, request.params.companyId, {
            mode: request.query['hub.mode'],
            token: request.query['hub.verify_token'],
            challenge: request.query['hub.challenge'],
          });
          return reply.type('text/plain; charset=utf-8').send(challenge);
        },
      );

      api.post(
        '/whatsapp/:companyId',
        {
          config: { public: true },
          schema: {
            tags,
            security: [],
            description:
              'WhatsApp Cloud API notifications: message statuses (sent, delivered, read, failed) move the ' +
              'campaign or support message with that wamid forward only; incoming messages go to the WhatsApp ' +
              "support inbox once per wamid (Meta re-delivers); an incoming 'STOP' or 'UNSUBSCRIBE' opts the " +
              'contact out of WhatsApp. X-Hub-Signature-256 must be the HMAC-SHA256 of the raw body with the ' +
              "company's app secret: 401 otherwise, and nothing is written.",
            params: companyParams,
            response: { 200: received },
          },
        },
        async (request) => {
          const { companyId } = request.params;
          const raw = rawBodies.get(request) ?? Buffer.alloc(0);
          const settings = await service.whatsappForSignedBody(
            ctx,
            companyId,
            raw,
            header(request, 'x-hub-signature-256'),
          );
          const events = service.whatsappEvents(request.body, String(settings.phone_number_id ?? ''));
          const changed = await service.applyReceipts(ctx, companyId, 'whatsapp', events.receipts);
          const answered = await applySupportReceipts(ctx, companyId, events.receipts);
          const optedOut = await service.applyReplies(ctx, companyId, 'whatsapp', events.replies);
          const inbox = await receiveIncoming(ctx, companyId, events.incoming);
          return {
            received: events.receipts.length + Math.max(events.replies.length, events.incoming.length),
            changed: changed + answered + optedOut + inbox,
          };
        },
      );

      const reports = async (request: FastifyRequest<{ Params: z.output<typeof smsParams> }>) => {
        const { companyId, token } = request.params;
        await service.requireSmsToken(ctx, companyId, token);
        const input =
          request.method === 'GET'
            ? firstValues(request.query as Record<string, string | string[]>)
            : request.body;
        const receipts = service.gupshupReports(input);
        return {
          received: receipts.length,
          changed: await service.applyReceipts(ctx, companyId, 'sms', receipts),
        };
      };
      const reportSpec = (method: string) => ({
        config: { public: true },
        schema: {
          tags,
          security: [],
          description:
            `Gupshup's real-time delivery reports (${method}): externalId, status (SUCCESS, FAILURE, UNKNOWN), cause, ` +
            'errCode, deliveredTS as the query or a form, or a JSON array of events {externalId, eventType, eventTs, ' +
            "cause, errCode}. The path's token is the SMS medium's webhook token (401 otherwise).",
          params: smsParams,
          ...(method === 'GET' && { querystring: reportQuery }),
          response: { 200: received },
        },
      });
      api.get('/sms/:companyId/:token', reportSpec('GET'), reports);
      api.post('/sms/:companyId/:token', reportSpec('POST'), reports);

      const inbound = async (request: FastifyRequest<{ Params: z.output<typeof smsParams> }>) => {
        const { companyId, token } = request.params;
        await service.requireSmsToken(ctx, companyId, token);
        const input =
          request.method === 'GET'
            ? firstValues(request.query as Record<string, string | string[]>)
            : request.body;
        const reply = service.gupshupReply(input);
        const optedOut = reply ? await service.applyReplies(ctx, companyId, 'sms', [reply]) : 0;
        return { received: reply ? 1 : 0, changed: optedOut };
      };
      const inboundSpec = (method: string) => ({
        config: { public: true },
        schema: {
          tags,
          security: [],
          description:
            `Incoming SMS forwarded by Gupshup's keyword response URL (${method}): msisdn, keyword, content. ` +
            "'STOP' or 'UNSUBSCRIBE' opts the contacts with that phone out of SMS. The path's token is the SMS " +
            "medium's webhook token (401 otherwise).",
          params: smsParams,
          ...(method === 'GET' && { querystring: reportQuery }),
          response: { 200: received },
        },
      });
      api.get('/sms/:companyId/:token/inbound', inboundSpec('GET'), inbound);
      api.post('/sms/:companyId/:token/inbound', inboundSpec('POST'), inbound);
    },
    { prefix: '/webhooks' },
  );
}
