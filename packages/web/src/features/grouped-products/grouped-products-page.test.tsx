import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { GroupedProduct, GroupedProductDetails } from './grouped-products.api';
import { GroupedProductsPage } from './grouped-products-page';

const bundle = (id: number, name: string, overrides: Partial<GroupedProduct> = {}): GroupedProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  description: null,
  selling_price: 180,
  mrp: 201.25,
  is_active: true,
  item_count: 2,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const detail = (row: GroupedProduct): GroupedProductDetails => ({
  ...row,
  items: [
    {
      product: 7,
      product_name: 'Neem Soap',
      product_sku: 'NS-1',
      quantity: 1,
      mrp: 100,
      selling_price: 90,
      available_stock: 10,
    },
    {
      product: 8,
      product_name: 'Hand Towel',
      product_sku: null,
      quantity: 2.5,
      mrp: 40.5,
      selling_price: 35,
      available_stock: 7.5,
    },
  ],
  items_selling_price: 177.5,
  available_bundles: 3,
});

const PRODUCTS = [
  { id: 7, name: 'Neem Soap', sku: 'NS-1' },
  { id: 8, name: 'Hand Towel', sku: null },
];

const EDITOR = withPermissions([
  'view_grouped_product',
  'add_grouped_product',
  'change_grouped_product',
  'delete_grouped_product',
]);

function server(
  initial: GroupedProduct[] = [bundle(1, 'Bath kit'), bundle(2, 'Diwali box', { is_active: false })],
) {
  let rows = initial.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/grouped_products') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return { body: paged(rows.filter((row) => row.name.toLowerCase().includes(search))) };
    }
    if (call.method === 'GET' && call.path === 'companies/10/products') return { body: paged(PRODUCTS) };
    if (call.method === 'POST' && call.path === 'companies/10/grouped_products') {
      const body = call.body as { name: string };
      const created = bundle(50, body.name);
      rows = [created, ...rows];
      return { status: 201, body: detail(created) };
    }
    const match = /^grouped_products\/(\d+)(?:\/(activate|deactivate|delete))?$/.exec(call.path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const row = rows.find((r) => r.id === id);
    if (!row) return { status: 404, body: { detail: 'Grouped Product Not Found' } };
    if (match[2] === 'delete') {
      rows = rows.filter((r) => r.id !== id);
      return { body: { detail: 'Grouped product deleted successfully.' } };
    }
    if (match[2]) {
      Object.assign(row, { is_active: match[2] === 'activate' });
      return { body: detail(row) };
    }
    if (call.method === 'PATCH') Object.assign(row, call.body);
    return { body: detail(row) };
  });
}

const table = () => screen.getByRole('table', { name: 'Grouped Products' });

async function choose(dialog: HTMLElement, label: string, option: string) {
  const input = within(dialog).getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('GroupedProductsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists bundles with prices and status, and shows one with its items and stock', async () => {
    const api = server();
    renderScreen(() => <GroupedProductsPage />, { user: EDITOR });
    expect(await screen.findByRole('button', { name: 'Bath kit' })).toBeTruthy();
    expect(within(table()).getAllByText('₹201.25')).toHaveLength(2);
    expect(within(table()).getByText('Inactive')).toBeTruthy();
    expect(api.calls[0].query.get('ordering')).toBe('-created_at');

    fireEvent.click(within(table()).getByRole('button', { name: 'Bath kit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bath kit' });
    const items = await within(dialog).findByRole('table', { name: 'Bundle products' });
    expect(within(items).getByText('Neem Soap')).toBeTruthy();
    expect(within(items).getByText('2.5')).toBeTruthy();
    expect(within(dialog).getByText('₹177.50')).toBeTruthy();
    expect(within(dialog).getByText('Bundles in stock:').textContent).toContain('3');
  });

  it('creates a bundle: validates, then sends the products and quantities', async () => {
    const api = server();
    renderScreen(() => <GroupedProductsPage />, { user: EDITOR });
    await screen.findByRole('button', { name: 'Bath kit' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Grouped Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Grouped Product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Grouped Product' }));
    expect(await within(dialog).findByText('Grouped product name is required.')).toBeTruthy();
    expect(within(dialog).getAllByText('Please choose a product.')).toHaveLength(2);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Spa set' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'SKU' }), { target: { value: 'SPA-1' } });
    await choose(dialog, 'Product 1', 'Neem Soap (NS-1)');
    await choose(dialog, 'Product 2', 'Hand Towel');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity 2' }), {
      target: { value: '2.5' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Selling Price/ }), {
      target: { value: '150' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Grouped Product' }));

    expect(await within(table()).findByText('Spa set')).toBeTruthy();
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: 'companies/10/grouped_products',
      body: {
        name: 'Spa set',
        sku: 'SPA-1',
        description: null,
        items: [
          { product: 7, quantity: 1 },
          { product: 8, quantity: 2.5 },
        ],
        selling_price: 150,
        is_active: true,
      },
    });
    expect((api.changes()[0].body as Record<string, unknown>).mrp).toBeUndefined();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Grouped Product created Successfully.' }),
    );
  });

  it('deactivates and deletes from the row menu', async () => {
    const api = server();
    renderScreen(() => <GroupedProductsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Bath kit' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Diwali box' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Grouped Product' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table()).queryByText('Diwali box')).toBeNull());
    expect(api.changes()).toEqual([
      expect.objectContaining({ method: 'POST', path: 'grouped_products/1/deactivate' }),
      expect.objectContaining({ method: 'POST', path: 'grouped_products/2/delete' }),
    ]);
  });

  it('is read-only without the change, add and delete permissions', async () => {
    server();
    renderScreen(() => <GroupedProductsPage />, { user: withPermissions(['view_grouped_product']) });
    expect(await screen.findByRole('button', { name: 'Bath kit' })).toBeTruthy();
    expect(screen.getByText(/You can view grouped products but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Grouped Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('shows the empty-state card when there is no bundle yet', async () => {
    server([]);
    renderScreen(() => <GroupedProductsPage />, { user: EDITOR });
    expect(await screen.findByText('Add a Grouped Product and boost your business')).toBeTruthy();
  });
});
