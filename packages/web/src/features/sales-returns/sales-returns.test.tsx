import { SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { SalesReturnCreatePage } from './sales-return-create-page';
import { initialSalesReturnValues, salesReturnBody, salesReturnFormSchema } from './sales-return-form.schema';
import type { InitiateSalesReturn, SalesReturnSummary } from './sales-returns.api';
import { SalesReturnsPage } from './sales-returns-page';

const INITIATE: InitiateSalesReturn = {
  invoice: { id: 7, invoice_number: 'PUN/2627/00001', invoice_date: '2026-06-10', status: 'processed' },
  order: { id: 52, order_number: 'SO-2' },
  buyer: { id: 3, name: 'Mehta Kitchen World' },
  return_date: '2026-06-12',
  items: [
    {
      invoice_item: 70,
      order_item: 520,
      product: { id: 5, name: 'Ceiling Fan', sku: 'CF-1' },
      unit: 'pcs',
      warehouse: { id: 9, name: 'Pune Main' },
      amount: 354,
      quantity_sold: 3,
      quantity_returned: 1,
      returnable_quantity: 2,
    },
  ],
};

function summary(id: number, overrides: Partial<SalesReturnSummary> = {}): SalesReturnSummary {
  return {
    id,
    return_number: `SR/2627/0000${id}`,
    return_date: '2026-06-12',
    status: 'received',
    disposition: 'restock',
    invoice: { id: 7, invoice_number: 'PUN/2627/00001' },
    order: { id: 52, order_number: 'SO-2' },
    buyer: { id: 3, name: 'Mehta Kitchen World' },
    branch: { id: 1, name: 'Pune' },
    return_reference_no: null,
    reason: null,
    adjustments: 0,
    total_items: 1,
    total_quantity: 1,
    credit_note: null,
    created_at: '2026-06-12T10:00:00Z',
    ...overrides,
  };
}

describe('the Sales Return form', () => {
  it('refuses more than is returnable and sends only the lines returned', () => {
    const values = initialSalesReturnValues(INITIATE);
    expect(salesReturnFormSchema.safeParse(values).success).toBe(false);
    const tooMany = { ...values, items: [{ ...values.items[0], quantity: 3 }] };
    const refused = salesReturnFormSchema.safeParse(tooMany);
    expect(refused.error?.issues[0]?.message).toBe(SALES_RETURN_MESSAGES.return_quantity);
    const ok = {
      ...values,
      adjustments: -10,
      disposition: 'damaged' as const,
      warehouse: '9',
      items: [{ ...values.items[0], quantity: 2 }],
    };
    expect(salesReturnFormSchema.safeParse(ok).success).toBe(true);
    expect(salesReturnBody(ok)).toEqual({
      return_date: '2026-06-12',
      disposition: 'damaged',
      adjustments: -10,
      items: [{ invoice_item: 70, return_quantity: 2 }],
    });
  });
});

describe('SalesReturnsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists returns with their status and credit note, newest first', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/companies/10/sales_returns'
        ? {
            body: paged([
              summary(2, {
                status: 'credited',
                credit_note: { id: 90, credit_note_number: 'CN/2627/00001', status: 'open' },
              }),
              summary(1, { disposition: 'damaged' }),
            ]),
          }
        : undefined,
    );
    renderScreen(() => <SalesReturnsPage />, { user: withPermissions(['view_sales_return']) });
    await screen.findByText('SR/2627/00002', undefined, { timeout: 5000 });
    const rows = within(screen.getByRole('table', { name: 'Sales Returns' })).getAllByRole('row');
    expect(within(rows[1]).getByText('Credited')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: 'CN/2627/00001' })).toBeTruthy();
    expect(within(rows[2]).getByText('Damaged (written off)')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'admin/companies/10/sales_returns')?.query.get('ordering')).toBe(
      '-return_date',
    );
  });
});

describe('SalesReturnCreatePage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows sold, returned and returnable, and posts the return', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/invoices/7/initiate_sales_return') return { body: INITIATE };
      if (call.path === 'companies/10/warehouses') return { body: paged([{ id: 9, name: 'Pune Main' }]) };
      if (call.method === 'POST' && call.path === 'admin/invoices/7/sales_returns') {
        return { status: 201, body: { ...summary(3), items: [] } };
      }
      return undefined;
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/invoices/$invoiceId/sales-return',
          component: SalesReturnCreatePage,
        }),
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/sales-returns/$returnId',
          component: () => <p>Return page</p>,
        }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/invoices/7/sales-return'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, {
      user: withPermissions(['view_sales_return', 'add_sales_return']),
    });
    const table = await screen.findByRole('table', { name: 'Items to return' }, { timeout: 5000 });
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('Pune Main');
    fireEvent.change(screen.getByLabelText('Return quantity of Ceiling Fan'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Return Reference No'), { target: { value: 'RMA-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sales Return' }));
    await screen.findByText('Return page');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      return_reference_no: 'RMA-7',
      disposition: 'restock',
      items: [{ invoice_item: 70, return_quantity: 1 }],
    });
  });
});
