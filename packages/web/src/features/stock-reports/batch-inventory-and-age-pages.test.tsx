import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { BatchInventoryPage } from './batch-inventory-page';
import { InventoryAgePage } from './inventory-age-page';
import type {
  BatchInventoryOutput,
  BatchInventoryRow,
  InventoryAgeOutput,
  InventoryAgeRow,
} from './stock-reports.api';

const VIEWER = withPermissions(['view_reports']);
const WAREHOUSES = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Main' }, is_active: true },
    { id: 8, name: 'Annex', branch: { id: 100, name: 'Main' }, is_active: true },
  ],
};

const batch = (overrides: Partial<BatchInventoryRow>): BatchInventoryRow => ({
  product: { id: 21, name: 'Cough Syrup', sku: 'CS-1' },
  warehouse: { id: 7, name: 'Main Godown' },
  batch_id: 1,
  batch_number: 'B-1',
  manufactured_on: '2024-01-15',
  expires_on: '2025-06-25',
  received_at: '2024-02-01T10:00:00Z',
  quantity: 4,
  days_to_expiry: -5,
  status: 'expired',
  ...overrides,
});

const batchReport = (results: BatchInventoryRow[], overrides: Partial<BatchInventoryOutput> = {}) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  as_of: '2025-06-30',
  batch_configuration: { is_enabled: true, expiry_alert_days: 30 },
  summary: {
    total: { count: 3, quantity: 18 },
    expired: { count: 1, quantity: 4 },
    expiring_soon: { count: 1, quantity: 6 },
  },
  ...overrides,
});

const BATCHES = [
  batch({}),
  batch({
    batch_id: 2,
    batch_number: 'B-2',
    expires_on: '2025-07-10',
    days_to_expiry: 10,
    status: 'expiring_soon',
    quantity: 6,
  }),
  batch({
    batch_id: 3,
    batch_number: 'B-3',
    product: { id: 22, name: 'Pain Balm', sku: null },
    warehouse: { id: 8, name: 'Annex' },
    manufactured_on: null,
    expires_on: '2025-12-31',
    days_to_expiry: 184,
    status: 'ok',
    quantity: 8,
  }),
];

const amount = (quantity: number, value: number | null = quantity * 10) => ({ quantity, value });
const ageRow = (overrides: Partial<InventoryAgeRow> = {}): InventoryAgeRow => ({
  product: { id: 21, name: 'Ghee', sku: 'GHEE-1' },
  warehouse: { id: 7, name: 'Main Godown' },
  on_hand: 11,
  buckets: {
    days_0_30: amount(4),
    days_31_60: amount(0, 0),
    days_61_90: amount(5, null),
    days_91_180: amount(0, 0),
    over_180: amount(2),
  },
  value: null,
  oldest_stock_on: '2024-12-12',
  ...overrides,
});

const ageReport = (
  results: InventoryAgeRow[],
  totals?: InventoryAgeOutput['totals'],
): InventoryAgeOutput => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  as_of: '2025-06-30',
  totals: totals ?? {
    on_hand: results.reduce((s, r) => s + r.on_hand, 0),
    buckets: results[0]?.buckets ?? ageRow().buckets,
    value: null,
  },
});

