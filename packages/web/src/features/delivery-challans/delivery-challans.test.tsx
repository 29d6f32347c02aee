import {
  allowedChallanActions,
  type DeliveryChallanPurpose,
  type DeliveryChallanStatus,
} from '@b2b/domain/delivery-challans';
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
import { convertFormSchema } from './challan-convert-dialog';
import { DeliveryChallanDetailPage } from './delivery-challan-detail-page';
import { DeliveryChallanForm } from './delivery-challan-form';
import { challanBody, challanFormSchema, emptyChallanForm } from './delivery-challan-form.schema';
import type { DeliveryChallan } from './delivery-challans.api';
import { challanFilterParams, DeliveryChallansPage, NO_CHALLAN_FILTERS } from './delivery-challans-page';

const MAKER = withPermissions([
  'view_delivery_challan',
  'add_delivery_challan',
  'change_delivery_challan',
  'add_invoice',
]);
const CHANGER = withPermissions(['view_delivery_challan', 'change_delivery_challan']);
const VIEWER = withPermissions(['view_delivery_challan']);
const LIST = 'admin/companies/10/delivery_challans';

const ADDRESS = {
  id: 31,
  address_line_1: '12 MG Road',
  address_line_2: null,
  landmark: null,
  city: 'Pune',
  state: { id: 27, name: 'Maharashtra', gst_code: '27' },
  pincode: '411001',
};

function challan(
  id: number,
  status: DeliveryChallanStatus = 'open',
  purpose: DeliveryChallanPurpose = 'supply_on_approval',
  overrides: Partial<DeliveryChallan> = {},
): DeliveryChallan {
  const transfer = purpose === 'branch_transfer';
  return {
    id,
    challan_number: `DC/25-26/${String(id).padStart(5, '0')}`,
    challan_date: '2025-06-02',
    purpose,
    status,
    seller_branch: { id: 100, name: 'Pune Branch' },
    buyer_branch: transfer
      ? { kind: 'warehouse', id: 8, name: 'East Store', gstin: null, address: null }
      : { kind: 'buyer', id: 5, name: 'Sharma Traders', gstin: '27AAAAA0000A1Z5', address: ADDRESS },
    buyer: transfer ? null : { id: 5, name: 'Sharma Traders' },
    warehouse: { id: 7, name: 'Main Godown' },
    destination_warehouse: transfer ? { id: 8, name: 'East Store' } : null,
    total_items: 2,
    total_quantity: 6,
    total_value: 590,
    reference_number: 'APPROVAL-7',
    vehicle_number: 'MH01AB1234',
    notes: null,
    items: [
      {
        id: 41,
        product: { id: 21, name: 'Ceiling Fan' },
        sku: 'CF-1',
        hsn: '8414',
        unit: null,
        quantity: 4,
        rate: 118,
        value: 472,
        quantity_invoiced: 0,
      },
      {
        id: 42,
        product: { id: 22, name: 'Table Lamp' },
        sku: 'TL-1',
        hsn: '9405',
        unit: null,
        quantity: 2,
        rate: 59,
        value: 118,
        quantity_invoiced: 0,
      },
    ],
    order: null,
    invoice: null,
    delivered_at: null,
    closed_at: null,
    created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
    created_at: '2025-06-02T10:00:00Z',
    allowed_actions: allowedChallanActions({ status, purpose }),
    ...overrides,
  };
}

