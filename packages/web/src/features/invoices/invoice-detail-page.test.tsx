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
import { renderWithProviders } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { InvoiceDetailPage } from './invoice-detail-page';
import { invoice } from './invoice-test-data';
import type { Invoice } from './invoices.api';

const EDITOR = withPermissions(['view_invoice', 'change_invoice']);
const VIEWER = withPermissions(['view_invoice']);
const ADMIN = makeUser({ role: { id: 1, display_name: 'Company Admin' } });

function renderDetail(
  shown: Invoice | null,
  {
    user = EDITOR,
    answer = () => undefined,
  }: { user?: CurrentUser; answer?: (call: ApiCall) => ApiAnswer | undefined } = {},
) {
  const api = fakeApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.path === 'admin/invoices/1') {
      return shown ? { body: shown } : { status: 404, body: { detail: 'Invoice Not Found' } };
    }
    if (call.path === 'admin/invoices/1/history/') return { body: paged([]) };
    if (call.method === 'POST' && call.path === 'admin/invoices/1/write_off_balance') {
      return { body: invoice({ write_off_amount: 180, amount_due: 1000, expense_ledger_name: 'Bad debts' }) };
    }
    return undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/invoices', component: () => null }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/invoices/$invoiceId',
        component: InvoiceDetailPage,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/invoices/1'] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return { api, router };
}

const ACTIONS = [
  'Download PDF',
  'Ready to Ship',
  'Edit',
  'Generate E-Invoice',
  'Write Off Balance',
  'Cancel Write-off',
  'Resend Notifications',
  'Cancel Invoice',
];
/** The header's actions: its buttons, then what its More menu holds. */
async function shownActions(): Promise<string[]> {
  const more = screen.queryByRole('button', { name: 'More' });
  if (more) {
    fireEvent.click(more);
    await screen.findAllByRole('menuitem');
  }
  return ACTIONS.filter(
    (name) => screen.queryByRole('button', { name }) || screen.queryByRole('menuitem', { name }),
  );
}

