import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { BuyerDetailPage } from './buyer-detail-page';
import type { Buyer, BuyerDetail } from './buyers.api';
import { BuyersPage } from './buyers-page';

const buyer = (id: number, name: string, overrides: Partial<Buyer> = {}): Buyer => ({
  id,
  name,
  contact_person_name: 'Ravi Sharma',
  email: null,
  phone: '9876543210',
  gst_number: '27AABCU9603R1ZX',
  pan: 'AABCU9603R',
  buyer_type: 'regular',
  payment_term: null,
  credit_limit: null,
  opening_balance: 0,
  outstanding: 125000.5,
  is_active: true,
  is_inventory_exposed: true,
  ignore_for_bi: false,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const detail = (overrides: Partial<BuyerDetail> = {}): BuyerDetail => ({
  ...buyer(7, 'Patil Hardware', { credit_limit: 200000 }),
  payment_term: null,
  company: 10,
  sales_channels: [{ id: 1, name: 'admin', display_name: 'Admin Panel', is_enabled: true }],
  buyer_groups: [],
  addresses: [],
  summary: { outstanding: 125000.5, credit_limit: 200000, credit_used: 125000.5, credit_available: 74999.5 },
  ...overrides,
});

const VIEWER = withPermissions(['view_buyer']);
const EDITOR = withPermissions(['view_buyer', 'add_buyer', 'change_buyer']);
const CHANNELS = paged([{ id: 1, name: 'admin', display_name: 'Admin Panel' }]);

function renderAt(path: string, user = EDITOR) {
  const rootRoute = createRootRoute();
  const list = createRoute({ getParentRoute: () => rootRoute, path: '/buyers', component: BuyersPage });
  const one = createRoute({
    getParentRoute: () => rootRoute,
    path: '/buyers/$buyerId',
    component: BuyerDetailPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([list, one]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...renderWithProviders(<RouterProvider router={router} />, { user }), router };
}

describe('BuyersPage', () => {
  let show: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    show = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists buyers with type, outstanding in rupees and status, and searches and filters on the server', async () => {
    const api = fakeApi((call: ApiCall) => {
      if (call.path === 'admin/sales_channel/') return { body: CHANNELS };
      if (call.path === 'companies/10/buyers') {
        const search = call.query.get('search') ?? '';
        const rows = [
          buyer(1, 'Patil Hardware'),
          buyer(2, 'Joshi Traders', { buyer_type: 'sez', is_active: false }),
        ];
        return { body: paged(rows.filter((r) => r.name.toLowerCase().includes(search.toLowerCase()))) };
      }
      return undefined;
    });
    renderAt('/buyers', VIEWER);
    const row = (await screen.findByText('Patil Hardware', {}, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    const table = screen.getByRole('table', { name: 'Buyers' });
    expect(within(row).getByText('₹1,25,000.50')).toBeTruthy();
    expect(within(row).getByText('Registered Business - Regular')).toBeTruthy();
    expect(within(table).getByText('Special Economic Zone')).toBeTruthy();
    expect(within(table).getByText('Inactive')).toBeTruthy();
    // A viewer sees no Create Buyer button.
    expect(screen.queryByRole('button', { name: 'Create Buyer' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'joshi' } });
    await waitFor(() => expect(within(table).queryByText('Patil Hardware')).toBeNull());
    expect(api.calls.some((c) => c.path === 'companies/10/buyers' && c.query.get('search') === 'joshi')).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('GST Number'), { target: { value: '27aabcu9603r1zx' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.query.get('gst_number') === '27aabcu9603r1zx')).toBe(true),
    );
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the error state with Retry when the list fails', async () => {
    let fail = true;
    fakeApi((call) => {
      if (call.path === 'admin/sales_channel/') return { body: CHANNELS };
      if (call.path === 'companies/10/buyers') {
        return fail
          ? { status: 500, body: { detail: 'Database is down.' } }
          : { body: paged([buyer(1, 'Patil')]) };
      }
      return undefined;
    });
    renderAt('/buyers');
    expect(await screen.findByText('Failed to load buyers.')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Patil')).toBeTruthy();
  });

  it("names Buyers in the empty card, whose Add opens the buyer's create form (issue 18)", async () => {
    fakeApi((call) => {
      if (call.path === 'admin/sales_channel/') return { body: CHANNELS };
      if (call.path === 'companies/10/buyers') return { body: paged([]) };
      return undefined;
    });
    renderAt('/buyers');
    expect(await screen.findByText('Add a Buyer and boost your business')).toBeTruthy();
    expect(screen.queryByText('Add a Product and boost your business')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('form', { name: 'Create Buyer' })).toBeTruthy();
  });

  it('shows a viewer the empty card without Add (issue 18)', async () => {
    fakeApi((call) => {
      if (call.path === 'admin/sales_channel/') return { body: CHANNELS };
      if (call.path === 'companies/10/buyers') return { body: paged([]) };
      return undefined;
    });
    renderAt('/buyers', VIEWER);
    expect(await screen.findByText('Add a Buyer and boost your business')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

describe('BuyerDetailPage', () => {
  let show: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    show = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the user back to /buyers with 'Buyer Not found' when the buyer does not load", async () => {
    fakeApi((call) => {
      if (call.path === 'v2/buyers/99')
        return { status: 404, body: { detail: 'Buyer Not Found', code: 'not_found' } };
      if (call.path === 'admin/sales_channel/') return { body: CHANNELS };
      if (call.path === 'companies/10/buyers') return { body: paged([]) };
      return undefined;
    });
    const { router } = renderAt('/buyers/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyers'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Buyer Not found.', color: 'red' }));
  });

  it('shows the summary figures and flips a switch with the spec’s toast', async () => {
    let current = detail();
    const api = fakeApi((call) => {
      if (call.path === 'v2/buyers/7') return { body: current };
      if (call.path === 'buyers/7/summary') {
        return {
          body: {
            buyer: 7,
            ...current.summary,
            opening_balance: 0,
            credit_limit_restriction_applied: false,
            credit_limit_exceeded: false,
            last_payment: null,
            cashpoints_available: 0,
          },
        };
      }
      if (call.path === 'buyers/7/hide_inventory' && call.method === 'POST') {
        current = { ...current, is_inventory_exposed: false };
        return { body: current };
      }
      return undefined;
    });
    renderAt('/buyers/7');
    expect(await screen.findByRole('heading', { name: 'Patil Hardware' })).toBeTruthy();
    const summary = await screen.findByLabelText('Buyer summary');
    await waitFor(() =>
      expect(within(summary).getByLabelText('Outstanding').textContent).toBe('₹1,25,000.50'),
    );
    expect(within(summary).getByLabelText('Credit Limit').textContent).toBe('₹2,00,000.00');
    expect(within(summary).getByLabelText('Credit Available').textContent).toBe('₹74,999.50');
    fireEvent.click(screen.getByRole('switch', { name: /Expose Inventory/ }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Inventory hidden from buyer successfully.' }),
      ),
    );
    expect(api.changes().map((c) => c.path)).toEqual(['buyers/7/hide_inventory']);
  });
});
