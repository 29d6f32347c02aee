import { computeGstinCheckChar } from '@b2b/domain/gstin';
import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { SellerDetailPage } from './seller-detail-page';
import type { SellerDetail, SellerProduct } from './sellers.api';
import { SellersPage } from './sellers-page';

const gstin = (state: string) => {
  const first14 = `${state}AAPFU0939F1Z`;
  return first14 + computeGstinCheckChar(first14);
};

const address = (id: number, type: string, stateId = 27) => ({
  id,
  address_type: type,
  address_line_1: `${id} MG Road`,
  address_line_2: null,
  landmark: null,
  city: 'Pune',
  state: { id: stateId, name: stateId === 27 ? 'Maharashtra' : 'Karnataka', gst_code: String(stateId) },
  pincode: '411001',
  is_visible: true,
});

const seller = (id: number, name: string, overrides: Partial<SellerDetail> = {}): SellerDetail => ({
  id,
  name,
  contact_person_name: 'Ramesh',
  email: null,
  phone: '9876543210',
  gst_number: gstin('27'),
  pan: null,
  tally_ledger_name: null,
  payment_term: null,
  is_active: true,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  addresses: [address(11, 'billing_address'), address(12, 'shipping_address')],
  product_count: 1,
  ...overrides,
});

const product = (id: number, name: string, sellerRef: SellerProduct['seller'] = null): SellerProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  mrp: 120,
  selling_price: 100,
  available_stock: 5,
  is_active: true,
  seller: sellerRef,
});

const EDITOR = withPermissions(['view_seller', 'add_seller', 'change_seller']);
const VIEWER = withPermissions(['view_seller']);

function server(rows: SellerDetail[], fail: (call: ApiCall) => boolean = () => false) {
  let sellers = rows.map((row) => ({ ...row }));
  let unassigned = [product(31, 'Copper Wire'), product(32, 'Steel Rod')];
  return fakeApi((call) => {
    if (fail(call)) return { status: 400, body: { detail: 'Refused.', errors: { gst_number: ['Taken.'] } } };
    if (call.path === 'states')
      return {
        body: paged([
          { id: 27, name: 'Maharashtra' },
          { id: 29, name: 'Karnataka' },
        ]),
      };
    if (call.path === 'cities') return { body: paged([]) };
    if (call.method === 'GET' && call.path === 'companies/10/sellers') {
      const active = call.query.get('is_active');
      return { body: paged(sellers.filter((s) => active === null || String(s.is_active) === active)) };
    }
    if (call.method === 'POST' && call.path === 'companies/10/sellers') {
      const created = seller(70, (call.body as { name: string }).name);
      sellers = [created, ...sellers];
      return { status: 201, body: created };
    }
    const detail = /^v2\/sellers\/(\d+)$/.exec(call.path);
    if (detail) {
      const found = sellers.find((s) => s.id === Number(detail[1]));
      return found
        ? { body: found }
        : { status: 404, body: { detail: 'Seller Not Found', code: 'not_found' } };
    }
    if (/^sellers\/\d+\/history$/.test(call.path)) return { body: paged([]) };
    if (/^sellers\/\d+\/products$/.test(call.path))
      return { body: paged([product(30, 'Brass Tap', { id: 1, name: 'x' })]) };
    if (/^v1\/sellers\/\d+\/unassigned_products$/.test(call.path)) return { body: paged(unassigned) };
    if (call.method === 'POST' && /^v1\/sellers\/\d+\/assign_products$/.test(call.path)) {
      const ids = (call.body as { products: number[] }).products;
      unassigned = unassigned.filter((p) => !ids.includes(p.id));
      return { body: { detail: 'Products assigned successfully.', count: ids.length } };
    }
    const action = /^sellers\/(\d+)\/(activate|deactivate)$/.exec(call.path);
    if (action) {
      sellers = sellers.map((s) =>
        s.id === Number(action[1]) ? { ...s, is_active: action[2] === 'activate' } : s,
      );
      return { body: sellers.find((s) => s.id === Number(action[1])) };
    }
    return undefined;
  });
}

/** The seller page inside an app with the /sellers list, at `path`. */
function renderDetail(path: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/sellers', component: () => <h1>Seller list</h1> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/sellers/$sellerId', component: SellerDetailPage }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithProviders(<RouterProvider router={router} />, { user: EDITOR });
  return { router };
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

