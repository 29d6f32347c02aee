import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { VariantGroup } from './variant-groups.api';
import { VariantGroupsPage } from './variant-groups-page';

const group = (id: number, name: string, overrides: Partial<VariantGroup> = {}): VariantGroup => ({
  id,
  name,
  description: null,
  attribute: 'Colour',
  options: ['Red', 'Blue'],
  primary_attribute: null,
  is_active: true,
  products: [],
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const GROUPS = [
  group(1, 'Polo shirts', {
    products: [{ product: { id: 7, name: 'Polo red', sku: 'POLO-R' }, option: 'Red' }],
  }),
];

const EDITOR = withPermissions(['view_variant_group', 'add_variant_group', 'change_variant_group']);

function server() {
  let rows = GROUPS.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/variant_groups') return { body: paged(rows) };
    if (call.method === 'GET' && call.path === 'companies/10/products') {
      return { body: paged([{ id: 8, name: 'Polo blue', sku: 'POLO-B' }]) };
    }
    if (call.method === 'POST' && call.path === 'companies/10/variant_groups') {
      const body = call.body as Partial<VariantGroup>;
      const created = group(50, String(body.name), body);
      rows = [created, ...rows];
      return { status: 201, body: created };
    }
    const match = /^variant_groups\/(\d+)\/products$/.exec(call.path);
    if (match && call.method === 'POST') {
      const body = call.body as { products: { product: number; option: string }[] };
      const names: Record<number, string> = { 7: 'Polo red', 8: 'Polo blue' };
      rows = rows.map((row) =>
        row.id === Number(match[1])
          ? {
              ...row,
              products: body.products.map((p) => ({
                product: { id: p.product, name: names[p.product] ?? '', sku: null },
                option: p.option,
              })),
            }
          : row,
      );
      return { body: rows.find((row) => row.id === Number(match[1])) };
    }
    return undefined;
  });
}

describe('VariantGroupsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists groups with attribute, options and variant count', async () => {
    server();
    renderScreen(() => <VariantGroupsPage />, { user: EDITOR });
    expect(await screen.findByText('Polo shirts')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Variant Groups' });
    expect(within(table).getByText('Colour: Red, Blue')).toBeTruthy();
  });

  it('creates a group, validating required fields', async () => {
    const api = server();
    renderScreen(() => <VariantGroupsPage />, { user: EDITOR });
    await screen.findByText('Polo shirts');
    fireEvent.click(screen.getByRole('button', { name: 'Create Variant Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Variant Group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Variant Group' }));
    expect(await within(dialog).findByText('Group name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Please add at least one option.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Group Name/ }), {
      target: { value: 'Kurtas' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Attribute/ }), {
      target: { value: 'Size' },
    });
    const options = within(dialog).getByLabelText(/^Options/);
    // Mantine ignores synthetic change events on the options box; pasted text becomes options.
    fireEvent.paste(options, { clipboardData: { getData: () => 'M,L' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Variant Group' }));
    await waitFor(() =>
      expect(api.changes()[0]).toMatchObject({
        method: 'POST',
        path: 'companies/10/variant_groups',
        body: { name: 'Kurtas', attribute: 'Size', options: ['M', 'L'] },
      }),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Variant group created successfully.' }),
    );
  });

  it('adds a product as a variant and saves the list', async () => {
    const api = server();
    renderScreen(() => <VariantGroupsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Polo shirts' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Variants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Variants of Polo shirts' });
    expect(within(dialog).getByText('Polo red (POLO-R)')).toBeTruthy();
    const picker = within(dialog).getByRole('combobox', { name: 'Add Product' });
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Polo blue (POLO-B)' }));
    expect(await within(dialog).findByText('Polo blue (POLO-B)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Variants' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'variant_groups/1/products',
          body: {
            products: [
              { product: 7, option: 'Red' },
              { product: 8, option: 'Red' },
            ],
          },
        }),
      ]),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Variants saved successfully.' }),
    );
  });

  it('is read-only without the change permission', async () => {
    server();
    renderScreen(() => <VariantGroupsPage />, { user: withPermissions(['view_variant_group']) });
    expect(await screen.findByText('Polo shirts')).toBeTruthy();
    expect(screen.getByText(/You can view variant groups but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Variant Group' })).toBeNull();
  });
});
