import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * A search box's text, debounced (300 ms) and trimmed into the list's search; it starts from
 * `initial`, the list's search as the address keeps it.
 */
export function useListSearch(setSearch: (search: string) => void, initial = '') {
  const [text, setText] = useState(initial);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  return { text, setText };
}

/** The 'Search' box of a list, for useListSearch. */
export function ListSearch({
  search,
  placeholder,
}: {
  search: ReturnType<typeof useListSearch>;
  placeholder: string;
}) {
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={search.text}
      onChange={(event) => search.setText(event.currentTarget.value)}
      w={260}
    />
  );
}
