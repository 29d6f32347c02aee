import { formatQuantity } from '@b2b/domain/money';
import { displayedBranchStock, displayedStock, type ProductStock } from '@b2b/domain/products';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';

/**
 * Stock per branch and warehouse as the spec displays it: |available_stock - df_quantity| of each
 * warehouse (zero when the product is not in stock), a branch's warehouses added up.
 */
export function ProductStockCard({ stock }: { stock: ProductStock }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="product-stock-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="h4" id="product-stock-title">
            Stock
          </Title>
          <Badge color={stock.in_stock ? 'teal' : 'red'} variant="light" radius="sm">
            {stock.in_stock ? 'In stock' : 'Out of stock'}
          </Badge>
        </Group>
        {stock.stock_by_branches.length === 0 ? (
          <Text size="sm" c="dimmed">
            No warehouse holds this product yet.
          </Text>
        ) : (
          <Table aria-label="Stock by warehouse" verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Branch / Warehouse</Table.Th>
                <Table.Th ta="right">Stock</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stock.stock_by_branches.map((branch) => (
                <BranchRows key={branch.id} stock={stock} branchId={branch.id} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function BranchRows({ stock, branchId }: { stock: ProductStock; branchId: number }) {
  const branch = stock.stock_by_branches.find((b) => b.id === branchId);
  if (!branch) return null;
  return (
    <>
      <Table.Tr bg="gray.0">
        <Table.Td fw={600}>{branch.name}</Table.Td>
        <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatQuantity(displayedBranchStock(stock, branch.id))}
        </Table.Td>
      </Table.Tr>
      {branch.stock_by_warehouses.map((warehouse) => (
        <Table.Tr key={warehouse.id}>
          <Table.Td pl="lg">{warehouse.name}</Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatQuantity(displayedStock(stock, branch.id, warehouse.id))}
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
