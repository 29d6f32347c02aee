import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { AmountPayablesPage } from './amount-payables-page';
import { BrandWisePurchasePage } from './brand-wise-purchase-page';
import { PaymentToSellerPage } from './payment-to-seller-page';
import type {
  AmountPayableRow,
  AmountPayablesOutput,
  BrandWisePurchaseOutput,
  PaymentToSellerOutput,
} from './purchase-reports.api';

const VIEWER = withPermissions(['view_reports']);
const BASE = 'admin/companies/10/reports';
const page = { next: null, previous: null };
const list = <T,>(results: T[]) => ({ count: results.length, ...page, results });

const BRANCHES = list([
  { id: 100, name: 'Main', is_active: true, gstin: null },
  { id: 101, name: 'Nashik', is_active: true, gstin: null },
]);
const BRANDS = list([
  { id: 5, name: 'Tata', is_active: true },
  { id: 6, name: 'Amul', is_active: true },
]);
const METHODS = list([
  { id: 3, name: 'Bank Transfer', is_active: true },
  { id: 4, name: 'Cash', is_active: true },
]);

const buckets = (not_due: number, d30: number, d60: number, d90: number, over: number) => ({
  not_due,
  days_0_30: d30,
  days_31_60: d60,
  days_61_90: d90,
  days_90_plus: over,
});

const payable = (overrides: Partial<AmountPayableRow> = {}): AmountPayableRow => ({
  seller: { id: 31, name: 'Alpha Agencies', gstin: '27AAAAA0000A1Z5' },
  bills: 3,
  amount_due: 1916,
  overdue: 736,
  buckets: buckets(1180, 500, 0, 236, 0),
  oldest_due_date: '2025-07-02',
  max_days_overdue: 90,
  ...overrides,
});

const payables = (
  results: AmountPayableRow[],
  totals?: AmountPayablesOutput['totals'],
): AmountPayablesOutput => ({
  ...list(results),
  as_of: '2025-09-30',
  totals: totals ?? { bills: 3, amount_due: 1916, overdue: 736, buckets: buckets(1180, 500, 0, 236, 0) },
});

const PERIODS = [
  { key: '2025-04', label: 'Apr 2025', start: '2025-04-01', end: '2025-04-30' },
  { key: '2025-05', label: 'May 2025', start: '2025-05-01', end: '2025-05-31' },
];

const brandReport = (results: BrandWisePurchaseOutput['results']): BrandWisePurchaseOutput => ({
  ...list(results),
  start_date: '2025-04-01',
  end_date: '2025-05-31',
  periods: PERIODS,
  totals: {
    bills: 3,
    quantity: 21.5,
    value: 1810,
    periods: [
      { quantity: 12, value: 1200 },
      { quantity: 9.5, value: 610 },
    ],
  },
});

const BRAND_ROWS: BrandWisePurchaseOutput['results'] = [
  {
    brand: { id: 5, name: 'Tata' },
    bills: 3,
    quantity: 18,
    value: 750,
    periods: [
      { quantity: 10, value: 200 },
      { quantity: 8, value: 550 },
    ],
  },
  {
    brand: null,
    bills: 1,
    quantity: 1.5,
    value: 60,
    periods: [
      { quantity: 0, value: 0 },
      { quantity: 1.5, value: 60 },
    ],
  },
];

const paymentReport = (results: PaymentToSellerOutput['results']): PaymentToSellerOutput => ({
  ...list(results),
  start_date: '2025-04-01',
  end_date: '2025-05-31',
  periods: PERIODS,
  totals: {
    payments: 3,
    amount: 8000,
    tds: 100,
    net_paid: 7900,
    periods: [
      { payments: 1, amount: 5000, tds: 100, net_paid: 4900 },
      { payments: 2, amount: 3000, tds: 0, net_paid: 3000 },
    ],
  },
});

const PAYMENT_ROWS: PaymentToSellerOutput['results'] = [
  {
    seller: { id: 31, name: 'Epsilon Exports', gstin: null },
    payments: 2,
    amount: 6000,
    tds: 100,
    net_paid: 5900,
    periods: [
      { payments: 1, amount: 5000, tds: 100, net_paid: 4900 },
      { payments: 1, amount: 1000, tds: 0, net_paid: 1000 },
    ],
  },
];

