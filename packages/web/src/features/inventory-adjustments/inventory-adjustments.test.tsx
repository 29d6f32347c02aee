import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { InventoryAdjustmentForm, stockInWarehouse } from './inventory-adjustment-form';
import {
  adjustmentBody,
  adjustmentFormSchema,
  emptyAdjustmentForm,
  emptyLine,
} from './inventory-adjustment-form.schema';
import type { InventoryAdjustment } from './inventory-adjustments.api';
import { InventoryAdjustmentsPage } from './inventory-adjustments-page';

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const MAKER = withPermissions(['view_inventory_adjustment', 'add_inventory_adjustment']);

const adjustment = (id: number, overrides: Partial<InventoryAdjustment> = {}): InventoryAdjustment => ({
  id,
  number: `ADJ-${String(id).padStart(6, '0')}`,
  warehouse: { id: 7, name: 'Main Godown' },
  branch: { id: 100, name: 'Main' },
  reason: 'stock_damaged',
  reason_label: 'Stock damaged',
  adjusted_on: '2025-04-02',
  notes: null,
  lines_count: 1,
  total_quantity: -3,
  created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
  created_at: '2025-04-02T10:00:00Z',
  lines: [
    {
      id: 1,
      product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1' },
      quantity: -3,
      stock_before: 10,
      stock_after: 7,
      batch: null,
    },
  ],
  ...overrides,
});

const PRODUCT = {
  id: 21,
  name: 'Ceiling Fan',
  sku: 'CF-1',
  is_active: true,
  stock: {
    in_stock: true,
    stock_by_branches: [
      {
        id: 100,
        name: 'Main',
        stock_by_warehouses: [{ id: 7, name: 'Main Godown', available_stock: 10, df_quantity: 0 }],
      },
    ],
  },
};

function server(fail: (call: ApiCall) => { status: number; body: unknown } | undefined = () => undefined) {
  return fakeApi((call) => {
    const failed = fail(call);
    if (failed) return failed;
    if (call.method === 'GET' && call.path === 'companies/10/inventory_adjustments') {
      return {
        body: paged([
          adjustment(2, { reason: 'item_return', reason_label: 'Item return', total_quantity: 4 }),
          adjustment(1),
        ]),
      };
    }
    if (call.method === 'GET' && call.path === 'companies/10/warehouses') {
      return {
        body: paged([{ id: 7, name: 'Main Godown', branch: { id: 100, name: 'Main' }, is_active: true }]),
      };
    }
    if (call.method === 'GET' && call.path === 'companies/10/products') return { body: paged([PRODUCT]) };
    if (call.method === 'GET' && call.path === 'products/21') return { body: PRODUCT };
    if (call.method === 'POST' && call.path === 'companies/10/inventory_adjustments') {
      return { status: 201, body: adjustment(3) };
    }
    return undefined;
  });
}

describe('inventory adjustment form rules', () => {
  it('signs quantities by the reason and refuses repeated products, a future date and blanks', () => {
    const values = {
      ...emptyAdjustmentForm('7'),
      reason: 'stock_damaged' as const,
      notes: '  wet  ',
      lines: [{ ...emptyLine(), product: 21, quantity: 3 }],
    };
    const parsed = adjustmentFormSchema.parse(values);
    expect(adjustmentBody(parsed)).toMatchObject({
      warehouse: 7,
      reason: 'stock_damaged',
      notes: 'wet',
      lines: [{ product: 21, quantity: -3 }],
    });
    expect(
      adjustmentBody(adjustmentFormSchema.parse({ ...values, reason: 'item_return' })).lines[0].quantity,
    ).toBe(3);
    const bad = adjustmentFormSchema.safeParse({
      ...values,
      warehouse: null,
      reason: null,
      adjusted_on: '2999-01-01',
      lines: [
        { ...emptyLine(), product: 21, quantity: 1 },
        { ...emptyLine(), product: 21, quantity: '' },
        { ...emptyLine(), product: null, quantity: -1 },
      ],
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      warehouse: 'Please select a warehouse.',
      reason: 'Please select a reason.',
      adjusted_on: 'The adjustment date cannot be in the future.',
      'lines.1.product': 'This product is already in the adjustment.',
      'lines.1.quantity': 'Quantity is required.',
      'lines.2.product': 'Please select a product.',
      'lines.2.quantity': 'Please enter a valid positive number',
    });
  });

  it('sends a batch with its dates for stock coming in, only the batch for stock going out', () => {
    const line = {
      ...emptyLine(),
      product: 21,
      quantity: 2,
      batch_number: ' B-7 ',
      manufactured_on: '2025-01-01',
      expires_on: '2027-01-01',
    };
    const base = {
      ...emptyAdjustmentForm('7'),
      lines: [line, { ...line, batch_number: 'B-8' }, { ...emptyLine(), product: 21, quantity: 1 }],
    };
    expect(adjustmentBody(adjustmentFormSchema.parse({ ...base, reason: 'item_return' })).lines).toEqual([
      {
        product: 21,
        quantity: 2,
        batch_number: 'B-7',
        manufactured_on: '2025-01-01',
        expires_on: '2027-01-01',
      },
      {
        product: 21,
        quantity: 2,
        batch_number: 'B-8',
        manufactured_on: '2025-01-01',
        expires_on: '2027-01-01',
      },
      { product: 21, quantity: 1 },
    ]);
    expect(adjustmentBody(adjustmentFormSchema.parse({ ...base, reason: 'stock_lost' })).lines).toEqual([
      { product: 21, quantity: -2, batch_number: 'B-7' },
      { product: 21, quantity: -2, batch_number: 'B-8' },
      { product: 21, quantity: -1 },
    ]);
    const bad = adjustmentFormSchema.safeParse({
      ...base,
      reason: 'item_return',
      lines: [
        line,
        { ...line, batch_number: 'B-7' },
        { ...line, batch_number: '', expires_on: '2024-01-01' },
      ],
    });
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      'lines.1.batch_number': 'This batch of the product is already in the adjustment.',
      'lines.2.batch_number': 'Enter a batch number for these dates.',
      'lines.2.expires_on': 'The expiry date cannot be before the manufacturing date.',
    });
  });

  it('reads a product’s stock in one warehouse, zero where it has none', () => {
    expect(stockInWarehouse(PRODUCT, 7)).toBe(10);
    expect(stockInWarehouse(PRODUCT, 8)).toBe(0);
    expect(stockInWarehouse({}, 7)).toBe(0);
  });
});

