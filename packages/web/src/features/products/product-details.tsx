import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Avatar, Badge, Button, Grid, Group, Image, Stack, Text } from '@mantine/core';
import { IconEdit, IconPackage, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { PATHS, productEditPath } from '../../session/paths';
import { StockMovementsCard } from '../inventory-transfers/stock-movements-card';
import { ProductBatchesCard } from '../stock-batches/product-batches-card';
import { ProductDetailCard } from './product-detail-card';
import {
  ProductContentCard,
  ProductInventoryCard,
  ProductOverviewCard,
  ProductPricingCard,
  ProductSeoCard,
} from './product-detail-sections';
import { ProductFilesCard } from './product-files-card';
import { ProductHistoryCard } from './product-history-card';
import { ProductImageGallery } from './product-images';
import { ProductPageHeader } from './product-page-header';
import { ProductRelatedCard } from './product-related-card';
import { ProductStockCard } from './product-stock-card';
import { type Product, useDeleteProduct, useSetProductActive } from './products.api';

export interface ProductPermissions {
  canChange: boolean;
  canDelete: boolean;
}

/** The first image by position: the main image. */
export function mainImageOf(product: Pick<Product, 'images'>): string | null {
  const [first] = [...product.images].sort((a, b) => a.position - b.position);
  return first?.url ?? null;
}

function MainImage({ product }: { product: Product }) {
  const url = mainImageOf(product);
  if (url) {
    return (
      <Image
        src={url}
        alt={`${product.name} main image`}
        w={72}
        h={72}
        fit="cover"
        radius="md"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ flex: 'none' }}
      />
    );
  }
  return (
    <Avatar size={72} radius="md" color="indigo" role="img" aria-label={`${product.name} has no image`}>
      <IconPackage size={32} />
    </Avatar>
  );
}

type Confirming = 'deactivate' | 'delete' | null;

/** One product: every field, images, files, stock by warehouse, related products and history. */
export function ProductDetails({
  product,
  permissions,
}: {
  product: Product;
  permissions: ProductPermissions;
}) {
  const { canChange, canDelete } = permissions;
  const navigate = useNavigate();
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const actions = (
    <>
      {canChange && (
        <>
          <Button component={Link} to={productEditPath(product.id)} leftSection={<IconEdit size={16} />}>
            Edit
          </Button>
          {product.is_active ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => setConfirming('deactivate')}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} />}
              loading={setActive.isPending}
              onClick={() => setActive.mutate({ id: product.id, active: true })}
            >
              Activate
            </Button>
          )}
        </>
      )}
      {canDelete && (
        <Button
          variant="default"
          color="red"
          c="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirming('delete')}
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="lg">
      <ProductPageHeader
        title={product.name}
        leading={<MainImage product={product} />}
        subtitle={
          <Group gap="xs">
            {product.sku && (
              <Text size="sm" c="dimmed">
                SKU {product.sku}
              </Text>
            )}
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(product.is_active).value} />
            <Badge color={product.stock.in_stock ? 'teal' : 'red'} variant="light" radius="sm">
              {product.stock.in_stock ? 'In stock' : 'Out of stock'}
            </Badge>
            {!product.is_visible_to_buyer && (
              <Badge color="gray" variant="light" radius="sm">
                Hidden from buyers
              </Badge>
            )}
          </Group>
        }
        actions={actions}
      />
      {!canChange && <ReadOnlyNotice thing="products" />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProductDetailCard id="product-images-detail" title="Images">
              <ProductImageGallery product={product} canChange={canChange} />
            </ProductDetailCard>
            <ProductOverviewCard product={product} />
            <ProductPricingCard product={product} />
            <ProductInventoryCard product={product} />
            <ProductContentCard product={product} />
            <ProductRelatedCard product={product} />
            <ProductSeoCard product={product} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ProductStockCard stock={product.stock} />
            <ProductBatchesCard productId={product.id} />
            <StockMovementsCard productId={product.id} stock={product.stock} />
            <ProductFilesCard product={product} canChange={canChange} />
            <ProductHistoryCard productId={product.id} />
          </Stack>
        </Grid.Col>
      </Grid>

      <ConfirmDialog
        opened={confirming === 'deactivate'}
        title="Deactivate Product"
        message={`An inactive product cannot be ordered. Deactivate ${product.name}?`}
        confirmLabel="Deactivate"
        loading={setActive.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          setActive.mutate({ id: product.id, active: false }, { onSettled: () => setConfirming(null) })
        }
      />
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete Product"
        message={`Delete ${product.name}? Orders and invoices that name it keep the name.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          remove.mutate(product.id, {
            onSuccess: () => void navigate({ to: PATHS.products }),
            onSettled: () => setConfirming(null),
          })
        }
      />
    </Stack>
  );
}
