import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
  type NotificationList,
  type notificationResolveOutput,
} from '@b2b/domain/api/notifications';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';

export type { NotificationItem, NotificationList };

/** How often the bell asks for the number of open notifications. */
export const NOTIFICATION_COUNT_INTERVAL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (companyId: number) => [...notificationKeys.all, 'list', companyId] as const,
  count: (companyId: number) => [...notificationKeys.all, 'count', companyId] as const,
};

const listPath = (companyId: number) => `companies/${companyId}/notifications`;

/**
 * The panel's list: ten a page, each page after the previous one's last_evaluated_key. Dropped
 * as soon as the panel closes (gcTime 0), so opening it again starts from the first page.
 */
export const notificationListQuery = (companyId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(companyId),
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationList>(
        listPath(companyId),
        { limit: NOTIFICATION_PAGE_SIZE, last_evaluated_key: pageParam },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.last_evaluated_key ?? undefined,
    staleTime: 0,
    gcTime: 0,
  });

/** The number of open notifications, for the dot on the bell (one small request a minute). */
export const notificationCountQuery = (companyId: number) =>
  queryOptions({
    queryKey: notificationKeys.count(companyId),
    queryFn: ({ signal }) =>
      api.get<NotificationList>(listPath(companyId), { limit: 1 }, signal).then((page) => page.count),
    refetchInterval: NOTIFICATION_COUNT_INTERVAL_MS,
    staleTime: NOTIFICATION_COUNT_INTERVAL_MS / 2,
  });

/** Marks one notification resolved (by its timestamp and service, as the spec's call does). */
export function useResolveNotification(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: NotificationItem) =>
      request<z.output<typeof notificationResolveOutput>>(listPath(companyId), {
        method: 'DELETE',
        query: { timestamp: String(item.timestamp), service: item.service },
      }),
    meta: { errorMessage: NOTIFICATION_MESSAGES.resolve_failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.count(companyId) }),
  });
}