describe('InventoryAdjustmentsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists adjustments newest first with reason labels and signed quantities, and filters by reason', async () => {
    const api = server();
    renderScreen(() => <InventoryAdjustmentsPage />, { user: MAKER });
    expect(await screen.findByText('ADJ-000002')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Inventory Adjustments' });
    expect(within(table).getByText('Item return')).toBeTruthy();
    expect(within(table).getByText('+4')).toBeTruthy();
    expect(within(table).getByText('−3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inventory Adjustment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Adjustment' })).toBeTruthy();
    const list = api.calls.find((c) => c.path === 'companies/10/inventory_adjustments');
    expect(list?.query.get('ordering')).toBe('-created_at');
    await choose('Reason', 'Stock damaged');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('reason') === 'stock_damaged')).toBe(true));
  });

  it('shows the error state when the list fails, and hides New Adjustment from viewers', async () => {
    server((call) =>
      call.path === 'companies/10/inventory_adjustments'
        ? { status: 500, body: { detail: 'Database is down.' } }
        : undefined,
    );
    renderScreen(() => <InventoryAdjustmentsPage />, {
      user: withPermissions(['view_inventory_adjustment']),
    });
    expect(await screen.findByText('Failed to load inventory adjustments.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Adjustment' })).toBeNull();
  });
});

describe('InventoryAdjustmentForm', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows current and resulting stock, sends a signed quantity and toasts success', async () => {
    const api = server();
    const onSaved = vi.fn();
    renderWithProviders(<InventoryAdjustmentForm companyId={10} onSaved={onSaved} onCancel={() => {}} />, {
      user: MAKER,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Adjustment' }));
    expect(await screen.findByText('Please select a warehouse.')).toBeTruthy();
    expect(screen.getByText('Please select a reason.')).toBeTruthy();

    await choose('Warehouse', 'Main Godown (Main)');
    await choose('Reason', 'Stock damaged');
    expect(screen.getAllByText('− Out').length).toBeGreaterThan(0);

    await choose('Product 1', 'Ceiling Fan');
    expect(await screen.findByText('Current stock: 10')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '3' } });
    expect(await screen.findByText('After: 7')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Adjustment' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      warehouse: 7,
      reason: 'stock_damaged',
      lines: [{ product: 21, quantity: -3 }],
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Inventory adjustment created successfully.' }),
    );
  });

  it('puts the server’s refusal on the line and toasts the failure', async () => {
    server((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              detail: 'Not enough stock of Ceiling Fan in Main Godown: 10 available, 30 requested.',
              code: 'conflict',
              errors: {
                'lines.0.quantity': [
                  'Not enough stock of Ceiling Fan in Main Godown: 10 available, 30 requested.',
                ],
              },
            },
          }
        : undefined,
    );
    renderWithProviders(<InventoryAdjustmentForm companyId={10} onSaved={() => {}} onCancel={() => {}} />, {
      user: MAKER,
    });
    await choose('Warehouse', 'Main Godown (Main)');
    await choose('Reason', 'Stock lost');
    await choose('Product 1', 'Ceiling Fan');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Adjustment' }));
    expect(
      await screen.findByText('Not enough stock of Ceiling Fan in Main Godown: 10 available, 30 requested.', {
        selector: '.mantine-InputWrapper-error, .mantine-NumberInput-error',
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Failed to create inventory adjustment.' }),
      ),
    );
  });
});
