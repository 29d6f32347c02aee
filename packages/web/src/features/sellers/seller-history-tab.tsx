import { humanizeValue } from '@b2b/domain/statuses';
import { Button, Card, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { type SellerHistoryEntry, sellerHistoryQuery } from './sellers.api';

const SHOWN_AT_FIRST = 10;

/** Field names whose humanized form would misspell an acronym. */
const FIELD_LABELS: Record<string, string> = {
  gst_number: 'GST Number',
  pan: 'PAN',
  email: 'Email',
  tally_ledger_name: 'Tally Ledger Name',
};

/** 'Name, Phone' for an update: the fields it changed, as the server recorded them. */
export function changedFields(entry: SellerHistoryEntry): string | null {
  const { changes } = entry.actions;
  if (entry.actions.action !== 'updated' || !changes || typeof changes !== 'object') return null;
  const fields = Object.keys(changes);
  return fields.length > 0 ? fields.map((f) => FIELD_LABELS[f] ?? humanizeValue(f)).join(', ') : null;
}

/** Who did what to the seller, newest first. */
export function SellerHistoryTab({ sellerId }: { sellerId: number }) {
  const history = useQuery(sellerHistoryQuery(sellerId));
  const [all, setAll] = useState(false);
  const entries = history.data?.results ?? [];
  const shown = all ? entries : entries.slice(0, SHOWN_AT_FIRST);

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>History</Title>
        {history.error && !history.data ? (
          <LoadErrorAlert
            error={history.error}
            onRetry={() => history.refetch()}
            title="Failed to load history."
          />
        ) : !history.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading history">
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : entries.length === 0 ? (
          <Text c="dimmed">No history yet.</Text>
        ) : (
          <>
            <Timeline bulletSize={12} lineWidth={2} aria-label="Seller history">
              {shown.map((entry) => (
                <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
                  {changedFields(entry) && <Text size="xs">{changedFields(entry)}</Text>}
                  <Text size="xs" c="dimmed">
                    {entry.user ? `${entry.user.first_name} ${entry.user.last_name}` : 'System'} ·{' '}
                    {dayjs(entry.created_at).format('DD/MM/YYYY, hh:mm A')}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            {entries.length > SHOWN_AT_FIRST && (
              <Button variant="subtle" size="compact-xs" onClick={() => setAll(!all)} w="fit-content">
                {all ? 'Show fewer' : `Show all ${entries.length}`}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
