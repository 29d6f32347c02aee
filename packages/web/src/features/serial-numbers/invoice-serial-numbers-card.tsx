import { formatQuantity } from '@b2b/domain/money';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { invoiceSerialNumbersQuery } from './serial-numbers.api';

/**
 * The serial numbers sold on an invoice, line by line (GET invoices/{id}/serial_numbers). An
 * invoice of products that do not track serials has none, and the card is not shown.
 */
export function InvoiceSerialNumbersCard({ invoiceId }: { invoiceId: number }) {
  const user = useCurrentUser();
  const serials = useQuery(invoiceSerialNumbersQuery(user.company.id, invoiceId));
  if (serials.isError) {
    return (
      <LoadErrorAlert
        error={serials.error}
        onRetry={() => void serials.refetch()}
        title="Failed to load the serial numbers."
      />
    );
  }
  if (!serials.data || serials.data.count === 0) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Serial Numbers</Title>
          <Text size="sm" c="dimmed">
            {serials.data.count} {serials.data.count === 1 ? 'unit' : 'units'}
          </Text>
        </Group>
        <Table aria-label="Serial numbers sold" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th>Serial numbers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {serials.data.lines.map((line) => (
              <Table.Tr key={line.invoice_item_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.product.name}
                  </Text>
                  {line.product.sku && (
                    <Text size="xs" c="dimmed">
                      {line.product.sku}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {line.serial_numbers.join(', ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
