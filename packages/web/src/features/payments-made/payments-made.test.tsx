import { PAYMENT_MADE_MESSAGES } from '@b2b/domain/payments-made';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { BillSummary } from '../bills/bills.api';
import type { Company } from '../companies/companies.api';
import { TdsConfigurationCard } from '../companies/tds-configuration-card';
import { PaymentMadeView } from './payment-made-detail-page';
import type { PaymentMade, PaymentMadeDetail } from './payments-made.api';
import { PaymentsMadePage } from './payments-made-page';
import { previewAllocation, RecordPaymentMadeDialog } from './record-payment-made-dialog';

const CLERK = withPermissions(['view_payment_made', 'add_payment_made', 'change_payment_made']);
const SELLER = { id: 5, name: 'Sharma Supplies' };

function openBill(id: number, billDate: string, balance: number): BillSummary {
  return {
    id,
    bill_number: `SUP/${id}`,
    bill_date: billDate,
    due_date: billDate,
    status: 'open',
    status_label: 'Open',
    payment_status: 'unpaid',
    seller: { ...SELLER, gstin: null },
    seller_gstin: null,
    seller_state_code: '27',
    branch: { id: 100, name: 'Pune Branch' },
    branch_state_code: '27',
    warehouse: { id: 7, name: 'Main Godown' },
    is_reverse_charge: false,
    is_tax_inclusive: false,
    supply_type: 'intra',
    freight_charges: 0,
    other_charges: 0,
    taxable_value: 200,
    cgst: 18,
    sgst: 18,
    igst: 0,
    cess: 0,
    itc_total: 36,
    reverse_charge_tax: 0,
    round_off: 0,
    total: 236,
    amount_paid: 236 - balance,
    amount_credited: 0,
    balance_due: balance,
    notes: null,
    received_at: '2026-10-02T10:00:00Z',
    voided_at: null,
    created_by: null,
    created_at: '2026-10-02T10:00:00Z',
    updated_at: '2026-10-02T10:00:00Z',
  };
}

const BILLS = [openBill(31, '2026-10-01', 236), openBill(32, '2026-11-01', 236)];

function paymentMade(overrides: Partial<PaymentMadeDetail> = {}): PaymentMadeDetail {
  return {
    id: 90,
    payment_number: 'PAY/2627/00001',
    payment_date: '2026-11-20',
    status: 'completed',
    status_label: 'Paid',
    seller: SELLER,
    branch: { id: 100, name: 'Pune Branch' },
    amount: 300,
    tds_amount: 4,
    net_amount: 296,
    allocated: 300,
    unallocated: 0,
    tds: { section: '194C', rate: 2 },
    payment_method: { id: 1, name: 'Bank Transfer' },
    paid_from: null,
    reference_number: 'UTR991',
    notes: null,
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    voided_at: null,
    allocations: [
      {
        id: 1,
        bill: {
          id: 31,
          bill_number: 'SUP/31',
          bill_date: '2026-10-01',
          total: 236,
          balance_due: 0,
          status: 'paid',
        },
        amount: 236,
        tds_amount: 4,
      },
    ],
    allowed_actions: ['void'],
    ...overrides,
  };
}

function serve(
  extra: (call: { method: string; path: string }) => { status?: number; body?: unknown } | undefined = () =>
    undefined,
  tds: Record<string, unknown> = {},
) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === 'admin/companies/10/bills') return { body: paged(BILLS) };
    if (call.path === 'companies/10/payment_methods')
      return { body: paged([{ id: 1, code: 'neft', name: 'Bank Transfer', position: 1, is_active: true }]) };
    if (call.path === 'companies/10')
      return { body: { id: 10, name: 'Rao Traders', tds_configuration: tds } };
    if (call.path === 'v1/branches/100/bank_accounts') return { body: paged([]) };
    if (call.path === 'sellers/5' || call.path.endsWith('/sellers/5')) return { body: SELLER };
    return undefined;
  });
}

