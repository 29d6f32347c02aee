import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import {
  filterSearchOf,
  listSearchOf,
  parseFilterSearch,
  parseListSearch,
  useUrlFilters,
  useUrlIdFilter,
  useUrlListParams,
} from './use-url-list-params';

const FILTERS = {
  status: [] as string[],
  buyer: null as number | null,
  kind: '',
  dates: [null, null] as [string | null, string | null],
};

describe('parseListSearch and listSearchOf', () => {
  it('reads search, page, size and sort, and leaves the defaults out of the address', () => {
    const state = parseListSearch({ q: 'ravi', limit: 50, offset: 100, ordering: '-name' }, '-created_at');
    expect(state).toEqual({ search: 'ravi', limit: 50, offset: 100, ordering: '-name' });
    expect(listSearchOf(state, '-created_at')).toEqual({
      q: 'ravi',
      limit: 50,
      offset: 100,
      ordering: '-name',
    });
    expect(listSearchOf(parseListSearch({}, '-date'), '-date')).toEqual({
      q: undefined,
      limit: undefined,
      offset: undefined,
      ordering: undefined,
    });
  });

  it('falls back to the default for a malformed address', () => {
    expect(parseListSearch({ q: 42, limit: 7, offset: -3, ordering: 'name; drop' }, '-date')).toEqual({
      search: '42',
      limit: 20,
      offset: 0,
      ordering: '-date',
    });
  });
});

describe('parseFilterSearch and filterSearchOf', () => {
  it('keeps the values that have the shape of their default', () => {
    const parsed = parseFilterSearch(
      { status: ['open', 'paid'], buyer: 12, kind: 7, dates: ['2026-04-01', null], other: 'x' },
      FILTERS,
    );
    expect(parsed).toEqual({ status: ['open', 'paid'], buyer: 12, kind: '7', dates: ['2026-04-01', null] });
  });

  it('drops the values that do not', () => {
    expect(parseFilterSearch({ status: 'open', buyer: true, dates: ['2026-04-01'] }, FILTERS)).toEqual(
      FILTERS,
    );
  });

  it('writes only the filters that differ from their default', () => {
    expect(filterSearchOf({ ...FILTERS, buyer: 5 }, FILTERS)).toEqual({
      status: undefined,
      buyer: 5,
      kind: undefined,
      dates: undefined,
    });
  });
});

function Probe() {
  const list = useUrlListParams({ ordering: '-date' });
  const [filters, setFilters] = useUrlFilters({ status: 'all' });
  return (
    <div>
      <output aria-label="state">{JSON.stringify({ ...list.params, ...filters })}</output>
      <button type="button" onClick={() => list.setPage(40, 20)}>
        Page 3
      </button>
      <button type="button" onClick={() => setFilters({ status: 'active' })}>
        Active
      </button>
      <button type="button" onClick={() => list.setSearch('mixer')}>
        Search
      </button>
    </div>
  );
}

describe('useUrlListParams and useUrlFilters', () => {
  it('start from the address and write their changes back into it, a filter going back to page 1', async () => {
    const { router } = renderScreen(() => <Probe />, { path: '/list?q=fan&status=inactive' });
    const state = async () => JSON.parse((await screen.findByLabelText('state')).textContent ?? '{}');
    expect(await state()).toMatchObject({ search: 'fan', status: 'inactive', offset: 0, ordering: '-date' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 3' })));
    expect(router.state.location.search).toEqual({ q: 'fan', status: 'inactive', offset: 40 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Active' })));
    expect(router.state.location.search).toEqual({ q: 'fan', status: 'active' });
    expect(await state()).toMatchObject({ search: 'fan', status: 'active', offset: 0 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(router.state.location.search).toEqual({ q: 'mixer', status: 'active' });
  });
});

function WarehouseProbe() {
  const [warehouse, setWarehouse] = useUrlIdFilter('warehouse');
  return (
    <div>
      <output aria-label="warehouse">{JSON.stringify(warehouse)}</output>
      <button type="button" onClick={() => setWarehouse('7')}>
        Seven
      </button>
      <button type="button" onClick={() => setWarehouse(null)}>
        Any
      </button>
    </div>
  );
}

describe('useUrlIdFilter', () => {
  it('hands the address id to a Select as text and writes the chosen one back as a number', async () => {
    const { router } = renderScreen(() => <WarehouseProbe />, { path: '/list?warehouse=12&offset=40' });
    expect((await screen.findByLabelText('warehouse')).textContent).toBe('"12"');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Seven' })));
    expect(router.state.location.search).toEqual({ warehouse: 7 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Any' })));
    expect(router.state.location.search).toEqual({});
  });
});