function server(answers: { batches?: unknown; ages?: unknown; fail?: (call: ApiCall) => boolean } = {}) {
  return fakeApi((call) => {
    if (answers.fail?.(call)) return { status: 500, body: { detail: 'Database is down.' } };
    if (call.path === 'companies/10/warehouses') return { body: WAREHOUSES };
    if (call.path === 'admin/reports/batch_inventory') {
      if (call.query.get('format') === 'csv') return { body: 'csv' };
      return { body: answers.batches ?? batchReport(BATCHES) };
    }
    if (call.path === 'admin/reports/inventory_age') {
      if (call.query.get('format') === 'csv') return { body: 'csv' };
      return { body: answers.ages ?? ageReport([ageRow()]) };
    }
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BatchInventoryPage', () => {
  it('lists batches soonest expiry first with status badges and the expired / expiring figures', async () => {
    const api = server();
    renderScreen(() => <BatchInventoryPage />, { user: VIEWER });
    await screen.findByText('Pain Balm');
    const table = screen.getByRole('table', { name: 'Batch Inventory' });
    expect(screen.getByRole('heading', { name: 'Batch Inventory' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('Cough Syrup');
    expect(within(rows[1]).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]).getByText('25/06/2025')).toBeTruthy();
    expect(within(rows[2]).getByText('Expiring in 10 days')).toBeTruthy();
    expect(within(rows[3]).getByText('OK')).toBeTruthy();
    expect(within(rows[3]).getByText('—')).toBeTruthy();
    expect(screen.getByText(/As of 30\/06\/2025\. Batches expiring within 30 days/)).toBeTruthy();
    const expired = screen.getByLabelText('Expired', { selector: 'div' });
    expect(within(expired).getByText('4')).toBeTruthy();
    expect(within(expired).getByText('1 batch')).toBeTruthy();
    const first = api.calls.find((c) => c.path === 'admin/reports/batch_inventory');
    expect(first?.query.get('ordering')).toBe('expires_on');
    expect(first?.query.get('status')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Expiring soon' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('status') === 'expiring_soon')).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' B-2 ' } });
    await waitFor(() => expect(api.calls.some((c) => c.query.get('search') === 'B-2')).toBe(true));
  });

  it('downloads every row of the filters as a CSV file', async () => {
    const api = server();
    renderScreen(() => <BatchInventoryPage />, { user: VIEWER });
    await screen.findByText('Pain Balm');
    fireEvent.click(screen.getByRole('radio', { name: 'Expired' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('status') === 'expired')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('format') === 'csv')).toBe(true));
    const csv = api.calls.find((c) => c.query.get('format') === 'csv');
    expect(csv?.path).toBe('admin/reports/batch_inventory');
    expect(csv?.query.get('status')).toBe('expired');
    expect(csv?.query.get('ordering')).toBe('expires_on');
    expect(csv?.query.get('limit')).toBeNull();
    expect(csv?.query.get('offset')).toBeNull();
  });

  it('says how batches get recorded when there are none, and where to turn batches on', async () => {
    server({
      batches: batchReport([], {
        batch_configuration: { is_enabled: false, expiry_alert_days: 30 },
        summary: {
          total: { count: 0, quantity: 0 },
          expired: { count: 0, quantity: 0 },
          expiring_soon: { count: 0, quantity: 0 },
        },
      }),
    });
    renderScreen(() => <BatchInventoryPage />, { user: VIEWER });
    expect(
      await screen.findByText(
        'No batches yet. Batches are recorded when stock comes in with a batch number.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Batch tracking is off for your company/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Configurations' }).getAttribute('href')).toBe(
      '/configurations',
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('leaves out the configuration hint when batches are on, and shows a failure with Retry', async () => {
    server({ batches: batchReport([], { summary: batchReport([]).summary }) });
    const first = renderScreen(() => <BatchInventoryPage />, { user: VIEWER });
    expect(
      await screen.findByText(
        'No batches yet. Batches are recorded when stock comes in with a batch number.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Batch tracking is off/)).toBeNull();
    first.unmount();

    server({ fail: (call) => call.path === 'admin/reports/batch_inventory' });
    renderScreen(() => <BatchInventoryPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load the batch inventory.')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('InventoryAgePage', () => {
  it('shows each bucket’s quantity and value and a totals row over every page', async () => {
    const api = server({
      ages: {
        ...ageReport([ageRow()]),
        count: 25,
        totals: {
          on_hand: 40,
          buckets: {
            days_0_30: amount(20, 1500),
            days_31_60: amount(0, 0),
            days_61_90: amount(5, null),
            days_91_180: amount(13, 130),
            over_180: amount(2, 20),
          },
          value: null,
        },
      },
    });
    renderScreen(() => <InventoryAgePage />, { user: VIEWER });
    await screen.findByText('GHEE-1');
    const table = screen.getByRole('table', { name: 'Inventory Age' });
    expect(screen.getByRole('heading', { name: 'Inventory Age' })).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Product',
      'Warehouse',
      'On Hand',
      '0–30 days',
      '31–60 days',
      '61–90 days',
      '91–180 days',
      'Over 180 days',
      'Oldest Stock',
    ]);
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('Ghee');
    expect(row.textContent).toContain('GHEE-1');
    expect(row.textContent).toContain('₹40.00');
    expect(row.textContent).toContain('12/12/2024');
    const totals = within(table).getByRole('row', { name: 'Totals' });
    expect(totals.textContent).toContain('40');
    expect(totals.textContent).toContain('₹1,500.00');
    expect(totals.textContent).toContain('13₹130.00');
    expect(within(totals).getAllByText('—').length).toBe(2);
    const first = api.calls.find((c) => c.path === 'admin/reports/inventory_age');
    expect(first?.query.get('ordering')).toBe('product');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'ghee' } });
    await waitFor(() => expect(api.calls.some((c) => c.query.get('search') === 'ghee')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('format') === 'csv')).toBe(true));
    expect(api.calls.find((c) => c.query.get('format') === 'csv')?.query.get('search')).toBe('ghee');
  });

  it('filters by warehouse', async () => {
    const api = server();
    renderScreen(() => <InventoryAgePage />, { user: VIEWER });
    await screen.findByText('GHEE-1');
    const input = screen.getByRole('combobox', { name: 'Warehouse' });
    input.focus();
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Annex' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('warehouse') === '8')).toBe(true));
  });

  it('has an empty state when nothing is on hand, and an error state', async () => {
    server({ ages: ageReport([], { on_hand: 0, buckets: ageRow().buckets, value: 0 }) });
    const first = renderScreen(() => <InventoryAgePage />, { user: VIEWER });
    expect(
      await screen.findByText('No stock on hand yet. Stock appears here when it comes in.'),
    ).toBeTruthy();
    first.unmount();
    server({ fail: (call) => call.path === 'admin/reports/inventory_age' });
    renderScreen(() => <InventoryAgePage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load the inventory age.')).toBeTruthy();
  });
});
