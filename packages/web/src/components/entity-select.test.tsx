import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Paged } from '../api/types';
import { renderWithProviders } from '../test/render';
import { EntitySelect, type EntitySource, type PickableEntity } from './entity-select';

const things: PickableEntity[] = [{ id: 7, name: 'Sahyadri Retail', is_active: true }];
const source: EntitySource<PickableEntity> = {
  search: (search) =>
    queryOptions({
      queryKey: ['things', search],
      queryFn: async (): Promise<Paged<PickableEntity>> => ({
        count: things.length,
        next: null,
        previous: null,
        results: things,
      }),
    }),
  one: (id) => queryOptions({ queryKey: ['thing', id], queryFn: async () => things[0] as PickableEntity }),
  noun: 'buyer',
};

describe('EntitySelect', () => {
  // That the text searched becomes the new thing's name is shown by e2e/first-invoice.spec.ts.
  it("offers '+ New …' last: choosing it starts a new thing and keeps the value", async () => {
    const onChange = vi.fn();
    const onCreate = vi.fn();
    renderWithProviders(
      <EntitySelect
        source={source}
        label="Buyer"
        value={null}
        onChange={onChange}
        create={{ label: '+ New Buyer', onCreate }}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Buyer' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Konkan' } });
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.at(-1)?.textContent).toBe('+ New Buyer');
    fireEvent.click(options.at(-1) as HTMLElement);
    expect(onCreate).toHaveBeenCalledOnce();
    expect(onChange).not.toHaveBeenCalled();
  });
});
