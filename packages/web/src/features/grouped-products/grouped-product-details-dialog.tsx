import { formatQuantity } from '@b2b/domain/money';
import { Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { groupedProductQuery } from './grouped-products.api';

/** One bundle: its products with their unit prices and stock, and what the bundle saves. */
export function GroupedProductDetailsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const bundle = useQuery(groupedProductQuery(id));
  const data = bundle.data;
  return (
    <Modal opened onClose={onClose} title={data?.name ?? 'Grouped Product'} size="xl">
      {bundle.isLoading && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading grouped product" />
        </Group>
      )}
      {bundle.error && (
        <LoadErrorAlert
          title="Failed to load grouped product."
          error={bundle.error}
          onRetry={() => bundle.refetch()}
        />
      )}
      {data && (
        <Stack gap="md">
          <Group gap="xl">
            <Text size="sm">
              SKU: <b>{data.sku}</b>
            </Text>
            <Text size="sm">
              MRP: <Money value={data.mrp} />
            </Text>
            <Text size="sm">
              Selling Price: <Money value={data.selling_price} />
            </Text>
            <Text size="sm">
              Items bought separately: <Money value={data.items_selling_price} />
            </Text>
            <Text size="sm">
              Bundles in stock: <b>{data.available_bundles}</b>
            </Text>
          </Group>
          {data.description && <Text size="sm">{data.description}</Text>}
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Bundle products">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">MRP</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                  <Table.Th ta="right">In Stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.product}>
                    <Table.Td>{item.product_name}</Table.Td>
                    <Table.Td>{item.product_sku ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                    <Table.Td ta="right">
                      <Money value={item.mrp} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={item.selling_price} />
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.available_stock)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
