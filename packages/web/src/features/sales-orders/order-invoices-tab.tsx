import { INVOICE_STATUSES } from '@b2b/domain/invoices';
import { ORDER_MESSAGES, PAYMENT_STATUSES } from '@b2b/domain/sales-orders';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { invoicePath } from '../../session/paths';
import { type OrderInvoice, salesOrderInvoicesQuery } from './sales-orders.api';

const COLUMNS: Column<OrderInvoice>[] = [
  {
    key: 'invoice_number',
    header: 'Invoice Number',
    render: (i) => (
      <Anchor component={Link} to={invoicePath(i.id)} fw={500} size="sm">
        {i.invoice_number}
      </Anchor>
    ),
  },
  { key: 'invoice_date', header: 'Date', render: (i) => dayjs(i.invoice_date).format('DD/MM/YYYY') },
  {
    key: 'status',
    header: 'Status',
    render: (i) => <StatusBadge options={INVOICE_STATUSES} value={i.status} />,
  },
  {
    key: 'payment_status',
    header: 'Payment Status',
    render: (i) => <StatusBadge options={PAYMENT_STATUSES} value={i.payment_status} />,
  },
  { key: 'total', header: 'Total', align: 'right', render: (i) => <Money value={i.invoice_total} /> },
  { key: 'due', header: 'Amount Due', align: 'right', render: (i) => <Money value={i.amount_due} /> },
];

/** The order's invoices (GET admin/orders/{id}/invoices), each opening its invoice. */
export function OrderInvoicesTab({ orderId }: { orderId: number }) {
  const invoices = useQuery(salesOrderInvoicesQuery(orderId));
  const navigate = useNavigate();
  return (
    <DataTable
      label="Order Invoices"
      columns={COLUMNS}
      rowKey={(i) => i.id}
      data={invoices.data}
      isLoading={invoices.isLoading}
      error={invoices.error}
      errorTitle={ORDER_MESSAGES.invoices_load_failed}
      onRetry={() => invoices.refetch()}
      onRowClick={(i) => void navigate({ to: invoicePath(i.id) })}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No invoice has been generated for this order yet.
        </Text>
      }
    />
  );
}
