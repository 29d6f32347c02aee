import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { productPickerQuery } from '../products/products.api';

/** A product as a picker shows it: the id is sent, the name and SKU are shown. */
export interface ProductRef {
  id: number;
  name: string;
  sku: string | null;
}

export const productLabel = (ref: ProductRef) => (ref.sku ? `${ref.name} (${ref.sku})` : ref.name);

export interface BundleProductSelectProps {
  companyId: number;
  label: string;
  value: ProductRef | null;
  onChange: (value: ProductRef | null) => void;
  onBlur?: () => void;
  error?: string;
  /** Products chosen elsewhere (other lines, the collection): not offered again. */
  excludeIds?: number[];
}

/**
 * Chooses one product of the company: searched on the server by name or SKU, ten at a time. The
 * chosen product (its name included) is kept by the caller, so it shows while not in the results.
 */
export function BundleProductSelect({
  companyId,
  label,
  value,
  onChange,
  onBlur,
  error,
  excludeIds = [],
}: BundleProductSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery(productPickerQuery(companyId, debounced));

  const known = useMemo(() => {
    const refs = new Map<number, ProductRef>();
    if (value) refs.set(value.id, value);
    for (const p of results.data?.results ?? []) {
      if (!refs.has(p.id) && !excludeIds.includes(p.id))
        refs.set(p.id, { id: p.id, name: p.name, sku: p.sku });
    }
    return refs;
  }, [value, results.data, excludeIds]);

  return (
    <Select
      label={label}
      error={error}
      data={[...known.values()].map((ref) => ({ value: String(ref.id), label: productLabel(ref) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (known.get(Number(id)) ?? null) : null)}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered by name or SKU already.
      filter={({ options }) => options}
      placeholder="Search products by name or SKU"
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No product found'}
      clearable
    />
  );
}
