import { PAYMENT_MADE_STATUSES } from '@b2b/domain/payments-made';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { paymentMadePath } from '../../session/paths';
import type { PaymentMade } from './payments-made.api';

export const PAYMENT_MADE_COLUMNS: Column<PaymentMade>[] = [
  {
    key: 'payment_number',
    header: 'Payment Number',
    sortField: 'payment_number',
    render: (p) => (
      <Anchor component={Link} to={paymentMadePath(p.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {p.payment_number}
      </Anchor>
    ),
  },
  {
    key: 'payment_date',
    header: 'Date',
    sortField: 'payment_date',
    render: (p) => formatDay(p.payment_date),
  },
  { key: 'seller', header: 'Seller', render: (p) => <Text size="sm">{p.seller.name}</Text> },
  { key: 'payment_method', header: 'Payment Method', render: (p) => p.payment_method?.name ?? '' },
  { key: 'reference_number', header: 'Reference', render: (p) => p.reference_number ?? '' },
  {
    key: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (p) => <Money value={p.amount} />,
  },
  { key: 'tds', header: 'TDS', align: 'right', render: (p) => <Money value={p.tds_amount} /> },
  {
    key: 'unallocated',
    header: 'Advance',
    align: 'right',
    render: (p) => <Money value={p.unallocated} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) => <StatusBadge options={PAYMENT_MADE_STATUSES} value={p.status} />,
  },
];
