import { PAYMENT_RECORD_STATUSES } from '@b2b/domain/payments';
import { Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { paymentPath } from '../../session/paths';
import { PaymentRowActions } from './payment-actions';
import { orderPaymentsQuery, useMarkAsPaid } from './payments.api';
import { RecordPaymentDialog } from './record-payment-dialog';

export interface OrderForPayments {
  id: number;
  status: string;
  payment_status: string;
  buyer: { id: number; name: string };
}

/**
 * The order's Payments tab: payments recorded against it (pending online ones with their
 * initiated time), Cancel and Recheck Status on each, and Record Payments / Mark as Paid.
 */
export function OrderPaymentsTab({ order }: { order: OrderForPayments }) {
  const user = useCurrentUser();
  const payments = useQuery(orderPaymentsQuery(order.id));
  const markAsPaid = useMarkAsPaid(order.id);
  const [recording, setRecording] = useState(false);
  const [confirmPaid, setConfirmPaid] = useState(false);
  const mayRecord = canPerform(user, 'add_payment_received');
  const mayChange = canPerform(user, 'change_payment_received');
  const open = order.status !== 'cancelled';

  return (
    <Stack gap="md">
      {mayRecord && open && (
        <Group gap="xs">
          <Button onClick={() => setRecording(true)}>Record Payments</Button>
          {order.payment_status !== 'paid' && (
            <Button variant="default" onClick={() => setConfirmPaid(true)}>
              Mark as Paid
            </Button>
          )}
        </Group>
      )}
      {payments.isLoading ? (
        <Skeleton height={80} aria-label="Loading payments" />
      ) : payments.error ? (
        <LoadErrorAlert
          title="Failed to load Payments"
          error={payments.error}
          onRetry={() => void payments.refetch()}
        />
      ) : (payments.data?.results.length ?? 0) === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          No payment has been recorded for this order.
        </Text>
      ) : (
        <Table aria-label="Order Payments" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payment Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Payment Method</Table.Th>
              <Table.Th>Initiated At</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Unallocated</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.data?.results.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={paymentPath(p.id)} size="sm">
                    {p.payment_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDay(p.payment_date)}</Table.Td>
                <Table.Td>{p.payment_method?.name ?? ''}</Table.Td>
                <Table.Td>
                  {p.initiated_at ? dayjs(p.initiated_at).format('DD/MM/YYYY, hh:mm A') : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={p.amount} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={p.unallocated} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge options={PAYMENT_RECORD_STATUSES} value={p.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <PaymentRowActions payment={p} mayChange={mayChange} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {recording && (
        <RecordPaymentDialog orderId={order.id} buyer={order.buyer} onClose={() => setRecording(false)} />
      )}
      <ConfirmDialog
        opened={confirmPaid}
        title="Mark as Paid"
        message="Record a payment of everything still due on this order’s invoices?"
        confirmLabel="Mark as Paid"
        color="blue"
        loading={markAsPaid.isPending}
        onConfirm={() => markAsPaid.mutate({}, { onSettled: () => setConfirmPaid(false) })}
        onClose={() => setConfirmPaid(false)}
      />
    </Stack>
  );
}
