import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { WarehouseBuyersTab } from './warehouse-buyers-tab';
import { WarehouseDetailsTab } from './warehouse-details-tab';
import { WarehouseInventoryTab } from './warehouse-inventory-tab';
import { WarehouseProductsTab } from './warehouse-products-tab';
import type { Warehouse, WarehouseBuyer, WarehouseInventoryRow } from './warehouses.api';

const WAREHOUSE: Warehouse = {
  id: 5,
  name: 'Bhiwandi',
  tally_warehouse_name: null,
  contact_person_name: null,
  contact_person_phone: null,
  position: 0,
  is_active: true,
  is_private: false,
  branch: { id: 100, name: 'Main', is_active: true },
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};

const ADDRESS = {
  id: 31,
  address_type: 'office',
  address_line_1: 'Gala 4',
  address_line_2: null,
  landmark: 'Mankoli Naka',
  city: 'Bhiwandi',
  state: { id: 27, name: 'Maharashtra', gst_code: '27' },
  pincode: '421302',
  is_visible: true,
};

const stockRow = (id: number, name: string, available: number, committed = 0): WarehouseInventoryRow => ({
  product: { id, name, sku: `SKU-${id}`, is_active: true },
  available_stock: available,
  df_quantity: committed,
  stock: Math.abs(available - committed),
  in_stock: available > 0,
  updated_at: '2025-04-01T10:00:00Z',
});

const assignment = (id: number, buyerId: number, name: string, priority: number): WarehouseBuyer => ({
  id,
  warehouse: 5,
  priority,
  buyer: {
    id: buyerId,
    name,
    contact_person_name: null,
    phone: null,
    email: null,
    gst_number: null,
    is_active: true,
  },
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
});

const EDITOR = withPermissions(['view_warehouse', 'change_warehouse']);
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

function server(options: { failBuyers?: boolean } = {}) {
  let inventory = [stockRow(1, 'Basmati Rice 5kg', 40, 12.5), stockRow(2, 'Sugar 1kg', 0)];
  let assignments = [assignment(70, 7, 'Asha Traders', 1)];
  const unassigned = [
    { id: 3, name: 'Tea 250g', sku: 'TEA-250', is_active: true },
    { id: 4, name: 'Salt 1kg', sku: null, is_active: true },
  ];
  return fakeApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === 'warehouses/5/product_inventory') {
      const inStock = call.query.get('in_stock');
      const search = (call.query.get('search') ?? '').toLowerCase();
      return {
        body: paged(
          inventory.filter(
            (row) =>
              (inStock === null || String(row.in_stock) === inStock) &&
              row.product.name.toLowerCase().includes(search),
          ),
        ),
      };
    }
    if (call.method === 'GET' && call.path === 'warehouses/5/unassigned_products') {
      const ids = new Set(inventory.map((row) => row.product.id));
      return { body: paged(unassigned.filter((p) => !ids.has(p.id))) };
    }
    if (call.method === 'POST' && call.path === 'warehouses/5/assign_products') {
      const products = (call.body as { products: number[] }).products;
      for (const id of products) {
        const product = unassigned.find((p) => p.id === id);
        if (product) inventory = [...inventory, { ...stockRow(id, product.name, 0), product }];
      }
      return { body: { detail: 'Products assigned successfully.', assigned: products.length } };
    }
    if (call.method === 'GET' && call.path === 'warehouses/5/buyers') return { body: paged(assignments) };
    if (call.method === 'GET' && call.path === 'companies/10/buyers') {
      if (options.failBuyers) return { status: 500, body: { detail: 'Buyers are unavailable.' } };
      const search = (call.query.get('search') ?? '').toLowerCase();
      return {
        body: paged(
          [
            { id: 8, name: 'Bala Stores', phone: '9876500001' },
            { id: 9, name: 'Chitra Mart', phone: null },
          ].filter((b) => b.name.toLowerCase().includes(search)),
        ),
      };
    }
    if (call.method === 'POST' && call.path === 'warehouses/5/assign_buyers') {
      const body = call.body as { buyers: number[]; priority: number };
      assignments = [
        ...assignments,
        ...body.buyers.map((id, i) => assignment(80 + i, id, `Buyer ${id}`, body.priority)),
      ];
      return { body: { detail: 'Buyers assigned successfully.', assigned: body.buyers.length, results: [] } };
    }
    if (call.method === 'POST' && call.path === 'addresses/31/invisible') {
      return { body: { ...ADDRESS, is_visible: false, owner_type: 'warehouse', owner_id: 5 } };
    }
    if (call.method === 'POST' && call.path === 'warehouses/5/private')
      return { body: { ...WAREHOUSE, is_private: true } };
    if (call.method === 'GET' && call.path === 'warehouses/5') return { body: WAREHOUSE };
    if (call.method === 'POST' && call.path === 'warehouse_buyers/70/unassign') {
      assignments = assignments.filter((a) => a.id !== 70);
      return { body: { detail: 'Buyer unassigned successfully.' } };
    }
    if (call.method === 'PATCH' && call.path === 'warehouse_buyers/70') {
      assignments = assignments.map((a) => (a.id === 70 ? { ...a, ...(call.body as object) } : a));
      return { body: assignments[0] };
    }
    return undefined;
  });
}

