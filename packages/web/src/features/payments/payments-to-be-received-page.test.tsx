import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Receivables } from './payments.api';
import { PaymentsToBeReceivedPage } from './payments-to-be-received-page';

const ACCOUNTANT = withPermissions(['view_payment_to_be_received']);

const buckets = { not_due: 440, days_0_30: 0, days_31_60: 254, days_61_90: 0, days_90_plus: 949.75 };

const receivables: Receivables = {
  count: 1,
  next: null,
  previous: null,
  totals: { amount_due: 1643.75, overdue: 1203.75, ...buckets },
  results: [
    {
      buyer: { id: 7, name: 'Mehta Stores' },
      payment_term: null,
      amount_due: 1643.75,
      overdue: 1203.75,
      max_days_overdue: 100,
      oldest_due_date: '2026-08-19',
      invoice_count: 1,
      buckets,
      invoices: [
        {
          id: 31,
          invoice_number: 'MHO/2627/00001',
          invoice_date: '2026-10-13',
          due_date: '2026-10-13',
          days_overdue: 45,
          bucket: 'days_31_60',
          order: { id: 3, order_number: 'SO-3' },
          total: 354,
          amount_due: 254,
        },
      ],
      account_lines: [
        {
          kind: 'opening_balance',
          label: 'Opening Balance',
          date: '2026-08-19',
          days_overdue: 100,
          bucket: 'days_90_plus',
          amount_due: 949.75,
        },
      ],
    },
  ],
};

describe('PaymentsToBeReceivedPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the opening balance as its own row, dated and aged, in the buyer’s amount due', async () => {
    fakeApi((call) =>
      call.path === 'admin/companies/10/payments_to_be_received' ? { body: receivables } : undefined,
    );
    renderScreen(() => <PaymentsToBeReceivedPage />, { user: ACCOUNTANT });
    const table = await screen.findByRole('table', { name: 'Payments to be Received' });
    expect(within(table).getByText(/1 invoice · Opening Balance/)).toBeTruthy();
    expect(within(table).getAllByText('₹1,643.75').length).toBeGreaterThan(0);
    fireEvent.click(within(table).getByRole('button', { name: 'Show what is due from Mehta Stores' }));
    const opening = within(table).getByText('Opening Balance').closest('tr');
    if (!opening) throw new Error('the Opening Balance row was expected');
    const cells = within(opening);
    expect(cells.getByText('dated 19/08/2026')).toBeTruthy();
    expect(cells.getByText('100')).toBeTruthy();
    expect(cells.getByText('₹949.75')).toBeTruthy();
    expect(cells.getByText('90+ Days')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'MHO/2627/00001' })).toBeTruthy();
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('₹1,643.75')).toBeTruthy();
  });

  it('shows credit on no invoice as a negative line, not due', async () => {
    const credit: Receivables = {
      ...receivables,
      totals: {
        amount_due: -30,
        overdue: 0,
        not_due: -30,
        days_0_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        days_90_plus: 0,
      },
      results: [
        {
          buyer: { id: 8, name: 'Advance Traders' },
          payment_term: null,
          amount_due: -30,
          overdue: 0,
          max_days_overdue: 0,
          oldest_due_date: null,
          invoice_count: 0,
          buckets: { not_due: -30, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 0 },
          invoices: [],
          account_lines: [
            {
              kind: 'unallocated_credit',
              label: 'Unallocated Credit',
              date: '2026-11-27',
              days_overdue: 0,
              bucket: 'not_due',
              amount_due: -30,
            },
          ],
        },
      ],
    };
    fakeApi((call) =>
      call.path === 'admin/companies/10/payments_to_be_received' ? { body: credit } : undefined,
    );
    renderScreen(() => <PaymentsToBeReceivedPage />, { user: ACCOUNTANT });
    const table = await screen.findByRole('table', { name: 'Payments to be Received' });
    fireEvent.click(within(table).getByRole('button', { name: 'Show what is due from Advance Traders' }));
    const line = within(table).getByText('Unallocated Credit').closest('tr');
    if (!line) throw new Error('the Unallocated Credit row was expected');
    expect(within(line).getByText('Buyer credit on no invoice')).toBeTruthy();
    expect(within(line).getByText(/30\.00/)).toBeTruthy();
  });

  it('asks the server for the page, order and filters the address keeps, and writes changes back to it', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/companies/10/payments_to_be_received'
        ? { body: { ...receivables, count: 45 } }
        : undefined,
    );
    const { router } = renderScreen(() => <PaymentsToBeReceivedPage />, {
      user: ACCOUNTANT,
      path: '/?q=Mehta&ordering=buyer_name&offset=20&overdue=true',
    });
    await screen.findByRole('table', { name: 'Payments to be Received' });
    const calls = () => api.calls.filter((c) => c.path === 'admin/companies/10/payments_to_be_received');
    expect(calls()[0]?.query.get('search')).toBe('Mehta');
    expect(calls()[0]?.query.get('ordering')).toBe('buyer_name');
    expect(calls()[0]?.query.get('offset')).toBe('20');
    expect(calls()[0]?.query.get('limit')).toBe('20');
    expect(calls()[0]?.query.get('overdue_only')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement).value).toBe(
      'Buyer name (A–Z)',
    );

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    sort.focus();
    fireEvent.click(sort);
    fireEvent.click(await screen.findByRole('option', { name: 'Amount due: highest first' }));
    await waitFor(() => expect(calls().at(-1)?.query.get('ordering')).toBe('-amount_due'));
    expect(calls().at(-1)?.query.get('offset')).toBe('0');
    expect(router.state.location.search).toMatchObject({ ordering: '-amount_due', q: 'Mehta' });

    // 45 buyers in pages of 20: page 3 asks for offset 40.
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(calls().at(-1)?.query.get('offset')).toBe('40'));
    expect(router.state.location.search).toMatchObject({ offset: 40 });
  });

  it('asks for the default order, most overdue first, when the address names none', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/companies/10/payments_to_be_received' ? { body: receivables } : undefined,
    );
    renderScreen(() => <PaymentsToBeReceivedPage />, { user: ACCOUNTANT });
    await screen.findByRole('table', { name: 'Payments to be Received' });
    expect(api.calls[0]?.query.get('ordering')).toBe('-max_days_overdue,-amount_due');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement).value).toBe(
      'Most overdue first',
    );
  });
});
