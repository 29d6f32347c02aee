import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { TRANSPORT_MESSAGES } from '@b2b/domain/transport-details';
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
import type { CurrentUser } from '../../api/types';
import { type ApiAnswer, type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { CreateShipmentButton, OrderShipmentsTab } from './related-shipments';
import { ShipmentCreatePage } from './shipment-create-page';
import { ShipmentDetailPage } from './shipment-detail-page';
import { initialShipmentValues, shipmentBody } from './shipment-form.schema';
import type { InitiateShipment, Shipment, ShipmentSummary } from './shipments.api';
import { ShipmentsPage } from './shipments-page';

const LIST = 'admin/companies/10/shipments';

function summary(id: number, overrides: Partial<ShipmentSummary> = {}): ShipmentSummary {
  return {
    id,
    shipment_number: `SHP/2526/0000${id}`,
    shipment_date: '2025-06-10',
    status: 'scheduled',
    direction: 'outgoing',
    carrier: 'self_delivery',
    carrier_name: null,
    tracking_number: null,
    tracking_link: null,
    shipping_method: null,
    expected_delivery_date: null,
    delivered_at: null,
    invoice: { id: 7, invoice_number: 'BLR/2526/00001' },
    order: { id: 52, order_number: 'SO-2' },
    buyer: { id: 3, name: 'Mehta Kitchen World' },
    seller_branch: { id: 100, name: 'Bengaluru' },
    total_items: 1,
    total_quantity: 2,
    created_at: '2025-06-10T10:00:00Z',
    ...overrides,
  };
}

function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    ...summary(1),
    notes: null,
    eway_bill_number: null,
    vehicle_number: null,
    transporter_id: null,
    transporter_name: null,
    items: [
      {
        id: 1,
        invoice_item: 70,
        order_item: 520,
        product: { id: 5, name: 'Ceiling Fan', sku: 'CF-1' },
        unit: 'pcs',
        quantity: 2,
      },
    ],
    allowed_transitions: ['picked_up', 'shipped', 'pickup_error', 'cancellation_requested', 'cancelled'],
    editable: true,
    booked_with_integration: false,
    comments: [],
    created_by: null,
    updated_at: '2025-06-10T10:00:00Z',
    ...overrides,
  };
}

