import webpush from 'web-push';
import { historyWriter } from '../../history/history.service.ts';
import {
  expireSubscription,
  liveSubscription,
  markSubscriptionSuccess,
} from '../../push-subscriptions/push-subscriptions.queries.ts';
import type { MessageSender, SendOutcome } from './sender.ts';

/**
 * Web Push to the company's web store: the message's recipient is a push subscription's id; the
 * `web-push` package signs the request with the company's VAPID keys (RFC 8292) and encrypts the
 * payload for the browser (RFC 8291, aes128gcm); the request itself goes by fetch with a timeout.
 * The browser's service worker shows {title, body} and opens `url` on a tap. A push service that
 * answers 404 or 410 has dropped the subscription: it is marked expired and never used again.
 */

const TIMEOUT_MS = 15_000;
/** A promotion a day late is still worth showing; older than that it is not. */
const TTL_SECONDS = 24 * 60 * 60;
const str = (value: unknown) => (value == null ? '' : String(value));
const recordSubscriptionHistory = historyWriter('push_subscription');

/** How a push service's answer is recorded (404/410 also expire the subscription, in the sender). */
export function pushOutcome(status: number, location: string | null): SendOutcome {
  if (status >= 200 && status < 300)
    return { kind: 'sent', providerMessageId: location, providerStatus: 'Submitted' };
  if (status === 404 || status === 410)
    return {
      kind: 'permanent',
      error: `The push service answered ${status}: the browser's subscription has expired.`,
      skipReason: 'invalid',
    };
  if (status === 429 || status >= 500)
    return { kind: 'temporary', error: `The push service answered ${status}.` };
  return { kind: 'permanent', error: `The push service refused the message (${status}).` };
}

export const pushSender: MessageSender = {
  medium: 'push_notification',
  async open(settings, deps) {
    const vapidDetails = {
      subject: str(settings.vapid_subject),
      publicKey: str(settings.vapid_public_key),
      privateKey: str(settings.vapid_private_key),
    };
    return {
      async send(message) {
        if (!deps) return { kind: 'temporary', error: 'The push sender was opened without the database.' };
        const id = /^[1-9]\d{0,15}$/.test(message.recipient) ? Number(message.recipient) : null;
        const subscription = id === null ? undefined : await liveSubscription(deps.db, message.companyId, id);
        if (!subscription)
          return {
            kind: 'permanent',
            error: 'The push subscription has expired or does not exist.',
            skipReason: 'invalid',
          };
        const payload = JSON.stringify({
          title: message.rendered.title ?? '',
          body: message.rendered.text ?? '',
          url: message.rendered.link_url ?? null,
        });
        let request: ReturnType<typeof webpush.generateRequestDetails>;
        try {
          request = webpush.generateRequestDetails(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            payload,
            { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
          );
        } catch (error) {
          return {
            kind: 'permanent',
            error: `The push message could not be made: ${(error as Error).message}`,
          };
        }
        const headers = Object.fromEntries(
          Object.entries(request.headers)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        );
        let outcome: SendOutcome;
        try {
          const response = await fetch(request.endpoint, {
            method: request.method,
            headers,
            body: request.body ? new Uint8Array(request.body) : undefined,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await response.arrayBuffer().catch(() => undefined);
          outcome = pushOutcome(response.status, response.headers.get('location'));
        } catch (error) {
          return {
            kind: 'temporary',
            error: `The push service could not be reached: ${(error as Error).message}`,
          };
        }
        if (outcome.kind === 'sent')
          await markSubscriptionSuccess(deps.db, message.companyId, subscription.id);
        if (outcome.kind === 'permanent' && outcome.skipReason === 'invalid') {
          const expired = await expireSubscription(deps.db, message.companyId, subscription.id);
          if (expired)
            await recordSubscriptionHistory(
              deps.db,
              { companyId: message.companyId, userId: null },
              subscription.id,
              'expired',
              { way: 'push_service_gone', campaign_id: message.campaignId },
            );
        }
        return outcome;
      },
      async close() {},
    };
  },
};
