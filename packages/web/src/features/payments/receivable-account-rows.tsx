import { AGEING_BUCKETS } from '@b2b/domain/payments';
import { Badge, Table, Text } from '@mantine/core';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import type { Receivable } from './payments.api';

/**
 * A buyer's lines of Payments to be Received that are on no invoice: its opening balance (and debit
 * adjustments) left after credit on no invoice, aged by their date, or that credit (negative, not
 * due). They make the buyer's Amount Due its Outstanding (domain receivables.ts).
 */
export function ReceivableAccountRows({ row }: { row: Receivable }) {
  return (
    <>
      {row.account_lines.map((line) => {
        const bucket = AGEING_BUCKETS.find((b) => b.value === line.bucket);
        const credit = line.amount_due < 0;
        return (
          <Table.Tr key={`${line.kind}-${line.date}-${line.amount_due}`} bg="var(--mantine-color-gray-0)">
            <Table.Td pl="xl">
              <Text span size="sm">
                {line.label}
              </Text>
              <Text span size="xs" c="dimmed">
                {' '}
                dated {formatDay(line.date)}
              </Text>
            </Table.Td>
            <Table.Td>{credit ? '—' : formatDay(line.date)}</Table.Td>
            <Table.Td ta="right">{line.days_overdue > 0 ? line.days_overdue : '—'}</Table.Td>
            <Table.Td ta="right">
              <Money value={line.amount_due} />
            </Table.Td>
            <Table.Td colSpan={AGEING_BUCKETS.length}>
              {credit ? (
                <Text span size="xs">
                  Buyer credit on no invoice
                </Text>
              ) : (
                bucket && (
                  <Badge color={bucket.color} variant="light">
                    {bucket.label}
                  </Badge>
                )
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </>
  );
}