async function choose(scope: HTMLElement, label: string, option: string) {
  const input = within(scope).getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('SellersPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists sellers newest first, filters by status and links to each seller', async () => {
    const api = server([seller(1, 'Shree Traders'), seller(2, 'Old Supplies', { is_active: false })]);
    renderScreen(() => <SellersPage />, { user: EDITOR });
    expect(await screen.findByText('Shree Traders')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Sellers' });
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Shree Traders' }).getAttribute('href')).toBe(
      '/sellers/1',
    );
    expect(api.calls.find((c) => c.path === 'companies/10/sellers')?.query.get('ordering')).toBe(
      '-created_at',
    );
    await choose(document.body, 'Status', 'Inactive');
    await waitFor(() => expect(within(table).queryByText('Shree Traders')).toBeNull());
    expect(api.calls.at(-1)?.query.get('is_active')).toBe('false');
  });

  it('downloads every seller of the search and status filter as the server writes the CSV', async () => {
    const api = server([seller(1, 'Shree Traders'), seller(2, 'Old Supplies', { is_active: false })]);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    renderScreen(() => <SellersPage />, { user: EDITOR });
    expect(await screen.findByText('Shree Traders')).toBeTruthy();
    await choose(document.body, 'Status', 'Active');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('is_active')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => {
      const csv = api.calls.find((c) => c.query.get('format') === 'csv');
      expect(csv?.path).toBe('companies/10/sellers');
      expect(csv?.query.get('is_active')).toBe('true');
      expect(csv?.query.get('ordering')).toBe('-created_at');
      expect(csv?.query.has('limit')).toBe(false);
      expect(csv?.query.has('offset')).toBe(false);
    });
  });

  it('creates a seller with a billing address copied for shipping, checking the GSTIN state first', async () => {
    const api = server([seller(1, 'Shree Traders')]);
    const { router } = renderScreen(() => <SellersPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Seller' });
    fireEvent.change(within(dialog).getByLabelText(/Seller Name/), { target: { value: 'Ganesh Agencies' } });
    fireEvent.change(within(dialog).getByLabelText(/GST Number/), { target: { value: gstin('29') } });
    fireEvent.change(within(dialog).getByLabelText(/Address Line 1/), { target: { value: '7 FC Road' } });
    await choose(dialog, 'State', 'Maharashtra');
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Pune' } });
    fireEvent.change(within(dialog).getByLabelText(/Pincode/), { target: { value: '411004' } });
    expect(
      (within(dialog).getByRole('checkbox', { name: /Same as billing/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Seller' }));
    expect(
      await within(dialog).findByText('GSTIN does not belong to the state of the address.'),
    ).toBeTruthy();
    expect(api.changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/GST Number/), {
      target: { value: gstin('27').toLowerCase() },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Seller' }));
    await waitFor(() => expect(toasts()).toContain('Seller created successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'companies/10/sellers',
        body: {
          name: 'Ganesh Agencies',
          contact_person_name: null,
          email: null,
          phone: null,
          gst_number: gstin('27'),
          pan: null,
          tally_ledger_name: null,
          payment_term: null,
          billing_address: { address_line_1: '7 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
          addSameAsBilling: true,
        },
      }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellers/70'));
  });

  it('asks for a separate shipping address when it is not the same as billing', async () => {
    server([]);
    renderScreen(() => <SellersPage />, { user: EDITOR });
    await screen.findByText('Add a Seller and boost your business');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Seller' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Same as billing/ }));
    expect(await within(dialog).findByText('Shipping Address')).toBeTruthy();
    expect(within(dialog).getAllByLabelText(/Address Line 1/)).toHaveLength(2);
  });

  it('hides create and edit from a viewer', async () => {
    server([seller(1, 'Shree Traders')]);
    renderScreen(() => <SellersPage />, { user: VIEWER });
    expect(await screen.findByText('Shree Traders')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Seller' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Shree Traders' })).toBeNull();
  });
});

describe('SellerDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns to /sellers with "Seller Not Found" when the seller does not load', async () => {
    server([]);
    const { router } = renderDetail('/sellers/999');
    expect(await screen.findByRole('heading', { name: 'Seller list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sellers');
    expect(toasts()).toEqual(['Seller Not Found']);
    renderDetail('/sellers/abc');
    await waitFor(() => expect(toasts()).toEqual(['Seller Not Found', 'Seller Not Found']));
  });

  it('shows details, deactivates, and assigns unassigned products', async () => {
    const api = server([seller(1, 'Shree Traders')]);
    renderDetail('/sellers/1');
    expect(await screen.findByRole('heading', { name: 'Shree Traders' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Products' }));
    expect(await screen.findByText('Brass Tap')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign products to Shree Traders' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Steel Rod' }));
    expect(within(dialog).getByText('1 product selected')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toasts()).toContain('Products assigned successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        path: 'v1/sellers/1/assign_products',
        body: { products: [32], reassign: false },
      }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Seller' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toasts()).toContain('Seller deactivated successfully.'));
    expect(await screen.findByText('Seller Shree Traders is inactive.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign products' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps the last billing address from being deleted', async () => {
    server([seller(1, 'Shree Traders')]);
    renderDetail('/sellers/1');
    fireEvent.click(await screen.findByRole('tab', { name: 'Addresses' }));
    const billing = await screen.findByRole('button', { name: 'Delete address 11 MG Road' });
    expect((billing as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Delete address 12 MG Road' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