describe('warehouse tabs', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Product Inventory shows available, committed and the displayed stock, with the in-stock filter', async () => {
    const api = server();
    renderScreen(() => <WarehouseInventoryTab warehouseId={5} />, { user: EDITOR });
    const rice = (await screen.findByText('Basmati Rice 5kg')).closest('tr') as HTMLElement;
    const table = screen.getByRole('table', { name: 'Product inventory' });
    expect(within(rice).getByText('40')).toBeTruthy();
    expect(within(rice).getByText('12.5')).toBeTruthy();
    expect(within(rice).getByText('27.5')).toBeTruthy();
    expect(within(rice).getByText('In stock')).toBeTruthy();
    const stock = screen.getByRole('combobox', { name: 'Stock' });
    stock.focus();
    fireEvent.click(stock);
    fireEvent.click(await screen.findByRole('option', { name: 'Out of stock' }));
    await waitFor(() => expect(within(table).queryByText('Basmati Rice 5kg')).toBeNull());
    expect(within(table).getByText('Sugar 1kg')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('in_stock')).toBe('false');
    expect(api.calls[0].query.get('ordering')).toBe('name');
  });

  it('Products assigns ticked products from the unassigned list, with the spec toast', async () => {
    const api = server();
    renderScreen(() => <WarehouseProductsTab warehouse={WAREHOUSE} canChange />, { user: EDITOR });
    expect(await screen.findByText('Sugar 1kg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Products to Bhiwandi' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Select at least one product.')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Tea 250g (TEA-250)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toasts()).toContain('Products assigned successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'warehouses/5/assign_products', body: { products: [3] } }),
    ]);
    expect(await screen.findByText('Tea 250g')).toBeTruthy();
  });

  it('Buyers assigns buyers picked by search at a priority, and unassigns one', async () => {
    const api = server();
    renderScreen(() => <WarehouseBuyersTab warehouse={WAREHOUSE} canChange />, { user: EDITOR });
    expect(await screen.findByText('Asha Traders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Buyers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Buyers' });
    const picker = within(dialog).getByRole('combobox', { name: /Buyers/ });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'bala' } });
    // The server searches (debounced), ten buyers at most.
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.path === 'companies/10/buyers' && call.query.get('search') === 'bala'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Chitra Mart' })).toBeNull());
    expect(
      api.calls
        .filter((call) => call.path === 'companies/10/buyers')
        .at(-1)
        ?.query.get('limit'),
    ).toBe('10');
    fireEvent.click(await screen.findByRole('option', { name: 'Bala Stores (9876500001)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Priority' }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toasts()).toContain('Buyers assigned successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'warehouses/5/assign_buyers', body: { buyers: [8], priority: 3 } }),
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Asha Traders' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unassign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unassign Buyer' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(toasts()).toContain('Buyer unassigned successfully.'));
    expect(api.changes().at(-1)?.path).toBe('warehouse_buyers/70/unassign');
  });

  it('Buyers shows the picker’s error state when the buyers list cannot be read', async () => {
    server({ failBuyers: true });
    renderScreen(() => <WarehouseBuyersTab warehouse={WAREHOUSE} canChange />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Buyers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Buyers' });
    expect(await within(dialog).findByText('Failed to load Buyers.')).toBeTruthy();
  });

  it('Details switches privacy and address visibility with the spec toasts', async () => {
    const api = server();
    renderScreen(() => <WarehouseDetailsTab warehouse={{ ...WAREHOUSE, addresses: [ADDRESS] }} canChange />, {
      user: EDITOR,
    });
    expect(await screen.findByText('Gala 4, Mankoli Naka')).toBeTruthy();
    expect(screen.getByText('Bhiwandi, Maharashtra 421302')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Address Gala 4, Mankoli Naka visible' }));
    await waitFor(() => expect(toasts()).toContain('Warehouse address invisible to others.'));
    fireEvent.click(screen.getByRole('switch', { name: /Private/ }));
    await waitFor(() => expect(toasts()).toContain('Warehouse made private successfully.'));
    expect(api.changes().map((call) => call.path)).toEqual([
      'addresses/31/invisible',
      'warehouses/5/private',
    ]);
  });

  it('hides the changes when the warehouse cannot be changed (inactive, or no permission)', async () => {
    server();
    renderScreen(() => <WarehouseBuyersTab warehouse={WAREHOUSE} canChange={false} />, { user: EDITOR });
    expect(await screen.findByText('Asha Traders')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign Buyers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Asha Traders' })).toBeNull();
  });
});
