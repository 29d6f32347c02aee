import { formatQuantity } from '@b2b/domain/money';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Anchor, Avatar, Badge, Group, Image, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { productPath } from '../../session/paths';
import type { ProductSummary } from './products.api';

const THUMB = 40;

/** The product's main image, small, or a placeholder while it has none. */
export function ProductThumbnail({ product }: { product: Pick<ProductSummary, 'name' | 'image'> }) {
  if (product.image) {
    return (
      <Image
        src={product.image}
        alt={`${product.name} image`}
        w={THUMB}
        h={THUMB}
        fit="cover"
        radius="sm"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ flex: 'none' }}
        loading="lazy"
      />
    );
  }
  return (
    <Avatar size={THUMB} radius="sm" color="gray" role="img" aria-label={`${product.name} has no image`}>
      <IconPackage size={20} />
    </Avatar>
  );
}

/** What the stock column shows: the quantity on hand, or 'Out of stock'. */
export function StockCell({ product }: { product: Pick<ProductSummary, 'in_stock' | 'available_stock'> }) {
  if (!product.in_stock) {
    return (
      <Badge color="red" variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
        Out of stock
      </Badge>
    );
  }
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatQuantity(product.available_stock)}</span>
  );
}

export const productColumns: Column<ProductSummary>[] = [
  {
    key: 'name',
    header: 'Product',
    sortField: 'name',
    render: (product) => (
      <Group gap="sm" wrap="nowrap">
        <ProductThumbnail product={product} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={productPath(product.id)}
            fw={500}
            c="var(--mantine-color-text)"
            size="sm"
          >
            {product.name}
          </Anchor>
          {product.sku && (
            <Text size="xs" c="dimmed">
              SKU {product.sku}
            </Text>
          )}
        </Stack>
      </Group>
    ),
  },
  { key: 'category', header: 'Category', render: (product) => product.category.name },
  { key: 'brand', header: 'Brand', render: (product) => product.brand?.name ?? '—' },
  { key: 'mrp', header: 'MRP', align: 'right', render: (product) => <Money value={product.mrp} /> },
  {
    key: 'selling_price',
    header: 'Selling Price',
    align: 'right',
    sortField: 'selling_price',
    render: (product) => <Money value={product.selling_price} />,
  },
  { key: 'stock', header: 'Stock', align: 'right', render: (product) => <StockCell product={product} /> },
  {
    key: 'priority',
    header: 'Priority',
    align: 'right',
    sortField: 'priority',
    render: (product) => product.priority,
  },
  {
    key: 'status',
    header: 'Status',
    render: (product) => (
      <div style={{ minWidth: 'max-content' }}>
        <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(product.is_active).value} />
      </div>
    ),
  },
  {
    key: 'created_at',
    header: 'Created On',
    sortField: 'created_at',
    sortFirst: 'descending',
    render: (product) => dayjs(product.created_at).format('DD/MM/YYYY'),
  },
  {
    key: 'updated_at',
    header: 'Updated On',
    sortField: 'updated_at',
    sortFirst: 'descending',
    render: (product) => dayjs(product.updated_at).format('DD/MM/YYYY'),
  },
];
