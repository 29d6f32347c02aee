import { humanizeValue } from '@b2b/domain/statuses';
import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { salesOrderHistoryQuery } from './sales-orders.api';

const personName = (user: { first_name: string; last_name: string } | null) =>
  user ? `${user.first_name} ${user.last_name}`.trim() : 'System';

/** A stored value in words: status codes humanised (on_hold -> On Hold), numbers and names as they are. */
const valueText = (value: unknown) => {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^[a-z]+(_[a-z]+)*$/.test(value)) return humanizeValue(value);
  return String(value);
};

/** What a history entry changed, in words: 'reason: Buyer asked', a note, or nothing. */
export function changesText(changes: unknown): string | null {
  if (typeof changes === 'string') return changes.trim() || null;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return null;
  const parts = Object.entries(changes as Record<string, unknown>)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${humanizeValue(key)}: ${valueText(value)}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Who did what to the order, and when, newest first. */
export function OrderHistoryTab({ orderId }: { orderId: number }) {
  const history = useQuery(salesOrderHistoryQuery(orderId));
  if (history.error && !history.data) {
    return (
      <LoadErrorAlert
        error={history.error}
        onRetry={() => history.refetch()}
        title="Failed to load history."
      />
    );
  }
  if (!history.data) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading history">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  if (history.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label="Order history">
      {history.data.results.map((entry) => {
        const what = changesText(entry.actions.changes);
        return (
          <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
            {what && <Text size="sm">{what}</Text>}
            <Text size="xs" c="dimmed">
              {personName(entry.user)} · {dayjs(entry.created_at).format('DD/MM/YYYY, hh:mm A')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
