import { ActionIcon, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { BundleProductSelect, type ProductRef } from '../grouped-products/bundle-product-select';
import {
  collectionProductsQuery,
  type ProductCollection,
  useAddCollectionProducts,
  useRemoveCollectionProducts,
  useReorderCollectionProducts,
} from './product-collections.api';

/** Reordering sends the whole list, so the panel reads every product of the collection. */
const ALL = { limit: -1 };

export interface CollectionProductsDialogProps {
  companyId: number;
  collection: ProductCollection;
  canChange: boolean;
  onClose: () => void;
}

/** The products of one collection in their order: add, remove, and move them up or down. */
export function CollectionProductsDialog({
  companyId,
  collection,
  canChange,
  onClose,
}: CollectionProductsDialogProps) {
  const products = useQuery(collectionProductsQuery(collection.id, ALL));
  const add = useAddCollectionProducts();
  const remove = useRemoveCollectionProducts();
  const reorder = useReorderCollectionProducts();
  const [chosen, setChosen] = useState<ProductRef | null>(null);
  const rows = products.data?.results ?? [];
  const ids = rows.map((row) => row.id);

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    reorder.mutate({ id: collection.id, products: next });
  };

  return (
    <Modal opened onClose={onClose} title={`Products of ${collection.name}`} size="xl">
      <Stack gap="md">
        {canChange && (
          <Group align="flex-end">
            <div style={{ flex: 1 }}>
              <BundleProductSelect
                companyId={companyId}
                label="Add a product"
                value={chosen}
                onChange={setChosen}
                excludeIds={ids}
              />
            </div>
            <Button
              disabled={!chosen}
              loading={add.isPending}
              onClick={() => {
                if (chosen) {
                  add.mutate(
                    { id: collection.id, products: [chosen.id] },
                    { onSuccess: () => setChosen(null) },
                  );
                }
              }}
            >
              Add
            </Button>
          </Group>
        )}
        {products.isLoading && (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading products" />
          </Group>
        )}
        {products.error && (
          <LoadErrorAlert
            title="Failed to load products."
            error={products.error}
            onRetry={() => products.refetch()}
          />
        )}
        {products.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            This collection has no products yet.
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Collection products">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th ta="right">MRP</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                  {canChange && <Table.Th ta="right">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.sku ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.mrp} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.selling_price} />
                    </Table.Td>
                    {canChange && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${row.name} up`}
                            disabled={index === 0 || reorder.isPending}
                            onClick={() => move(index, -1)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${row.name} down`}
                            disabled={index === rows.length - 1 || reorder.isPending}
                            onClick={() => move(index, 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${row.name}`}
                            disabled={remove.isPending}
                            onClick={() => remove.mutate({ id: collection.id, products: [row.id] })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
