import { Table, Text } from '@mantine/core';

/** The product column of the product-ads tables: its name, and its SKU beneath. */
export function ProductNameCell({ product }: { product: { name: string; sku: string | null } }) {
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {product.name}
      </Text>
      <Text size="xs" c="dimmed">
        {product.sku ?? 'No SKU'}
      </Text>
    </Table.Td>
  );
}
