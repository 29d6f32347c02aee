import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ANY_DAY, DateRangeFilter, type DayRange } from './date-range-filter';

function Harness({ seen }: { seen: DayRange[] }) {
  const [range, setRange] = useState<DayRange>(ANY_DAY);
  return (
    <DateRangeFilter
      label="Order Date"
      value={range}
      onChange={(next) => {
        seen.push(next);
        setRange(next);
      }}
    />
  );
}

describe('DateRangeFilter', () => {
  it('picks a range of several days: the start on the first click, the end on the second', async () => {
    const seen: DayRange[] = [];
    renderWithProviders(<Harness seen={seen} />);
    fireEvent.click(screen.getByLabelText('Order Date'));
    fireEvent.click((await screen.findAllByRole('button', { name: /^10 / }))[0]);
    fireEvent.click(screen.getAllByRole('button', { name: /^14 / })[0]);
    expect(seen).toHaveLength(2);
    const [start, end] = seen[1];
    expect(seen[0]).toEqual([start, null]);
    expect(start?.slice(-2)).toBe('10');
    expect(end?.slice(-2)).toBe('14');
  });

  it('offers presets: This month picks the whole month in one click (issue 18)', async () => {
    const seen: DayRange[] = [];
    renderWithProviders(<Harness seen={seen} />);
    fireEvent.click(screen.getByLabelText('Order Date'));
    fireEvent.click(await screen.findByRole('button', { name: 'This month' }));
    const [start, end] = seen[seen.length - 1];
    expect(start?.slice(-2)).toBe('01');
    expect(start?.slice(0, 7)).toBe(end?.slice(0, 7));
    expect(Number(end?.slice(-2))).toBeGreaterThanOrEqual(28);
  });
});
