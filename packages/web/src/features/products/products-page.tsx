import { PRODUCT_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { DataTable } from '../../components/data-table';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { EmptyStateCard } from '../../components/empty-state-card';
import { CollapsibleFilters } from '../../components/list-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { ActiveBulkActions, useRowSelection } from '../../components/row-selection';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, productPath } from '../../session/paths';
import { categoryTreeQuery } from '../categories/categories.api';
import { productColumns } from './product-columns';
import { ProductFilters } from './product-filters';
import { hasFilters, productListParams, useProductListState } from './product-list-state';
import { type ProductSummary, productKeys, productListQuery } from './products.api';

/**
 * /products: the company's products with search (name or SKU), filters, sort and paging, kept in
 * the address; a row opens the product.
 */
export function ProductsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_product');
  const canChange = canPerform(user, 'change_product');
  const navigate = useNavigate();
  const { state, change, setPage, clear } = useProductListState();
  const categories = useQuery(categoryTreeQuery(companyId));

  // The box follows the address (Clear filters, Back); the address follows the box after a pause.
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  const pushSearch = useDebouncedCallback((text: string) => change({ search: text.trim() }), 300);
  const typeSearch = (text: string) => {
    setSearchText(text);
    pushSearch(text);
  };

  // The category filter covers sub-categories, so it waits for the tree.
  const waitingForTree = state.category !== null && !categories.data && !categories.isError;
  const params = productListParams(state, categories.data?.results);
  const products = useQuery({ ...productListQuery(companyId, params), enabled: !waitingForTree });

  const selection = useRowSelection<ProductSummary>();
  const queryClient = useQueryClient();
  const filtered = hasFilters(state);
  // The empty-state card only while the company has no product at all; a search that finds
  // nothing keeps the filters on screen.
  const noProductsYet = !filtered && products.data?.count === 0 && !products.isPlaceholderData;
  const openCreate = () => void navigate({ to: PATHS.productNew });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Products</Title>
        <Group gap="sm">
          {!noProductsYet && (
            <DownloadListCsvButton
              download={() => downloadListCsv(`companies/${companyId}/products`, params, 'products.csv')}
            />
          )}
          {canAdd && !noProductsYet && (
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              Add Product
            </Button>
          )}
        </Group>
      </Group>
      {!canChange && <ReadOnlyNotice thing="products" />}
      {noProductsYet ? (
        <EmptyStateCard area="products" onAdd={canAdd ? openCreate : undefined} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <CollapsibleFilters>
              <ProductFilters
                companyId={companyId}
                state={state}
                searchText={searchText}
                onSearchTextChange={typeSearch}
                onChange={change}
                onClear={() => {
                  pushSearch.cancel();
                  setSearchText('');
                  clear();
                }}
                categories={categories.data?.results ?? []}
                categoriesLoading={categories.isLoading}
              />
            </CollapsibleFilters>
            <ActiveBulkActions
              selection={selection}
              csv={{ filename: 'products-selected.csv', columns: PRODUCT_CSV_COLUMNS }}
              setActive={
                canChange
                  ? (product, on) => api.post(`products/${product.id}/${on ? 'activate' : 'deactivate'}`)
                  : undefined
              }
              onDone={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
            />
            <DataTable
              selection={selection}
              label="Products"
              columns={productColumns}
              rowKey={(product) => product.id}
              data={products.data}
              isLoading={products.isLoading || waitingForTree}
              error={products.error}
              errorTitle="Failed to load Products."
              onRetry={() => products.refetch()}
              limit={state.limit}
              offset={state.offset}
              onPageChange={setPage}
              ordering={state.ordering}
              onOrderingChange={(ordering) => change({ ordering })}
              onRowClick={(product) => void navigate({ to: productPath(product.id) })}
              minWidth={1140}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No product matches the search or the filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
