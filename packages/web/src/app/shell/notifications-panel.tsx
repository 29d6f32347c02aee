import {
  NOTIFICATION_MESSAGES,
  type NotificationItem,
  notificationResolvedMessage,
} from '@b2b/domain/api/notifications';
import { humanizeValue, NOTIFICATION_TYPES } from '@b2b/domain/statuses';
import { Button, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifySuccess } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import {
  notificationKeys,
  notificationListQuery,
  useResolveNotification,
} from '../../features/notifications/notifications.api';
import { useCurrentUser } from '../../session/current-user';

const keyOf = (item: NotificationItem) => `${String(item.timestamp)}|${item.service}`;

function EmptyNotifications() {
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconBellOff size={24} />
        </ThemeIcon>
        <Text c="dimmed">{NOTIFICATION_MESSAGES.empty}</Text>
      </Stack>
    </Center>
  );
}

function NotificationCard({
  item,
  resolving,
  onResolve,
}: {
  item: NotificationItem;
  resolving: boolean;
  onResolve: () => void;
}) {
  const service = humanizeValue(item.service);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`${service} notification`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {service}
            </Text>
            <StatusBadge options={NOTIFICATION_TYPES} value={item.notification_type} />
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {dayjs(item.timestamp).format('DD/MM/YYYY, hh:mm A')}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.message}
        </Text>
        <Group justify="flex-end">
          <Button size="xs" variant="light" loading={resolving} onClick={onResolve}>
            Mark as Resolved
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The bell's panel: the company's open notifications, newest first, ten at a time. It starts
 * loading and empty each time it opens (the list is dropped when it closes); Refresh goes back to
 * the first page; View More appends the next page while there is one; Mark as Resolved shows the
 * spec's message and refreshes the list.
 */
export function NotificationsPanel() {
  const companyId = useCurrentUser().company.id;
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationListQuery(companyId));
  const resolve = useResolveNotification(companyId);
  const refresh = () => queryClient.resetQueries({ queryKey: notificationKeys.list(companyId) });
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  const resolvingKey = resolve.isPending && resolve.variables ? keyOf(resolve.variables) : null;

  const markResolved = (item: NotificationItem) =>
    resolve.mutate(item, {
      onSuccess: () => {
        notifySuccess(notificationResolvedMessage(item.notification_type));
        void refresh();
      },
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list.data ? `${count} open` : ''}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void refresh()}
          disabled={list.isFetching && !list.isFetchingNextPage}
        >
          Refresh
        </Button>
      </Group>
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading notifications">
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : list.isError && items.length === 0 ? (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void refresh()}
          title={NOTIFICATION_MESSAGES.load_failed}
        />
      ) : items.length === 0 ? (
        <EmptyNotifications />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Notifications"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <NotificationCard
              key={keyOf(item)}
              item={item}
              resolving={resolvingKey === keyOf(item)}
              onResolve={() => markResolved(item)}
            />
          ))}
        </Stack>
      )}
      {list.isFetchNextPageError && (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void list.fetchNextPage()}
          title={NOTIFICATION_MESSAGES.load_failed}
        />
      )}
      {list.hasNextPage && items.length > 0 && !list.isFetchNextPageError && (
        <Group justify="center">
          <Button
            variant="default"
            size="sm"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            View More
          </Button>
        </Group>
      )}
    </Stack>
  );
}
