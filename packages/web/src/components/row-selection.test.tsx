import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable } from './data-table';
import { BulkActionBar, bulkSummary, csvText, useRowSelection } from './row-selection';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'Asha Traders' },
  { id: 2, name: '=SUM(A1)' },
  { id: 3, name: 'Bose, Sons' },
];

function Selectable() {
  const selection = useRowSelection<Row>();
  return (
    <>
      <BulkActionBar selection={selection}>
        <output aria-label="chosen">{selection.rows.map((row) => row.id).join(',')}</output>
      </BulkActionBar>
      <DataTable
        label="Buyers"
        columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
        rowKey={(row) => row.id}
        data={{ count: 3, next: null, previous: null, results: ROWS }}
        isLoading={false}
        error={null}
        onRetry={() => {}}
        selection={selection}
      />
    </>
  );
}

describe('row selection', () => {
  it('selects rows one by one and all at once, and shows the bulk bar only while some are selected', () => {
    renderWithProviders(<Selectable />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(boxes).toHaveLength(3);
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[2]);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByLabelText('chosen').textContent).toBe('1,3');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByLabelText('chosen').textContent).toBe('1,3,2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    fireEvent.click(boxes[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('1 selected')).toBeNull();
  });

  it('writes the selected rows with the list’s columns, formulas as text', () => {
    const text = csvText(
      [
        ['Buyer', (row: Row) => row.name],
        ['Id', (row: Row) => row.id],
      ],
      ROWS,
    );
    expect(text).toBe('\uFEFFBuyer,Id\r\nAsha Traders,1\r\n\'=SUM(A1),2\r\n"Bose, Sons",3\r\n');
  });

  it('sums a bulk action up with its failures', () => {
    expect(bulkSummary(3, 'deactivated', [])).toBe('3 deactivated');
    expect(bulkSummary(3, 'deactivated', ['Buyer Not Found'])).toBe(
      '3 deactivated, 1 failed: Buyer Not Found',
    );
  });
});
