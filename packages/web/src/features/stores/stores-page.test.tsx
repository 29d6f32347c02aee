import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Store } from './stores.api';
import { StoresPage } from './stores-page';

const STORE: Store = {
  id: 4,
  name: 'FC Road Counter',
  branch: { id: 100, name: 'Pune' },
  warehouse: { id: 7, name: 'Pune Godown' },
  sales_channel: null,
  receipt_width_mm: 58,
  is_active: true,
  created_at: '2026-11-30T10:00:00Z',
  updated_at: '2026-11-30T10:00:00Z',
};

function server(stores: Store[]) {
  let rows = stores.map((store) => ({ ...store }));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/stores') return { body: paged(rows) };
    if (call.method === 'GET' && call.path === 'companies/10/branches') {
      return { body: paged([{ id: 100, name: 'Pune', is_active: true }]) };
    }
    if (call.method === 'GET' && call.path === 'companies/10/warehouses') {
      return { body: paged([{ id: 7, name: 'Pune Godown', is_active: true, branch: { id: 100 } }]) };
    }
    if (call.method === 'GET' && call.path === 'admin/all_sales_channel/') return { body: paged([]) };
    if (call.method === 'POST' && call.path === 'companies/10/stores') {
      const created = {
        ...STORE,
        id: 5,
        ...(call.body as object),
        branch: STORE.branch,
        warehouse: STORE.warehouse,
      };
      rows = [...rows, created as Store];
      return { status: 201, body: created };
    }
    const match = /^stores\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && match) {
      rows = rows.map((s) => (s.id === Number(match[1]) ? { ...s, ...(call.body as object) } : s));
      return { body: rows.find((s) => s.id === Number(match[1])) };
    }
    return undefined;
  });
}

describe('StoresPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says when there are no stores, and adds one with its branch, warehouse and receipt width', async () => {
    const api = server([]);
    renderWithProviders(<StoresPage />, {
      user: withPermissions(['view_store', 'add_store', 'change_store']),
    });
    await screen.findByText(/No stores yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Store' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await within(dialog).findByText('Store name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Branch is required.')).toBeTruthy();
    expect(api.changes()).toEqual([]);
  });

  it('lists a store with its width and deactivates it', async () => {
    const api = server([STORE]);
    renderWithProviders(<StoresPage />, { user: withPermissions(['view_store', 'change_store']) });
    const table = await screen.findByRole('table', { name: 'Stores' });
    await within(table).findByText('FC Road Counter');
    expect(within(table).getByText('58 mm')).toBeTruthy();
    expect(within(table).getByText('Instore')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Store' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate FC Road Counter' }));
    await waitFor(() => expect(api.changes()[0]?.body).toEqual({ is_active: false }));
    expect(api.changes()[0].path).toBe('stores/4');
  });
});
