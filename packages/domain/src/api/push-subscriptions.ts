import { z } from 'zod';
import { id, timestamp } from './common.ts';

/**
 * Web Push subscriptions of the company's web store (issue 23): the store's page asks the browser
 * for a PushSubscription with the company's VAPID public key (GET storefront/push-subscriptions/
 * vapid-key) and registers it for the signed-in buyer (POST storefront/push-subscriptions, the
 * body being PushSubscription.toJSON()); push campaigns then reach the buyer's contact there.
 */

export const PUSH_SUBSCRIPTION_MESSAGES = {
  endpoint: 'endpoint must be the https:// address the browser gave (PushSubscription.endpoint).',
  keys: 'keys.p256dh and keys.auth must be the URL-safe base64 keys the browser gave.',
  not_configured: 'Push notifications are not set up for this store.',
  not_found: 'Push subscription not found.',
} as const;

const base64Url = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), PUSH_SUBSCRIPTION_MESSAGES.keys)
    .transform((value) => value.replace(/=+$/, ''));

const endpoint = z
  .url(PUSH_SUBSCRIPTION_MESSAGES.endpoint)
  .max(2000, PUSH_SUBSCRIPTION_MESSAGES.endpoint)
  .refine((value) => /^https?:\/\//.test(value), PUSH_SUBSCRIPTION_MESSAGES.endpoint);

export const pushSubscriptionInput = z
  .object({
    endpoint,
    /** PushSubscription.toJSON() gives it; the push service's own expiry, if any (not used). */
    expirationTime: z.number().nullish(),
    keys: z.object({ p256dh: base64Url(80, 100), auth: base64Url(16, 44) }).strict(),
    user_agent: z.string().trim().max(500).nullish(),
    /** The buyer, when the X-Buyer-Id header is not sent. */
    buyer: z.union([z.number(), z.string()]).optional(),
  })
  .strict();
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z
  .object({ endpoint, buyer: z.union([z.number(), z.string()]).optional() })
  .strict();

export const pushSubscriptionOutput = z.object({
  id,
  endpoint: z.string(),
  contact_id: id.nullable(),
  created_at: timestamp,
  expired_at: timestamp.nullable(),
});

export const vapidKeyOutput = z.object({ vapid_public_key: z.string() });
