import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/** A position in the list: the created_at and id of the last row of a page. */
export interface NotificationKey {
  createdAt: Date;
  id: number;
}

/**
 * The permissions a reader holds (null: a Company Admin, who sees everything). A notification
 * with a permission is shown only to its holders; one without is everyone's.
 */
export type ReaderPermissions = readonly string[] | null;

const openOf = (db: Executor, companyId: number, reader: ReaderPermissions = null) => {
  const open = db
    .selectFrom('notifications')
    .where('company_id', '=', companyId)
    .where('resolved_at', 'is', null);
  if (reader === null) return open;
  return open.where((eb) =>
    reader.length === 0
      ? eb('permission', 'is', null)
      : eb.or([eb('permission', 'is', null), eb('permission', 'in', [...reader])]),
  );
};

/** One page of the company's open notifications, newest first, after `after` when given. */
export const listOpen = (
  db: Executor,
  companyId: number,
  limit: number,
  after?: NotificationKey,
  reader: ReaderPermissions = null,
) => {
  let query = openOf(db, companyId, reader).select([
    'id',
    'company_id',
    'created_at',
    'service',
    'notification_type',
    'message',
  ]);
  if (after) {
    query = query.where(
      sql<boolean>`(created_at, id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
};

export const countOpen = (db: Executor, companyId: number, reader: ReaderPermissions = null) =>
  openOf(db, companyId, reader)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/**
 * Writes a notification unless one with the same dedupe key is open (then nothing, and no row
 * comes back). Its timestamp is the clock's millisecond, made later than the company's newest
 * open notification if need be, so that two raised in the same millisecond (two products of one
 * adjustment) keep apart for the resolve call, which names one by timestamp and service.
 */
export const insertUnlessOpen = (
  db: Executor,
  values: {
    companyId: number;
    service: string;
    type: 'info' | 'warning' | 'error';
    message: string;
    dedupeKey: string | null;
    permission?: string | null;
  },
) =>
  db
    .insertInto('notifications')
    .values({
      company_id: values.companyId,
      service: values.service,
      notification_type: values.type,
      message: values.message,
      dedupe_key: values.dedupeKey,
      permission: values.permission ?? null,
      created_at: sql<Date>`greatest(
        date_trunc('milliseconds', clock_timestamp()),
        (SELECT max(n.created_at) + interval '1 millisecond' FROM notifications n
          WHERE n.company_id = ${values.companyId} AND n.resolved_at IS NULL)
      )`,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();

/** Resolves the open notification of a dedupe key, if there is one. */
export const resolveByKey = (db: Executor, companyId: number, dedupeKey: string, userId: number | null) =>
  db
    .updateTable('notifications')
    .set({ resolved_at: sql<Date>`now()`, resolved_by: userId })
    .where('company_id', '=', companyId)
    .where('dedupe_key', '=', dedupeKey)
    .where('resolved_at', 'is', null)
    .returning(['id'])
    .execute();

/** Resolves the open notifications with this timestamp and service (one, as timestamps keep apart). */
export const resolveByTimestamp = (
  db: Executor,
  companyId: number,
  createdAt: Date,
  service: string,
  userId: number,
  reader: ReaderPermissions = null,
) => {
  let query = db
    .updateTable('notifications')
    .set({ resolved_at: sql<Date>`now()`, resolved_by: userId })
    .where('company_id', '=', companyId)
    .where('created_at', '=', createdAt)
    .where('service', '=', service)
    .where('resolved_at', 'is', null);
  // Only a notification the user can see can be resolved by them.
  if (reader !== null)
    query = query.where((eb) =>
      reader.length === 0
        ? eb('permission', 'is', null)
        : eb.or([eb('permission', 'is', null), eb('permission', 'in', [...reader])]),
    );
  return query.returning(['id', 'notification_type']).execute();
};
