import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { allocateOldestFirst } from '@b2b/domain/payments';
import { PAYMENT_MADE_MESSAGES } from '@b2b/domain/payments-made';
import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../components/format-day';
import { useCurrentUser } from '../../session/current-user';
import {
  newPaymentMadeKey,
  type PaymentMadeDetail,
  sellerOpenBillsQuery,
  useApplyAdvance,
} from './payments-made.api';

/**
 * Applies a payment's advance to the seller's open bills, oldest bill date first: the dialog
 * shows which bills take how much before the user confirms.
 */
export function ApplyAdvanceDialog({
  payment,
  opened,
  onClose,
}: {
  payment: PaymentMadeDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const bills = useQuery({ ...sellerOpenBillsQuery(user.company.id, payment.seller.id), enabled: opened });
  const apply = useApplyAdvance();
  const [key] = useState(newPaymentMadeKey);
  const open = bills.data?.results ?? [];
  const plan = allocateOldestFirst(
    toPaise(payment.unallocated),
    open.map((bill) => ({ id: bill.id, duePaise: toPaise(bill.balance_due) })),
  );
  const rows = plan.allocations.map((a) => ({
    bill: open.find((bill) => bill.id === a.invoiceId),
    paise: a.amountPaise,
  }));
  return (
    <Modal opened={opened} onClose={onClose} title="Apply Advance to Bills" size="lg">
      <Stack gap="md">
        <Text size="sm">
          {formatMoney(payment.unallocated)} of {payment.payment_number} is {payment.seller.name}’s advance.
          It goes to their open bills, oldest bill first; no TDS is deducted on it.
        </Text>
        {bills.isPending ? (
          <Skeleton height={80} aria-label="Loading bills" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {PAYMENT_MADE_MESSAGES.no_open_bills}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Bills the advance pays">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bill</Table.Th>
                  <Table.Th>Bill Date</Table.Th>
                  <Table.Th ta="right">Balance Due</Table.Th>
                  <Table.Th ta="right">Applied</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ bill, paise }) =>
                  bill ? (
                    <Table.Tr key={bill.id}>
                      <Table.Td>{bill.bill_number}</Table.Td>
                      <Table.Td>{formatDay(bill.bill_date)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(bill.balance_due)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(toRupees(paise))}</Table.Td>
                    </Table.Tr>
                  ) : null,
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {plan.unallocatedPaise > 0 && rows.length > 0 && (
          <Text size="sm" c="dimmed">
            {formatMoney(toRupees(plan.unallocatedPaise))} stays as advance.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={rows.length === 0}
            loading={apply.isPending}
            onClick={() => apply.mutate({ id: payment.id, key }, { onSuccess: onClose })}
          >
            Apply Advance
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
