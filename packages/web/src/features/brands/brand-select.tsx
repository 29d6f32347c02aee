import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FocusEventHandler, useEffect, useMemo, useState } from 'react';
import { type Brand, brandPickerQuery, brandQuery } from './brands.api';

export interface BrandSelectProps {
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Inactive brands are not offered unless this is set; the chosen brand always shows. */
  includeInactive?: boolean;
}

/**
 * A brand picker for forms (the product form): it searches the company's brands on the
 * server, ten at a time (GET brands?search=&limit=10), and keeps showing the chosen brand.
 */
export function BrandSelect({ value, onChange, includeInactive = false, ...props }: BrandSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const chosenInResults = (results: Brand[] | undefined) =>
    value !== null && (results ?? []).some((brand) => brand.id === value);

  // The chosen brand's name in the input is not a search: the list then shows the first brands.
  const [chosenName, setChosenName] = useState<string | null>(null);
  const query = debounced.trim() === (chosenName ?? '').trim() ? '' : debounced.trim();
  const results = useQuery(brandPickerQuery(query));
  const chosen = useQuery({
    ...brandQuery(value ?? 0),
    enabled: value !== null && !chosenInResults(results.data?.results),
  });

  const options = useMemo(() => {
    const brands = [...(results.data?.results ?? [])].filter((brand) => includeInactive || brand.is_active);
    const selected = chosen.data ?? results.data?.results.find((brand) => brand.id === value);
    if (selected && selected.id === value && !brands.some((brand) => brand.id === value)) {
      brands.unshift(selected);
    }
    return brands.map((brand) => ({
      value: String(brand.id),
      label: brand.is_active ? brand.name : `${brand.name} (inactive)`,
    }));
  }, [results.data, chosen.data, includeInactive, value]);

  const selectedLabel = options.find((option) => option.value === String(value))?.label ?? null;
  useEffect(() => setChosenName(selectedLabel), [selectedLabel]);

  return (
    <Select
      {...props}
      withAsterisk={props.required}
      required={undefined}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options: all }) => all}
      clearable
      placeholder={props.placeholder ?? 'Search brands'}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No brand found'}
    />
  );
}
