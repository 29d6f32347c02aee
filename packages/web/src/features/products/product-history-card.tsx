import { humanizeValue } from '@b2b/domain/statuses';
import { Button, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ProductDetailCard } from './product-detail-card';
import { type ProductHistoryEntry, productHistoryQuery } from './products.api';

const SHOWN_AT_FIRST = 8;

/** Field names whose humanized form would misspell an acronym or differ from the form's label. */
const FIELD_LABELS: Record<string, string> = {
  mrp: 'MRP',
  sku: 'SKU',
  upc: 'UPC',
  hsn: 'HSN Code',
  tax: 'GST',
  gst_treatment: 'GST Treatment',
  seo_url: 'SEO URL',
  video_url: 'Video Link',
  is_active: 'Status',
  is_visible_to_buyer: 'Visible to Buyers',
};

/** 'Priority, Tags' for an update: the fields it changed, as the server recorded them. */
export function changedFieldsText(entry: Pick<ProductHistoryEntry, 'actions'>): string | null {
  const { changes } = entry.actions;
  if (entry.actions.action !== 'updated' || !changes || typeof changes !== 'object') return null;
  const fields = Object.keys(changes);
  return fields.length > 0
    ? fields.map((field) => FIELD_LABELS[field] ?? humanizeValue(field)).join(', ')
    : null;
}

function HistoryTimeline({ entries }: { entries: ProductHistoryEntry[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, SHOWN_AT_FIRST);
  return (
    <Stack gap="xs">
      <Timeline bulletSize={12} lineWidth={2} aria-label="Product history">
        {shown.map((entry) => (
          <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
            {changedFieldsText(entry) && <Text size="xs">{changedFieldsText(entry)}</Text>}
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
    </Stack>
  );
}

/** Who did what to the product, newest first. */
export function ProductHistoryCard({ productId }: { productId: number }) {
  const history = useQuery(productHistoryQuery(productId));
  const entries = history.data?.results ?? [];

  let body: ReactNode;
  if (history.error && !history.data) {
    body = (
      <LoadErrorAlert
        error={history.error}
        onRetry={() => history.refetch()}
        title="Failed to load history."
      />
    );
  } else if (!history.data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading history">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
        <Skeleton height={14} width="80%" />
      </Stack>
    );
  } else if (entries.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  } else {
    body = <HistoryTimeline entries={entries} />;
  }

  return (
    <ProductDetailCard id="product-history" title="History">
      {body}
    </ProductDetailCard>
  );
}
