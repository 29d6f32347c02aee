import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/** The fields a browser's PushSubscription gives, with who registered it. */
export interface SubscriptionValues {
  companyId: number;
  salesChannelId: number;
  buyerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** The buyer's contact (kept in step with the buyer by the contacts triggers). */
export const buyerContactId = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('contacts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst()
    .then((row) => row?.id ?? null);

export const subscriptionByEndpoint = (db: Executor, companyId: number, endpoint: string) =>
  db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('endpoint', '=', endpoint)
    .forUpdate()
    .executeTakeFirst();

/**
 * Registers (or renews) a browser's subscription: the same endpoint again takes the new keys and
 * buyer and is live again. Returns the row's id and whether it was new.
 */
export const upsertSubscription = (db: Executor, values: SubscriptionValues, contactId: number | null) =>
  db
    .insertInto('push_subscriptions')
    .values({
      company_id: values.companyId,
      sales_channel_id: values.salesChannelId,
      buyer_id: values.buyerId,
      contact_id: contactId,
      endpoint: values.endpoint,
      p256dh: values.p256dh,
      auth: values.auth,
      user_agent: values.userAgent,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'endpoint']).doUpdateSet({
        sales_channel_id: values.salesChannelId,
        buyer_id: values.buyerId,
        contact_id: contactId,
        p256dh: values.p256dh,
        auth: values.auth,
        user_agent: values.userAgent,
        expired_at: null,
        updated_at: sql`now()`,
      }),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();

/** A live subscription of the company by id (a push message's recipient). */
export const liveSubscription = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('expired_at', 'is', null)
    .executeTakeFirst();

export const markSubscriptionSuccess = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('push_subscriptions')
    .set({ last_success_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** The push service says the browser dropped it (404/410), or the buyer unsubscribed: never used again. */
export const expireSubscription = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('push_subscriptions')
    .set({ expired_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('expired_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

/**
 * The recipient of a contact's push message, as SQL over the contact aliased `c` (for the send
 * loop's INSERT ... SELECT, beside the other mediums' addresses): the id (as text) of the
 * contact's newest live subscription, by the contact itself or by its buyer; null when it has none
 * (the message is skipped as no_address).
 */
export const PUSH_RECIPIENT_SQL = `(
    SELECT ps.id::text FROM push_subscriptions ps
     WHERE ps.company_id = c.company_id AND ps.expired_at IS NULL
       AND (ps.contact_id = c.id OR (c.buyer_id IS NOT NULL AND ps.buyer_id = c.buyer_id))
     ORDER BY ps.last_success_at DESC NULLS LAST, ps.created_at DESC, ps.id DESC
     LIMIT 1)`;

/** The same as a Kysely expression over contacts aliased `c`. */
export const pushRecipientSql = (): RawBuilder<string | null> =>
  sql<string | null>`${sql.raw(PUSH_RECIPIENT_SQL)}`;

/** The same for a list of contacts of one company: contact id -> recipient (contacts without one left out). */
export const pushRecipients = (db: Executor, companyId: number, contactIds: readonly number[]) =>
  contactIds.length === 0
    ? Promise.resolve(new Map<number, string>())
    : db
        .selectFrom('contacts as c')
        .select(['c.id', pushRecipientSql().as('recipient')])
        .where('c.company_id', '=', companyId)
        .where('c.id', 'in', contactIds)
        .execute()
        .then(
          (rows) =>
            new Map(rows.flatMap((r) => (r.recipient === null ? [] : [[r.id, r.recipient] as const]))),
        );
