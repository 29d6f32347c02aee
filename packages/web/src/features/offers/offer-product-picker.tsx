import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { useField } from '../../components/use-field';
import { type ProductSummary, productPickerQuery } from '../products/products.api';
import type { OfferFormValues, ProductRef } from './offer-form.schema';

const labelOf = (ref: ProductRef) => (ref.sku ? `${ref.name} (${ref.sku})` : ref.name);

/**
 * The products a product offer takes a price off: searched by name or SKU on the server, ten at
 * a time; the chosen ones keep their names in the form (as the product form's related products).
 */
export function OfferProductsField({
  companyId,
  control,
  error: targetsError,
}: {
  companyId: number;
  control: Control<OfferFormValues>;
  /** The message of the targets as a whole ('Please choose at least one product, category or brand'). */
  error?: string;
}) {
  const { field, error } = useField(control, 'products');
  const chosen = (field.value as ProductRef[] | undefined) ?? [];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery(productPickerQuery(companyId, debounced));

  const known = useMemo(() => {
    const refs = new Map<number, ProductRef>();
    for (const ref of chosen) refs.set(ref.id, ref);
    for (const product of results.data?.results ?? []) {
      if (!refs.has(product.id))
        refs.set(product.id, { id: product.id, name: product.name, sku: product.sku });
    }
    return refs;
  }, [chosen, results.data]);

  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label="Products"
      description="Each line of these products gets the offer"
      error={error ?? targetsError}
      data={[...known.values()].map((ref) => ({ value: String(ref.id), label: labelOf(ref) }))}
      value={chosen.map((ref) => String(ref.id))}
      onChange={(ids) =>
        field.onChange(ids.map((id) => known.get(Number(id))).filter((ref) => ref !== undefined))
      }
      onBlur={field.onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      placeholder={chosen.length === 0 ? 'Search products by name or SKU' : undefined}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No product found'}
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One product to add to the preview's sample order: searched on the server, handed over whole. */
export function SampleProductSelect({
  companyId,
  onPick,
}: {
  companyId: number;
  onPick: (product: ProductSummary) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery(productPickerQuery(companyId, debounced));
  const products = results.data?.results ?? [];
  return (
    <Select
      label="Add a product to the sample order"
      placeholder="Search products by name or SKU"
      data={products.map((p) => ({ value: String(p.id), label: p.sku ? `${p.name} (${p.sku})` : p.name }))}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No product found'}
      onChange={(value) => {
        const product = products.find((p) => String(p.id) === value);
        if (product) onPick(product);
        setSearch('');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
