import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { Money } from '../../components/money';
import { lockedSwitchStyles } from '../../components/switch-field';
import { BankChargesDialog } from './invoice-money-dialogs';
import { type Invoice, useUpdateShippingChargesPaid, writeOffRecordQuery } from './invoices.api';

const personName = (p: { first_name: string; last_name: string } | null) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : 'System';

/** Who wrote the balance off, when, to which ledger (GET write_off_record). */
function WriteOffRecord({ invoiceId }: { invoiceId: number }) {
  const record = useQuery(writeOffRecordQuery(invoiceId));
  if (!record.data) {
    return (
      <Text size="xs" c="dimmed">
        {record.isError ? 'The write-off record could not be read.' : 'Reading the write-off record…'}
      </Text>
    );
  }
  const r = record.data;
  return (
    <Text size="xs" c="dimmed" aria-label="Write-off record">
      Written off by {personName(r.created_by)} on {dayjs(r.created_at).format('DD/MM/YYYY, hh:mm A')} to{' '}
      {r.expense_ledger_name}
    </Text>
  );
}

/** What was paid, what is due, what was written off; bank charges and who paid the shipping. */
export function InvoicePaymentCard({ invoice, mayChange }: { invoice: Invoice; mayChange: boolean }) {
  const [editingCharges, setEditingCharges] = useState(false);
  const shipping = useUpdateShippingChargesPaid(invoice.id);
  const open = mayChange && invoice.status !== 'cancelled';
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={5}>Payment</Title>
        <DetailGrid>
          <DetailField label="Invoice Total">
            <Money value={invoice.invoice_total} />
          </DetailField>
          <DetailField label="Amount Paid">
            <Money value={invoice.amount_paid} />
          </DetailField>
          {invoice.amount_credited > 0 && (
            <DetailField label="Credit Notes Applied">
              <Money value={invoice.amount_credited} />
            </DetailField>
          )}
          <DetailField label="Amount Due">
            <Money value={invoice.amount_due} />
          </DetailField>
          <DetailField label="Written Off">
            {invoice.write_off_amount > 0 ? (
              <Stack gap={2}>
                <Money value={invoice.write_off_amount} />
                <WriteOffRecord invoiceId={invoice.id} />
              </Stack>
            ) : (
              <Money value={0} />
            )}
          </DetailField>
          <DetailField label="Bank Charges">
            <Group gap="xs">
              <Money value={invoice.bank_charges} />
              {invoice.is_payment_mode_emi && (
                <Text size="xs" c="dimmed">
                  (EMI)
                </Text>
              )}
              {open && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPencil size={12} />}
                  onClick={() => setEditingCharges(true)}
                >
                  Edit Bank Charges
                </Button>
              )}
            </Group>
          </DetailField>
          <DetailField label="Shipping Charges">
            <Switch
              label="Paid by company"
              checked={invoice.shipping_charges_paid_by_company}
              disabled={!open || shipping.isPending}
              styles={open ? undefined : lockedSwitchStyles(invoice.shipping_charges_paid_by_company)}
              onChange={(event) => shipping.mutate(event.currentTarget.checked)}
            />
          </DetailField>
        </DetailGrid>
      </Stack>
      {editingCharges && <BankChargesDialog invoice={invoice} onClose={() => setEditingCharges(false)} />}
    </Card>
  );
}