describe('ShipmentsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists shipments newest first with the spec’s status colours, and filters by status', async () => {
    const api = fakeApi((call) =>
      call.path === LIST
        ? {
            body: paged([
              summary(2, {
                status: 'delivered',
                tracking_number: 'AWB9',
                tracking_link: 'track.example.in/AWB9',
              }),
              summary(1, { status: 'lost' }),
            ]),
          }
        : undefined,
    );
    renderScreen(() => <ShipmentsPage />, { user: withPermissions(['view_shipment']) });
    // The first render loads the date pickers: slower than findBy's default second.
    await screen.findByText('SHP/2526/00002', undefined, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Shipments' });
    const rows = within(table).getAllByRole('row');
    const delivered = within(rows[1]).getByText('Delivered');
    expect(delivered.closest('.mantine-Badge-root')?.getAttribute('style') ?? '').toContain('teal');
    expect(within(rows[1]).getByRole('link', { name: 'AWB9' }).getAttribute('href')).toBe(
      'https://track.example.in/AWB9',
    );
    expect(
      within(rows[2]).getByText('Lost').closest('.mantine-Badge-root')?.getAttribute('style') ?? '',
    ).toContain('red');
    expect(api.calls.find((c) => c.path === LIST)?.query.get('ordering')).toBe('-shipment_date');

    const [status] = screen.getAllByLabelText('Status');
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'RTO Delivered' }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === LIST)
          .at(-1)
          ?.query.get('status__in'),
      ).toBe('rto_delivered'),
    );
  });

  it('names the missing permission on a 403', async () => {
    fakeApi((call) => (call.path === LIST ? { status: 403, body: { detail: 'No.' } } : undefined));
    renderScreen(() => <ShipmentsPage />, { user: withPermissions(['view_shipment']) });
    expect(
      await screen.findByText(SHIPMENT_MESSAGES.forbidden_view, undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

function renderRoute(
  path: string,
  routePath: string,
  Component: () => React.ReactElement | null,
  user: CurrentUser,
  answer: (call: ApiCall) => ApiAnswer | undefined,
) {
  const api = fakeApi(answer);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: routePath, component: Component }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/shipments/$shipmentId',
        component: () => <p>Shipment page</p>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return { api, router };
}

/** /shipments/1 on the shipment page, as `user`. */
function renderDetailPage(user: CurrentUser) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/shipments', component: () => null }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/shipments/$shipmentId',
        component: ShipmentDetailPage,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/shipments/1'] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
}

describe('ShipmentDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers a button for each allowed move only, and moves the shipment', async () => {
    let current = shipment();
    const api2 = fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'admin/shipments/1') return { body: current };
      if (call.path === 'admin/shipments/1/history') return { body: paged([]) };
      if (call.method === 'POST' && call.path === 'admin/shipments/1/status') {
        current = shipment({
          status: 'shipped',
          allowed_transitions: ['delivered', 'undelivered', 'rto_initiated', 'lost', 'damaged'],
        });
        return { body: current };
      }
      return undefined;
    });
    renderDetailPage(withPermissions(['view_shipment', 'change_shipment']));
    expect(await screen.findByRole('heading', { name: 'SHP/2526/00001' })).toBeTruthy();
    const actions = screen.getByRole('group', { name: 'Shipment status actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Mark Picked Up',
      'Mark Shipped',
      'Mark Pickup Error',
      'Request Cancellation',
      'Cancel Shipment',
    ]);
    expect(within(actions).queryByRole('button', { name: 'Mark Delivered' })).toBeNull();
    fireEvent.click(within(actions).getByRole('button', { name: 'Mark Shipped' }));
    await waitFor(() =>
      expect(api2.calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'shipped' }),
    );
    // Delivered cannot be undone: it asks first and posts nothing until confirmed (issue 18).
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Delivered' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    expect(api2.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows a viewer no status buttons and no tracking edit', async () => {
    fakeApi((call) => (call.path === 'admin/shipments/1' ? { body: shipment() } : undefined));
    renderDetailPage(withPermissions(['view_shipment']));
    await screen.findByRole('heading', { name: 'SHP/2526/00001' });
    expect(screen.queryByRole('group', { name: 'Shipment status actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Tracking & Transport' })).toBeNull();
    // Anyone who sees the shipment may print its delivery note.
    expect(screen.getByRole('button', { name: 'Download Delivery Note' })).toBeTruthy();
  });

  it('shows and edits the e-way bill, vehicle and transporter, checking them as the server does', async () => {
    const api = fakeApi((call) => {
      if (call.path !== 'admin/shipments/1') return undefined;
      return call.method === 'PATCH'
        ? { body: shipment({ ...(call.body as Partial<Shipment>), vehicle_number: 'MH12AB1234' }) }
        : { body: shipment({ eway_bill_number: '331001234567' }) };
    });
    renderDetailPage(withPermissions(['view_shipment', 'change_shipment']));
    await screen.findByRole('heading', { name: 'SHP/2526/00001' });
    expect(screen.getByText('331001234567')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Tracking & Transport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tracking & Transport' });
    const vehicle = within(dialog).getByRole('textbox', { name: /^Vehicle No\./ });
    fireEvent.change(vehicle, { target: { value: 'NOT A CAR' } });
    fireEvent.blur(vehicle);
    expect(await within(dialog).findByText(TRANSPORT_MESSAGES.vehicle_number)).toBeTruthy();
    fireEvent.change(vehicle, { target: { value: 'mh 12 ab 1234' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Transporter ID/ }), {
      target: { value: '27AAPFU0939F1ZV' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      eway_bill_number: '331001234567',
      vehicle_number: 'mh 12 ab 1234',
      transporter_id: '27AAPFU0939F1ZV',
      transporter_name: null,
    });
  });
});

