import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { canOpen } from '../../session/has-permission';
import { invoicePath } from '../../session/paths';
import type { Bill } from './bills.api';

/**
 * 'Adjusted against invoice X': the contra adjustments that set this bill against our invoices to
 * the same party (issue 19), each with its amount, number and day; a cancelled one is struck out.
 */
export function BillContraAdjustments({ bill }: { bill: Bill }) {
  const user = useCurrentUser();
  const contras = bill.contra_adjustments ?? [];
  if (contras.length === 0) return null;
  const mayOpenInvoices = canOpen(user, 'view_invoice');
  return (
    <Card withBorder padding="md" aria-label="Contra adjustments">
      <Stack gap="xs">
        <Title order={4}>Contra Adjustments</Title>
        {contras.map((contra) => (
          <Text key={contra.id} size="sm" td={contra.status === 'cancelled' ? 'line-through' : undefined}>
            Adjusted against invoice{' '}
            {mayOpenInvoices ? (
              <Anchor component={Link} to={invoicePath(contra.invoice.id)} size="sm">
                {contra.invoice.invoice_number}
              </Anchor>
            ) : (
              contra.invoice.invoice_number
            )}
            : <Money value={contra.amount} /> ({contra.contra_number}, {formatDay(contra.date)})
            {contra.status === 'cancelled' ? ' — cancelled' : ''}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
