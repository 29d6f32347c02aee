import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CategoryTreeItem } from '../../components/category-tree';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { EntitySelect } from '../../components/entity-select';
import { BrandSelect } from '../brands/brand-select';
import { buyerGroupSource } from '../buyer-groups/buyer-group-source';
import { salesChannelsQuery } from '../reference/reference.api';
import {
  hasFilters,
  type ProductListChange,
  type ProductListState,
  type StatusFilter,
  type StockFilter,
} from './product-list-state';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const STOCK_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
];

export interface ProductFiltersProps {
  state: ProductListState;
  /** What is typed in the search box (the list follows it after a pause). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onChange: (changes: ProductListChange) => void;
  onClear: () => void;
  categories: readonly CategoryTreeItem[];
  categoriesLoading: boolean;
  companyId: number;
}

/**
 * Search by name or SKU; filters by category, brand, buyer group, status, stock and sales channel.
 * The order is set by the table's sortable headers, the list's one sort control (issue 18).
 */
export function ProductFilters(props: ProductFiltersProps) {
  const { state, onChange } = props;
  const channels = useQuery(salesChannelsQuery);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Product name or SKU"
        leftSection={<IconSearch size={16} />}
        value={props.searchText}
        onChange={(event) => props.onSearchTextChange(event.currentTarget.value)}
        w={200}
      />
      <div style={{ width: 190 }}>
        <CategoryTreeSelect
          label="Category"
          placeholder="All categories"
          categories={props.categories}
          loading={props.categoriesLoading}
          value={state.category}
          onChange={(category) => onChange({ category })}
        />
      </div>
      <div style={{ width: 170 }}>
        <BrandSelect
          label="Brand"
          placeholder="All brands"
          includeInactive
          value={state.brand}
          onChange={(brand) => onChange({ brand })}
        />
      </div>
      <div style={{ width: 170 }}>
        <EntitySelect
          source={buyerGroupSource(props.companyId)}
          label="Buyer Group"
          placeholder="All buyer groups"
          includeInactive
          value={state.buyerGroup}
          onChange={(buyerGroup) => onChange({ buyerGroup })}
        />
      </div>
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={state.status}
        allowDeselect={false}
        onChange={(value) => onChange({ status: (value as StatusFilter | null) ?? 'all' })}
        w={110}
      />
      <Select
        label="Stock"
        data={STOCK_OPTIONS}
        value={state.stock}
        allowDeselect={false}
        onChange={(value) => onChange({ stock: (value as StockFilter | null) ?? 'all' })}
        w={130}
      />
      <MultiSelect
        label="Sales Channel"
        placeholder={state.channels.length === 0 ? 'All channels' : undefined}
        data={(channels.data?.results ?? []).map((channel) => ({
          value: String(channel.id),
          label: channel.display_name,
        }))}
        value={state.channels.map(String)}
        onChange={(ids) => onChange({ channels: ids.map(Number) })}
        clearable
        w={170}
      />
      {hasFilters(state) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={props.onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
