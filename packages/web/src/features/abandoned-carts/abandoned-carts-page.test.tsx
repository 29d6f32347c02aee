import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { SalesChannelsPage } from '../sales-channels/sales-channels-page';
import type { AbandonedCartRow } from './abandoned-carts.api';
import { AbandonedCartsPage } from './abandoned-carts-page';

const REPORT = 'companies/10/reports/abandoned_carts';
const list = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const CHANNELS = list([
  {
    id: 3,
    name: 'web_store',
    display_name: 'Web Store',
    is_active: true,
    is_marketing_enabled: false,
    client_id: null,
    credentials_created_at: null,
    cart_abandon_after_hours: 24,
  },
]);

const cart = (overrides: Partial<AbandonedCartRow> = {}): AbandonedCartRow => ({
  id: 7,
  buyer: { id: 21, name: 'Mehta Kitchen World' },
  sales_channel: { id: 3, display_name: 'Web Store' },
  items: 2,
  quantity: 3,
  value: 5697,
  last_activity_at: '2025-09-01T06:30:00Z',
  abandoned_at: '2025-09-02T06:45:00Z',
  ...overrides,
});

function server(rows: AbandonedCartRow[]) {
  return fakeApi((call: ApiCall) => {
    if (call.path === 'admin/all_sales_channel/' || call.path === 'admin/all_sales_channel')
      return { body: CHANNELS };
    if (call.path === REPORT) {
      if (call.query.get('format') === 'csv') return { body: 'csv' };
      return {
        body: { ...list(rows), totals: { carts: rows.length, value: rows.reduce((s, r) => s + r.value, 0) } },
      };
    }
    if (call.path === 'sales_channels/3/credentials') {
      return {
        body: {
          id: 3,
          client_id: 'sc_10_abcdefghijklmnop',
          client_secret: 'scs_the-secret-shown-once',
          credentials_created_at: '2025-09-03T10:00:00Z',
          warning: 'Copy the client secret now: it is shown only once.',
        },
      };
    }
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AbandonedCartsPage', () => {
  it('lists the abandoned carts with their totals and filters by channel', async () => {
    const api = server([cart()]);
    renderScreen(() => <AbandonedCartsPage />, { user: withPermissions(['view_reports']) });
    await screen.findByText('Mehta Kitchen World', {}, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Abandoned Carts' });
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('Web Store');
    expect(row.textContent).toContain('₹5,697.00');
    expect(within(table).getByRole('row', { name: 'Totals' }).textContent).toContain('1 cart');
    const reads = () => api.calls.filter((c) => c.path === REPORT);
    expect(reads()[0]?.query.get('ordering')).toBe('-last_activity_at');
    const input = screen.getByRole('combobox', { name: 'Sales Channel' });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Web Store' }));
    await waitFor(() => expect(reads().some((c) => c.query.get('sales_channel') === '3')).toBe(true));
  });

  it('says so when no cart was ever abandoned', async () => {
    server([]);
    renderScreen(() => <AbandonedCartsPage />, { user: withPermissions(['view_reports']) });
    expect(await screen.findByText('No abandoned carts', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('SalesChannelsPage credentials', () => {
  it('shows the new secret once with its warning', async () => {
    const api = server([]);
    renderScreen(() => <SalesChannelsPage />, {
      user: withPermissions(['view_sales_channel', 'change_sales_channel']),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Generate credentials for Web Store' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Web Store' });
    expect((within(dialog).getByLabelText('Client Secret') as HTMLInputElement).value).toBe(
      'scs_the-secret-shown-once',
    );
    expect(within(dialog).getByText(/shown only once/)).toBeTruthy();
    expect(api.changes().map((c) => c.path)).toEqual(['sales_channels/3/credentials']);
  });
});
