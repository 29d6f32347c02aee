import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { useListSearch } from '../../components/list-search';
import { useListParams } from '../../components/use-list-params';
import { sellerProductColumns } from './seller-product-columns';
import {
  type SellerDetail,
  type SellerProduct,
  unassignedProductsQuery,
  useAssignProducts,
} from './sellers.api';

/**
 * The products no seller has yet, searchable and paged; the ticked ones (kept across pages and
 * searches) are assigned to the seller at once.
 */
export function AssignProductsDialog({ seller, onClose }: { seller: SellerDetail; onClose: () => void }) {
  const list = useListParams({ ordering: 'name' });
  const search = useListSearch(list.setSearch);
  const products = useQuery(unassignedProductsQuery(seller.id, list.params));
  const assign = useAssignProducts(seller.id);
  const [selected, setSelected] = useState<Map<number, string>>(() => new Map());

  const toggle = (product: SellerProduct, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(product.id, product.name);
      else next.delete(product.id);
      return next;
    });
  const pageRows = products.data?.results ?? [];
  const allOnPage = pageRows.length > 0 && pageRows.every((p) => selected.has(p.id));

  const columns: Column<SellerProduct>[] = [
    {
      key: 'select',
      header: 'Select',
      render: (product) => (
        <Checkbox
          aria-label={`Select ${product.name}`}
          checked={selected.has(product.id)}
          onChange={(event) => toggle(product, event.currentTarget.checked)}
        />
      ),
    },
    ...sellerProductColumns.map((column) =>
      column.key === 'name' ? { ...column, render: (product: SellerProduct) => product.name } : column,
    ),
  ];

  const submit = () =>
    assign.mutate({ products: [...selected.keys()], reassign: false }, { onSuccess: () => onClose() });

  return (
    <Modal opened onClose={onClose} title={`Assign products to ${seller.name}`} size="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Product name or SKU"
            leftSection={<IconSearch size={16} />}
            value={search.text}
            onChange={(event) => search.setText(event.currentTarget.value)}
            w={260}
            data-autofocus
          />
          <Button
            variant="subtle"
            size="xs"
            disabled={pageRows.length === 0}
            onClick={() => {
              for (const product of pageRows) toggle(product, !allOnPage);
            }}
          >
            {allOnPage ? 'Clear this page' : 'Select this page'}
          </Button>
        </Group>
        <DataTable
          label="Unassigned products"
          columns={columns}
          rowKey={(product) => product.id}
          data={products.data}
          isLoading={products.isLoading}
          error={products.error}
          errorTitle="Failed to load products."
          onRetry={() => products.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(product) => toggle(product, !selected.has(product.id))}
          minWidth={640}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search
                ? 'No unassigned product matches the search.'
                : 'Every product already has a seller.'}
            </Text>
          }
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {selected.size === 1 ? '1 product selected' : `${selected.size} products selected`}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={selected.size === 0} loading={assign.isPending} onClick={submit}>
              Assign
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
