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
import { type ApiAnswer, type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { changesText } from './order-history-tab';
import { SalesOrderDetailPage } from './sales-order-detail-page';
import { type SalesOrder, salesOrderListQuery } from './sales-orders.api';
import { SalesOrdersPage } from './sales-orders-page';
import { orderSummary, salesOrder } from './sales-test-data';

const STAFF = withPermissions(['view_order', 'add_order', 'change_order', 'add_invoice', 'add_quotation']);
const VIEWER = withPermissions(['view_order']);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function choose(label: string, option: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function listServer(fail?: (call: ApiCall) => ApiAnswer | undefined) {
  return fakeApi((call) => {
    const failed = fail?.(call);
    if (failed) return failed;
    if (call.path === 'admin/companies/10/orders') {
      return { body: paged([orderSummary(), orderSummary({ id: 42, order_number: 'SO-0042', version: 2 })]) };
    }
    if (call.path === 'admin/sales_channel/')
      return { body: paged([{ id: 3, name: 'web', display_name: 'Web Store' }]) };
    if (call.path === 'companies/10/users') return { body: paged([]) };
    if (call.path === 'companies/10/payment_methods') return { body: paged([]) };
    if (call.path === 'admin/reports/order_details_report') return { body: 'order_number\n' };
    return undefined;
  });
}

describe('SalesOrdersPage', () => {
  it('lists orders newest order date first, with versions, ₹ en-IN totals and status labels', async () => {
    const api = listServer();
    renderScreen(() => <SalesOrdersPage />, { user: STAFF });
    expect(await screen.findByText('SO-0041')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Sales Orders' });
    expect(within(table).getByText('SO-0042 v2')).toBeTruthy();
    expect(within(table).getAllByText('₹1,23,456.50')).toHaveLength(2);
    expect(within(table).getAllByText('New')).toHaveLength(2);
    expect(within(table).getAllByText('Unpaid')).toHaveLength(2);
    expect(within(table).getAllByText('2 of 5 invoiced')).toHaveLength(2);
    expect(api.calls.find((c) => c.path === 'admin/companies/10/orders')?.query.get('ordering')).toBe(
      '-order_date',
    );
    expect(screen.getByRole('button', { name: 'New Order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('sends the chosen filters as the list’s query', async () => {
    const api = listServer();
    renderScreen(() => <SalesOrdersPage />, { user: STAFF });
    await screen.findByText('SO-0041');
    await choose('Status', 'Confirmed');
    await choose('Payment Status', 'Partially Paid');
    await choose('Sales Channel', 'Web Store');
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === 'admin/companies/10/orders').at(-1);
      expect(last?.query.get('status__in')).toBe('confirmed');
      expect(last?.query.get('payment_status__in')).toBe('partially_paid');
      expect(last?.query.get('sales_channel__in')).toBe('3');
      expect(last?.query.get('offset')).toBe('0');
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => {
      const csv = api.calls.find((c) => c.path === 'admin/reports/order_details_report');
      expect(csv?.query.get('status__in')).toBe('confirmed');
      expect(csv?.query.get('sales_channel__in')).toBe('3');
      expect(csv?.query.has('limit')).toBe(false);
    });
  });

  it('builds the query of every filter and leaves out those not chosen', () => {
    const key = salesOrderListQuery(10, {
      limit: 20,
      offset: 0,
      ordering: '-order_date',
      search: '',
      status__in: 'new,on_hold',
      sales_person__in: '4',
      payment_method__in: '2',
      start_date: '2025-04-01',
      end_date: '2025-04-30',
    }).queryKey;
    expect(key[3]).toMatchObject({
      status__in: 'new,on_hold',
      start_date: '2025-04-01',
      end_date: '2025-04-30',
    });
  });

  it('shows the error state and hides New Order from viewers', async () => {
    listServer((call) =>
      call.path === 'admin/companies/10/orders'
        ? { status: 500, body: { detail: 'Database is down.' } }
        : undefined,
    );
    renderScreen(() => <SalesOrdersPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load Orders')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Order' })).toBeNull();
  });
});

function renderDetail(shown: SalesOrder, user = STAFF, answer?: (call: ApiCall) => ApiAnswer | undefined) {
  const api = fakeApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === `admin/orders/${shown.id}`) return { body: shown };
    return undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/orders', component: () => <p>Order list</p> }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/orders/$orderId',
      component: SalesOrderDetailPage,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`/orders/${shown.id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return { api, router };
}

const ACTION_BUTTONS = ['Generate Invoice', 'Confirm', 'Hold', 'Edit', 'Re-order', 'Cancel'];
const shownButtons = () => ACTION_BUTTONS.filter((name) => screen.queryByRole('button', { name }));

describe('SalesOrderDetailPage', () => {
  it.each([
    [
      ['confirm', 'cancel', 'hold', 'edit', 'reorder'],
      ['Confirm', 'Hold', 'Edit', 'Re-order', 'Cancel'],
    ],
    [
      ['invoice', 'hold', 'reorder'],
      ['Generate Invoice', 'Hold', 'Re-order'],
    ],
    [['reorder'], ['Re-order']],
  ] as const)('shows only the buttons of allowed_actions %j', async (allowed, buttons) => {
    renderDetail(salesOrder({ allowed_actions: [...allowed] }));
    expect(await screen.findByRole('heading', { name: 'SO-0041' })).toBeTruthy();
    expect(shownButtons()).toEqual(buttons);
  });

  it('hides every action from a user who may only view orders', async () => {
    renderDetail(salesOrder(), VIEWER);
    expect(await screen.findByRole('heading', { name: 'SO-0041' })).toBeTruthy();
    expect(shownButtons()).toEqual([]);
  });

  it('confirms the order, toasts the spec’s sentence and shows the new status', async () => {
    const { api } = renderDetail(salesOrder(), STAFF, (call) =>
      call.method === 'POST' && call.path === 'admin/orders/41/confirm/'
        ? {
            body: salesOrder({
              status: 'confirmed',
              allowed_actions: ['invoice', 'hold', 'cancel', 'reorder'],
            }),
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Order confirmed successfully' }),
      ),
    );
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(shownButtons()).toEqual(['Generate Invoice', 'Hold', 'Re-order', 'Cancel']);
    expect(api.changes().map((c) => c.path)).toEqual(['admin/orders/41/confirm/']);
  });

  it('cancels after asking, sending the reason', async () => {
    const { api } = renderDetail(salesOrder(), STAFF, (call) =>
      call.method === 'POST' && call.path === 'admin/orders/41/cancel/'
        ? { body: salesOrder({ status: 'cancelled', allowed_actions: ['reorder'] }) }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Buyer asked' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Order cancelled successfully' }),
      ),
    );
    expect(api.changes()).toMatchObject([
      { path: 'admin/orders/41/cancel/', body: { reason: 'Buyer asked' } },
    ]);
  });

  it('shows the server’s refusal of a transition with the failure title', async () => {
    renderDetail(salesOrder(), STAFF, (call) =>
      call.method === 'POST' && call.path === 'admin/orders/41/hold/'
        ? { status: 409, body: { detail: 'This order is already on hold.' } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to put Order on hold',
          message: 'This order is already on hold.',
        }),
      ),
    );
  });

  it('tells what a history entry changed in words', () => {
    expect(
      changesText({ status: 'on_hold', order_number: 'SO-0041', is_stock_reserved: true, lines: [] }),
    ).toBe('Status: On Hold · Order Number: SO-0041 · Is Stock Reserved: Yes');
    expect(changesText(null)).toBeNull();
  });

  it('says Order Not Found and goes back to the list for an unknown order', async () => {
    const { router } = renderDetail(salesOrder(), STAFF, (call) =>
      call.path === 'admin/orders/41' ? { status: 404, body: { detail: 'Order Not Found' } } : undefined,
    );
    expect(await screen.findByText('Order list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order Not Found' }));
  });

  it('lists the items with invoiced and invoiceable quantities, and adds a comment', async () => {
    const { api } = renderDetail(salesOrder(), STAFF, (call) =>
      call.method === 'POST' && call.path === 'admin/orders/41/comments'
        ? {
            status: 201,
            body: { id: 1, comment: 'Call first', created_at: '2025-04-02T10:00:00Z', user: null },
          }
        : undefined,
    );
    const items = await screen.findByRole('table', { name: 'Order Items' });
    expect(within(items).getByText('Ceiling Fan')).toBeTruthy();
    expect(within(items).getByText('Invoiceable')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Comments (0)' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Add a comment' }), {
      target: { value: 'Call first' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Comment added successfully' }),
      ),
    );
    expect(api.changes()).toMatchObject([
      { path: 'admin/orders/41/comments', body: { comment: 'Call first' } },
    ]);
  });
});