function server(answers: Record<string, unknown> = {}, fail?: (call: ApiCall) => boolean) {
  return fakeApi((call) => {
    if (fail?.(call)) return { status: 500, body: { detail: 'Database is down.' } };
    if (call.path === 'companies/10/branches') return { body: BRANCHES };
    if (call.path === 'companies/10/brands') return { body: BRANDS };
    if (call.path === 'companies/10/payment_methods') return { body: METHODS };
    if (call.path === 'companies/10/sellers') return { body: list([]) };
    for (const report of ['amount_payables', 'brand_wise_purchase', 'payment_to_seller']) {
      if (call.path === `${BASE}/${report}`) {
        if (call.query.get('format') === 'csv') return { body: 'csv' };
        return { body: answers[report] };
      }
    }
    return undefined;
  });
}

const reportCalls = (api: { calls: ApiCall[] }, report: string) =>
  api.calls.filter((c) => c.path === `${BASE}/${report}`);

async function pick(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AmountPayablesPage', () => {
  it('shows each seller’s buckets, the totals row, filters and the CSV download', async () => {
    const api = server({
      amount_payables: {
        ...payables([payable()]),
        count: 30,
        totals: {
          bills: 40,
          amount_due: 25000,
          overdue: 9000,
          buckets: buckets(16000, 5000, 2000, 1500, 500),
        },
      },
    });
    renderScreen(() => <AmountPayablesPage />, { user: VIEWER });
    await screen.findByText('Alpha Agencies');
    expect(screen.getByRole('heading', { name: 'Amount Payables' })).toBeTruthy();
    expect(screen.getByText(/As of 30\/09\/2025\./)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Amount Payables' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Seller',
      'Bills',
      'Not Due',
      '0-30 Days',
      '31-60 Days',
      '61-90 Days',
      '90+ Days',
      'Amount Due',
      'Oldest Due',
      'Days Overdue',
    ]);
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('27AAAAA0000A1Z5');
    expect(row.textContent).toContain('₹1,180.00');
    expect(row.textContent).toContain('₹1,916.00');
    expect(row.textContent).toContain('02/07/2025');
    const totals = within(table).getByRole('row', { name: 'Totals' });
    expect(totals.textContent).toContain('₹25,000.00');
    expect(totals.textContent).toContain('₹16,000.00');
    expect(reportCalls(api, 'amount_payables')[0]?.query.get('ordering')).toBe('-amount_due');

    await pick('Branch', 'Nashik');
    await waitFor(() =>
      expect(reportCalls(api, 'amount_payables').some((c) => c.query.get('branch') === '101')).toBe(true),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'alpha' } });
    await waitFor(() =>
      expect(reportCalls(api, 'amount_payables').some((c) => c.query.get('search') === 'alpha')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(reportCalls(api, 'amount_payables').some((c) => c.query.get('format') === 'csv')).toBe(true),
    );
    const csv = reportCalls(api, 'amount_payables').find((c) => c.query.get('format') === 'csv');
    expect(csv?.query.get('branch')).toBe('101');
    expect(csv?.query.get('search')).toBe('alpha');
    expect(csv?.query.get('limit')).toBeNull();
  });

  it('has an empty state when nothing is owed, and an error state', async () => {
    server({
      amount_payables: payables([], { bills: 0, amount_due: 0, overdue: 0, buckets: buckets(0, 0, 0, 0, 0) }),
    });
    const first = renderScreen(() => <AmountPayablesPage />, { user: VIEWER });
    expect(
      await screen.findByText('Nothing is owed to sellers. Received bills with a balance show here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    first.unmount();
    server({}, (call) => call.path === `${BASE}/amount_payables`);
    renderScreen(() => <AmountPayablesPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load the amount payables.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('BrandWisePurchasePage', () => {
  it('shows a column per month, the totals, the brand filter and the CSV download', async () => {
    const api = server({ brand_wise_purchase: brandReport(BRAND_ROWS) });
    renderScreen(() => <BrandWisePurchasePage />, { user: VIEWER });
    await screen.findByText('Tata');
    expect(screen.getByText(/01\/04\/2025 to 31\/05\/2025\./)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Brand Wise Purchase' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Brand', 'Bills', 'Quantity', 'Value', 'Apr 2025', 'May 2025']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('₹750.00');
    expect(rows[1].textContent).toContain('₹550.00');
    expect(rows[1].textContent).toContain('8 qty');
    expect(rows[2].textContent).toContain('No Brand');
    expect(within(rows[2]).getByText('—')).toBeTruthy();
    const totals = within(table).getByRole('row', { name: 'Totals' });
    expect(totals.textContent).toContain('21.5');
    expect(totals.textContent).toContain('₹1,810.00');
    expect(reportCalls(api, 'brand_wise_purchase')[0]?.query.get('ordering')).toBe('-value');

    await pick('Brand', 'Amul');
    await waitFor(() =>
      expect(reportCalls(api, 'brand_wise_purchase').some((c) => c.query.get('brand') === '6')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(reportCalls(api, 'brand_wise_purchase').some((c) => c.query.get('format') === 'csv')).toBe(true),
    );
    expect(
      reportCalls(api, 'brand_wise_purchase')
        .find((c) => c.query.get('format') === 'csv')
        ?.query.get('brand'),
    ).toBe('6');
  });

  it('has an empty state when nothing was bought, and an error state', async () => {
    server({
      brand_wise_purchase: { ...brandReport([]), totals: { bills: 0, quantity: 0, value: 0, periods: [] } },
    });
    const first = renderScreen(() => <BrandWisePurchasePage />, { user: VIEWER });
    expect(await screen.findByText(/No purchases in this period\./)).toBeTruthy();
    first.unmount();
    server({}, (call) => call.path === `${BASE}/brand_wise_purchase`);
    renderScreen(() => <BrandWisePurchasePage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load the brand wise purchase.')).toBeTruthy();
  });
});

describe('PaymentToSellerPage', () => {
  it('shows each seller’s payments, TDS and net paid, the months, and filters by method', async () => {
    const api = server({ payment_to_seller: paymentReport(PAYMENT_ROWS) });
    renderScreen(() => <PaymentToSellerPage />, { user: VIEWER });
    await screen.findByText('Epsilon Exports');
    const table = screen.getByRole('table', { name: 'Payment To Seller' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Seller', 'Payments', 'Amount', 'TDS', 'Net Paid']);
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('₹6,000.00');
    expect(row.textContent).toContain('₹100.00');
    expect(row.textContent).toContain('₹5,900.00');
    expect(within(table).getByRole('row', { name: 'Totals' }).textContent).toContain('₹7,900.00');
    const months = screen.getByRole('table', { name: 'Payments by month' });
    const monthRows = within(months).getAllByRole('row');
    expect(monthRows[1].textContent).toContain('Apr 2025');
    expect(monthRows[1].textContent).toContain('₹4,900.00');
    expect(monthRows[2].textContent).toContain('₹3,000.00');

    await pick('Payment Method', 'Cash');
    await waitFor(() =>
      expect(reportCalls(api, 'payment_to_seller').some((c) => c.query.get('payment_method') === '4')).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(reportCalls(api, 'payment_to_seller').some((c) => c.query.get('format') === 'csv')).toBe(true),
    );
  });

  it('has an empty state when no payment was made, and an error state', async () => {
    server({
      payment_to_seller: { ...paymentReport([]), totals: { ...paymentReport([]).totals, payments: 0 } },
    });
    const first = renderScreen(() => <PaymentToSellerPage />, { user: VIEWER });
    expect(await screen.findByText('No payments to sellers in this period.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Payments by month' })).toBeNull();
    first.unmount();
    server({}, (call) => call.path === `${BASE}/payment_to_seller`);
    renderScreen(() => <PaymentToSellerPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load the payments to sellers.')).toBeTruthy();
  });
});
