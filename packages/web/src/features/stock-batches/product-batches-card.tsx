import { formatQuantity } from '@b2b/domain/money';
import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { BatchStatusBadge, batchDates } from './batch-status-badge';
import { productBatchesQuery } from './stock-batches.api';

/**
 * 'Batches' of a product: each batch on hand per warehouse, first expiry first, with its dates and
 * how close it is to expiry, and the stock in no batch. Shown when the company keeps batches or
 * the product has some.
 */
export function ProductBatchesCard({ productId }: { productId: number }) {
  const user = useCurrentUser();
  const allowed = canPerform(user, 'view_inventory');
  const batches = useQuery({ ...productBatchesQuery(productId), enabled: allowed });
  if (!allowed) return null;
  if (batches.error && !batches.data) {
    return (
      <Card withBorder padding="lg" radius="md">
        <LoadErrorAlert
          error={batches.error}
          onRetry={() => batches.refetch()}
          title="Failed to load batches."
        />
      </Card>
    );
  }
  if (!batches.data) {
    return (
      <Card withBorder padding="lg" radius="md" aria-busy="true" aria-label="Loading batches">
        <Skeleton height={14} />
      </Card>
    );
  }
  const { results, unbatched, batch_configuration } = batches.data;
  if (!batch_configuration.enabled && results.length === 0) return null;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="product-batches-title">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="product-batches-title">
          Batches
        </Title>
        {results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No batch in stock. Batches are recorded when stock comes in with a batch number.
          </Text>
        ) : (
          <Table aria-label="Batches" verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Batch</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((row) => (
                <Table.Tr key={`${row.batch.id}-${row.warehouse.id}`}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm" fw={500}>
                        {row.batch.batch_number}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.warehouse.name} · {batchDates(row.batch)}
                      </Text>
                      <BatchStatusBadge row={row} size="xs" w="fit-content" />
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatQuantity(row.quantity)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {unbatched.map((row) => (
          <Text key={row.warehouse.id} size="xs" c="dimmed">
            {formatQuantity(row.quantity)} in {row.warehouse.name} not in any batch.
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
