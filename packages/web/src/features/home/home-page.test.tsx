import type { DashboardOutput } from '@b2b/domain/api/dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { makeUser } from '../../test/users';
import { HomePage } from './home-page';

const ADMIN = makeUser({
  role: { id: 1, display_name: 'Company Admin' },
  branches: [
    { id: 100, name: 'Main', is_active: true },
    { id: 101, name: 'Nashik', is_active: true },
  ],
});

const period = (net_sales: number, last_year: number, change_percent: number | null) => ({
  start_date: '2026-11-01',
  end_date: '2026-11-29',
  net_sales,
  last_year,
  change_percent,
});

const months = (count: number) =>
  Array.from({ length: count }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

function dashboard(overrides: Partial<DashboardOutput> = {}): DashboardOutput {
  return {
    as_of: '2026-11-29',
    branch: null,
    sales: {
      today: period(12_500, 10_000, 25),
      this_month: period(2_50_000, 0, null),
      this_financial_year: period(1_25_00_000, 1_50_00_000, -16.7),
    },
    receivables: { amount_due: 3_40_000, overdue: 40_000 },
    payables: { amount_due: 0, overdue: 0 },
    waiting: {
      to_confirm: { count: 3, path: '/orders', query: { status: ['new'] } },
      to_invoice: { count: 1, path: '/orders', query: { status: ['confirmed', 'processing'] } },
      to_ship: { count: 0, path: '/invoices', query: { status: ['generated', 'ready_to_ship'] } },
    },
    low_stock: { count: 2, path: '/reports/product-reports/inventory-movement' },
    top_products: [{ id: 7, name: 'Basmati Rice 5 kg', net_sales: 1_20_000 }],
    top_buyers: [{ id: 9, name: 'Sharma Stores', net_sales: 2_00_000 }],
    sales_trend: months(12).map((month) => ({ month, net_sales: 100, last_year: 50 })),
    cash_flow: months(6).map((month) => ({ month, money_in: 100, money_out: 50 })),
    has_sales: true,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the figures in short rupees, the change from last year and the links', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/companies/10/dashboard' ? { body: dashboard() } : undefined,
    );
    renderScreen(HomePage, { user: ADMIN, path: '/home/overview' });
    await vi.waitFor(() => expect(api.calls.map((c) => c.path)).toContain('admin/companies/10/dashboard'));
    const today = await screen.findByRole('region', { name: 'Sales today' }, { timeout: 10_000 });
    expect(within(today).getByText('₹12.50 K')).toBeTruthy();
    expect(within(today).getByText('+25%')).toBeTruthy();
    const month = screen.getByRole('region', { name: 'Sales this month' });
    expect(within(month).getByText('₹2.50 L')).toBeTruthy();
    const year = screen.getByRole('region', { name: 'Sales this financial year' });
    expect(within(year).getByText('₹1.25 Cr')).toBeTruthy();
    expect(within(year).getByText('-16.7%')).toBeTruthy();
    const receivables = screen.getByRole('region', { name: 'Receivables' });
    expect(within(receivables).getByText('₹3.40 L')).toBeTruthy();
    expect(within(receivables).getByText('Overdue ₹40.00 K')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To confirm: 3' }).getAttribute('href')).toContain(
      '/orders?status=',
    );
    expect(screen.getByText(/Basmati Rice 5 kg/)).toBeTruthy();
    expect(screen.getByText(/Sharma Stores/)).toBeTruthy();
    expect(screen.queryByText('No sales yet')).toBeNull();
    // The user has two branches: a branch selector.
    expect(screen.getByLabelText('Branch')).toBeTruthy();
  });

  it('shows No sales yet with a link to create an order for a new company', async () => {
    fakeApi((call) =>
      call.path === 'admin/companies/10/dashboard'
        ? { body: dashboard({ has_sales: false, top_products: [], top_buyers: [] }) }
        : undefined,
    );
    renderScreen(HomePage, { user: ADMIN, path: '/home/overview' });
    expect(await screen.findByText('No sales yet', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an order' }).getAttribute('href')).toBe('/orders/new');
  });
});
