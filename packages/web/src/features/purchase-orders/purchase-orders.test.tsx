import {
  allowedPurchaseOrderActions,
  type PurchaseOrderStatus,
  purchaseOrderStatusLabel,
} from '@b2b/domain/purchase-orders';
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
import { BillForm } from '../bills/bill-form';
import { PurchaseOrderDetailPage } from './purchase-order-detail-page';
import { PurchaseOrderForm } from './purchase-order-form';
import { billFormFromOrder } from './purchase-order-form.schema';
import type { PurchaseOrder } from './purchase-orders.api';
import { PurchaseOrdersPage } from './purchase-orders-page';

const MAKER = withPermissions([
  'view_purchase_order',
  'add_purchase_order',
  'change_purchase_order',
  'view_bill',
  'add_bill',
  'view_seller',
]);
const VIEWER = withPermissions(['view_purchase_order']);
const LIST = 'admin/companies/10/purchase_orders';

function order(id: number, status: PurchaseOrderStatus = 'sent', billed = 0): PurchaseOrder {
  return {
    id,
    order_number: `PO/2627/0000${id}`,
    order_date: '2026-10-02',
    expected_date: '2026-10-09',
    reference: 'QTN-7',
    status,
    status_label: purchaseOrderStatusLabel(status),
    seller: { id: 5, name: 'Sharma Supplies', gstin: '27AAPFU0939F1ZV' },
    branch: { id: 100, name: 'Pune Branch' },
    warehouse: { id: 7, name: 'Main Godown' },
    is_tax_inclusive: false,
    supply_type: 'intra',
    freight_charges: 0,
    other_charges: 0,
    taxable_value: 1000,
    cgst: 90,
    sgst: 90,
    igst: 0,
    cess: 0,
    round_off: 0,
    total: 1180,
    notes: null,
    sent_at: status === 'draft' ? null : '2026-10-02T11:00:00Z',
    cancelled_at: null,
    created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
    created_at: '2026-10-02T10:00:00Z',
    updated_at: '2026-10-02T10:00:00Z',
    items: [
      {
        id: 71,
        product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1' },
        hsn_code: '8414',
        unit: null,
        quantity: 10,
        quantity_billed: billed,
        quantity_left: 10 - billed,
        rate: 100,
        rate_entered: 100,
        discount_percent: 0,
        tax_rate: 18,
        taxable_value: 1000,
        cgst: 90,
        sgst: 90,
        igst: 0,
        cess: 0,
        total: 1180,
      },
    ],
    bills:
      billed > 0
        ? [
            {
              id: 12,
              bill_number: 'SUP/12',
              bill_date: '2026-10-05',
              status: 'open',
              status_label: 'Open',
              total: 472,
            },
          ]
        : [],
    allowed_actions: allowedPurchaseOrderActions({ status, anyBilled: billed > 0 }),
  };
}

const SELLER = {
  id: 5,
  name: 'Sharma Supplies',
  contact_person_name: null,
  email: null,
  phone: null,
  gst_number: '27AAPFU0939F1ZV',
  pan: null,
  tally_ledger_name: null,
  payment_term: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  addresses: [],
  product_count: 0,
};

const LAST_RATE = {
  product: 21,
  rate: 95.5,
  bill: 3,
  bill_number: 'SUP/3',
  bill_date: '2026-09-14',
  seller: { id: 5, name: 'Sharma Supplies' },
  from_seller: true,
};

