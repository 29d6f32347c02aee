import { PURCHASE_RETURN_MESSAGES } from '@b2b/domain/purchase-returns';
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
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { DebitNoteCreatePage } from '../debit-notes/debit-note-create-page';
import { DebitNoteView } from '../debit-notes/debit-note-detail-page';
import type { DebitNoteDetail } from '../debit-notes/debit-notes.api';
import { BillReturnPage } from './purchase-return-create-page';
import type { BillReturnable, PurchaseReturnDetail } from './purchase-returns.api';
import { PurchaseReturnsPage } from './purchase-returns-page';

const CLERK = withPermissions([
  'view_purchase_return',
  'add_purchase_return',
  'change_purchase_return',
  'view_debit_note',
  'add_debit_note',
  'change_debit_note',
]);
const SELLER = { id: 5, name: 'Sharma Supplies' };

const RETURNABLE: BillReturnable = {
  bill: {
    id: 31,
    bill_number: 'SUP/31',
    bill_date: '2026-10-01',
    status: 'open',
    seller: SELLER,
    warehouse: { id: 7, name: 'Main Godown' },
  },
  items: [
    {
      bill_item: 301,
      product: { id: 1, name: 'Ceiling Fan', sku: null },
      unit: 'pcs',
      batch_number: 'LOT-7',
      rate: 900,
      tax_rate: 18,
      billed: 2,
      returned: 1,
      returnable: 1,
    },
    {
      bill_item: 302,
      product: { id: 2, name: 'LED Batten', sku: null },
      unit: 'pcs',
      batch_number: null,
      rate: 33.33,
      tax_rate: 5,
      billed: 3,
      returned: 0,
      returnable: 3,
    },
  ],
};

function note(overrides: Partial<DebitNoteDetail> = {}): DebitNoteDetail {
  return {
    id: 70,
    debit_note_number: 'DN/2627/00001',
    debit_note_date: '2026-11-20',
    kind: 'purchase_return',
    kind_label: 'Goods Returned',
    status: 'open',
    status_label: 'Open',
    seller: SELLER,
    branch: { id: 100, name: 'Pune Branch' },
    bill: { id: 31, bill_number: 'SUP/31' },
    purchase_return: { id: 60, return_number: 'PR/2627/00001' },
    reason: 'Damaged',
    reference_number: null,
    supply_type: 'intra',
    is_reverse_charge: false,
    taxable_value: 900,
    cgst: 81,
    sgst: 81,
    igst: 0,
    cess: 0,
    itc_reversed: 162,
    total: 1062,
    applied: 0,
    refunded: 0,
    balance: 1062,
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    voided_at: null,
    items: [],
    applications: [],
    refunds: [],
    allowed_actions: ['apply', 'record_refund'],
    ...overrides,
  };
}