const proposal: InitiateShipment = {
  invoice: { id: 7, invoice_number: 'BLR/2526/00001', status: 'generated', invoice_date: '2025-06-10' },
  order: { id: 52, order_number: 'SO-2' },
  buyer: { id: 3, name: 'Mehta Kitchen World' },
  shipment_date: '2025-06-11',
  integration_configured: false,
  items: [
    {
      invoice_item: 70,
      order_item: 520,
      product: { id: 5, name: 'Ceiling Fan', sku: 'CF-1' },
      unit: 'pcs',
      quantity: 3,
      quantity_shipped: 1,
      shippable_quantity: 2,
    },
    {
      invoice_item: 71,
      order_item: 521,
      product: { id: 6, name: 'Table Fan', sku: 'TF-1' },
      unit: 'pcs',
      quantity: 1,
      quantity_shipped: 0,
      shippable_quantity: 1,
    },
  ],
};

describe('Create Shipment', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends only the lines above 0, the carrier and its tracking', () => {
    const values = initialShipmentValues(proposal);
    values.items[1].quantity = 0;
    values.carrier = 'other';
    values.carrier_name = ' BlueDart ';
    values.tracking_number = 'AWB1';
    expect(shipmentBody(values)).toEqual({
      shipment_date: '2025-06-11',
      direction: 'outgoing',
      carrier: 'other',
      carrier_name: 'BlueDart',
      tracking_number: 'AWB1',
      items: [{ invoice_item: 70, quantity: 2 }],
    });
  });

  it('sends the e-way bill, vehicle and transporter typed at creation, and leaves out the empty ones', () => {
    const values = initialShipmentValues(proposal);
    values.eway_bill_number = ' 331001234567 ';
    values.vehicle_number = 'MH12AB1234';
    expect(shipmentBody(values)).toMatchObject({
      eway_bill_number: '331001234567',
      vehicle_number: 'MH12AB1234',
    });
    expect(shipmentBody(values)).not.toHaveProperty('transporter_id');
    expect(shipmentBody(values)).not.toHaveProperty('transporter_name');
  });

  it('refuses more than is left before sending, then creates and opens the shipment', async () => {
    const { api, router } = renderRoute(
      '/invoices/7/ship',
      '/invoices/$invoiceId/ship',
      ShipmentCreatePage,
      withPermissions(['view_shipment', 'add_shipment']),
      (call) => {
        if (call.path === 'admin/invoices/7/initiate_shipment/') return { body: proposal };
        if (call.method === 'POST' && call.path === 'admin/invoices/7/shipments')
          return { status: 201, body: shipment({ id: 9 }) };
        return undefined;
      },
    );
    const form = await screen.findByRole('form', { name: 'Create Shipment' });
    const fan = within(form).getByLabelText('Quantity of Ceiling Fan');
    fireEvent.change(fan, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Shipment' }));
    expect(await within(form).findByText(SHIPMENT_MESSAGES.quantity)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(fan, { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Shipment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/9'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      items: [
        { invoice_item: 70, quantity: 1 },
        { invoice_item: 71, quantity: 1 },
      ],
      carrier: 'self_delivery',
    });
  });
});

describe('shipments on the invoice and the order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers Create Shipment while the invoice has something to ship, to users who may add shipments', async () => {
    const shipper = withPermissions(['view_invoice', 'add_shipment']);
    const { unmount } = renderScreen(
      () => <CreateShipmentButton invoice={{ id: 7, status: 'ready_to_ship' }} />,
      {
        user: shipper,
      },
    );
    expect(await screen.findByRole('button', { name: 'Create Shipment' })).toBeTruthy();
    unmount();
    renderScreen(() => <CreateShipmentButton invoice={{ id: 7, status: 'processed' }} />, { user: shipper });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Shipment' })).toBeNull());
  });

  it('lists the order’s shipments in its Shipments tab', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/orders/52/shipments'
        ? { body: paged([summary(3, { status: 'rto_initiated' })]) }
        : undefined,
    );
    renderScreen(() => <OrderShipmentsTab orderId={52} />, {
      user: withPermissions(['view_order', 'view_shipment']),
    });
    // The table is replaced once loaded: look it up again after the rows arrive.
    expect(await screen.findByText('SHP/2526/00003', undefined, { timeout: 5000 })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Order Shipments' })).getByText('RTO Initiated'),
    ).toBeTruthy();
    expect(api.calls[0].query.get('limit')).toBe('10000');
  });
});
