import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { InventoryMovementReportPage } from './inventory-movement-report-page';
import type { OverstockingRow, UnderStockingRow } from './stock-reports.api';

const READER = withPermissions(['view_reports']);

const under = (id: number, name: string, sellable: number, reorderPoint: number): UnderStockingRow => ({
  product: { id, name, sku: `SKU-${id}`, unit: id === 1 ? 'PCS' : null },
  available_stock: sellable + 1,
  df_quantity: 1,
  sellable,
  reorder_point: reorderPoint,
  shortfall: reorderPoint - sellable,
});

const over = (id: number, name: string, onHand: number, lastOut: string | null): OverstockingRow => ({
  product: { id, name, sku: null, unit: null },
  available_stock: onHand,
  last_outward_at: lastOut,
});

function server(options: { under?: UnderStockingRow[]; over?: OverstockingRow[]; fail?: boolean } = {}) {
  return fakeApi((call: ApiCall) => {
    const search = (call.query.get('search') ?? '').toLowerCase();
    const matches = (row: { product: { name: string } }) => row.product.name.toLowerCase().includes(search);
    if (call.path === 'admin/reports/under_stocking') {
      if (options.fail) return { status: 500, body: { detail: 'Reports are unavailable.' } };
      return { body: paged((options.under ?? []).filter(matches)) };
    }
    if (call.path === 'admin/reports/overstocking')
      return { body: paged((options.over ?? []).filter(matches)) };
    return undefined;
  });
}

const table = (name: string) => screen.getByRole('table', { name });

describe('Under-stocking and Overstocking report', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Under-stocking lists products below their reorder point with a link to each, largest shortfall first', async () => {
    const api = server({ under: [under(2, 'Toor Dal 1 kg', 2, 10), under(1, 'Basmati Rice 5 kg', 4, 5)] });
    renderScreen(() => <InventoryMovementReportPage />, { user: READER });
    expect(await screen.findByRole('heading', { name: 'Under-stocking and Overstocking' })).toBeTruthy();
    const rice = (await screen.findByRole('link', { name: 'Basmati Rice 5 kg' })).closest(
      'tr',
    ) as HTMLElement;
    expect(screen.getByRole('link', { name: 'Basmati Rice 5 kg' }).getAttribute('href')).toBe('/products/1');
    // Product, SKU, On Hand, Committed, Sellable, Reorder Point, Shortfall.
    expect(
      within(rice)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Basmati Rice 5 kg', 'SKU-1', '5', '1', '4 PCS', '5', '1']);
    const rows = within(table('Under-stocking')).getAllByRole('row');
    expect(rows[1].textContent).toContain('Toor Dal 1 kg');
    expect(api.calls[0].query.get('ordering')).toBe('-shortfall');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'dal' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Basmati Rice 5 kg' })).toBeNull());
    expect(api.calls.at(-1)?.query.get('search')).toBe('dal');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No product matches the search.')).toBeTruthy();
  });

  it('says so when no product is below its reorder point, and shows a failure with Retry', async () => {
    server();
    renderScreen(() => <InventoryMovementReportPage />, { user: READER });
    expect(await screen.findByText('No products below their reorder point.')).toBeTruthy();
    vi.unstubAllGlobals();
    server({ fail: true });
    renderScreen(() => <InventoryMovementReportPage />, { user: READER });
    expect(await screen.findByText('Failed to load the under-stocking report.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("Overstocking lists idle stock with its last stock out or 'Never', in the chosen window", async () => {
    const api = server({
      over: [over(3, 'Ceiling Fan', 40, null), over(4, 'Table Lamp', 6, '2025-01-15T10:00:00.000Z')],
    });
    renderScreen(() => <InventoryMovementReportPage />, { user: READER });
    fireEvent.click(await screen.findByRole('tab', { name: 'Overstocking' }));
    const fan = (await screen.findByRole('link', { name: 'Ceiling Fan' })).closest('tr') as HTMLElement;
    expect(within(fan).getByText('Never')).toBeTruthy();
    expect(within(fan).getByText('40')).toBeTruthy();
    const lamp = screen.getByRole('link', { name: 'Table Lamp' }).closest('tr') as HTMLElement;
    expect(within(lamp).getByText('15/01/2025')).toBeTruthy();
    const overCall = () => api.calls.filter((c) => c.path === 'admin/reports/overstocking').at(-1);
    expect(overCall()?.query.get('days')).toBe('90');

    const windowPicker = screen.getByRole('combobox', { name: 'No stock out in the last' });
    windowPicker.focus();
    fireEvent.click(windowPicker);
    fireEvent.click(await screen.findByRole('option', { name: '180 days' }));
    await waitFor(() => expect(overCall()?.query.get('days')).toBe('180'));
  });

  it('Overstocking names the window when nothing is idle', async () => {
    server();
    renderScreen(() => <InventoryMovementReportPage />, { user: READER });
    fireEvent.click(await screen.findByRole('tab', { name: 'Overstocking' }));
    expect(
      await screen.findByText('No products with stock that has not moved out in the last 90 days.'),
    ).toBeTruthy();
  });
});