function server(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === LIST) {
      return { body: paged([challan(2, 'open', 'branch_transfer'), challan(1, 'delivered')]) };
    }
    if (call.method === 'GET' && call.path === 'companies/10/warehouses') {
      return {
        body: paged([
          { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Pune Branch' }, is_active: true },
          { id: 8, name: 'East Store', branch: { id: 100, name: 'Pune Branch' }, is_active: true },
        ]),
      };
    }
    if (call.method === 'GET' && /^admin\/delivery_challans\/\d+\/history$/.test(call.path)) {
      return { body: paged([]) };
    }
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DeliveryChallansPage', () => {
  it('shows the loading state, then each challan with its purpose, recipient, value and status', async () => {
    const api = server();
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('delivery_challans')) await held;
      return answer(input, init);
    });
    renderScreen(() => <DeliveryChallansPage />, { user: MAKER });
    const loading = await screen.findByRole('table', { name: 'Delivery Challans' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Delivery Challans' })).toBeTruthy();
    expect(loading.getAttribute('aria-busy')).toBe('true');
    release();
    const toBuyer = (await screen.findByRole('link', { name: 'DC/25-26/00001' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    const table = screen.getByRole('table', { name: 'Delivery Challans' });
    expect(within(toBuyer).getByText('Supply on Approval')).toBeTruthy();
    expect(within(toBuyer).getByText('Sharma Traders')).toBeTruthy();
    expect(within(toBuyer).getByText('Pune')).toBeTruthy();
    expect(within(toBuyer).getByText('Pune Branch')).toBeTruthy();
    expect(within(toBuyer).getByText('Delivered')).toBeTruthy();
    expect(within(toBuyer).getByText('₹590.00')).toBeTruthy();
    expect(within(toBuyer).getByText('02/06/2025')).toBeTruthy();
    const transfer = within(table).getByRole('link', { name: 'DC/25-26/00002' }).closest('tr') as HTMLElement;
    expect(within(transfer).getByText('Branch Transfer')).toBeTruthy();
    expect(within(transfer).getByText('East Store')).toBeTruthy();
    expect(within(transfer).getByText('Own warehouse')).toBeTruthy();
    expect(within(transfer).getByText('Open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Challan' })).toBeTruthy();
    const list = api.calls.find((c) => c.path === LIST);
    expect(list?.query.get('ordering')).toBe('-challan_date');
    expect(list?.query.get('expand')).toBe('seller_branch,buyer_branch');
  });

  it('asks for the chosen statuses as status__in, and hides New Challan from viewers', async () => {
    const api = server();
    renderScreen(() => <DeliveryChallansPage />, { user: VIEWER });
    expect(await screen.findByText('DC/25-26/00001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Challan' })).toBeNull();
    const [status] = screen.getAllByLabelText('Status');
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Returned' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === LIST).some((c) => c.query.get('status__in') === 'open,returned'),
      ).toBe(true),
    );
  });

  it('sends only the chosen filters, one day as a range of one day', () => {
    expect(challanFilterParams(NO_CHALLAN_FILTERS)).toEqual({
      status__in: undefined,
      purpose: undefined,
      start_date: undefined,
      end_date: undefined,
    });
    expect(
      challanFilterParams({ status: ['open'], purpose: 'job_work', dates: ['2025-06-01', null] }),
    ).toEqual({ status__in: 'open', purpose: 'job_work', start_date: '2025-06-01', end_date: '2025-06-01' });
  });

  it('shows the empty card when there is no challan yet, and the error with Retry', async () => {
    let fail = false;
    server((call) => {
      if (call.path !== LIST) return undefined;
      return fail ? { status: 500, body: { detail: 'Database is down.' } } : { body: paged([]) };
    });
    const { unmount } = renderScreen(() => <DeliveryChallansPage />, { user: MAKER });
    expect(await screen.findByText("Oops it's empty here", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Delivery Challans' })).toBeNull();
    unmount();
    fail = true;
    renderScreen(() => <DeliveryChallansPage />, { user: MAKER });
    expect(await screen.findByText('Failed to load delivery challans.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('challan form rules', () => {
  const valid = {
    ...emptyChallanForm(),
    purpose: 'job_work' as const,
    warehouse: '7',
    buyer: 5,
    buyer_address: '31',
    items: [{ product: 21, quantity: 2, rate: '' }],
  };
  const messagesOf = (values: unknown) => {
    const result = challanFormSchema.safeParse(values);
    return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  };

  it('sends a buyer challan with the address and without blank fields or rates', () => {
    const parsed = challanFormSchema.parse({ ...valid, reference_number: ' JOB-1 ', challan_date: '' });
    expect(challanBody(parsed)).toEqual({
      purpose: 'job_work',
      warehouse: 7,
      buyer: 5,
      buyer_address: 31,
      reference_number: 'JOB-1',
      items: [{ product: 21, quantity: 2 }],
    });
    const transfer = challanFormSchema.parse({
      ...valid,
      purpose: 'branch_transfer',
      destination_warehouse: '8',
      items: [{ product: 21, quantity: '1.5', rate: '100' }],
    });
    expect(challanBody(transfer)).toMatchObject({
      purpose: 'branch_transfer',
      destination_warehouse: 8,
      items: [{ product: 21, quantity: 1.5, rate: 100 }],
    });
    expect(challanBody(transfer)).not.toHaveProperty('buyer');
  });

  it('refuses what the server refuses, with its sentences', () => {
    expect(messagesOf({ ...valid, purpose: null, warehouse: null, items: [] })).toEqual({
      purpose: 'Please select the purpose of the challan.',
      warehouse: 'Please select the warehouse sending the goods.',
      items: 'Add at least one product.',
    });
    expect(messagesOf({ ...valid, buyer: null })).toEqual({
      buyer: 'Please select the buyer receiving the goods.',
    });
    expect(messagesOf({ ...valid, purpose: 'branch_transfer', destination_warehouse: '7' })).toEqual({
      destination_warehouse: 'The receiving warehouse must be different from the sending warehouse.',
    });
    expect(
      messagesOf({
        ...valid,
        challan_date: '2999-01-01',
        items: [
          { product: 21, quantity: 0, rate: '' },
          { product: 21, quantity: 1.2345, rate: -1 },
        ],
      }),
    ).toEqual({
      challan_date: 'The challan date cannot be in the future.',
      'items.0.quantity': 'Quantity must be greater than zero.',
      'items.1.quantity': 'Quantity can have at most 3 decimal places.',
      'items.1.rate': 'Value cannot be negative.',
      'items.1.product': 'This product is already in the challan.',
    });
  });
});

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

const BUYER = {
  id: 5,
  name: 'Sharma Traders',
  is_active: true,
  gst_number: null,
  payment_term: null,
  addresses: [{ ...ADDRESS, address_type: 'shipping_address' }],
};

describe('DeliveryChallanForm', () => {
  it('sends the challan and puts the server’s field messages on the lines', async () => {
    const api = server((call) => {
      if (call.path === 'companies/10/buyers') return { body: paged([BUYER]) };
      if (call.path === 'v2/buyers/5') return { body: BUYER };
      if (call.path === 'warehouses/7/product_inventory') {
        return {
          body: paged([
            {
              product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1', is_active: true },
              available_stock: 10,
              df_quantity: 0,
              stock: 10,
              in_stock: true,
              updated_at: '2025-06-01T00:00:00Z',
            },
          ]),
        };
      }
      if (call.path === 'products/21') return { body: { id: 21, name: 'Ceiling Fan', selling_price: 118 } };
      if (call.method === 'POST' && call.path === LIST) {
        return {
          status: 400,
          body: { detail: 'Invalid input.', errors: { 'items.0.quantity': ['Too many.'] } },
        };
      }
      return undefined;
    });
    renderWithProviders(<DeliveryChallanForm companyId={10} onSaved={() => {}} onCancel={() => {}} />, {
      user: MAKER,
    });
    await choose('Purpose', 'Job Work');
    await choose('Sending Warehouse', 'Main Godown (Pune Branch)');
    await choose('Buyer', 'Sharma Traders');
    await choose('Product 1', 'Ceiling Fan (CF-1) — 10 sellable');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '2' } });
    await waitFor(() =>
      expect(screen.getByLabelText('Total value').textContent).toBe('Total Value: ₹236.00'),
    );
    expect(screen.getByRole('textbox', { name: 'Rate 1' }).getAttribute('placeholder')).toBe('118');
    fireEvent.click(screen.getByRole('button', { name: 'Create Challan' }));
    expect(await screen.findByText('Too many.')).toBeTruthy();
    expect(api.changes()[0]?.body).toEqual({
      purpose: 'job_work',
      warehouse: 7,
      buyer: 5,
      buyer_address: 31,
      challan_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      items: [{ product: 21, quantity: 2 }],
    });
  });

  it('shows the missing fields without sending, then the server’s field messages on their fields', async () => {
    const api = server();
    renderWithProviders(<DeliveryChallanForm companyId={10} onSaved={() => {}} onCancel={() => {}} />, {
      user: MAKER,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Challan' }));
    expect(await screen.findByText('Please select the purpose of the challan.')).toBeTruthy();
    expect(screen.getByText('Please select the warehouse sending the goods.')).toBeTruthy();
    expect(screen.getByText('Please select a product.')).toBeTruthy();
    expect(screen.getByText('Quantity is required.')).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Buyer' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Delivery Address' })).toBeTruthy();
    expect(screen.getByLabelText('Challan Date')).toBeTruthy();
    expect(screen.getByLabelText('Vehicle Number')).toBeTruthy();
    expect(screen.getByLabelText('Total value').textContent).toBe('Total Value: ₹0.00');
  });
});