function server(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === LIST) return { body: paged([order(2, 'partially_billed', 4), order(1, 'draft')]) };
    if (call.path === 'companies/10/sellers') return { body: paged([SELLER]) };
    if (call.path === 'v2/sellers/5') return { body: SELLER };
    if (call.path === 'companies/10/branches') {
      return { body: paged([{ id: 100, name: 'Pune Branch', is_active: true, gstin: '27AAACR5055K1Z7' }]) };
    }
    if (call.path === 'branches/100') {
      return {
        body: {
          id: 100,
          name: 'Pune Branch',
          is_active: true,
          gstin: '27AAACR5055K1Z7',
          round_off_enabled: false,
          addresses: [],
        },
      };
    }
    if (call.path === 'companies/10/warehouses') {
      return {
        body: paged([
          { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Pune Branch' }, is_active: true },
        ]),
      };
    }
    if (call.path === 'companies/10/products') {
      return { body: paged([{ id: 21, name: 'Ceiling Fan', sku: 'CF-1', is_active: true }]) };
    }
    if (call.path === 'products/21') {
      return {
        body: {
          id: 21,
          name: 'Ceiling Fan',
          sku: 'CF-1',
          is_active: true,
          hsn: '8414',
          cost_price: 80,
          tax: { id: 3, display_name: 'GST 18%', rate: 18 },
        },
      };
    }
    if (call.path === 'admin/companies/10/bills/last_rates') {
      return { body: { results: call.query.get('products') === '21' ? [LAST_RATE] : [] } };
    }
    if (/^admin\/purchase_orders\/\d+\/history$/.test(call.path)) return { body: paged([]) };
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

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

describe('PurchaseOrdersPage', () => {
  it('lists the orders with seller, dates, status and total, and asks for the newest first', async () => {
    const api = server();
    renderScreen(() => <PurchaseOrdersPage />, { user: MAKER });
    const row = (await screen.findByRole('link', { name: 'PO/2627/00002' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Sharma Supplies')).toBeTruthy();
    expect(within(row).getByText('Partially Billed')).toBeTruthy();
    expect(within(row).getByText('₹1,180.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Purchase Order' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === LIST)?.query.get('ordering')).toBe('-order_date');
  });

  it('shows the empty card when there is none yet, with no New for viewers', async () => {
    server((call) => (call.path === LIST ? { body: paged([]) } : undefined));
    renderScreen(() => <PurchaseOrdersPage />, { user: VIEWER });
    expect(
      await screen.findByText('Create a Purchase Order and boost your business', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New Purchase Order|Add/ })).toBeNull();
  });
});

function renderDetail(shown: PurchaseOrder, user = MAKER, extra?: (call: ApiCall) => ApiAnswer | undefined) {
  const api = server((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    return call.method === 'GET' && call.path === `admin/purchase_orders/${shown.id}`
      ? { body: shown }
      : undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/purchase-orders', component: () => null }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/purchase-orders/$purchaseOrderId',
      component: PurchaseOrderDetailPage,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/purchase-orders/$purchaseOrderId/bill',
      component: () => <p>Bill form</p>,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`/purchase-orders/${shown.id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return { api, router };
}

describe('PurchaseOrderDetailPage', () => {
  it('shows each line ordered, billed and left, the bills made from it, and Create Bill', async () => {
    const { router } = renderDetail(order(2, 'partially_billed', 4));
    const lines = await screen.findByRole('table', { name: 'Purchase order items' }, { timeout: 5000 });
    const row = within(lines).getByText('Ceiling Fan').closest('tr') as HTMLElement;
    expect(within(row).getByText('10')).toBeTruthy();
    expect(within(row).getByLabelText('Billed Ceiling Fan').textContent).toBe('4');
    expect(within(row).getByText('6')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Bills of the purchase order' })).getByText('SUP/12'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Sent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Bill' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-orders/2/bill'));
  });

  it('marks a draft as sent after a confirmation', async () => {
    const { api } = renderDetail(order(1, 'draft'), MAKER, (call) =>
      call.method === 'POST' && call.path === 'admin/purchase_orders/1/send'
        ? { body: order(1, 'sent') }
        : undefined,
    );
    expect(screen.queryByRole('button', { name: 'Create Bill' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Sent' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Sent' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Purchase order marked as sent.' }),
      ),
    );
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST admin/purchase_orders/1/send']);
    expect(await screen.findByRole('button', { name: 'Create Bill' })).toBeTruthy();
  });

  it('offers a viewer no action', async () => {
    renderDetail(order(1, 'draft'), VIEWER);
    expect(
      await screen.findByRole('heading', { name: 'Purchase Order PO/2627/00001' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Sent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('PurchaseOrderForm', () => {
  it('starts a picked product from its last purchase rate and sends the order', async () => {
    const onSaved = vi.fn();
    const api = server((call) =>
      call.method === 'POST' && call.path === LIST ? { status: 201, body: order(3, 'draft') } : undefined,
    );
    renderWithProviders(<PurchaseOrderForm companyId={10} onSaved={onSaved} onCancel={() => {}} />, {
      user: MAKER,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Please select the seller.')).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    await choose('Seller', 'Sharma Supplies');
    await choose('Branch', 'Pune Branch');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Deliver To Warehouse' }) as HTMLInputElement).value).toBe(
        'Main Godown',
      ),
    );
    await choose('Product 1', 'Ceiling Fan');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Rate 1' }) as HTMLInputElement).value).toBe('95.5'),
    );
    expect(await screen.findByText('Last bought at ₹95.50 on 14/09/2026 (SUP/3)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByLabelText('Total').textContent).toBe('₹1,126.90'));
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 3 })));
    expect(api.changes()[0]?.body).toEqual({
      seller: 5,
      branch: 100,
      warehouse: 7,
      order_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_tax_inclusive: false,
      items: [{ product: 21, quantity: 10, rate: 95.5, tax_rate: 18, hsn_code: '8414' }],
    });
  });
});

describe('Create Bill from a purchase order', () => {
  it('starts the bill form from what is left to bill and sends the order and its lines', async () => {
    const onSaved = vi.fn();
    const po = order(2, 'partially_billed', 4);
    const api = server((call) =>
      call.method === 'POST' && call.path === 'admin/companies/10/bills'
        ? { status: 201, body: { id: 13, status: 'draft' } }
        : undefined,
    );
    renderWithProviders(
      <BillForm
        companyId={10}
        initial={{ values: billFormFromOrder(po), orderNumber: po.order_number }}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
      { user: MAKER },
    );
    expect(screen.getByText('From purchase order PO/2627/00002')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Quantity 1' }) as HTMLInputElement).value).toBe('6');
    expect((screen.getByRole('textbox', { name: 'Rate 1' }) as HTMLInputElement).value).toBe('100');
    expect(
      await screen.findByText('Last bought at ₹95.50 on 14/09/2026 (SUP/3)', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill Number' }), { target: { value: 'SUP/13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.changes()[0]?.body).toMatchObject({
      seller: 5,
      branch: 100,
      warehouse: 7,
      bill_number: 'SUP/13',
      purchase_order: 2,
      items: [{ product: 21, quantity: 6, rate: 100, tax_rate: 18, purchase_order_item: 71 }],
    });
  });
});
