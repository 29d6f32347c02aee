import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { CollectionProduct, ProductCollection } from './product-collections.api';
import { ProductCollectionsPage } from './product-collections-page';

const collection = (
  id: number,
  name: string,
  overrides: Partial<ProductCollection> = {},
): ProductCollection => ({
  id,
  name,
  description: null,
  sales_channel: null,
  sales_channel_name: null,
  is_active: true,
  product_count: 0,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const product = (id: number, name: string): CollectionProduct => ({
  id,
  name,
  sku: null,
  mrp: 100,
  selling_price: 90,
  is_active: true,
  position: 0,
});

const EDITOR = withPermissions([
  'view_product_collection',
  'add_product_collection',
  'change_product_collection',
]);

function server() {
  const rows = [
    collection(1, 'Summer picks', { product_count: 2 }),
    collection(2, 'App only', { sales_channel: 3, sales_channel_name: 'Mobile App' }),
  ];
  let members = [product(7, 'Neem Soap'), product(8, 'Hand Towel')];
  const catalog = [...members, product(9, 'Face Wash')];
  const answer = (id: number) => {
    const row = rows.find((r) => r.id === id) as ProductCollection;
    return { body: { ...row, product_count: id === 1 ? members.length : row.product_count } };
  };
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/product_collections')
      return { body: paged(rows) };
    if (call.method === 'GET' && call.path === 'admin/sales_channel/') {
      return { body: paged([{ id: 3, name: 'app', display_name: 'Mobile App' }]) };
    }
    if (call.method === 'GET' && call.path === 'companies/10/products') return { body: paged(catalog) };
    if (call.method === 'POST' && call.path === 'companies/10/product_collections') {
      const created = collection(50, (call.body as { name: string }).name);
      rows.unshift(created);
      return { status: 201, body: created };
    }
    if (call.path === 'product_collections/1/products' && call.method === 'GET')
      return { body: paged(members) };
    const ids = (call.body as { products?: number[] } | undefined)?.products ?? [];
    if (call.path === 'product_collections/1/products' && call.method === 'POST') {
      members = [...members, ...catalog.filter((p) => ids.includes(p.id))];
      return answer(1);
    }
    if (call.path === 'product_collections/1/remove_products') {
      members = members.filter((p) => !ids.includes(p.id));
      return answer(1);
    }
    if (call.path === 'product_collections/1/products/order') {
      members = ids.map((id) => members.find((p) => p.id === id) as CollectionProduct);
      return answer(1);
    }
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Product Collections' });

describe('ProductCollectionsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists collections with their sales channel and product count', async () => {
    server();
    renderScreen(() => <ProductCollectionsPage />, { user: EDITOR });
    await screen.findByRole('button', { name: 'Summer picks' });
    expect(within(table()).getByText('Mobile App')).toBeTruthy();
    expect(within(table()).getByText('All')).toBeTruthy();
  });

  it('creates a collection for one sales channel', async () => {
    const api = server();
    renderScreen(() => <ProductCollectionsPage />, { user: EDITOR });
    await screen.findByRole('button', { name: 'Summer picks' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product Collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Product Collection' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product Collection' }));
    expect(await within(dialog).findByText('Collection name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Monsoon' } });
    const channel = within(dialog).getByRole('combobox', { name: 'Sales Channel' });
    channel.focus();
    fireEvent.click(channel);
    fireEvent.click(await screen.findByRole('option', { name: 'Mobile App' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product Collection' }));
    expect(await screen.findByRole('button', { name: 'Monsoon' })).toBeTruthy();
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: 'companies/10/product_collections',
      body: { name: 'Monsoon', description: null, sales_channel: 3, is_active: true },
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Product Collection created Successfully.' }),
    );
  });

  it('adds, moves and removes the products of a collection', async () => {
    const api = server();
    renderScreen(() => <ProductCollectionsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Summer picks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Products of Summer picks' });
    const rows = await within(dialog).findByRole('table', { name: 'Collection products' });
    expect(within(rows).getByText('Neem Soap')).toBeTruthy();

    const picker = within(dialog).getByRole('combobox', { name: 'Add a product' });
    picker.focus();
    fireEvent.click(picker);
    // Products already in the collection are not offered.
    expect(await screen.findByRole('option', { name: 'Face Wash' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Neem Soap' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Face Wash' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Face Wash')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Face Wash up' }));
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Move Neem Soap up' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Hand Towel' }));
    await waitFor(() => expect(within(dialog).queryByText('Hand Towel')).toBeNull());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'product_collections/1/products',
        body: { products: [9] },
      }),
      expect.objectContaining({
        method: 'PATCH',
        path: 'product_collections/1/products/order',
        body: { products: [7, 9, 8] },
      }),
      expect.objectContaining({
        method: 'POST',
        path: 'product_collections/1/remove_products',
        body: { products: [8] },
      }),
    ]);
  });

  it('is read-only without change_product_collection', async () => {
    server();
    renderScreen(() => <ProductCollectionsPage />, { user: withPermissions(['view_product_collection']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Summer picks' }));
    expect(screen.getByText(/You can view product collections but not change them/)).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Products of Summer picks' });
    expect(await within(dialog).findByText('Neem Soap')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Product Collection' })).toBeNull();
  });
});
