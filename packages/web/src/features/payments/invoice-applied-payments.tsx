import { Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CurrentUser } from '../../api/types';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { paymentPath } from '../../session/paths';
import { appliedPaymentsQuery, openInvoicesQuery, useApplyBuyerCredit } from './payments.api';
import { RecordPaymentDialog } from './record-payment-dialog';

export interface InvoiceForPayments {
  id: number;
  status: string;
  amount_due: number;
  buyer: { id: number; name: string };
}

/** 'Record Payment' for an invoice with money due (this invoice first), for users who may record one. */
export function RecordInvoicePaymentButton({
  invoice,
  variant = 'filled',
}: {
  invoice: InvoiceForPayments;
  variant?: 'filled' | 'default';
}) {
  const user = useCurrentUser();
  const [recording, setRecording] = useState(false);
  if (!mayRecordPayment(user, invoice)) return null;
  return (
    <>
      <Button variant={variant} leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
        Record Payment
      </Button>
      {recording && (
        <RecordPaymentDialog
          buyer={invoice.buyer}
          invoice={{ id: invoice.id, amount_due: invoice.amount_due }}
          onClose={() => setRecording(false)}
        />
      )}
    </>
  );
}

const mayRecordPayment = (user: CurrentUser, invoice: InvoiceForPayments) =>
  canPerform(user, 'add_payment_received') && invoice.status !== 'cancelled' && invoice.amount_due > 0;

/** On an invoice: Record Payment (this invoice first) and the payments applied to it. */
export function InvoiceAppliedPayments({ invoice }: { invoice: InvoiceForPayments }) {
  const user = useCurrentUser();
  const applied = useQuery(appliedPaymentsQuery(invoice.id));
  const canPay = mayRecordPayment(user, invoice);
  // The buyer's unused credit (money received and not yet allocated), offered for this invoice.
  const open = useQuery({ ...openInvoicesQuery(user.company.id, invoice.buyer.id), enabled: canPay });
  const credit = canPay ? (open.data?.credit ?? 0) : 0;
  const applyCredit = useApplyBuyerCredit(invoice.id);
  const rows = applied.data?.results ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Applied Payments</Title>
          <RecordInvoicePaymentButton invoice={invoice} variant="default" />
        </Group>
        {credit > 0 && (
          <Group justify="space-between" aria-label="Buyer credit">
            <Text size="sm">
              Buyer credit available: <Money value={credit} />
            </Text>
            <Button variant="light" loading={applyCredit.isPending} onClick={() => applyCredit.mutate()}>
              Apply buyer credit
            </Button>
          </Group>
        )}
        {applied.isLoading ? (
          <Skeleton height={60} aria-label="Loading applied payments" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment has been applied to this invoice.
          </Text>
        ) : (
          <Table aria-label="Applied Payments" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment Number</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Payment Method</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} opacity={a.cancelled_at ? 0.6 : 1}>
                  <Table.Td>
                    <Anchor component={Link} to={paymentPath(a.payment.id)} size="sm">
                      {a.payment.payment_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDay(a.payment.payment_date)}</Table.Td>
                  <Table.Td>{a.payment.payment_method?.name ?? ''}</Table.Td>
                  <Table.Td>{a.payment.reference_number ?? ''}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={a.amount} />
                  </Table.Td>
                  <Table.Td>{a.cancelled_at ? 'Reversed' : 'Applied'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
