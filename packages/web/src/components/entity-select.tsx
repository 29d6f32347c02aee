import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FocusEventHandler, useEffect, useMemo, useState } from 'react';
import type { Paged } from '../api/types';

/** What a picker needs of a thing: its id, its name and whether it may still be chosen. */
export interface PickableEntity {
  id: number;
  name: string;
  is_active: boolean;
}

/** Where a picker finds its things: a server search (ten at a time) and one thing by id. */
// biome-ignore lint/suspicious/noExplicitAny: each area's query keys are tuples of their own
type AnyKey = any;
export interface EntitySource<T extends PickableEntity, One extends T = T> {
  search: (search: string) => UseQueryOptions<Paged<T>, Error, Paged<T>, AnyKey>;
  /** The detail may carry more than a search result. */
  one: (id: number) => UseQueryOptions<One, Error, One, AnyKey>;
  /** 'brand' gives the placeholder 'Search brands' and 'No brand found'. */
  noun: string;
}

export interface EntitySelectProps {
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Inactive things are not offered unless this is set; the chosen one always shows. */
  includeInactive?: boolean;
  /**
   * Offers '+ New …' as the last option: choosing it calls `onCreate` with the text searched (a
   * name to start the new thing with) and leaves the value as it was.
   */
  create?: { label: string; onCreate: (search: string) => void };
}

/** The value of the '+ New …' option; no id looks like it. */
const CREATE_VALUE = 'create';

/**
 * A picker for forms and filters that searches the company's things on the server and keeps
 * showing the chosen one even when it is not among the results.
 */
export function EntitySelect<T extends PickableEntity, One extends T = T>({
  source,
  value,
  onChange,
  includeInactive = false,
  create,
  ...props
}: EntitySelectProps & { source: EntitySource<T, One> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // The chosen thing's name in the input is not a search: the list then shows the first things.
  const [chosenName, setChosenName] = useState<string | null>(null);
  const query = debounced.trim() === (chosenName ?? '').trim() ? '' : debounced.trim();
  const results = useQuery(source.search(query));
  const found = results.data?.results;
  const chosen = useQuery({
    ...source.one(value ?? 0),
    enabled: value !== null && !(found ?? []).some((thing) => thing.id === value),
  });

  const options = useMemo(() => {
    const things = (found ?? []).filter((thing) => includeInactive || thing.is_active);
    const selected: T | undefined = chosen.data ?? found?.find((thing) => thing.id === value);
    if (selected && selected.id === value && !things.some((thing) => thing.id === value)) {
      things.unshift(selected);
    }
    const listed = things.map((thing) => ({
      value: String(thing.id),
      label: thing.is_active ? thing.name : `${thing.name} (inactive)`,
    }));
    return create ? [...listed, { value: CREATE_VALUE, label: create.label }] : listed;
  }, [found, chosen.data, includeInactive, value, create]);

  const selectedLabel = options.find((option) => option.value === String(value))?.label ?? null;
  useEffect(() => setChosenName(selectedLabel), [selectedLabel]);

  return (
    <Select
      {...props}
      withAsterisk={props.required}
      required={undefined}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        if (next === CREATE_VALUE) create?.onCreate(search === selectedLabel ? '' : search.trim());
        else onChange(next === null ? null : Number(next));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options: all }) => all}
      clearable
      placeholder={props.placeholder ?? `Search ${source.noun}s`}
      nothingFoundMessage={results.isFetching ? 'Searching…' : `No ${source.noun} found`}
    />
  );
}
