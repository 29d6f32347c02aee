import {
  Alert,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorDetail } from '../api/api-error';
import type { Paged } from '../api/types';
import { type RowSelection, SelectAllBox } from './row-selection';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './use-list-params';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** API ordering field; the column is sortable when set. */
  sortField?: string;
  /** The first click's direction: 'descending' for dates, where the newest first is what one wants. */
  sortFirst?: 'ascending' | 'descending';
  align?: 'left' | 'right' | 'center';
}

export interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  data: Paged<T> | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Paging of a server-paged list; a whole list (taxes, payment methods) leaves these out. */
  limit?: number;
  offset?: number;
  onPageChange?: (offset: number, limit: number) => void;
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  empty?: ReactNode;
  errorTitle?: string;
  /** Below this width the table scrolls sideways; 640 unless a narrow table asks for less. */
  minWidth?: number;
  /**
   * Opens a row with a click anywhere on it (a click on a control inside it excepted). The row
   * should still hold a link to the same place, for the keyboard and for opening it in a new tab.
   */
  onRowClick?: (row: T) => void;
  /** Rows under the loaded table's body (a report's totals), in a <tfoot>. */
  footer?: ReactNode;
  /** Opt-in row selection: a first column of 'Select row' boxes and 'Select all' in its header. */
  selection?: RowSelection<T>;
}

/**
 * Whether a click landed on something that acts on its own (a link, a button, an input, a menu),
 * or outside the row's own elements: React passes clicks in a portal (a row's action menu, a
 * dialog it opened) up to the row, and those must not open it.
 */
function isOwnControl(target: EventTarget | null, row: HTMLElement): boolean {
  if (!(target instanceof Node) || !row.contains(target)) return true;
  const control =
    target instanceof Element ? target.closest('a, button, input, label, [role="menuitem"]') : null;
  return control !== null && row.contains(control);
}

/** A click on a sorted column turns it round; on another column it sorts that one, its first way. */
function nextOrdering(
  current: string | undefined,
  field: string,
  first: 'ascending' | 'descending' = 'ascending',
): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return first === 'descending' ? `-${field}` : field;
}

function SortIcon({ ordering, field }: { ordering?: string; field: string }) {
  if (ordering === field) return <IconArrowUp size={14} aria-hidden />;
  if (ordering === `-${field}`) return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}

/**
 * A list with its four states: loading, error (with retry), empty and loaded; server-paged when
 * onPageChange is given.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, isLoading, error, ordering, onPageChange, selection } = props;
  const columns: Column<T>[] = selection
    ? [
        {
          key: '__select',
          header: 'Select',
          render: (row) => (
            <Checkbox
              aria-label="Select row"
              checked={selection.isSelected(row)}
              onChange={() => selection.toggle(row)}
            />
          ),
        },
        ...props.columns,
      ]
    : props.columns;
  const limit = props.limit ?? DEFAULT_PAGE_SIZE;
  const offset = props.offset ?? 0;

  const skeletonRows = [0, 1, 2, 3, 4].map((row) => (
    <Table.Tr key={row}>
      {columns.map((column) => (
        <Table.Td key={column.key}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
  const rows = (results: readonly T[]) =>
    results.map((row) => (
      <Table.Tr
        key={props.rowKey(row)}
        onClick={
          props.onRowClick
            ? (event) => {
                if (!isOwnControl(event.target, event.currentTarget)) props.onRowClick?.(row);
              }
            : undefined
        }
        style={props.onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));

  const header = (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const sortField = column.sortField;
          const direction =
            ordering === sortField ? 'ascending' : ordering === `-${sortField}` ? 'descending' : undefined;
          return (
            <Table.Th
              key={column.key}
              ta={column.align}
              aria-sort={sortField ? (direction ?? 'none') : undefined}
            >
              {column.key === '__select' && selection ? (
                <SelectAllBox selection={selection} rows={data?.results ?? []} />
              ) : sortField && props.onOrderingChange ? (
                <UnstyledButton
                  onClick={() =>
                    props.onOrderingChange?.(nextOrdering(ordering, sortField, column.sortFirst))
                  }
                  fw={600}
                  fz="sm"
                >
                  <Group gap={4} wrap="nowrap">
                    {column.header}
                    <SortIcon ordering={ordering} field={sortField} />
                  </Group>
                </UnstyledButton>
              ) : (
                column.header
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );

  if (error && !data) {
    return (
      <Alert color="red" title={props.errorTitle ?? 'Failed to load.'} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorDetail(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  const loaded = isLoading ? undefined : data;
  if (loaded?.count === 0) {
    return (
      <>
        {props.empty ?? (
          <Text c="dimmed" ta="center" py="xl">
            No records found
          </Text>
        )}
      </>
    );
  }

  // Loading and loaded render the same elements (skeleton rows in the same table), so focus on a
  // header and anything holding the table survive the first load.
  const table = (
    <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
      <Table
        aria-label={props.label}
        aria-busy={loaded ? undefined : 'true'}
        highlightOnHover={loaded !== undefined}
        verticalSpacing="sm"
      >
        {header}
        <Table.Tbody>{loaded ? rows(loaded.results) : skeletonRows}</Table.Tbody>
        {loaded && props.footer && <Table.Tfoot>{props.footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
  if (!onPageChange) return table;
  if (!loaded) return <Stack gap="sm">{table}</Stack>;

  const pages = Math.max(1, Math.ceil(loaded.count / limit));
  const page = Math.floor(offset / limit) + 1;
  const first = offset + 1;
  const last = Math.min(offset + loaded.results.length, loaded.count);

  return (
    <Stack gap="sm">
      {table}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Rows per page
          </Text>
          <Select
            aria-label="Rows per page"
            w={80}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(limit)}
            allowDeselect={false}
            onChange={(value) => value && onPageChange(0, Number(value))}
          />
          <Text size="sm" c="dimmed">
            {first}–{last} of {loaded.count_is_estimate ? 'about ' : ''}
            {loaded.count.toLocaleString('en-IN')}
          </Text>
        </Group>
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => onPageChange((next - 1) * limit, limit)}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      </Group>
    </Stack>
  );
}
