import {
  allowedActions,
  type InventoryTransferStatus,
  inventoryTransferStatusLabel,
} from '@b2b/domain/inventory-transfers';
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
import { InventoryTransferDetailPage } from './inventory-transfer-detail-page';
import { InventoryTransferForm, transferFormSchema } from './inventory-transfer-form';
import type { InventoryTransfer, StockMovement } from './inventory-transfers.api';
import { InventoryTransfersPage } from './inventory-transfers-page';
import { StockMovementsCard } from './stock-movements-card';

const MAKER = withPermissions([
  'view_inventory_transfer',
  'add_inventory_transfer',
  'change_inventory_transfer',
  'view_inventory',
]);
const VIEWER = withPermissions(['view_inventory_transfer']);

const MAIN = { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Main' } };
const EAST = { id: 8, name: 'East Store', branch: { id: 101, name: 'East' } };

function transfer(
  id: number,
  status: InventoryTransferStatus = 'draft',
  overrides: Partial<InventoryTransfer> = {},
): InventoryTransfer {
  const lines = [
    {
      id: 1,
      product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1' },
      quantity: 5,
      received_quantity: status === 'partially_received' ? 2 : status === 'received' ? 5 : 0,
      in_transit_quantity: status === 'in_transit' ? 5 : status === 'partially_received' ? 3 : 0,
      batches: [],
    },
  ];
  return {
    id,
    number: `TRF-${String(id).padStart(6, '0')}`,
    status,
    status_label: inventoryTransferStatusLabel(status),
    source_warehouse: MAIN,
    destination_warehouse: EAST,
    notes: null,
    lines_count: 1,
    total_quantity: 5,
    received_quantity: lines[0].received_quantity,
    dispatched_at: status === 'draft' ? null : '2025-04-02T10:00:00Z',
    received_at: status === 'received' ? '2025-04-03T10:00:00Z' : null,
    cancelled_at: status === 'cancelled' ? '2025-04-03T10:00:00Z' : null,
    created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
    created_at: '2025-04-01T10:00:00Z',
    updated_at: '2025-04-01T10:00:00Z',
    lines,
    actions: allowedActions(status, lines),
    ...overrides,
  };
}

function server(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === 'companies/10/warehouses') {
      return { body: paged([MAIN, EAST].map((w) => ({ ...w, is_active: true }))) };
    }
    if (call.method === 'GET' && call.path === 'companies/10/inventory_transfers') {
      return { body: paged([transfer(2, 'in_transit'), transfer(1)]) };
    }
    if (call.method === 'GET' && /^inventory_transfers\/\d+\/history$/.test(call.path)) {
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

describe('InventoryTransfersPage', () => {
  it('shows the loading state, then a row with its status, places and quantities', async () => {
    const api = server();
    // The list answers only when released, so the loading state is seen for sure.
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('inventory_transfers')) await held;
      return answer(input, init);
    });
    renderScreen(() => <InventoryTransfersPage />, { user: MAKER });
    const loading = await screen.findByRole('table', { name: 'Inventory Transfers' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('TRF-000002')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Inventory Transfers' });
    const row = within(table).getByText('TRF-000002').closest('tr') as HTMLElement;
    expect(within(row).getByText('In Transit')).toBeTruthy();
    expect(within(row).getByText('Main Godown')).toBeTruthy();
    expect(within(row).getByText('East Store')).toBeTruthy();
    expect(within(row).getByText('5 / 0')).toBeTruthy();
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Transfer' })).toBeTruthy();
    const list = api.calls.find((c) => c.path === 'companies/10/inventory_transfers');
    expect(list?.query.get('ordering')).toBe('-created_at');
  });

  it('shows the empty card when there is no transfer yet', async () => {
    server((call) => (call.path === 'companies/10/inventory_transfers' ? { body: paged([]) } : undefined));
    renderScreen(() => <InventoryTransfersPage />, { user: MAKER });
    expect(await screen.findByText("Oops it's empty here")).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Inventory Transfers' })).toBeNull();
  });

  it('shows the error with Retry, which asks again, and hides New Transfer from viewers', async () => {
    let fail = true;
    const api = server((call) => {
      if (call.path !== 'companies/10/inventory_transfers') return undefined;
      return fail ? { status: 500, body: { detail: 'Database is down.' } } : undefined;
    });
    renderScreen(() => <InventoryTransfersPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load inventory transfers.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Transfer' })).toBeNull();
    const before = api.calls.filter((c) => c.path === 'companies/10/inventory_transfers').length;
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('TRF-000002')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === 'companies/10/inventory_transfers').length).toBeGreaterThan(
      before,
    );
  });
});