async function chooseMethod() {
  const input = screen.getByRole('combobox', { name: /Payment Method/ });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: 'Bank Transfer' }, { timeout: 3000 }));
}

const headersOf = (index: number) => {
  const init = (globalThis.fetch as Mock).mock.calls[index]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
};

describe('previewAllocation', () => {
  it('follows the amount oldest first, with TDS on the taxable share and the excess', () => {
    const preview = previewAllocation(30000, BILLS, null, 2);
    expect(preview.rows.map((r) => r.paise)).toEqual([23600, 6400]);
    // 2% of 200 (236 paid) = 4; 2% of 64 x 200/236 = 1.08 -> 1
    expect(preview.rows.map((r) => r.tdsPaise)).toEqual([400, 100]);
    expect(preview.excessPaise).toBe(0);
    expect(previewAllocation(50000, BILLS, null, null).excessPaise).toBe(2800);
    expect(previewAllocation(10000, BILLS, { 32: 50 }, null).rows.map((r) => r.paise)).toEqual([0, 5000]);
  });
});

describe('RecordPaymentMadeDialog', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('from a bill: pays it first, sends one Idempotency-Key and toasts', async () => {
    const api = serve((call) =>
      call.method === 'POST' && call.path === 'admin/companies/10/payments_made'
        ? { status: 201, body: paymentMade() }
        : undefined,
    );
    const onClose = vi.fn();
    renderScreen(
      () => <RecordPaymentMadeDialog bill={{ id: 31, seller: SELLER, balance_due: 236 }} onClose={onClose} />,
      { user: CLERK },
    );
    const dialog = await screen.findByRole('form', { name: 'Record Payment Made' });
    const allocation = await within(dialog).findByRole('textbox', { name: 'Allocate to SUP/31' });
    expect((allocation as HTMLInputElement).value).toBe('₹236');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '100' } });
    await waitFor(() => expect((allocation as HTMLInputElement).value).toBe('₹100'));
    await chooseMethod();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const index = api.calls.findIndex((c) => c.method === 'POST');
    expect(api.calls[index]?.body).toMatchObject({
      seller: 5,
      amount: 100,
      payment_method: 1,
      keep_excess_as_advance: false,
      allocations: [{ bill: 31, amount: 100 }],
    });
    expect(headersOf(index).get('Idempotency-Key')).toMatch(/[0-9a-f-]{36}/);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: PAYMENT_MADE_MESSAGES.recorded }),
    );
  });

  it('refuses an excess unless kept as an advance, and shows the TDS when the company deducts it', async () => {
    const api = serve(
      (call) =>
        call.method === 'POST' && call.path === 'admin/companies/10/payments_made'
          ? { status: 201, body: paymentMade() }
          : undefined,
      { enabled: true, section: '194C', rate: 2, threshold: 0 },
    );
    const onClose = vi.fn();
    renderScreen(
      () => <RecordPaymentMadeDialog bill={{ id: 31, seller: SELLER, balance_due: 236 }} onClose={onClose} />,
      {
        user: CLERK,
      },
    );
    const dialog = await screen.findByRole('form', { name: 'Record Payment Made' });
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Allocate oldest first' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '500' } });
    await waitFor(() => expect(within(dialog).getByLabelText('TDS').textContent).toContain('₹8.00'));
    expect(within(dialog).getByLabelText('TDS').textContent).toContain('194C');
    await chooseMethod();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment is ₹28.00 more than the bills allocated; allocate it or keep it as an advance.',
    );
    expect(api.changes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Keep the excess as an advance/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ amount: 500, keep_excess_as_advance: true });
    expect(post?.body).not.toHaveProperty('allocations');
  });
});

