import { PAYMENT_MADE_MESSAGES, PAYMENT_MADE_STATUSES } from '@b2b/domain/payments-made';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS, sellerPath } from '../../session/paths';
import { ApplyAdvanceDialog } from './apply-advance-dialog';
import { type PaymentMadeDetail, paymentMadeQuery, useVoidPaymentMade } from './payments-made.api';

const LIST = { to: PATHS.paymentsMade, label: 'Payments Made' };

/** /payments-made/{id}: one payment to a seller, the bills it paid (with their TDS) and Void. */
export function PaymentMadeDetailPage() {
  const id = useIdParam(PATHS.paymentMade);
  const payment = useQuery({ ...paymentMadeQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={payment}
      list={LIST}
      notFoundMessage={PAYMENT_MADE_MESSAGES.not_found}
      loadFailedTitle="Failed to load Payment"
      loadingLabel="Loading payment"
    >
      {(data) => <PaymentMadeView payment={data} />}
    </DetailLoader>
  );
}

export function PaymentMadeView({ payment }: { payment: PaymentMadeDetail }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_payment_made');
  const voidPayment = useVoidPaymentMade();
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  const mayApply = mayChange && payment.allowed_actions.includes('apply_advance');
  const mayVoid = mayChange && payment.allowed_actions.includes('void');
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={payment.payment_number}
        badges={<StatusBadge options={PAYMENT_MADE_STATUSES} value={payment.status} />}
        actions={
          mayApply || mayVoid ? (
            <>
              {mayApply && <Button onClick={() => setApplying(true)}>Apply Advance</Button>}
              {mayVoid && (
                <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                  Void
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Seller">
            <Anchor component={Link} to={sellerPath(payment.seller.id)} size="sm">
              {payment.seller.name}
            </Anchor>
          </DetailField>
          <DetailField label="Payment Date">{formatDay(payment.payment_date)}</DetailField>
          <DetailField label="Amount">
            <Money value={payment.amount} />
          </DetailField>
          <DetailField label="TDS">
            <Money value={payment.tds_amount} />
            {payment.tds ? ` (section ${payment.tds.section}, ${payment.tds.rate}%)` : ''}
          </DetailField>
          <DetailField label="Paid to Seller">
            <Money value={payment.net_amount} />
          </DetailField>
          <DetailField label="Allocated">
            <Money value={payment.allocated} />
          </DetailField>
          <DetailField label="Advance (Unallocated)">
            <Money value={payment.unallocated} />
          </DetailField>
          <DetailField label="Payment Method">{payment.payment_method?.name}</DetailField>
          <DetailField label="Paid From">
            {payment.paid_from
              ? `${payment.paid_from.bank_name} ••••${payment.paid_from.account_number_last4}`
              : null}
          </DetailField>
          <DetailField label="Reference">{payment.reference_number}</DetailField>
          <DetailField label="Branch">{payment.branch.name}</DetailField>
          {payment.notes && <DetailField label="Notes">{payment.notes}</DetailField>}
        </DetailGrid>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Bills Paid
          </Title>
          {payment.allocations.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not allocated to any bill
              {payment.unallocated > 0 ? ': the amount is the seller’s advance.' : '.'}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Allocations" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Bill</Table.Th>
                    <Table.Th>Bill Date</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">TDS</Table.Th>
                    <Table.Th ta="right">Balance Now</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payment.allocations.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <Anchor component={Link} to={billPath(a.bill.id)} size="sm">
                          {a.bill.bill_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDay(a.bill.bill_date)}</Table.Td>
                      <Table.Td ta="right">
                        <Money value={a.amount} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={a.tds_amount} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={a.bill.balance_due} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      {mayApply && (
        <ApplyAdvanceDialog payment={payment} opened={applying} onClose={() => setApplying(false)} />
      )}
      <ConfirmDialog
        opened={confirming}
        title="Void Payment"
        message={`${PAYMENT_MADE_MESSAGES.void_confirm} (${payment.payment_number})`}
        confirmLabel="Void Payment"
        loading={voidPayment.isPending}
        onConfirm={() => voidPayment.mutate(payment.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
