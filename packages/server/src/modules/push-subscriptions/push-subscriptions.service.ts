import { PUSH_SUBSCRIPTION_MESSAGES, type PushSubscriptionInput } from '@b2b/domain/api/push-subscriptions';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import type { AppContext } from '../../app-context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { isMarketingEnabled } from '../marketing/marketing.queries.ts';
import { openedMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import { assertProviderUrl } from '../marketing-mediums/provider-url.ts';
import type { Storefront } from '../storefront/channel-credentials.ts';
import * as queries from './push-subscriptions.queries.ts';

type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;

const recordSubscriptionHistory = historyWriter('push_subscription');
const isProduction = () => process.env.NODE_ENV === 'production';
const system = (storefront: Storefront) => ({ companyId: storefront.companyId, userId: null });

/** The company's VAPID public key, when marketing is on and push is set up; 403/409 otherwise. */
export async function vapidPublicKey(ctx: Context, companyId: number): Promise<string> {
  if (!(await isMarketingEnabled(ctx.db, companyId)))
    throw new AppError('permission_denied', MARKETING_DISABLED_MESSAGE);
  const settings = await openedMedium(ctx, companyId, 'push_notification').catch(() => undefined);
  if (!settings?.is_enabled || !settings.vapid_private_key || !settings.vapid_public_key)
    throw new AppError('conflict', PUSH_SUBSCRIPTION_MESSAGES.not_configured);
  return String(settings.vapid_public_key);
}

/** The push service address is called by the server: https to a public host (a local one outside production). */
function assertEndpoint(endpoint: string) {
  try {
    assertProviderUrl('endpoint', endpoint, { production: isProduction() });
  } catch {
    throw validationError('endpoint', PUSH_SUBSCRIPTION_MESSAGES.endpoint);
  }
}

/**
 * Registers the browser's subscription for the buyer the channel acts for (the same endpoint again
 * renews it: new keys, live again). The buyer's contact becomes the subscription's contact.
 */
export async function subscribe(ctx: Context, storefront: Storefront, input: PushSubscriptionInput) {
  await vapidPublicKey(ctx, storefront.companyId);
  assertEndpoint(input.endpoint);
  return inTransaction(ctx.db, async (tx) => {
    const contactId = await queries.buyerContactId(tx, storefront.companyId, storefront.buyer.id);
    const saved = await queries.upsertSubscription(
      tx,
      {
        companyId: storefront.companyId,
        salesChannelId: storefront.channel.id,
        buyerId: storefront.buyer.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: input.user_agent ?? null,
      },
      contactId,
    );
    await recordSubscriptionHistory(
      tx,
      system(storefront),
      saved.id,
      saved.inserted ? 'created' : 'renewed',
      {
        buyer_id: storefront.buyer.id,
        sales_channel_id: storefront.channel.id,
      },
    );
    const row = await queries.subscriptionByEndpoint(tx, storefront.companyId, input.endpoint);
    if (!row) throw new AppError('not_found', PUSH_SUBSCRIPTION_MESSAGES.not_found);
    return {
      id: row.id,
      endpoint: row.endpoint,
      contact_id: row.contact_id,
      created_at: row.created_at,
      expired_at: row.expired_at,
    };
  });
}

/** The browser unsubscribed: the subscription is expired (404 when the buyer has no such subscription). */
export async function unsubscribe(ctx: Context, storefront: Storefront, endpoint: string) {
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.subscriptionByEndpoint(tx, storefront.companyId, endpoint);
    if (!row || row.buyer_id !== storefront.buyer.id)
      throw new AppError('not_found', PUSH_SUBSCRIPTION_MESSAGES.not_found);
    if (row.expired_at) return;
    await queries.expireSubscription(tx, storefront.companyId, row.id);
    await recordSubscriptionHistory(tx, system(storefront), row.id, 'expired', { way: 'unsubscribed' });
  });
}
