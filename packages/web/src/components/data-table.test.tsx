import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { renderWithProviders } from '../test/render';
import { type Column, DataTable, type DataTableProps } from './data-table';

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
];

function renderTable(overrides: Partial<DataTableProps<Row>>) {
  const props: DataTableProps<Row> = {
    label: 'Things',
    columns,
    rowKey: (row) => row.id,
    data: undefined,
    isLoading: false,
    error: null,
    onRetry: vi.fn(),
    limit: 20,
    offset: 0,
    onPageChange: vi.fn(),
    ordering: '-created_at',
    onOrderingChange: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<DataTable {...props} />);
  return props;
}

describe('DataTable', () => {
  it('marks the table busy while loading', () => {
    renderTable({ isLoading: true });
    expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the error with the server detail and retries on demand', () => {
    const props = renderTable({ error: new ApiError({ status: 500, detail: 'Database is down.' }) });
    expect(screen.getByRole('alert').textContent).toContain('Database is down.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty state when the list has no rows', () => {
    renderTable({ data: { count: 0, next: null, previous: null, results: [] }, empty: <p>Nothing yet</p> });
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the rows, the range and pages by offset', () => {
    const results = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
    const props = renderTable({ data: { count: 45, next: 'n', previous: null, results } });
    expect(screen.getByText('Row 20')).toBeTruthy();
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(20, 20);
  });

  it('sorts ascending by a column, then descending', () => {
    const data = { count: 1, next: null, previous: null, results: [{ id: 1, name: 'A' }] };
    const props = renderTable({ data });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onOrderingChange).toHaveBeenCalledWith('name');
    renderTable({ data, ordering: 'name', onOrderingChange: props.onOrderingChange });
    fireEvent.click(screen.getAllByRole('button', { name: 'Name' })[1]);
    expect(props.onOrderingChange).toHaveBeenLastCalledWith('-name');
  });

  it('shows a whole list without the pager when it is not paged', () => {
    const results = [{ id: 1, name: 'Cash' }];
    renderTable({ data: { count: 1, next: null, previous: null, results }, onPageChange: undefined });
    expect(screen.getByText('Cash')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'next page' })).toBeNull();
    expect(screen.queryByText('Rows per page')).toBeNull();
  });
});
