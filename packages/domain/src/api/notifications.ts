import { z } from 'zod';
import { NOTIFICATION_TYPES, statusLabel, statusValues } from '../statuses.ts';
import { timestamp } from './common.ts';

/** The spec's notification page size (section 9). */
export const NOTIFICATION_PAGE_SIZE = 10;

export const NOTIFICATION_MESSAGES = {
  empty: 'No new notifications',
  not_found: 'Notification Not Found',
  load_failed: 'Failed to load notifications.',
  resolve_failed: 'Failed to mark the notification as resolved.',
  bad_key: 'This page key is not valid; refresh the notifications.',
  bad_timestamp: 'Please give the timestamp of the notification.',
  bad_service: 'Please give the service of the notification.',
} as const;

/** The spec's success message: '{type} has been Marked as Resolved.' ('Warning has been ...'). */
export const notificationResolvedMessage = (type: string): string =>
  `${statusLabel(NOTIFICATION_TYPES, type)} has been Marked as Resolved.`;

export const notificationTypeInput = z.enum(statusValues(NOTIFICATION_TYPES));

/** Which part of the product raised a notification ('inventory'). */
export const notificationServiceInput = z
  .string({ error: NOTIFICATION_MESSAGES.bad_service })
  .regex(/^[a-z][a-z0-9_]{0,49}$/, NOTIFICATION_MESSAGES.bad_service);

/** One notification as the spec names its fields. */
export const notificationOutput = z.object({
  company_id: z.number().int(),
  timestamp,
  service: z.string(),
  notification_type: notificationTypeInput,
  message: z.string(),
});
export type NotificationItem = z.infer<typeof notificationOutput>;

/** GET companies/{companyId}/notifications: open notifications, newest first, keyset paged. */
export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  /** The previous page's last_evaluated_key; absent or empty for the first page. */
  last_evaluated_key: z.string().max(500).optional(),
});

export const notificationListOutput = z.object({
  results: z.array(notificationOutput),
  /** Open notifications in all. */
  count: z.number().int(),
  /** The key of the next page; null on the last page. */
  last_evaluated_key: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListOutput>;

/**
 * DELETE companies/{companyId}/notifications?timestamp=...&service=...: marks the notification
 * with that timestamp and service as resolved (the spec's resolve call sends exactly these).
 */
export const notificationResolveQuery = z.object({
  timestamp: z.iso.datetime({ offset: true, error: NOTIFICATION_MESSAGES.bad_timestamp }),
  service: notificationServiceInput,
});

export const notificationResolveOutput = z.object({ detail: z.string() });
