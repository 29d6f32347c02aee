import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { InvoiceAppliedPayments } from './invoice-applied-payments';
import { OrderPaymentsTab } from './order-payments-tab';
import type { Payment } from './payments.api';
import { PaymentsReceivedPage } from './payments-received-page';
import { RecordPaymentDialog } from './record-payment-dialog';

const CLERK = withPermissions(['view_payment_received', 'add_payment_received', 'change_payment_received']);

const openInvoices = {
  buyer: { id: 7, name: 'Mehta Stores' },
  credit: 0,
  results: [
    {
      id: 31,
      invoice_number: 'MHO/2627/00001',
      invoice_date: '2026-10-01',
      due_date: '2026-10-31',
      order: { id: 3, order_number: 'SO-3' },
      total: 118,
      amount_due: 118,
      payment_status: 'unpaid',
    },
    {
      id: 32,
      invoice_number: 'MHO/2627/00002',
      invoice_date: '2026-11-01',
      due_date: '2026-12-01',
      order: { id: 4, order_number: 'SO-4' },
      total: 236,
      amount_due: 236,
      payment_status: 'unpaid',
    },
  ],
};

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 90,
    payment_number: 'RCPT/2627/00001',
    financial_year: '2026-27',
    buyer: { id: 7, name: 'Mehta Stores' },
    order: { id: 3, order_number: 'SO-3' },
    branch: { id: 100, name: 'Main' },
    payment_date: '2026-11-20',
    amount: 150,
    allocated: 118,
    unallocated: 32,
    refunded: 0,
    payment_method: { id: 1, name: 'Cash' },
    reference_number: null,
    notes: null,
    status: 'completed',
    initiated_at: null,
    gateway_payment_id: null,
    gateway_status: null,
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    completed_at: '2026-11-20T10:00:00Z',
    cancelled_at: null,
    cancelled_by: null,
    allowed_actions: ['cancel', 'allocate', 'refund'],
    ...overrides,
  };
}

const headersOf = (index: number) => {
  const init = (globalThis.fetch as Mock).mock.calls[index]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
};

describe('RecordPaymentDialog', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews the oldest-first allocation and sends one Idempotency-Key', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/buyers/7/open_invoices') return { body: openInvoices };
      if (call.path === 'companies/10/payment_methods')
        return { body: paged([{ id: 1, code: 'cash', name: 'Cash', position: 1, is_active: true }]) };
      if (call.method === 'POST' && call.path === 'admin/companies/10/payments')
        return { status: 201, body: { ...payment(), allocations: [], refunds: [], buyer_outstanding: 204 } };
      return undefined;
    });
    const onClose = vi.fn();
    renderScreen(() => <RecordPaymentDialog buyer={{ id: 7, name: 'Mehta Stores' }} onClose={onClose} />, {
      user: CLERK,
    });
    const dialog = await screen.findByRole('form', { name: 'Record Payment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '150' } });
    const table = await within(dialog).findByRole('table', { name: 'Allocation' });
    await waitFor(() => expect(within(table).getAllByText('₹118.00').length).toBe(2));
    expect(within(table).getByText('₹32.00')).toBeTruthy();
    expect(within(dialog).getByLabelText('Kept as credit').textContent).toContain('₹0.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const index = api.calls.findIndex((c) => c.method === 'POST');
    expect(api.calls[index]?.body).toMatchObject({ buyer: 7, amount: 150 });
    expect(api.calls[index]?.body).not.toHaveProperty('allocations');
    expect(headersOf(index).get('Idempotency-Key')).toMatch(/[0-9a-f-]{36}/);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: PAYMENT_MESSAGES.received }),
    );
  });

  it('from an invoice, the allocation follows a lowered amount: a part payment records at once (issue 18)', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/buyers/7/open_invoices') return { body: openInvoices };
      if (call.path === 'companies/10/payment_methods') return { body: paged([]) };
      if (call.method === 'POST' && call.path === 'admin/companies/10/payments')
        return { status: 201, body: { ...payment(), allocations: [], refunds: [], buyer_outstanding: 304 } };
      return undefined;
    });
    const onClose = vi.fn();
    renderScreen(
      () => (
        <RecordPaymentDialog
          buyer={{ id: 7, name: 'Mehta Stores' }}
          invoice={{ id: 31, amount_due: 118 }}
          onClose={onClose}
        />
      ),
      { user: CLERK },
    );
    const dialog = await screen.findByRole('form', { name: 'Record Payment' });
    const allocation = await within(dialog).findByRole('textbox', { name: 'Allocate to MHO/2627/00001' });
    expect((allocation as HTMLInputElement).value).toBe('₹118');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '50' } });
    await waitFor(() => expect((allocation as HTMLInputElement).value).toBe('₹50'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ buyer: 7, amount: 50, allocations: [{ invoice: 31, amount: 50 }] });
  });

  it('from an invoice, more than is due goes to the buyer’s credit, and the dialog says so', async () => {
    fakeApi((call) => {
      if (call.path === 'admin/companies/10/buyers/7/open_invoices') return { body: openInvoices };
      if (call.path === 'companies/10/payment_methods') return { body: paged([]) };
      return undefined;
    });
    renderScreen(
      () => (
        <RecordPaymentDialog
          buyer={{ id: 7, name: 'Mehta Stores' }}
          invoice={{ id: 31, amount_due: 118 }}
          onClose={() => {}}
        />
      ),
      { user: CLERK },
    );
    const dialog = await screen.findByRole('form', { name: 'Record Payment' });
    await within(dialog).findByRole('table', { name: 'Allocation' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '200' } });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Kept as credit').textContent).toContain('₹82.00'),
    );
    expect(within(dialog).getByLabelText('Kept as credit').textContent).toContain(
      'kept as the buyer’s credit',
    );
  });

  it('refuses a chosen amount above what is due without calling the server', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/buyers/7/open_invoices') return { body: openInvoices };
      if (call.path === 'companies/10/payment_methods') return { body: paged([]) };
      return undefined;
    });
    renderScreen(() => <RecordPaymentDialog buyer={{ id: 7, name: 'Mehta Stores' }} onClose={() => {}} />, {
      user: CLERK,
    });
    const dialog = await screen.findByRole('form', { name: 'Record Payment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '500' } });
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Allocate oldest first' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Allocate to MHO/2627/00001' }), {
      target: { value: '200' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only ₹118.00 is due on MHO/2627/00001.',
    );
    expect(api.changes()).toEqual([]);
  });
});