describe('transfer form rules', () => {
  const valid = {
    source_warehouse: '7',
    destination_warehouse: '8',
    notes: '',
    lines: [{ product: 21, quantity: 2 }],
  };
  const messagesOf = (values: unknown) => {
    const result = transferFormSchema.safeParse(values);
    return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts two warehouses and a line', () => {
    expect(transferFormSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses the same warehouse twice, no line, and blanks', () => {
    expect(messagesOf({ ...valid, destination_warehouse: '7' })).toEqual({
      destination_warehouse: 'The destination warehouse must be different from the source warehouse.',
    });
    expect(messagesOf({ ...valid, lines: [] })).toEqual({ lines: 'Add at least one product.' });
    expect(
      messagesOf({
        ...valid,
        source_warehouse: null,
        destination_warehouse: null,
        lines: [
          { product: 21, quantity: 1 },
          { product: 21, quantity: '' },
          { product: null, quantity: 1 },
        ],
      }),
    ).toMatchObject({
      source_warehouse: 'Please select a source warehouse.',
      destination_warehouse: 'Please select a destination warehouse.',
      'lines.1.product': 'This product is already in the transfer.',
      'lines.1.quantity': 'Quantity is required.',
      'lines.2.product': 'Please select a product.',
    });
  });
});

