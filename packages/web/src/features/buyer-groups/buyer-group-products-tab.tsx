import { Card, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { buildCategoryTree, findCategoryNode, subtreeIds } from '../../components/category-tree';
import { DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { brandListQuery } from '../brands/brands.api';
import { categoryTreeQuery } from '../categories/categories.api';
import { productColumns } from '../products/product-columns';
import { type BuyerGroupProductParams, buyerGroupProductsQuery } from './buyer-groups.api';

type StockFilter = 'all' | 'in' | 'out';

const STOCK_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
];

/** The products that name this buyer group, with the spec's filters: categories, brands, stock. */
export function BuyerGroupProductsTab({ groupId }: { groupId: number }) {
  const companyId = useCurrentUser().company.id;
  const list = useListParams();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const { setSearch, resetPage } = list;
  useEffect(() => setSearch(search.trim()), [search, setSearch]);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [brandIds, setBrandIds] = useState<string[]>([]);
  const [stock, setStock] = useState<StockFilter>('all');

  const categories = useQuery(categoryTreeQuery(companyId));
  const brands = useQuery(brandListQuery(companyId, { limit: -1, ordering: 'name' }));
  const tree = useMemo(() => buildCategoryTree(categories.data?.results ?? []), [categories.data]);

  // A category covers its sub-categories, as on the products screen.
  const categoryFilter = useMemo(() => {
    const ids = new Set<number>();
    for (const id of categoryIds.map(Number)) {
      const node = findCategoryNode(tree, id);
      for (const sub of node ? subtreeIds(node) : [id]) ids.add(sub);
    }
    return [...ids].sort((a, b) => a - b);
  }, [categoryIds, tree]);

  const params: BuyerGroupProductParams = {
    ...list.params,
    ...(categoryFilter.length ? { category__in: categoryFilter } : {}),
    ...(brandIds.length ? { brand__in: brandIds.map(Number).sort((a, b) => a - b) } : {}),
    ...(stock === 'all' ? {} : { in_stock: stock === 'in' }),
  };
  const products = useQuery(buyerGroupProductsQuery(groupId, params));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Product name or SKU"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={220}
          />
          <MultiSelect
            label="Categories"
            placeholder={categoryIds.length ? undefined : 'All categories'}
            data={(categories.data?.results ?? [])
              .filter((c) => !c.is_root)
              .map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryIds}
            onChange={(ids) => {
              setCategoryIds(ids);
              resetPage();
            }}
            searchable
            clearable
            w={220}
          />
          <MultiSelect
            label="Brands"
            placeholder={brandIds.length ? undefined : 'All brands'}
            data={(brands.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={brandIds}
            onChange={(ids) => {
              setBrandIds(ids);
              resetPage();
            }}
            searchable
            clearable
            w={220}
          />
          <Select
            label="Stock"
            data={STOCK_OPTIONS}
            value={stock}
            allowDeselect={false}
            onChange={(value) => {
              setStock((value as StockFilter | null) ?? 'all');
              resetPage();
            }}
            w={140}
          />
        </Group>
        <DataTable
          label="Products of the group"
          columns={productColumns}
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
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No product of this buyer group matches the filters.
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}