/** Chooses an action of the header's More menu. */
async function chooseMore(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'More' }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('InvoiceDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the tax invoice: parties, place of supply, CGST and SGST lines, HSN summary and totals', async () => {
    renderDetail(invoice());
    expect(await screen.findByRole('heading', { name: 'BLR/2526/00001' })).toBeTruthy();
    expect(screen.getByText('Generated')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText(/GSTIN: 29AAACR5055K1Z5/)).toBeTruthy();
    expect(screen.getByText('Karnataka (29)')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('CGST')).toBeTruthy();
    expect(within(lines).queryByText('IGST')).toBeNull();
    expect(within(lines).getByText('8414')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'HSN summary' })).getAllByText('₹90.00')).toHaveLength(2);
    expect(screen.getByLabelText('Total').textContent).toBe('₹1,180.00');
  });

  it('shows the figures the PDF prints: rate excl. GST, discount before tax, taxable value (issue 18)', async () => {
    const base = invoice();
    const line = {
      ...base.items[0],
      quantity: 2,
      rate: 1180,
      gross: 2360,
      line_discount: 236,
      taxable_value: 1800,
      cgst: 162,
      sgst: 162,
      amount: 2124,
    };
    renderDetail(invoice({ items: [line] }));
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByRole('columnheader', { name: 'Rate excl. GST' })).toBeTruthy();
    const row = within(lines).getAllByRole('row')[1];
    // ₹1,180 with 18% inside is ₹1,000 before tax; 2 × ₹1,000 − ₹200 = ₹1,800 taxable.
    expect(within(row).getByText('₹1,000.00')).toBeTruthy();
    expect(within(row).getByText('₹200.00')).toBeTruthy();
    expect(within(row).getByText('₹1,800.00')).toBeTruthy();
  });

  it('shows the shipping on its own SAC row of the HSN summary (issue 18)', async () => {
    const base = invoice();
    const shipping = {
      ...base.totals.hsn_summary[0],
      hsn: '996511',
      taxable_value: 42.38,
      cgst: 3.81,
      sgst: 3.81,
      total_tax: 7.62,
    };
    renderDetail(
      invoice({ totals: { ...base.totals, hsn_summary: [...base.totals.hsn_summary, shipping] } }),
    );
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    const summary = screen.getByRole('table', { name: 'HSN summary' });
    expect(within(summary).getByRole('columnheader', { name: 'HSN/SAC' })).toBeTruthy();
    const rows = within(summary).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['8414', '996511']);
    expect(within(rows[1]).getAllByText('₹3.81')).toHaveLength(2);
    expect(within(rows[1]).getByText('₹42.38')).toBeTruthy();
  });

  it('offers exactly the actions allowed_actions lists, and only PDF to a viewer', async () => {
    renderDetail(invoice({ allowed_actions: ['ready_to_ship', 'cancel'] }));
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    expect(await shownActions()).toEqual(['Download PDF', 'Ready to Ship', 'Cancel Invoice']);
  });

  it('offers the write-off cancel but nothing else on a written-off, processed invoice', async () => {
    renderDetail(
      invoice({
        status: 'processed',
        allowed_actions: ['cancel_write_off'],
        write_off_amount: 100,
        expense_ledger_name: 'Bad debts',
      }),
    );
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    expect(await shownActions()).toEqual(['Download PDF', 'Cancel Write-off']);
  });

  it('shows a viewer only Download PDF, whatever the invoice allows', async () => {
    renderDetail(invoice(), { user: VIEWER });
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    expect(await shownActions()).toEqual(['Download PDF']);
  });

  it('disables Generate E-Invoice without a connected portal, and says why to an admin only (issue 18)', async () => {
    renderDetail(invoice({ e_invoicing_configured: false }), { user: ADMIN });
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const item = await screen.findByRole('menuitem', { name: 'Generate E-Invoice' });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    expect(screen.getByText(/E-invoicing is not connected yet/)).toBeTruthy();
  });

  it('keeps the e-invoice setup hint from a user who cannot act on it', async () => {
    renderDetail(invoice({ e_invoicing_configured: false }));
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    expect(screen.queryByText(/E-invoicing is not connected yet/)).toBeNull();
  });

  it('shows the IRN, Ack No and Ack Date of a generated e-invoice', async () => {
    renderDetail(
      invoice({
        allowed_actions: ['cancel'],
        e_invoice: {
          irn: 'f0e1d2c3',
          ack_number: '112010036563310',
          ack_date: '2025-06-10T10:30:00Z',
          signed_qr_code: 'qr',
          irn_cancelled_at: null,
        },
      }),
    );
    await screen.findByRole('heading', { name: 'BLR/2526/00001' });
    expect(screen.getByText('f0e1d2c3')).toBeTruthy();
    expect(screen.getByText('112010036563310')).toBeTruthy();
    expect(screen.getByText('Ack Date')).toBeTruthy();
    expect(await shownActions()).not.toContain('Generate E-Invoice');
  });

  it('writes off the balance with an amount and a ledger, refusing more than is due', async () => {
    const { api } = renderDetail(invoice());
    await chooseMore('Write Off Balance');
    const dialog = await screen.findByRole('dialog', { name: 'Write Off Balance' });
    const amount = within(dialog).getByRole('textbox', { name: /Write-off Amount/ });
    expect((amount as HTMLInputElement).value).toBe('1180');
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write Off' }));
    expect(await within(dialog).findByText('The write-off cannot be more than the amount due.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the expense ledger name.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '180' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Expense Ledger Name/ }), {
      target: { value: 'Bad debts' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write Off' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([
        expect.objectContaining({
          path: 'admin/invoices/1/write_off_balance',
          body: { write_off_amount: 180, expense_ledger_name: 'Bad debts' },
        }),
      ]),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Invoice balance written off.' }),
    );
  });

  it('shows the write-off record before cancelling the write-off', async () => {
    const { api } = renderDetail(
      invoice({
        allowed_actions: ['cancel_write_off'],
        write_off_amount: 180,
        expense_ledger_name: 'Bad debts',
      }),
      {
        answer: (call) => {
          if (call.path === 'admin/invoices/1/write_off_record') {
            return {
              body: {
                id: 4,
                write_off_amount: 180,
                expense_ledger_name: 'Bad debts',
                created_at: '2025-06-12T06:30:00Z',
                created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
                cancelled_at: null,
                cancelled_by: null,
              },
            };
          }
          if (call.method === 'POST') return { body: invoice({ allowed_actions: ['write_off'] }) };
          return undefined;
        },
      },
    );
    await chooseMore('Cancel Write-off');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Write-off' });
    expect(
      await within(dialog).findByText(
        /^₹180.00 written off to Bad debts by Asha Rao on 12\/06\/2025, .* becomes due again\.$/,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Write-off' }));
    await waitFor(() =>
      expect(api.changes().map((c) => c.path)).toEqual(['admin/invoices/1/cancel_write_off_balance']),
    );
    await waitFor(async () => expect(await shownActions()).toContain('Write Off Balance'));
  });

  it('cancels after confirmation and toasts the server’s refusal', async () => {
    const { api } = renderDetail(invoice(), {
      answer: (call) =>
        call.method === 'POST' && call.path === 'admin/invoices/1/cancel/'
          ? { status: 409, body: { detail: 'A processed invoice cannot be cancelled.' } }
          : undefined,
    });
    await chooseMore('Cancel Invoice');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Invoice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Invoice' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to cancel Invoice',
          message: 'A processed invoice cannot be cancelled.',
        }),
      ),
    );
    expect(api.changes().map((c) => c.path)).toEqual(['admin/invoices/1/cancel/']);
  });

  it('says Invoice Not Found and goes back to the list', async () => {
    const { router } = renderDetail(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Invoice Not Found' }),
    );
  });
});