function renderDetail(
  shown: DeliveryChallan,
  user = MAKER,
  extra?: (call: ApiCall) => ApiAnswer | undefined,
) {
  const api = server((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    return call.method === 'GET' && call.path === `admin/delivery_challans/${shown.id}`
      ? { body: shown }
      : undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/delivery-challans', component: () => null }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/delivery-challans/$challanId',
      component: DeliveryChallanDetailPage,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`/delivery-challans/${shown.id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return api;
}

const buttons = () =>
  ['Mark Delivered', 'Convert to Invoice', 'Record Return', 'Cancel Challan'].filter((name) =>
    screen.queryByRole('button', { name }),
  );

describe('DeliveryChallanDetailPage', () => {
  it.each([
    ['open', 'job_work', MAKER, ['Mark Delivered', 'Convert to Invoice', 'Record Return', 'Cancel Challan']],
    ['delivered', 'job_work', MAKER, ['Convert to Invoice', 'Record Return']],
    ['open', 'branch_transfer', MAKER, ['Mark Delivered', 'Cancel Challan']],
    ['invoiced', 'job_work', MAKER, []],
    ['open', 'job_work', CHANGER, ['Mark Delivered', 'Record Return', 'Cancel Challan']],
    ['open', 'job_work', VIEWER, []],
  ] as const)('offers the actions of a %s %s challan', async (status, purpose, user, expected) => {
    renderDetail(challan(4, status, purpose), user);
    expect(await screen.findByRole('heading', { name: 'DC/25-26/00004' })).toBeTruthy();
    expect(buttons()).toEqual(expected);
  });

  it('shows the recipient, the lines and the order and invoice of a converted challan', async () => {
    renderDetail(
      challan(4, 'invoiced', 'supply_on_approval', {
        order: { id: 77, order_number: 'SO/0077' },
        invoice: { id: 88, invoice_number: 'INV/25-26/00001' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'DC/25-26/00004' })).toBeTruthy();
    expect(screen.getByText('Sharma Traders')).toBeTruthy();
    expect(screen.getByText('12 MG Road')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SO/0077' }).getAttribute('href')).toBe('/orders/77');
    expect(screen.getByRole('link', { name: 'INV/25-26/00001' }).getAttribute('href')).toBe('/invoices/88');
    const lines = screen.getByRole('table', { name: 'Challan items' });
    expect(within(lines).getByText('Ceiling Fan')).toBeTruthy();
    expect(within(lines).getByText('8414')).toBeTruthy();
  });

  it('marks a challan delivered after confirmation and shows a refusal in the toast', async () => {
    const api = renderDetail(challan(4, 'open', 'job_work'), MAKER, (call) =>
      call.method === 'POST' && call.path === 'admin/delivery_challans/4/deliver'
        ? { status: 409, body: { detail: 'This delivery challan is already delivered.' } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Sharma Traders has received the goods/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to update delivery challan.',
          message: 'This delivery challan is already delivered.',
        }),
      ),
    );
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST admin/delivery_challans/4/deliver',
    ]);
  });
});

describe('Convert to Invoice', () => {
  const lines = [{ quantity: 4 }, { quantity: 2 }];
  const messagesOf = (values: unknown) => {
    const result = convertFormSchema(lines).safeParse(values);
    return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  };

  it('keeps 0 up to the quantity sent of each line, and something of one line at least', () => {
    expect(convertFormSchema(lines).parse({ kept: [3, '0'], invoice_date: '' }).kept).toEqual([3, 0]);
    expect(messagesOf({ kept: [5, -1], invoice_date: '' })).toEqual({
      'kept.0': 'The quantity kept must be between zero and the quantity sent.',
      'kept.1': 'The quantity kept must be between zero and the quantity sent.',
    });
    expect(messagesOf({ kept: [0, 0], invoice_date: '' })).toEqual({
      kept: 'Enter the quantity the buyer keeps of at least one line.',
    });
    expect(messagesOf({ kept: ['', 1.0001], invoice_date: '' })).toEqual({
      'kept.0': 'Quantity is required.',
      'kept.1': 'Quantity can have at most 3 decimal places.',
    });
  });

  it('defaults to everything, refuses keeping nothing, then sends what the buyer keeps', async () => {
    const shown = challan(4, 'delivered', 'supply_on_approval');
    const api = renderDetail(shown, MAKER, (call) =>
      call.method === 'POST' && call.path === 'admin/delivery_challans/4/invoice'
        ? {
            body: {
              ...shown,
              status: 'invoiced',
              allowed_actions: [],
              invoice: { id: 88, invoice_number: 'INV/25-26/00001' },
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Convert to Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to Invoice' });
    expect(within(dialog).getByText(/rest comes back to Main Godown/)).toBeTruthy();
    const fan = within(dialog).getByLabelText('Quantity kept of Ceiling Fan') as HTMLInputElement;
    const lamp = within(dialog).getByLabelText('Quantity kept of Table Lamp') as HTMLInputElement;
    expect([fan.value, lamp.value]).toEqual(['4', '2']);
    fireEvent.change(fan, { target: { value: '0' } });
    fireEvent.change(lamp, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Invoice' }));
    expect(
      await within(dialog).findByText('Enter the quantity the buyer keeps of at least one line.'),
    ).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    fireEvent.change(fan, { target: { value: '3' } });
    expect(within(dialog).getByLabelText('Comes back of Ceiling Fan').textContent).toBe('1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Invoice' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]).toMatchObject({
      path: 'admin/delivery_challans/4/invoice',
      body: {
        items: [
          { item: 41, quantity: 3 },
          { item: 42, quantity: 0 },
        ],
      },
    });
    expect(await screen.findByRole('link', { name: 'INV/25-26/00001' })).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Delivery challan converted into an invoice.' }),
    );
  });
});
