import {
  NOTIFICATION_MESSAGES,
  type NotificationList,
  notificationResolvedMessage,
} from '@b2b/domain/api/notifications';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import * as queries from './notifications.queries.ts';

export type NotificationType = 'info' | 'warning' | 'error';

/**
 * Raises a notification inside the caller's transaction, so it exists exactly when the change
 * that raised it commits. With a dedupe key, a notification about the same thing that is still
 * open is not repeated (nothing is written and false comes back).
 */
export async function raiseNotification(
  tx: Tx,
  notification: {
    companyId: number;
    service: string;
    type: NotificationType;
    message: string;
    dedupeKey?: string;
    /** Shown only to users holding this permission (a low rating: view_customer_feedback). */
    permission?: string;
  },
): Promise<boolean> {
  const row = await queries.insertUnlessOpen(tx, {
    companyId: notification.companyId,
    service: notification.service,
    type: notification.type,
    message: notification.message.slice(0, 1000),
    dedupeKey: notification.dedupeKey ?? null,
    permission: notification.permission ?? null,
  });
  return row !== undefined;
}

/** What a user reads of the notifications: all of them as Company Admin, else by their permissions. */
export const readerOf = (principal: Principal): queries.ReaderPermissions =>
  principal.isAdmin ? null : [...principal.permissions];

/** Resolves the open notification of a dedupe key (the condition went away); true if there was one. */
export async function resolveNotificationByKey(
  tx: Executor,
  companyId: number,
  dedupeKey: string,
): Promise<boolean> {
  return (await queries.resolveByKey(tx, companyId, dedupeKey, null)).length > 0;
}

/** The page key handed to clients: opaque, the created_at and id of a page's last row. */
const encodeKey = (row: { created_at: Date; id: number }) =>
  Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');

function decodeKey(token: string): queries.NotificationKey {
  try {
    const raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(raw) &&
      raw.length === 2 &&
      typeof raw[0] === 'string' &&
      Number.isSafeInteger(raw[1])
    ) {
      const createdAt = new Date(raw[0]);
      if (!Number.isNaN(createdAt.getTime()) && (raw[1] as number) > 0) {
        return { createdAt, id: raw[1] as number };
      }
    }
  } catch {
    // falls through
  }
  throw new AppError('validation_error', NOTIFICATION_MESSAGES.bad_key, {
    errors: { last_evaluated_key: [NOTIFICATION_MESSAGES.bad_key] },
  });
}

/** The company's open notifications, newest first, `limit` at a time from `lastEvaluatedKey`. */
export async function listNotifications(
  db: Executor,
  companyId: number,
  options: { limit: number; lastEvaluatedKey?: string; reader?: queries.ReaderPermissions },
): Promise<NotificationList> {
  const after = options.lastEvaluatedKey ? decodeKey(options.lastEvaluatedKey) : undefined;
  // One row more than asked tells whether there is a next page.
  const [rows, { n }] = await Promise.all([
    queries.listOpen(db, companyId, options.limit + 1, after, options.reader ?? null),
    queries.countOpen(db, companyId, options.reader ?? null),
  ]);
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    results: page.map((row) => ({
      company_id: row.company_id,
      timestamp: row.created_at,
      service: row.service,
      notification_type: row.notification_type,
      message: row.message,
    })),
    count: Number(n),
    last_evaluated_key: rows.length > options.limit && last ? encodeKey(last) : null,
  };
}

/** Marks the open notification with this timestamp and service as resolved by the user. */
export async function resolveNotification(options: {
  db: Executor;
  companyId: number;
  userId: number;
  timestamp: string;
  service: string;
  reader?: queries.ReaderPermissions;
}): Promise<{ detail: string }> {
  const createdAt = new Date(options.timestamp);
  if (Number.isNaN(createdAt.getTime())) {
    throw validationError('timestamp', NOTIFICATION_MESSAGES.bad_timestamp);
  }
  const resolved = await queries.resolveByTimestamp(
    options.db,
    options.companyId,
    createdAt,
    options.service,
    options.userId,
    options.reader ?? null,
  );
  const first = resolved[0];
  if (!first) throw notFound('Notification');
  return { detail: notificationResolvedMessage(first.notification_type) };
}