describe('InventoryTransferForm', () => {
  it('refuses to send a transfer without warehouses or a product', async () => {
    const api = server();
    const onSaved = vi.fn();
    renderWithProviders(<InventoryTransferForm companyId={10} onSaved={onSaved} onCancel={() => {}} />, {
      user: MAKER,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Transfer' }));
    expect(await screen.findByText('Please select a source warehouse.')).toBeTruthy();
    expect(screen.getByText('Please select a destination warehouse.')).toBeTruthy();
    expect(screen.getByText('Please select a product.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove line 1' }).hasAttribute('disabled')).toBe(true);
    expect(api.changes()).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

function renderDetail(shown: InventoryTransfer, user = MAKER) {
  const api = server((call) =>
    call.method === 'GET' && call.path === `inventory_transfers/${shown.id}` ? { body: shown } : undefined,
  );
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/inventory-transfers', component: () => null }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/inventory-transfers/$transferId',
      component: InventoryTransferDetailPage,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`/inventory-transfers/${shown.id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return api;
}

const buttons = () =>
  ['Dispatch', 'Receive', 'Cancel Transfer'].filter((name) => screen.queryByRole('button', { name }));

describe('InventoryTransferDetailPage', () => {
  it.each([
    ['draft', ['Dispatch', 'Cancel Transfer']],
    ['in_transit', ['Receive', 'Cancel Transfer']],
    ['partially_received', ['Receive']],
    ['received', []],
    ['cancelled', []],
  ] as const)('offers the actions of a %s transfer', async (status, expected) => {
    renderDetail(transfer(4, status));
    expect(await screen.findByRole('heading', { name: 'TRF-000004' })).toBeTruthy();
    expect(buttons()).toEqual(expected);
  });

  it('no longer offers Cancel once part of an in-transit transfer arrived', async () => {
    const shown = transfer(4, 'in_transit');
    const lines = [{ ...shown.lines[0], received_quantity: 1, in_transit_quantity: 4 }];
    renderDetail({ ...shown, lines, actions: allowedActions('in_transit', lines) });
    expect(await screen.findByRole('heading', { name: 'TRF-000004' })).toBeTruthy();
    expect(buttons()).toEqual(['Receive']);
  });

  it('offers no action to a user who may not change transfers', async () => {
    renderDetail(transfer(4, 'draft'), VIEWER);
    expect(await screen.findByRole('heading', { name: 'TRF-000004' })).toBeTruthy();
    expect(screen.getByText('Ceiling Fan')).toBeTruthy();
    expect(buttons()).toEqual([]);
  });

  it('dispatches a draft after confirmation', async () => {
    const shown = transfer(4, 'draft');
    const api = renderDetail(shown);
    fireEvent.click(await screen.findByRole('button', { name: 'Dispatch' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/leaves Main Godown now/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispatch' }));
    await waitFor(() =>
      expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST inventory_transfers/4/dispatch',
      ]),
    );
  });
});

const movement = (id: number, overrides: Partial<StockMovement>): StockMovement => ({
  id,
  warehouse: { id: 7, name: 'Main Godown' },
  branch: { id: 100, name: 'Main' },
  reason: 'opening_stock',
  reason_label: 'Opening stock',
  quantity: 10,
  balance: 10,
  reserved_quantity: 0,
  reserved_after: 0,
  batch_number: null,
  document: { type: 'product', id: 21, number: null },
  user: null,
  created_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

describe('StockMovementsCard', () => {
  const STOCK = {
    in_stock: true,
    stock_by_branches: [
      { id: 100, name: 'Main', stock_by_warehouses: [{ ...MAIN, available_stock: 7, df_quantity: 1 }] },
    ],
  };

  it('shows reservation rows with the change to reserved stock and what is reserved after it', async () => {
    fakeApi((call) =>
      call.path === 'products/21/stock_movements'
        ? {
            body: paged([
              movement(4, {
                reason: 'issue',
                reason_label: 'Issued against an order',
                quantity: -3,
                balance: 7,
                reserved_quantity: -3,
                reserved_after: 1,
                document: { type: 'sales_order', id: 77, number: null },
              }),
              movement(3, {
                reason: 'reserve',
                reason_label: 'Reserved for an order',
                quantity: 0,
                balance: 10,
                reserved_quantity: 4,
                reserved_after: 4,
                document: { type: 'sales_order', id: 77, number: null },
              }),
              movement(1, {}),
            ]),
          }
        : undefined,
    );
    renderScreen(() => <StockMovementsCard productId={21} stock={STOCK} />, { user: MAKER });
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Issued against an order')).toBeTruthy();
    expect(within(rows[0]).getByText('Reserved −3 → 1')).toBeTruthy();
    expect(within(rows[0]).getByText('−3')).toBeTruthy();
    expect(within(rows[1]).getByText('Reserved for an order')).toBeTruthy();
    expect(within(rows[1]).getByText('Reserved +4 → 4')).toBeTruthy();
    // Stock on hand did not move: no sign.
    expect(within(rows[1]).getByText('0')).toBeTruthy();
    expect(within(rows[2]).getByText('Opening stock')).toBeTruthy();
    expect(within(rows[2]).getByText('+10')).toBeTruthy();
    expect(within(rows[2]).queryByText(/^Reserved/)).toBeNull();
  });

  it('shows the error with Retry, and nothing without view_inventory', async () => {
    fakeApi((call) =>
      call.path === 'products/21/stock_movements' ? { status: 500, body: { detail: 'Down.' } } : undefined,
    );
    const { unmount } = renderScreen(() => <StockMovementsCard productId={21} stock={STOCK} />, {
      user: MAKER,
    });
    expect(await screen.findByText('Failed to load stock movements.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    unmount();
    renderScreen(() => <StockMovementsCard productId={21} stock={STOCK} />, { user: VIEWER });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Stock Movements')).toBeNull();
  });
});
