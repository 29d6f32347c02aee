import type { RelatedProductKind } from '@b2b/domain/api/products';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { useField } from '../../components/use-field';
import type { ProductFormValues, RelatedProductRef } from './product-form.schema';
import { productPickerQuery } from './products.api';

export interface RelatedProductPickerProps {
  companyId: number;
  control: Control<ProductFormValues>;
  kind: RelatedProductKind;
  label: string;
  description?: string;
  /** The product being edited: it cannot be related to itself. */
  excludeId?: number;
}

const labelOf = (ref: RelatedProductRef) => (ref.sku ? `${ref.name} (${ref.sku})` : ref.name);

/**
 * Chooses products of one related kind: it searches the company's products by name or SKU on the
 * server, ten at a time, and keeps the chosen ones (their names included) in the form.
 */
export function RelatedProductPicker({
  companyId,
  control,
  kind,
  label,
  description,
  excludeId,
}: RelatedProductPickerProps) {
  const { field, error } = useField(control, `related_products.${kind}`);
  const chosen = (field.value as RelatedProductRef[] | undefined) ?? [];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery({ ...productPickerQuery(companyId, debounced) });

  const known = useMemo(() => {
    const refs = new Map<number, RelatedProductRef>();
    for (const ref of chosen) refs.set(ref.id, ref);
    for (const product of results.data?.results ?? []) {
      if (product.id !== excludeId && !refs.has(product.id)) {
        refs.set(product.id, { id: product.id, name: product.name, sku: product.sku });
      }
    }
    return refs;
  }, [chosen, results.data, excludeId]);

  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label={label}
      description={description}
      error={error}
      data={[...known.values()].map((ref) => ({ value: String(ref.id), label: labelOf(ref) }))}
      value={chosen.map((ref) => String(ref.id))}
      onChange={(ids) =>
        field.onChange(ids.map((id) => known.get(Number(id))).filter((ref) => ref !== undefined))
      }
      onBlur={field.onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered by name or SKU already.
      filter={({ options }) => options}
      placeholder={chosen.length === 0 ? 'Search products by name or SKU' : undefined}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No product found'}
      clearable
      hidePickedOptions
    />
  );
}
