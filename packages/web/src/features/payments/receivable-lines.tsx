import { AGEING_BUCKETS } from '@b2b/domain/payments';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { invoicePath } from '../../session/paths';
import type { Receivable } from './payments.api';

/** One line of what a buyer owes: an invoice or an account line. */
function LineRow(props: {
  title: ReactNode;
  date: string;
  dueDate: string | null;
  daysOverdue: number;
  amountDue: number;
  /** The ageing bucket; none for credit, which is never due. */
  bucket: string | null;
}) {
  const bucket = AGEING_BUCKETS.find((b) => b.value === props.bucket);
  return (
    <Table.Tr bg="var(--mantine-color-gray-0)">
      <Table.Td pl="xl">
        {props.title}
        <Text span size="xs" c="dimmed">
          {' '}
          dated {formatDay(props.date)}
        </Text>
      </Table.Td>
      <Table.Td>{formatDay(props.dueDate)}</Table.Td>
      <Table.Td ta="right">{props.daysOverdue > 0 ? props.daysOverdue : '—'}</Table.Td>
      <Table.Td ta="right">
        <Money value={props.amountDue} />
      </Table.Td>
      <Table.Td colSpan={AGEING_BUCKETS.length}>
        {bucket ? (
          <Badge color={bucket.color} variant="light">
            {bucket.label}
          </Badge>
        ) : (
          <Text span size="xs">
            Buyer credit on no invoice
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * What a buyer of Payments to be Received owes, line by line: its open invoices, then its account
 * lines, the opening balance (and debit adjustments) left after credit on no invoice, aged by their
 * date, or that credit (negative, not due). Together they make the buyer's Amount Due its
 * Outstanding (domain receivables.ts).
 */
export function ReceivableLines({ row }: { row: Receivable }) {
  return (
    <>
      {row.invoices.map((invoice) => (
        <LineRow
          key={invoice.id}
          title={
            <Anchor component={Link} to={invoicePath(invoice.id)} size="sm">
              {invoice.invoice_number}
            </Anchor>
          }
          date={invoice.invoice_date}
          dueDate={invoice.due_date}
          daysOverdue={invoice.days_overdue}
          amountDue={invoice.amount_due}
          bucket={invoice.bucket}
        />
      ))}
      {row.account_lines.map((line) => {
        const credit = line.amount_due < 0;
        return (
          <LineRow
            key={`${line.kind}-${line.date}-${line.amount_due}`}
            title={
              <Text span size="sm">
                {line.label}
              </Text>
            }
            date={line.date}
            dueDate={credit ? null : line.date}
            daysOverdue={line.days_overdue}
            amountDue={line.amount_due}
            bucket={credit ? null : line.bucket}
          />
        );
      })}
    </>
  );
}