const headersOf = (index: number) => {
  const init = (globalThis.fetch as Mock).mock.calls[index]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
};

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Return Goods (/bills/{id}/return)', () => {
  function renderReturn(post: () => { status: number; body: unknown }) {
    const api = fakeApi((call) => {
      if (call.path === 'admin/bills/31/returnable_items') return { body: RETURNABLE };
      if (call.method === 'POST' && call.path === 'admin/companies/10/purchase_returns') return post();
      return undefined;
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const routeTree = rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/bills/$billId/return',
        component: BillReturnPage,
      }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/purchase-returns/$purchaseReturnId',
        component: () => <p>Return page</p>,
      }),
    ]);
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: ['/bills/31/return'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, { user: CLERK });
    return { api, router };
  }

  it('shows billed, returned and returnable; refuses more than returnable; sends the return once', async () => {
    const { api, router } = renderReturn(() => ({ status: 201, body: { id: 60 } as PurchaseReturnDetail }));
    const table = await screen.findByRole('table', { name: 'Lines to return' }, { timeout: 5000 });
    const fan = within(table).getByRole('row', { name: /Ceiling Fan/ });
    expect(fan.textContent).toContain('Batch LOT-7');
    fireEvent.change(within(table).getByRole('textbox', { name: 'Return quantity of Ceiling Fan' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Return Goods' }));
    expect(await screen.findByText('At most 1 can be returned.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(table).getByRole('textbox', { name: 'Return quantity of Ceiling Fan' }), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Return Goods' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-returns/60'));
    const index = api.calls.findIndex((c) => c.method === 'POST');
    expect(api.calls[index]?.body).toMatchObject({ bill: 31, items: [{ bill_item: 301, quantity: 1 }] });
    expect(headersOf(index).get('Idempotency-Key')).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: PURCHASE_RETURN_MESSAGES.created }),
    );
  });

  it("shows the server's refusal on the line", async () => {
    renderReturn(() => ({
      status: 409,
      body: {
        detail: 'Not enough stock of LED Batten in Main Godown: 0 available, 2 requested.',
        code: 'conflict',
        errors: {
          'items.0.quantity': ['Not enough stock of LED Batten in Main Godown: 0 available, 2 requested.'],
        },
      },
    }));
    const table = await screen.findByRole('table', { name: 'Lines to return' }, { timeout: 5000 });
    fireEvent.change(within(table).getByRole('textbox', { name: 'Return quantity of LED Batten' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Return Goods' }));
    expect(await screen.findByText(/0 available, 2 requested/)).toBeTruthy();
  });
});

describe('PurchaseReturnsPage', () => {
  it('shows the empty card with Add when there is none', async () => {
    fakeApi((call) =>
      call.path === 'admin/companies/10/purchase_returns' ? { body: paged([]) } : undefined,
    );
    renderScreen(() => <PurchaseReturnsPage />, { user: CLERK });
    expect(
      await screen.findByText('Add a Purchase Return and boost your business', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });
});

describe('DebitNoteView', () => {
  it('applies the note to its bill first, up to the balance, and records a refund with a key', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/debit_notes/70/open_bills')
        return {
          body: {
            results: [
              { id: 29, bill_number: 'SUP/29', bill_date: '2026-09-01', total: 500, balance_due: 500 },
              { id: 31, bill_number: 'SUP/31', bill_date: '2026-10-01', total: 2228.99, balance_due: 800 },
            ],
          },
        };
      if (call.method === 'POST' && call.path === 'admin/debit_notes/70/apply')
        return { body: note({ applied: 1062 }) };
      if (call.method === 'POST' && call.path === 'admin/debit_notes/70/record_refund')
        return { body: note() };
      if (call.path === 'companies/10/payment_methods')
        return {
          body: paged([{ id: 1, code: 'neft', name: 'Bank Transfer', position: 1, is_active: true }]),
        };
      if (call.path === 'v1/branches/100/bank_accounts') return { body: paged([]) };
      if (call.path === 'admin/debit_notes/70/history') return { body: paged([]) };
      return undefined;
    });
    renderScreen(() => <DebitNoteView note={note()} />, { user: CLERK });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to Bill' }, { timeout: 5000 }));
    const own = await screen.findByRole('textbox', { name: 'Apply to SUP/31' });
    await waitFor(() => expect((own as HTMLInputElement).value).toBe('₹800'));
    expect((screen.getByRole('textbox', { name: 'Apply to SUP/29' }) as HTMLInputElement).value).toBe('₹262');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        applications: [
          { bill: 29, amount: 262 },
          { bill: 31, amount: 800 },
        ],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Record Refund' }));
    const dialog = await screen.findByRole('form', { name: 'Record Refund' });
    const method = within(dialog).getByRole('combobox', { name: /Payment Method/ });
    fireEvent.click(method);
    fireEvent.click(await screen.findByRole('option', { name: 'Bank Transfer' }, { timeout: 3000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === 'admin/debit_notes/70/record_refund')).toBe(true),
    );
    const index = api.calls.findIndex((c) => c.path === 'admin/debit_notes/70/record_refund');
    expect(api.calls[index]?.body).toMatchObject({ amount: 1062, payment_method: 1 });
    expect(headersOf(index).get('Idempotency-Key')).toBeTruthy();
  });
});

describe('DebitNoteCreatePage', () => {
  it('against a bill: its lines with a quantity and a rate to debit, sent with a key', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/bills')
        return {
          body: paged([
            { id: 31, bill_number: 'SUP/31', seller: { ...SELLER, gstin: null }, status: 'open' },
          ]),
        };
      if (call.path === 'admin/bills/31/returnable_items') return { body: RETURNABLE };
      if (call.path === 'companies/10/branches') return { body: paged([]) };
      if (call.method === 'POST' && call.path === 'admin/companies/10/debit_notes')
        return { status: 201, body: note({ id: 71, kind: 'rate_difference' }) };
      return undefined;
    });
    const { router } = renderScreen(() => <DebitNoteCreatePage />, { user: CLERK });
    const bill = await screen.findByRole('combobox', { name: /Against Bill/ }, { timeout: 5000 });
    fireEvent.click(bill);
    fireEvent.change(bill, { target: { value: 'SUP' } });
    fireEvent.click(await screen.findByRole('option', { name: /SUP\/31/, hidden: true }, { timeout: 3000 }));
    const lines = await screen.findByRole('table', { name: 'Bill lines to debit' }, { timeout: 3000 });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Quantity of Ceiling Fan' }), {
      target: { value: '2' },
    });
    fireEvent.change(within(lines).getByRole('textbox', { name: 'Rate to debit of Ceiling Fan' }), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Debit Note' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const index = api.calls.findIndex((c) => c.method === 'POST');
    expect(api.calls[index]?.body).toMatchObject({
      seller: 5,
      bill: 31,
      kind: 'rate_difference',
      items: [{ bill_item: 301, quantity: 2, rate: 10 }],
    });
    expect(headersOf(index).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/debit-notes/71'));
  });
});
