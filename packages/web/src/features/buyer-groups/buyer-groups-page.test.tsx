import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { BuyerGroupBranchesTab } from './buyer-group-branches-tab';
import { BuyerGroupBuyersTab } from './buyer-group-buyers-tab';
import type { BuyerGroup, BuyerGroupBuyer } from './buyer-groups.api';
import { BuyerGroupsPage } from './buyer-groups-page';

const EDITOR = withPermissions(['view_buyer_group', 'add_buyer_group', 'change_buyer_group']);
const VIEWER = withPermissions(['view_buyer_group']);

const group = (id: number, name: string, overrides: Partial<BuyerGroup> = {}): BuyerGroup => ({
  id,
  name,
  description: null,
  is_active: true,
  is_dynamic_group: false,
  dynamic_group_sale_condition: null,
  dynamic_group_time_condition: null,
  buyer_count: 0,
  branches: [],
  evaluated_at: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const buyer = (id: number, name: string): BuyerGroupBuyer => ({
  id,
  name,
  contact_person_name: null,
  email: null,
  phone: `98765000${String(id).padStart(2, '0')}`,
  gst_number: null,
  buyer_type: 'regular',
  is_active: true,
  created_at: '2025-04-01T10:00:00Z',
  assigned_at: '2025-04-02T10:00:00Z',
});

const DYNAMIC = group(2, 'Big spenders', {
  is_dynamic_group: true,
  dynamic_group_sale_condition: { min_amount: 1000, max_amount: 10000 },
  dynamic_group_time_condition: { last_days: 30 },
  buyer_count: 1,
});
const GROUPS = [group(1, 'Retailers', { buyer_count: 2 }), DYNAMIC, group(3, 'Old', { is_active: false })];

function server(fail: (call: ApiCall) => boolean = () => false) {
  let members = [buyer(1, 'Asha Traders'), buyer(2, 'Bala Stores')];
  const others = [buyer(3, 'Chetan Mart'), buyer(4, 'Devi Agencies')];
  return fakeApi((call) => {
    if (fail(call)) return { status: 400, body: { detail: 'Refused by the server.' } };
    if (call.path === 'companies/10/buyer_groups' && call.method === 'GET') {
      const dynamic = call.query.get('is_dynamic_group');
      return {
        body: paged(GROUPS.filter((g) => dynamic === null || String(g.is_dynamic_group) === dynamic)),
      };
    }
    if (call.path === 'companies/10/buyer_groups' && call.method === 'POST') {
      const body = call.body as { name: string; is_dynamic_group: boolean };
      return { status: 201, body: group(50, body.name, { is_dynamic_group: body.is_dynamic_group }) };
    }
    if (call.path === 'companies/10/branches') {
      return {
        body: paged([
          { id: 100, name: 'Main', is_active: true, gstin: null },
          { id: 101, name: 'Baner', is_active: true, gstin: null },
        ]),
      };
    }
    if (call.path === 'buyer_groups/1/buyers/') return { body: paged(members) };
    if (call.path === 'buyer_groups/2/buyers/') return { body: paged([buyer(9, 'Zed Wholesale')]) };
    if (call.path === 'v1/buyer_groups/1/unassigned_buyers') return { body: paged(others) };
    if (call.path === 'buyer_groups/1/assign_buyers/' || call.path === 'buyer_groups/1/buyers/') {
      return { body: group(1, 'Retailers', { buyer_count: 4 }) };
    }
    if (call.path === 'buyer_groups/1/unassign_buyer/') {
      members = members.filter((m) => m.id !== (call.body as { buyer: number }).buyer);
      return { body: group(1, 'Retailers', { buyer_count: members.length }) };
    }
    if (call.path === 'buyer_groups/2/conditions') return { body: DYNAMIC };
    if (call.path === 'buyer_groups/1/assign_branches') {
      return { body: group(1, 'Retailers', { branches: [{ id: 101, name: 'Baner' }] }) };
    }
    if (call.path === 'buyer_groups/1/unassign_branches') return { body: group(1, 'Retailers') };
    if (/^buyer_groups\/\d+\/(activate|deactivate)$/.test(call.path)) return { body: GROUPS[0] };
    return undefined;
  });
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);
const expectToast = (fields: { message?: string; title?: string }) =>
  waitFor(() => expect(toasts()).toContainEqual(expect.objectContaining(fields)));

async function choose(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('BuyerGroupsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists groups with type and status, filters by type, and (de)activates with the spec toasts', async () => {
    const api = server();
    renderScreen(() => <BuyerGroupsPage />, { user: EDITOR });
    await screen.findByText('Retailers');
    const table = screen.getByRole('table', { name: 'Buyer Groups' });
    expect(within(table).getByText('Dynamic')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Retailers' }).getAttribute('href')).toBe(
      '/buyer-groups/1',
    );
    await choose('Type', 'Dynamic');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('is_dynamic_group')).toBe('true'));
    await waitFor(() => expect(screen.queryByText('Retailers')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Big spenders' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    await expectToast({ message: 'Buyer Group Deactivated successfully.' });
  });

  it('creates a static group with the spec toast', async () => {
    const api = server();
    renderScreen(() => <BuyerGroupsPage />, { user: EDITOR });
    await screen.findByText('Retailers');
    fireEvent.click(screen.getByRole('button', { name: 'Create Buyer Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Buyer Group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Buyer Group' }));
    expect(await within(dialog).findByText('Buyer group name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Kirana ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Buyer Group' }));
    await expectToast({ message: 'Static Buyer Group created successfully.' });
    expect(api.changes()).toEqual([
      expect.objectContaining({ body: { name: 'Kirana', is_dynamic_group: false } }),
    ]);
  });

  it('creates a dynamic group, checking the purchase amount range', async () => {
    const api = server();
    renderScreen(() => <BuyerGroupsPage />, { user: EDITOR });
    await screen.findByText('Retailers');
    fireEvent.click(screen.getByRole('button', { name: 'Create Buyer Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Buyer Group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Top' } });
    fireEvent.click(within(dialog).getByText('Dynamic'));
    const min = await within(dialog).findByRole('textbox', { name: /Minimum Purchase Amount/ });
    fireEvent.change(min, { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Maximum Purchase Amount/ }), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Buyer Group' }));
    expect(await within(dialog).findByText('Please check the Buyer purchase amount range.')).toBeTruthy();
    expect(api.changes()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Maximum Purchase Amount/ }), {
      target: { value: '' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Purchases in the Last/ }), {
      target: { value: '90' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Buyer Group' }));
    await expectToast({ message: 'Dynamic Buyer Group created successfully.' });
    expect(api.changes()[0].body).toEqual({
      name: 'Top',
      is_dynamic_group: true,
      dynamic_group_sale_condition: { min_amount: 5000, max_amount: null },
      dynamic_group_time_condition: { last_days: 90 },
    });
  });

  it('says which creation failed', async () => {
    server((call) => call.method === 'POST');
    renderScreen(() => <BuyerGroupsPage />, { user: EDITOR });
    await screen.findByText('Retailers');
    fireEvent.click(screen.getByRole('button', { name: 'Create Buyer Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Buyer Group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Top' } });
    fireEvent.click(within(dialog).getByText('Dynamic'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Buyer Group' }));
    await expectToast({ title: 'Failed to Create Dynamic BuyerGroup.', message: 'Refused by the server.' });
    expect(screen.getByRole('dialog', { name: 'Create Buyer Group' })).toBeTruthy();
  });

  it('hides the changes from a viewer', async () => {
    server();
    renderScreen(() => <BuyerGroupsPage />, { user: VIEWER });
    await screen.findByText('Retailers');
    expect(screen.queryByRole('button', { name: 'Create Buyer Group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Retailers' })).toBeNull();
  });
});

describe('BuyerGroupBuyersTab', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('static: assigns buyers picked from the unassigned list, and unassigns one', async () => {
    const api = server();
    renderScreen(() => <BuyerGroupBuyersTab group={GROUPS[0]} canChange />, { user: EDITOR });
    await screen.findByText('Asha Traders');
    fireEvent.click(screen.getByRole('button', { name: 'Assign Buyers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Buyers' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Chetan Mart' }));
    fireEvent.click(within(dialog).getByText('Devi Agencies'));
    expect(within(dialog).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Selected' }));
    await expectToast({ message: 'Buyers assigned successfully.' });
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'buyer_groups/1/assign_buyers/', body: { buyers: [3, 4] } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Buyers' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Unassign Bala Stores' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unassign Buyer' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    await expectToast({ message: 'Buyer unassigned successfully.' });
    expect(api.changes()[1]).toMatchObject({ path: 'buyer_groups/1/unassign_buyer/', body: { buyer: 2 } });
    await waitFor(() => expect(screen.queryByText('Bala Stores')).toBeNull());
  });

  it('dynamic: read-only members and the conditions form', async () => {
    const api = server();
    renderScreen(() => <BuyerGroupBuyersTab group={DYNAMIC} canChange />, { user: EDITOR });
    await screen.findByText('Zed Wholesale');
    expect(screen.queryByRole('button', { name: 'Assign Buyers' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Unassign/ })).toBeNull();
    const min = screen.getByRole('textbox', { name: /Minimum Purchase Amount/ }) as HTMLInputElement;
    expect(min.value).toBe('1,000');
    fireEvent.change(min, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Conditions' }));
    expect(await screen.findByText('Please check the Buyer purchase amount range.')).toBeTruthy();
    fireEvent.change(min, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Conditions' }));
    await expectToast({ message: 'Conditions updated successfully.' });
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'buyer_groups/2/conditions',
        body: {
          dynamic_group_sale_condition: { min_amount: 2000, max_amount: 10000 },
          dynamic_group_time_condition: { last_days: 30 },
        },
      }),
    ]);
  });
});

describe('BuyerGroupBranchesTab', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('assigns and unassigns branches with the spec toasts', async () => {
    const api = server();
    renderScreen(
      () => (
        <BuyerGroupBranchesTab
          group={group(1, 'Retailers', { branches: [{ id: 100, name: 'Main' }] })}
          canChange
        />
      ),
      { user: EDITOR },
    );
    const picker = await screen.findByLabelText('Assign Branches');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Baner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expectToast({ message: 'Assign Branch Successfully.' });
    fireEvent.click(screen.getByRole('button', { name: 'Unassign Main' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unassign Branch' })).getByRole('button', {
        name: 'Unassign',
      }),
    );
    await expectToast({ message: 'Unassign Branch Successfully.' });
    expect(api.changes().map((c) => [c.path, c.body])).toEqual([
      ['buyer_groups/1/assign_branches', { branches: [101] }],
      ['buyer_groups/1/unassign_branches', { branches: [100] }],
    ]);
  });
});
