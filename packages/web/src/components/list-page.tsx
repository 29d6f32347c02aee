import { Button, Card, Collapse, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type EmptyArea, EmptyStateCard } from './empty-state-card';
import { ReadOnlyNotice } from './read-only-notice';
import type { ListControls } from './use-list-params';
import { useUrlFilters } from './use-url-list-params';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const NO_STATUS = { status: 'all' as StatusFilter };

/**
 * A list screen's search box (debounced into the list's params) and its Active/Inactive filter,
 * the filter kept in the address beside the search (useUrlFilters), so Back restores both.
 */
export function useSearchAndStatus(list: ListControls) {
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [filters, setFilters] = useUrlFilters(NO_STATUS);
  const status: StatusFilter =
    filters.status === 'active' || filters.status === 'inactive' ? filters.status : 'all';
  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);
  return {
    searchText,
    setSearchText,
    status,
    setStatus: (value: StatusFilter) => setFilters({ status: value }),
    /** The `is_active` query parameter: undefined means both. */
    isActive: status === 'all' ? undefined : status === 'active',
    /** Whether the user narrowed the list (an empty result then is not "nothing yet"). */
    filtered: list.params.search !== '' || status !== 'all',
  };
}

export function SearchAndStatusFilters({
  filter,
  placeholder,
  children,
}: {
  filter: ReturnType<typeof useSearchAndStatus>;
  placeholder: string;
  /** Further filters after the status one. */
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        value={filter.searchText}
        onChange={(event) => filter.setSearchText(event.currentTarget.value)}
        w={260}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filter.status}
        allowDeselect={false}
        onChange={(value) => filter.setStatus((value as StatusFilter) ?? 'all')}
        w={140}
      />
      {children}
    </Group>
  );
}

export interface ListPageProps {
  title: string;
  addLabel: string;
  /** Absent when the user may not add. */
  onAdd?: () => void;
  /** Hides the Add button while a dialog is open, so only the dialog's button carries its name. */
  dialogOpen: boolean;
  /** The plural shown in the read-only notice, when the user may not change anything. */
  readOnlyThing?: string;
  /** Nothing exists yet (not merely filtered away): the spec's empty-state card instead of the table. */
  noneYet: boolean;
  /** Whose sentence the empty card shows ('Add a Buyer and boost your business'). */
  area: EmptyArea;
  filters: ReactNode;
  /** Beside the title (Download CSV): in reach at phone width too, where the filters fold away. */
  actions?: ReactNode;
  table: ReactNode;
  children?: ReactNode;
}

/**
 * A list's filters: in full on a wide screen; behind a Filters button at phone width, so the
 * table is what the user sees first (the filters, and the CSV button among them, one tap away).
 */
export function CollapsibleFilters({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [opened, { toggle }] = useDisclosure(false);
  if (!narrow) return children;
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        onClick={toggle}
        aria-expanded={opened}
        style={{ alignSelf: 'flex-start' }}
      >
        {opened ? 'Hide filters' : 'Filters'}
      </Button>
      <Collapse expanded={opened}>{children}</Collapse>
    </Stack>
  );
}

/** The frame of a list screen: title and Add, read-only notice, then the empty card or filters and table. */
export function ListPage({
  title,
  addLabel,
  onAdd,
  dialogOpen,
  readOnlyThing,
  noneYet,
  area,
  filters,
  actions,
  table,
  children,
}: ListPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="sm">
          {!noneYet && actions}
          {onAdd && !noneYet && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={onAdd}
              style={{ visibility: dialogOpen ? 'hidden' : undefined }}
            >
              {addLabel}
            </Button>
          )}
        </Group>
      </Group>
      {readOnlyThing && <ReadOnlyNotice thing={readOnlyThing} />}
      {noneYet ? (
        <EmptyStateCard area={area} onAdd={onAdd} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <CollapsibleFilters>{filters}</CollapsibleFilters>
            {table}
          </Stack>
        </Card>
      )}
      {children}
    </Stack>
  );
}
