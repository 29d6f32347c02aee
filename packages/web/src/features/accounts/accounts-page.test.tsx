import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Account, AccountGroup } from './accounts.api';
import { AccountsPage } from './accounts-page';

const GROUPS: AccountGroup[] = [
  {
    id: 1,
    name: 'Bank Accounts',
    nature: 'assets',
    position: 9,
    account_types: [{ id: 21, name: 'Bank', code: 'bank' }],
  },
  {
    id: 2,
    name: 'Cash-in-Hand',
    nature: 'assets',
    position: 10,
    account_types: [{ id: 22, name: 'Cash', code: 'cash' }],
  },
  {
    id: 3,
    name: 'Sales Accounts',
    nature: 'income',
    position: 13,
    account_types: [{ id: 25, name: 'Sales', code: 'sales' }],
  },
];

const typeOf = (typeId: number) => {
  const group = GROUPS.find((g) => g.account_types.some((t) => t.id === typeId)) as AccountGroup;
  const type = group.account_types.find((t) => t.id === typeId) as AccountGroup['account_types'][number];
  return { ...type, account_group: { id: group.id, name: group.name, nature: group.nature } };
};

const account = (id: number, name: string, typeId: number, overrides: Partial<Account> = {}): Account => ({
  id,
  name,
  code: null,
  description: null,
  is_system: false,
  is_active: true,
  account_type: typeOf(typeId),
  parent_account: null,
  branch: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const CHART = [
  account(1, 'Sales', 25, { is_system: true, code: 'SALES' }),
  account(2, 'HDFC', 21, { code: 'B-1' }),
  account(3, 'HDFC Savings', 21, {
    parent_account: { id: 2, name: 'HDFC', code: 'B-1' },
    branch: { id: 100, name: 'Main' },
  }),
];

const ADMIN = withPermissions(['view_account', 'add_account', 'change_account', 'delete_account']);

function server(refuseDelete = false) {
  let rows = CHART.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (call.path === 'v1/admin/companies/10/account_groups') return { body: paged(GROUPS) };
    if (call.path === 'companies/10/branches')
      return { body: paged([{ id: 100, name: 'Main', is_active: true, gstin: null }]) };
    if (call.method === 'GET' && call.path === 'admin/companies/10/accounts') {
      const type = call.query.get('account_type');
      const branch = call.query.get('branch');
      const search = (call.query.get('search') ?? '').toLowerCase();
      return {
        body: paged(
          rows.filter(
            (a) =>
              (!type || a.account_type.id === Number(type)) &&
              (!branch || a.branch?.id === Number(branch)) &&
              a.name.toLowerCase().includes(search),
          ),
        ),
      };
    }
    if (call.method === 'POST' && call.path === 'admin/companies/10/accounts') {
      const body = call.body as { name: string; account_type: number };
      const created = account(50, body.name, body.account_type);
      rows = [...rows, created];
      return { status: 201, body: created };
    }
    const match = /^admin\/accounts\/(\d+)$/.exec(call.path);
    if (match && call.method === 'DELETE') {
      if (refuseDelete)
        return { status: 400, body: { detail: 'Account cannot be deleted because it is in use.' } };
      rows = rows.filter((a) => a.id !== Number(match[1]));
      return { body: { detail: 'Account deleted successfully.' } };
    }
    return undefined;
  });
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

async function choose(scope: HTMLElement, label: string, option: string) {
  const input = within(scope).getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('AccountsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the chart by account group, sub-accounts under their parent, system accounts locked', async () => {
    const api = server();
    renderWithProviders(<AccountsPage />, { user: ADMIN });
    const banks = await screen.findByRole('table', { name: 'Bank Accounts accounts' });
    const rows = within(banks).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'HDFC',
      '↳ HDFC Savings',
    ]);
    expect(within(rows[1]).getByText('Main')).toBeTruthy();
    const sales = screen.getByRole('table', { name: 'Sales Accounts accounts' });
    expect(within(sales).getByText('System')).toBeTruthy();
    expect((within(sales).getByRole('button', { name: 'Delete Sales' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(sales).getByRole('button', { name: 'Deactivate Sales' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((within(banks).getByRole('button', { name: 'Delete HDFC' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    // A group without accounts is listed (collapsed) with its count.
    expect(screen.getByRole('button', { name: 'Cash-in-Hand (0)' })).toBeTruthy();
    const groupsCall = api.calls.find((c) => c.path === 'v1/admin/companies/10/account_groups');
    expect(groupsCall?.query.get('limit')).toBe('1000');
    expect(groupsCall?.query.get('ordering')).toBe('name');
    const listCall = api.calls.find((c) => c.path === 'admin/companies/10/accounts');
    expect(listCall?.query.get('expand')).toBe('account_type,branch,parent_account');
  });

  it('filters by account type and branch', async () => {
    const api = server();
    renderWithProviders(<AccountsPage />, { user: ADMIN });
    await screen.findByRole('table', { name: 'Sales Accounts accounts' });
    await choose(document.body, 'Branch', 'Main');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Sales Accounts accounts' })).toBeNull());
    expect(api.calls.at(-1)?.query.get('branch')).toBe('100');
    // Its parent is filtered away: the sub-account stands at the top of its group.
    expect(screen.getByText('HDFC Savings')).toBeTruthy();
    await choose(document.body, 'Account Type', 'Sales');
    expect(await screen.findByText('No account matches the search or the filters.')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('account_type')).toBe('25');
  });

  it('creates an account under a type and toasts', async () => {
    const api = server();
    renderWithProviders(<AccountsPage />, { user: ADMIN });
    await screen.findByRole('table', { name: 'Bank Accounts accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText('Account name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Account type is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Account Name/), { target: { value: 'Petty Cash' } });
    await choose(dialog, 'Account Type', 'Cash');
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'PC-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toasts().map((t) => t.message)).toContain('Account created successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'admin/companies/10/accounts',
        body: {
          name: 'Petty Cash',
          account_type: 22,
          parent_account: null,
          branch: null,
          code: 'PC-1',
          description: null,
        },
      }),
    ]);
    expect(await screen.findByRole('table', { name: 'Cash-in-Hand accounts' })).toBeTruthy();
  });

  it('deletes after confirming, and shows the refusal of an account in use', async () => {
    const api = server(true);
    renderWithProviders(<AccountsPage />, { user: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete HDFC Savings' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Account' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to delete account.',
          message: 'Account cannot be deleted because it is in use.',
        }),
      ),
    );
    expect(api.changes()).toEqual([expect.objectContaining({ method: 'DELETE', path: 'admin/accounts/3' })]);
  });

  it('is read-only without change permissions', async () => {
    server();
    renderWithProviders(<AccountsPage />, { user: withPermissions(['view_account']) });
    await screen.findByRole('table', { name: 'Bank Accounts accounts' });
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete HDFC' })).toBeNull();
  });
});
