import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Warehouse } from './warehouses.api';
import { WarehousesPage } from './warehouses-page';

const warehouse = (id: number, name: string, overrides: Partial<Warehouse> = {}): Warehouse => ({
  id,
  name,
  tally_warehouse_name: null,
  contact_person_name: null,
  contact_person_phone: null,
  position: 0,
  is_active: true,
  is_private: false,
  branch: { id: 100, name: 'Main', is_active: true },
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const BRANCHES = [
  { id: 100, name: 'Main', is_active: true, gstin: null },
  { id: 200, name: 'Nashik', is_active: true, gstin: null },
  { id: 300, name: 'Closed', is_active: false, gstin: null },
];

const EDITOR = withPermissions(['view_warehouse', 'add_warehouse', 'change_warehouse']);
const VIEWER = withPermissions(['view_dashboard']);

function server(initial: Warehouse[], fail: (call: ApiCall) => boolean = () => false) {
  let rows = initial.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (fail(call)) return { status: 500, body: { detail: 'Database is down.' } };
    if (call.method === 'GET' && call.path === 'companies/10/branches') return { body: paged(BRANCHES) };
    if (call.method === 'GET' && call.path === 'states')
      return { body: paged([{ id: 27, name: 'Maharashtra' }]) };
    if (call.method === 'GET' && call.path === 'cities') return { body: paged([]) };
    if (call.method === 'GET' && call.path === 'companies/10/warehouses') {
      const branch = call.query.get('branch');
      const search = (call.query.get('search') ?? '').toLowerCase();
      return {
        body: paged(
          rows.filter(
            (row) => (!branch || String(row.branch.id) === branch) && row.name.toLowerCase().includes(search),
          ),
        ),
      };
    }
    const branchCreate = /^branches\/(\d+)\/warehouses$/.exec(call.path);
    if (call.method === 'POST' && branchCreate) {
      const body = call.body as { name: string };
      if (rows.some((row) => row.name.toLowerCase() === body.name.toLowerCase())) {
        return {
          status: 400,
          body: {
            detail: 'A warehouse with this name already exists.',
            errors: { name: ['A warehouse with this name already exists.'] },
          },
        };
      }
      const created = warehouse(60, body.name, {
        branch: { id: Number(branchCreate[1]), name: 'Nashik', is_active: true },
      });
      rows = [...rows, created];
      return { status: 201, body: created };
    }
    const action = /^warehouses\/(\d+)\/(private|public|activate|deactivate)$/.exec(call.path);
    if (call.method === 'POST' && action) {
      const id = Number(action[1]);
      const changes: Partial<Warehouse> =
        action[2] === 'private' || action[2] === 'public'
          ? { is_private: action[2] === 'private' }
          : { is_active: action[2] === 'activate' };
      rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
      return { body: rows.find((row) => row.id === id) };
    }
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Warehouses' });
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

async function choose(scope: HTMLElement, label: string, option: string) {
  const input = within(scope).getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('WarehousesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists warehouses in position order with branch, status and privacy; filters by branch', async () => {
    const api = server([
      warehouse(1, 'Pune Warehouse', { tally_warehouse_name: 'Pune Godown' }),
      warehouse(2, 'Nashik Cold Store', {
        branch: { id: 200, name: 'Nashik', is_active: true },
        is_private: true,
        is_active: false,
      }),
    ]);
    renderScreen(() => <WarehousesPage />, { user: EDITOR });
    const row = (await screen.findByText('Nashik Cold Store')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Private')).toBeTruthy();
    expect(within(row).getByText('Inactive')).toBeTruthy();
    expect(within(table()).getByText('Tally: Pune Godown')).toBeTruthy();
    const first = api.calls.find((call) => call.path === 'companies/10/warehouses');
    expect(first?.query.get('ordering')).toBe('position,name');

    await choose(document.body, 'Branch', 'Nashik');
    await waitFor(() => expect(within(table()).queryByText('Pune Warehouse')).toBeNull());
    expect(api.calls.at(-1)?.query.get('branch')).toBe('200');
  });

  it('shows the error state with Retry when the list fails', async () => {
    server([], (call) => call.path === 'companies/10/warehouses');
    renderScreen(() => <WarehousesPage />, { user: EDITOR });
    expect(await screen.findByText('Failed to load warehouses.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('creates a warehouse under a branch with its address, with the form’s rules and the spec toast', async () => {
    const api = server([warehouse(1, 'Pune Warehouse')]);
    const { router } = renderScreen(() => <WarehousesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Warehouse' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));
    expect(await within(dialog).findByText('Warehouse name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Branch is required.')).toBeTruthy();
    expect(within(dialog).getByText('Address line 1 is required.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Warehouse Name/), { target: { value: 'Main & Co' } });
    fireEvent.change(within(dialog).getByLabelText(/Contact Person Phone/), { target: { value: '98765' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));
    expect(await within(dialog).findByText('Name can only contain (a-z A-Z 0-9 - _ .)')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid 10-digit phone number.')).toBeTruthy();
    // The help texts of spec 2.
    expect(within(dialog).getByText('A private warehouse hides its inventory from buyers.')).toBeTruthy();
    expect(
      within(dialog).getByText('A visible branch or warehouse is shown to buyers and sellers as an address.'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Warehouse Name/), { target: { value: 'Nashik Depot' } });
    fireEvent.change(within(dialog).getByLabelText(/Contact Person Phone/), {
      target: { value: '9876543210' },
    });
    const branchInput = within(dialog).getByRole('combobox', { name: 'Branch' });
    branchInput.focus();
    fireEvent.click(branchInput);
    // An inactive branch is shown but cannot be chosen.
    const closed = await screen.findByRole('option', { name: 'Closed (inactive)' });
    expect(closed.getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Nashik' }));
    fireEvent.change(within(dialog).getByLabelText(/Address Line 1/), { target: { value: '7 MIDC Road' } });
    await choose(dialog, 'State', 'Maharashtra');
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Nashik' } });
    fireEvent.change(within(dialog).getByLabelText(/Pincode/), { target: { value: '422007' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Private/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));

    await waitFor(() => expect(toasts()).toContain('Warehouse created successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'branches/200/warehouses',
        body: {
          name: 'Nashik Depot',
          contact_person_name: null,
          contact_person_phone: '9876543210',
          tally_warehouse_name: null,
          position: 0,
          is_private: true,
          address: {
            address_line_1: '7 MIDC Road',
            city: 'Nashik',
            state_id: 27,
            pincode: '422007',
            is_visible: true,
          },
        },
      }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouses/60'));
  });

  it('puts the server’s field errors on the form', async () => {
    server([warehouse(1, 'Pune Warehouse')]);
    renderScreen(() => <WarehousesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Warehouse' });
    fireEvent.change(within(dialog).getByLabelText(/Warehouse Name/), {
      target: { value: 'pune warehouse' },
    });
    await choose(dialog, 'Branch', 'Main');
    fireEvent.change(within(dialog).getByLabelText(/Address Line 1/), { target: { value: '1 Road' } });
    await choose(dialog, 'State', 'Maharashtra');
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Pune' } });
    fireEvent.change(within(dialog).getByLabelText(/Pincode/), { target: { value: '411001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));
    expect(await within(dialog).findByText('A warehouse with this name already exists.')).toBeTruthy();
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to create warehouse.' }),
    );
  });

  it('makes a warehouse private and deactivates it after confirming, with the spec toasts', async () => {
    const api = server([warehouse(1, 'Pune Warehouse')]);
    renderScreen(() => <WarehousesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Pune Warehouse' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make Private' }));
    await waitFor(() => expect(toasts()).toContain('Warehouse made private successfully.'));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Pune Warehouse' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Warehouse' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toasts()).toContain('Warehouse deactivated successfully.'));
    expect(api.changes().map((call) => call.path)).toEqual([
      'warehouses/1/private',
      'warehouses/1/deactivate',
    ]);
  });

  it('is read-only without change_warehouse and has no Create without add_warehouse', async () => {
    server([warehouse(1, 'Pune Warehouse')]);
    renderScreen(() => <WarehousesPage />, { user: VIEWER });
    expect(await screen.findByText('Pune Warehouse')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Warehouse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Pune Warehouse' })).toBeNull();
    expect(screen.getByText(/You can view warehouses but not change them/)).toBeTruthy();
  });
});
