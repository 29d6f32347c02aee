import { BATCH_EXPIRY_STATUSES, type BatchExpiryStatus, batchExpiryLabel } from '@b2b/domain/stock-reports';
import { Badge, type BadgeProps } from '@mantine/core';
import { formatDay } from '../../components/format-day';

/** A batch row's expiry, as the batch reports and GET products/{id}/batches give it. */
interface BatchExpiry {
  status: BatchExpiryStatus;
  days_to_expiry: number | null;
}

/** A batch's expiry in words: 'Expired', 'Expires today', 'Expiring in 12 days', 'OK', 'No expiry'. */
export const batchStatusLabel = (row: BatchExpiry) => batchExpiryLabel(row.status, row.days_to_expiry);

/** A batch's expiry as a badge: expired red, expiring soon amber, OK green (the domain's status colours). */
export function BatchStatusBadge({ row, ...props }: { row: BatchExpiry } & BadgeProps) {
  const color = BATCH_EXPIRY_STATUSES.find((s) => s.value === row.status)?.color ?? 'gray';
  return (
    <Badge color={color} variant="light" {...props}>
      {batchStatusLabel(row)}
    </Badge>
  );
}

/** A batch's dates in a line: 'Mfg 07/09/2026 · Exp 21/06/2027', leaving out those it has not. */
export function batchDates(batch: { manufactured_on: string | null; expires_on: string | null }): string {
  const parts = [
    batch.manufactured_on ? `Mfg ${formatDay(batch.manufactured_on)}` : null,
    batch.expires_on ? `Exp ${formatDay(batch.expires_on)}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'No dates';
}