describe('OrderPaymentsTab', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the order’s payments; Recheck without a gateway shows the server’s sentence', async () => {
    const pending = payment({
      id: 91,
      payment_number: 'RCPT/2627/00002',
      status: 'pending',
      initiated_at: '2026-11-20T11:00:00Z',
      allowed_actions: ['cancel', 'recheck'],
    });
    const api = fakeApi((call) => {
      if (call.path === 'admin/orders/3/order_payments') return { body: paged([pending, payment()]) };
      if (call.path === 'admin/order_payments/91/recheck_payment_status')
        return { status: 409, body: { detail: PAYMENT_MESSAGES.no_gateway, code: 'conflict' } };
      return undefined;
    });
    renderScreen(
      () => (
        <OrderPaymentsTab
          order={{
            id: 3,
            status: 'confirmed',
            payment_status: 'pending',
            buyer: { id: 7, name: 'Mehta Stores' },
          }}
        />
      ),
      { user: CLERK },
    );
    const table = await screen.findByRole('table', { name: 'Order Payments' });
    expect(within(table).getByText('RCPT/2627/00002')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record Payments' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Paid' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recheck status of RCPT/2627/00002' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: PAYMENT_MESSAGES.no_gateway }),
      ),
    );
    expect(api.changes().map((c) => c.path)).toEqual(['admin/order_payments/91/recheck_payment_status']);
  });
});

describe('InvoiceAppliedPayments: buyer credit', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const invoice = { id: 31, status: 'generated', amount_due: 118, buyer: { id: 7, name: 'Mehta Stores' } };

  it('shows the buyer’s credit and applies it to the invoice, with the server’s toast', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/invoices/31/applied_payments/') return { body: { count: 0, results: [] } };
      if (call.path === 'admin/companies/10/buyers/7/open_invoices')
        return { body: { ...openInvoices, credit: 82 } };
      if (call.method === 'POST' && call.path === 'admin/invoices/31/apply_buyer_credit')
        return {
          body: {
            detail: 'Buyer credit of ₹82.00 applied.',
            applied: 82,
            invoice: { id: 31, amount_due: 36, payment_status: 'partially_paid' },
            buyer_credit: 0,
          },
        };
      return undefined;
    });
    renderScreen(() => <InvoiceAppliedPayments invoice={invoice} />, { user: CLERK });
    const credit = await screen.findByLabelText('Buyer credit');
    expect(credit.textContent).toContain('Buyer credit available: ₹82.00');
    fireEvent.click(within(credit).getByRole('button', { name: 'Apply buyer credit' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Buyer credit of ₹82.00 applied.' }),
      ),
    );
    expect(api.changes().map((c) => c.path)).toEqual(['admin/invoices/31/apply_buyer_credit']);
  });

  it('offers nothing without credit, or on an invoice with nothing due', async () => {
    fakeApi((call) => {
      if (call.path === 'admin/invoices/31/applied_payments/') return { body: { count: 0, results: [] } };
      if (call.path === 'admin/companies/10/buyers/7/open_invoices') return { body: openInvoices };
      return undefined;
    });
    renderScreen(() => <InvoiceAppliedPayments invoice={invoice} />, { user: CLERK });
    expect(await screen.findByRole('button', { name: 'Record Payment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply buyer credit' })).toBeNull();
  });
});

describe('PaymentsReceivedPage filters', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('filters by payment method and status as the order list does', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/payments') return { body: paged([payment()]) };
      if (call.path === 'companies/10/payment_methods')
        return {
          body: paged([
            { id: 1, code: 'cash', name: 'Cash', position: 1, is_active: true },
            { id: 2, code: 'upi', name: 'UPI', position: 2, is_active: true },
          ]),
        };
      if (call.path.startsWith('companies/10/buyers')) return { body: paged([]) };
      return undefined;
    });
    renderScreen(() => <PaymentsReceivedPage />, { user: CLERK });
    expect(await screen.findByText('RCPT/2627/00001')).toBeTruthy();
    expect(screen.getByLabelText('Buyer', { selector: 'input' })).toBeTruthy();
    expect(screen.getByText('Payment Date')).toBeTruthy();
    const method = screen.getByLabelText('Payment Method', { selector: 'input' });
    method.focus();
    fireEvent.click(method);
    fireEvent.click(await screen.findByRole('option', { name: 'UPI' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === 'admin/companies/10/payments' && c.query.get('payment_method__in') === '2',
        ),
      ).toBe(true),
    );
  });
});
