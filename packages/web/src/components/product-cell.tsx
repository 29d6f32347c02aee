import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { productPath } from '../session/paths';
import type { Column } from './data-table';

export interface ProductRef {
  id: number;
  name: string;
  sku: string | null;
}

/** A product in a table's row: its name, a link to it, with its SKU below when it has one. */
export function ProductCell({ product }: { product: ProductRef }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={productPath(product.id)} size="sm" fw={500}>
        {product.name}
      </Anchor>
      {product.sku && (
        <Text size="xs" c="dimmed">
          {product.sku}
        </Text>
      )}
    </Stack>
  );
}

/** The first columns of a table of rows about products: the name (a link to it) and the SKU, both sortable. */
export function productLinkColumns<T extends { product: ProductRef }>(): Column<T>[] {
  return [
    {
      key: 'name',
      header: 'Product',
      sortField: 'name',
      render: (row) => (
        <Anchor component={Link} to={productPath(row.product.id)} fw={500}>
          {row.product.name}
        </Anchor>
      ),
    },
    { key: 'sku', header: 'SKU', sortField: 'sku', render: (row) => row.product.sku ?? 'N/A' },
  ];
}
