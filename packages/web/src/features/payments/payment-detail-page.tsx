import { PAYMENT_MESSAGES, PAYMENT_RECORD_STATUSES } from '@b2b/domain/payments';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath, invoicePath, orderPath, PATHS } from '../../session/paths';
import { PaymentRowActions } from './payment-actions';
import { type PaymentDetail, paymentQuery, useAllocatePayment } from './payments.api';
import { RefundDialog } from './refund-dialog';

const LIST = { to: PATHS.paymentsReceived, label: 'Payments Received' };
const when = (value: unknown) => (value ? dayjs(value as string).format('DD/MM/YYYY, hh:mm A') : null);

/** /payments-received/{id}: one payment, where its money went, its refunds and its actions. */
export function PaymentDetailPage() {
  const id = useIdParam(PATHS.payment);
  const payment = useQuery({ ...paymentQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={payment}
      list={LIST}
      notFoundMessage={PAYMENT_MESSAGES.not_found}
      loadFailedTitle="Failed to load Payment"
      loadingLabel="Loading payment"
    >
      {(data) => <PaymentDetailView payment={data} />}
    </DetailLoader>
  );
}

function PaymentDetailView({ payment }: { payment: PaymentDetail }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_payment_received');
  const mayRecord = canPerform(user, 'add_payment_received');
  const allocate = useAllocatePayment(payment.id);
  const [refunding, setRefunding] = useState(false);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={payment.payment_number}
        badges={<StatusBadge options={PAYMENT_RECORD_STATUSES} value={payment.status} />}
        actions={
          <>
            {mayChange && payment.allowed_actions.includes('allocate') && (
              <Button variant="default" loading={allocate.isPending} onClick={() => allocate.mutate({})}>
                Allocate to Open Invoices
              </Button>
            )}
            {mayRecord && payment.allowed_actions.includes('refund') && (
              <Button variant="default" onClick={() => setRefunding(true)}>
                Record Refund
              </Button>
            )}
            <PaymentRowActions payment={payment} mayChange={mayChange} />
          </>
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Buyer">
            <Anchor component={Link} to={buyerPath(payment.buyer.id)} size="sm">
              {payment.buyer.name}
            </Anchor>
          </DetailField>
          <DetailField label="Order">
            {payment.order && (
              <Anchor component={Link} to={orderPath(payment.order.id)} size="sm">
                {payment.order.order_number}
              </Anchor>
            )}
          </DetailField>
          <DetailField label="Payment Date">{formatDay(payment.payment_date)}</DetailField>
          <DetailField label="Amount">
            <Money value={payment.amount} />
          </DetailField>
          <DetailField label="Allocated">
            <Money value={payment.allocated} />
          </DetailField>
          <DetailField label="Unallocated (Buyer Credit)">
            <Money value={payment.unallocated} />
          </DetailField>
          <DetailField label="Refunded">
            <Money value={payment.refunded} />
          </DetailField>
          <DetailField label="Payment Method">{payment.payment_method?.name}</DetailField>
          <DetailField label="Reference Number">{payment.reference_number}</DetailField>
          <DetailField label="Branch">{payment.branch.name}</DetailField>
          <DetailField label="Buyer Outstanding">
            <Money value={payment.buyer_outstanding} />
          </DetailField>
          {payment.initiated_at && (
            <DetailField label="Initiated At">{when(payment.initiated_at)}</DetailField>
          )}
          {payment.gateway_payment_id && (
            <DetailField label="Gateway Payment">
              {payment.gateway_payment_id}
              {payment.gateway_status ? ` (${payment.gateway_status})` : ''}
            </DetailField>
          )}
          {payment.cancelled_at && (
            <DetailField label="Cancelled At">{when(payment.cancelled_at)}</DetailField>
          )}
          {payment.notes && <DetailField label="Notes">{payment.notes}</DetailField>}
        </DetailGrid>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={5}>Allocated to Invoices</Title>
          {payment.allocations.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not allocated to any invoice
              {payment.unallocated > 0 ? ': the amount is held as the buyer’s credit.' : '.'}
            </Text>
          ) : (
            <Table aria-label="Allocations" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Allocated On</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payment.allocations.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={invoicePath(a.invoice.id)} size="sm">
                        {a.invoice.invoice_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={a.amount} />
                    </Table.Td>
                    <Table.Td>{when(a.created_at)}</Table.Td>
                    <Table.Td>{a.cancelled_at ? 'Reversed' : 'Applied'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      {payment.refunds.length > 0 && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={5}>Refunds</Title>
            <Table aria-label="Refunds" striped>
              <Table.Tbody>
                {payment.refunds.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.refund_number}</Table.Td>
                    <Table.Td>{formatDay(r.refund_date)}</Table.Td>
                    <Table.Td ta="right">
                      <Money value={r.amount} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      )}
      {refunding && <RefundDialog payment={payment} onClose={() => setRefunding(false)} />}
    </Stack>
  );
}
