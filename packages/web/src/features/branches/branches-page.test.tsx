import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Branch } from './branches.api';
import { BranchesPage } from './branches-page';

const address = (city: string) => ({
  id: 900,
  address_type: 'billing_address',
  address_line_1: '4 FC Road',
  address_line_2: null,
  landmark: null,
  city,
  state: { id: 27, name: 'Maharashtra', gst_code: '27' },
  pincode: '411004',
  is_visible: true,
});

const branch = (id: number, name: string, overrides: Partial<Branch> = {}): Branch => ({
  id,
  name,
  gstin: null,
  invoice_series: null,
  is_active: true,
  round_off_enabled: true,
  contact_person_name: null,
  contact_person_email: null,
  contact_person_phone: null,
  addresses: [address('Pune')],
  user: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const ADMIN = withPermissions(['add_branch', 'change_branch', 'view_branch']);
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

function server(fail: (call: ApiCall) => { status: number; body: unknown } | undefined = () => undefined) {
  let rows = [
    branch(1, 'Pune', {
      gstin: '27AAPFU0939F1ZV',
      contact_person_name: 'Asha',
      contact_person_phone: '9876543210',
    }),
    branch(2, 'Nashik', { is_active: false }),
  ];
  return fakeApi((call) => {
    const failure = fail(call);
    if (failure) return failure;
    if (call.method === 'GET' && call.path === 'companies/10/branches') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      const active = call.query.get('is_active');
      return {
        body: paged(
          rows.filter(
            (row) =>
              row.name.toLowerCase().includes(search) &&
              (active === null || String(row.is_active) === active),
          ),
        ),
      };
    }
    if (call.method === 'POST' && call.path === 'companies/10/branches') {
      const body = call.body as { name: string };
      const created = branch(50, body.name);
      rows = [created, ...rows];
      return { status: 201, body: created };
    }
    const match = /^branches\/(\d+)\/(activate|deactivate)$/.exec(call.path);
    if (match) {
      const id = Number(match[1]);
      rows = rows.map((row) => (row.id === id ? { ...row, is_active: match[2] === 'activate' } : row));
      return { body: rows.find((row) => row.id === id) };
    }
    if (call.method === 'GET' && call.path === 'states') {
      return { body: paged([{ id: 27, name: 'Maharashtra', gst_code: '27' }]) };
    }
    if (call.method === 'GET' && call.path === 'cities') return { body: paged([]) };
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Branches' });

async function choose(scope: HTMLElement, label: string | RegExp, option: string) {
  const input = within(scope).getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('BranchesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the branches with GSTIN, contact, address and status', async () => {
    const api = server();
    renderScreen(() => <BranchesPage />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Pune' })).toBeTruthy();
    expect(within(table()).getByText('27AAPFU0939F1ZV')).toBeTruthy();
    expect(within(table()).getByText('9876543210')).toBeTruthy();
    expect(within(table()).getAllByText('Pune, Maharashtra 411004')).toHaveLength(2);
    expect(within(table()).getByText('Inactive')).toBeTruthy();
    expect(api.calls[0].query.get('expand')).toBe('addresses,user');
    expect(api.calls[0].query.get('ordering')).toBe('-created_at');
  });

  it('filters by status', async () => {
    const api = server();
    renderScreen(() => <BranchesPage />, { user: ADMIN });
    await screen.findByRole('link', { name: 'Pune' });
    await choose(document.body, 'Status', 'Inactive');
    await waitFor(() => expect(within(table()).queryByRole('link', { name: 'Pune' })).toBeNull());
    expect(within(table()).getByRole('link', { name: 'Nashik' })).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('is_active')).toBe('false');
  });

  it('creates a branch with its address and the spec toast', async () => {
    const api = server();
    const { router } = renderScreen(() => <BranchesPage />, { user: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Branch' }));
    expect(await within(dialog).findByText('Branch name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Address line 1 is required.')).toBeTruthy();
    expect(api.changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Branch Name/), { target: { value: 'Mumbai' } });
    fireEvent.change(within(dialog).getByLabelText(/^GSTIN/), { target: { value: '27aapfu0939f1zv' } });
    fireEvent.change(within(dialog).getByLabelText(/Contact Person Phone/), { target: { value: '98765' } });
    fireEvent.change(within(dialog).getByLabelText(/Address Line 1/), {
      target: { value: '1 Marine Drive' },
    });
    await choose(dialog, /^State/, 'Maharashtra');
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Mumbai' } });
    fireEvent.change(within(dialog).getByLabelText(/^Pincode/), { target: { value: '400020' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Branch' }));
    expect(await within(dialog).findByText('Please enter a valid 10-digit phone number.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Contact Person Phone/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Branch' }));

    await waitFor(() => expect(toasts()).toContain('Branch created successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'companies/10/branches',
        body: {
          name: 'Mumbai',
          gstin: '27AAPFU0939F1ZV',
          contact_person_name: null,
          contact_person_email: null,
          contact_person_phone: null,
          status: true,
          address: {
            address_type: 'billing_address',
            address_line_1: '1 Marine Drive',
            city: 'Mumbai',
            state_id: 27,
            pincode: '400020',
            is_visible: true,
          },
        },
      }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/branches/50'));
  });

  it("shows the server's field errors, such as a taken name", async () => {
    server((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: 'A branch with this name already exists.',
              errors: {
                name: ['A branch with this name already exists.'],
                'address.pincode': ['Bad pincode.'],
              },
            },
          }
        : undefined,
    );
    renderScreen(() => <BranchesPage />, { user: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch' });
    fireEvent.change(within(dialog).getByLabelText(/Branch Name/), { target: { value: 'Pune' } });
    fireEvent.change(within(dialog).getByLabelText(/Address Line 1/), { target: { value: '1 Road' } });
    await choose(dialog, /^State/, 'Maharashtra');
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Pune' } });
    fireEvent.change(within(dialog).getByLabelText(/^Pincode/), { target: { value: '411001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Branch' }));
    expect(await within(dialog).findByText('A branch with this name already exists.')).toBeTruthy();
    expect(within(dialog).getByText('Bad pincode.')).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to create Branch.' }),
    );
  });

  it('deactivates after a confirmation and activates at once', async () => {
    const api = server();
    renderScreen(() => <BranchesPage />, { user: ADMIN });
    await screen.findByRole('link', { name: 'Pune' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Pune' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Branch' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toasts()).toContain('Branch deactivated successfully.'));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Nashik' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await waitFor(() => expect(toasts()).toContain('Branch activated successfully.'));
    expect(api.changes().map((c) => c.path)).toEqual(['branches/1/deactivate', 'branches/2/activate']);
  });

  it('shows the list read-only without change_branch', async () => {
    server();
    renderScreen(() => <BranchesPage />, { user: withPermissions([]) });
    await screen.findByRole('link', { name: 'Pune' });
    expect(screen.queryByRole('button', { name: 'Create Branch' })).toBeNull();
    expect(screen.getByText(/You can view branches but not change them/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Pune' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    server(() => ({ status: 500, body: { detail: 'Database is down.' } }));
    renderScreen(() => <BranchesPage />, { user: ADMIN });
    expect(await screen.findByText('Failed to load Branches.')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
  });
});
