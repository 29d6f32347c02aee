import { INVOICE_STATUSES } from '@b2b/domain/invoices';
import { PAYMENT_STATUSES } from '@b2b/domain/sales-orders';
import { Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { PartyNameCell } from '../../components/party-name-cell';
import { StatusBadge } from '../../components/status-badge';
import { invoicePath, orderPath } from '../../session/paths';
import type { InvoiceSummary } from './invoices.api';

/** A marker that the invoice has an IRN (a registered e-invoice), the IRN on hover. */
export function IrnMarker({ irn }: { irn: string | null }) {
  if (!irn) return null;
  return (
    <Tooltip label={`IRN ${irn}`} withinPortal multiline maw={320}>
      <Badge size="xs" variant="outline" color="teal" aria-label={`E-invoice IRN ${irn}`}>
        IRN
      </Badge>
    </Tooltip>
  );
}

/** Numbers, dates and badges stay on one line; names may wrap. */
const nowrap = (node: ReactNode) => (
  <span style={{ whiteSpace: 'nowrap', display: 'inline-block', minWidth: 'max-content' }}>{node}</span>
);

export const INVOICE_COLUMNS: Column<InvoiceSummary>[] = [
  {
    key: 'invoice_number',
    header: 'Invoice Number',
    sortField: 'invoice_number',
    render: (i) => (
      <Anchor component={Link} to={invoicePath(i.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {i.invoice_number}
      </Anchor>
    ),
  },
  {
    key: 'invoice_date',
    header: 'Date',
    sortField: 'invoice_date',
    render: (i) => formatDay(i.invoice_date),
  },
  {
    key: 'due_date',
    header: 'Due Date',
    sortField: 'due_date',
    render: (i) => nowrap(formatDay(i.due_date)),
  },
  {
    key: 'buyer',
    header: 'Buyer',
    render: (i) => <PartyNameCell name={i.buyer.name} company={i.buyer_company} />,
  },
  { key: 'branch', header: 'Branch', render: (i) => i.seller_branch.name },
  {
    key: 'order',
    header: 'Order',
    render: (i) => (
      <Anchor component={Link} to={orderPath(i.order.id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {i.order.order_number}
      </Anchor>
    ),
  },
  {
    key: 'invoice_total',
    header: 'Total',
    sortField: 'invoice_total',
    align: 'right',
    render: (i) => <Money value={i.invoice_total} />,
  },
  {
    key: 'amount_due',
    header: 'Amount Due',
    align: 'right',
    render: (i) => (
      <Text size="sm" c={i.amount_due > 0 ? undefined : 'dimmed'} component="span">
        <Money value={i.amount_due} />
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (i) => nowrap(<StatusBadge options={INVOICE_STATUSES} value={i.status} />),
  },
  {
    key: 'payment_status',
    header: 'Payment',
    render: (i) => nowrap(<StatusBadge options={PAYMENT_STATUSES} value={i.payment_status} />),
  },
  { key: 'irn', header: 'E-Invoice', align: 'center', render: (i) => <IrnMarker irn={i.irn} /> },
];
