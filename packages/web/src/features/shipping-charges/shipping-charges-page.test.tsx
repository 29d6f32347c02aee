import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { ShippingRule } from './shipping-charges.api';
import { ruleSummary, ShippingChargesPage } from './shipping-charges-page';

const WEIGHT_RULE: ShippingRule = {
  id: 3,
  name: 'Heavy parcels',
  sales_channel: null,
  kind: 'weight_slab',
  charge: null,
  slabs: [
    { from: 0, charge: 80 },
    { from: 5, charge: 150 },
  ],
  zones: [],
  free_above: 25000,
  position: 1,
  is_active: true,
  created_at: '2026-11-30T10:00:00Z',
  updated_at: '2026-11-30T10:00:00Z',
};

function server(rules: ShippingRule[]) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'admin/companies/10/shipping_rules')
      return { body: paged(rules) };
    if (call.method === 'GET' && call.path === 'admin/all_sales_channel/') return { body: paged([]) };
    if (call.method === 'POST' && call.path === 'admin/companies/10/shipping_rules') {
      return { status: 201, body: { ...WEIGHT_RULE, id: 4, ...(call.body as object) } };
    }
    return undefined;
  });
}

describe('ShippingChargesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says when there are no rules, asks for a name, then adds a flat rule for all channels', async () => {
    const api = server([]);
    renderWithProviders(<ShippingChargesPage />, {
      user: withPermissions(['view_shipping_charge', 'add_shipping_charge']),
    });
    await screen.findByText('No shipping rules yet. Orders start with no shipping charge.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Rule' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(await within(dialog).findByText('Rule name is required.')).toBeTruthy();
    expect(api.changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Rule Name/), { target: { value: 'Standard delivery' } });
    fireEvent.change(within(dialog).getByLabelText(/^Charge\W*$/), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toMatchObject({
      name: 'Standard delivery',
      sales_channel: null,
      kind: 'flat',
      charge: 120,
      slabs: [],
      zones: [],
      free_above: null,
      is_active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Shipping Rule' })).toBeNull());
  });

  it('lists a weight-slab rule in words, with no actions for a user who may only view', async () => {
    server([WEIGHT_RULE]);
    renderWithProviders(<ShippingChargesPage />, { user: withPermissions(['view_shipping_charge']) });
    const table = await screen.findByRole('table', { name: 'Shipping Rules' });
    await within(table).findByText('Heavy parcels');
    expect(within(table).getByText('All channels')).toBeTruthy();
    expect(within(table).getByText(ruleSummary(WEIGHT_RULE))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit Heavy parcels' })).toBeNull();
  });

  it("edits a weight-slab rule's slabs: one added, then removed again", async () => {
    server([WEIGHT_RULE]);
    renderWithProviders(<ShippingChargesPage />, {
      user: withPermissions(['view_shipping_charge', 'change_shipping_charge']),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Heavy parcels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Shipping Rule' });
    expect(within(dialog).getByText('Slabs (order weight from, in kg)')).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { name: /^Remove slab/ })).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Slab' }));
    expect(within(dialog).getAllByRole('button', { name: /^Remove slab/ })).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove slab 3' }));
    expect(within(dialog).getAllByRole('button', { name: /^Remove slab/ })).toHaveLength(2);
  });
});

describe('ruleSummary', () => {
  it('says slabs, zones and the free-above amount in rupees', () => {
    expect(ruleSummary(WEIGHT_RULE)).toBe('0 kg+: ₹80.00, 5 kg+: ₹150.00; free from ₹25,000.00');
    expect(
      ruleSummary({
        ...WEIGHT_RULE,
        kind: 'pincode',
        slabs: [],
        zones: [{ name: 'Mumbai', prefixes: ['400'], charge: 60 }],
        charge: 200,
        free_above: null,
      }),
    ).toBe('Mumbai (400): ₹60.00; elsewhere ₹200.00');
  });
});
