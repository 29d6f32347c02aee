import { todayInIndia } from '@b2b/domain/validation';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { billPath } from '../../session/paths';
import { BillStatusBadge } from './bill-status';
import type { BillSummary } from './bills.api';

/** Numbers, dates and badges stay on one line; names may wrap. */
const nowrap = (node: ReactNode) => (
  <span style={{ whiteSpace: 'nowrap', display: 'inline-block', minWidth: 'max-content' }}>{node}</span>
);

/** A received bill still owing money after its due date. */
export function isOverdue(
  bill: Pick<BillSummary, 'status' | 'due_date' | 'balance_due'>,
  today = todayInIndia(),
) {
  return (
    (bill.status === 'open' || bill.status === 'partially_paid') &&
    bill.balance_due > 0 &&
    bill.due_date < today
  );
}

/** The due date, in a dark red (readable on white) and named overdue when the bill is past it. */
export function DueDate({ bill }: { bill: Pick<BillSummary, 'status' | 'due_date' | 'balance_due'> }) {
  if (!isOverdue(bill)) return nowrap(formatDay(bill.due_date));
  return (
    <Text component="span" size="sm" c="red" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {formatDay(bill.due_date)}{' '}
      <Text component="span" size="xs" c="red">
        (overdue)
      </Text>
    </Text>
  );
}

export const BILL_COLUMNS: Column<BillSummary>[] = [
  {
    key: 'bill_number',
    header: 'Bill Number',
    sortField: 'bill_number',
    render: (b) => (
      <Anchor component={Link} to={billPath(b.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {b.bill_number}
      </Anchor>
    ),
  },
  {
    key: 'seller',
    header: 'Seller',
    render: (b) => (
      <>
        <Text size="sm">{b.seller.name}</Text>
        {b.seller_gstin && (
          <Text size="xs" c="dimmed">
            {b.seller_gstin}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'bill_date',
    header: 'Bill Date',
    sortField: 'bill_date',
    render: (b) => nowrap(formatDay(b.bill_date)),
  },
  { key: 'due_date', header: 'Due Date', sortField: 'due_date', render: (b) => <DueDate bill={b} /> },
  { key: 'branch', header: 'Branch', render: (b) => b.branch.name },
  { key: 'status', header: 'Status', render: (b) => nowrap(<BillStatusBadge status={b.status} />) },
  {
    key: 'total',
    header: 'Total',
    sortField: 'total',
    align: 'right',
    render: (b) => <Money value={b.total} />,
  },
  {
    key: 'balance_due',
    header: 'Balance Due',
    align: 'right',
    render: (b) => (
      <Text size="sm" c={b.balance_due > 0 && b.status !== 'void' ? undefined : 'dimmed'} component="span">
        <Money value={b.status === 'void' ? 0 : b.balance_due} />
      </Text>
    ),
  },
];