describe('PaymentsMadePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists payments with TDS and advance, and searches through the URL', async () => {
    const row: PaymentMade = { ...paymentMade(), unallocated: 12 };
    const api = serve((call) =>
      call.path === 'admin/companies/10/payments_made' ? { body: paged([row]) } : undefined,
    );
    renderScreen(() => <PaymentsMadePage />, { user: CLERK, path: '/payments-made' });
    await screen.findByText('PAY/2627/00001', undefined, { timeout: 3000 });
    const table = screen.getByRole('table', { name: 'Payments Made' });
    expect(within(table).getByText('Sharma Supplies')).toBeTruthy();
    expect(within(table).getByText('₹4.00')).toBeTruthy();
    expect(within(table).getByText('₹12.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'admin/companies/10/payments_made')).toBe(true);
  });

  it('names payments made on its empty state', async () => {
    serve((call) => (call.path === 'admin/companies/10/payments_made' ? { body: paged([]) } : undefined));
    renderScreen(() => <PaymentsMadePage />, { user: CLERK, path: '/payments-made' });
    expect(await screen.findByText(/Record a Payment Made/)).toBeTruthy();
  });
});

describe('PaymentMadeView', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the bills paid with their TDS and voids after a confirmation', async () => {
    const api = serve((call) =>
      call.method === 'POST' && call.path === 'admin/payments_made/90/void'
        ? { body: paymentMade({ status: 'void', status_label: 'Void', allowed_actions: [] }) }
        : undefined,
    );
    renderScreen(() => <PaymentMadeView payment={paymentMade()} />, { user: CLERK });
    const table = await screen.findByRole('table', { name: 'Allocations' });
    expect(within(table).getByText('SUP/31')).toBeTruthy();
    expect(within(table).getByText('₹236.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Void Payment' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'admin/payments_made/90/void')).toBe(
        true,
      ),
    );
  });

  it('applies an advance to the seller’s open bills oldest first after showing the split', async () => {
    const api = serve((call) => {
      if (call.path === 'admin/companies/10/bills') return { body: paged(BILLS) };
      if (call.method === 'POST' && call.path === 'admin/payments_made/90/apply_advance')
        return { body: paymentMade({ unallocated: 0, allowed_actions: ['void'] }) };
      return undefined;
    });
    const payment = paymentMade({ unallocated: 300, allowed_actions: ['apply_advance', 'void'] });
    renderScreen(() => <PaymentMadeView payment={payment} />, { user: CLERK });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Advance' }));
    const table = await screen.findByRole('table', { name: 'Bills the advance pays' });
    expect(within(table).getByText('SUP/31')).toBeTruthy();
    expect(within(table).getByText('₹64.00')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply Advance' }));
    await waitFor(() => {
      const call = api.calls.find(
        (c) => c.method === 'POST' && c.path === 'admin/payments_made/90/apply_advance',
      );
      expect(call).toBeTruthy();
    });
  });

  it('offers no Void to a user who may only view', async () => {
    serve();
    renderScreen(() => <PaymentMadeView payment={paymentMade()} />, {
      user: withPermissions(['view_payment_made']),
    });
    await screen.findByRole('table', { name: 'Allocations' });
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});

describe('TdsConfigurationCard', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves section, rate and threshold with the spec’s toast', async () => {
    const api = fakeApi((call) =>
      call.method === 'PATCH' && call.path === 'companies/10'
        ? { body: { id: 10, tds_configuration: {} } }
        : undefined,
    );
    const company = { id: 10, name: 'Rao Traders', tds_configuration: {} } as unknown as Company;
    renderScreen(() => <TdsConfigurationCard company={company} canChange />, { user: CLERK });
    fireEvent.click(await screen.findByRole('switch', { name: 'Deduct TDS on payments made' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save TDS Configuration' }));
    expect(await screen.findByText(/Enter a rate between/)).toBeTruthy();
    expect(api.changes()).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Rate (%)' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save TDS Configuration' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'TDS configuration updated successfully.' }),
      ),
    );
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      tds_configuration: { enabled: true, section: '194C', rate: 2, threshold: 0 },
    });
  });
});
