import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { webhookRateLimit } from '../../http/webhook-rate-limit.ts';
import * as service from './email-events.service.ts';

const params = z.object({
  companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  token: z.string().min(1).max(200),
});

/**
 * POST /api/webhooks/email/{companyId}/{token}: e-mail providers' delivery reports (issue 23),
 * public like the SMS and WhatsApp webhooks, authenticated by the e-mail medium's webhook token in
 * the address.
 */
export async function emailEventsRoutes(app: Api) {
  const { ctx } = app;
  // Its own scope: the limiter is registered here only, for this route only.
  await app.register(async (scope) => {
    const limit = await webhookRateLimit(scope, service.EMAIL_EVENT_MESSAGES.too_many);
    emailEventsRoute(scope as unknown as Api, ctx, limit);
  });
}

function emailEventsRoute(app: Api, ctx: Api['ctx'], limit: Awaited<ReturnType<typeof webhookRateLimit>>) {
  app.post(
    '/webhooks/email/:companyId/:token',
    {
      config: { public: true },
      schema: {
        tags: ['campaign webhooks'],
        security: [],
        description:
          "E-mail delivery reports for campaign mail, named by the message's Message-ID: SendGrid's event webhook " +
          "(a JSON array; 'delivered', 'open', 'bounce', 'dropped', 'spamreport') or Amazon SES notifications through " +
          "SNS (Delivery, Bounce, Complaint, Open; a SubscriptionConfirmation is confirmed at Amazon's own SNS host). " +
          "A hard bounce fails the message as 'bounced' and later campaigns skip the address; a complaint opts the " +
          "contact out of e-mail. The path's token is the e-mail medium's webhook token (401 otherwise).",
        params,
        response: { 200: z.object({ received: z.number().int(), changed: z.number().int() }) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const { companyId, token } = request.params;
      await service.requireEmailToken(ctx, companyId, token);
      const parsed = service.parseEmailEvents(request.body);
      if (parsed.kind === 'sns_subscription') {
        await service.confirmSnsSubscription(parsed.subscribeUrl);
        return { received: 1, changed: 0 };
      }
      return {
        received: parsed.events.length,
        changed: await service.applyEmailEvents(ctx, companyId, parsed.events),
      };
    },
  );
}
