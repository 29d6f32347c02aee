import { PAYMENT_RECORD_STATUSES } from '@b2b/domain/payments';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { orderPath, paymentPath } from '../../session/paths';
import type { Payment, Refund } from './payments.api';

export const PAYMENT_COLUMNS: Column<Payment>[] = [
  {
    key: 'payment_number',
    header: 'Payment Number',
    sortField: 'payment_number',
    render: (p) => (
      <Anchor component={Link} to={paymentPath(p.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
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
  { key: 'buyer', header: 'Buyer', render: (p) => <Text size="sm">{p.buyer.name}</Text> },
  {
    key: 'order',
    header: 'Order',
    render: (p) =>
      p.order ? (
        <Anchor component={Link} to={orderPath(p.order.id)} size="sm">
          {p.order.order_number}
        </Anchor>
      ) : null,
  },
  { key: 'payment_method', header: 'Payment Method', render: (p) => p.payment_method?.name ?? '' },
  { key: 'reference_number', header: 'Reference', render: (p) => p.reference_number ?? '' },
  {
    key: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (p) => <Money value={p.amount} />,
  },
  {
    key: 'unallocated',
    header: 'Unallocated',
    align: 'right',
    render: (p) => <Money value={p.unallocated} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) => <StatusBadge options={PAYMENT_RECORD_STATUSES} value={p.status} />,
  },
];

export const REFUND_COLUMNS: Column<Refund>[] = [
  {
    key: 'refund_number',
    header: 'Refund Number',
    sortField: 'refund_number',
    render: (r) => r.refund_number,
  },
  { key: 'refund_date', header: 'Date', sortField: 'refund_date', render: (r) => formatDay(r.refund_date) },
  { key: 'buyer', header: 'Buyer', render: (r) => r.buyer.name },
  {
    key: 'against',
    header: 'Against',
    render: (r) =>
      r.payment ? (
        <Anchor component={Link} to={paymentPath(r.payment.id)} size="sm">
          Payment {r.payment.payment_number}
        </Anchor>
      ) : r.credit_note_id !== null ? (
        `Credit note #${r.credit_note_id}`
      ) : (
        ''
      ),
  },
  { key: 'payment_method', header: 'Payment Method', render: (r) => r.payment_method?.name ?? '' },
  { key: 'reference_number', header: 'Reference', render: (r) => r.reference_number ?? '' },
  {
    key: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (r) => <Money value={r.amount} />,
  },
];
