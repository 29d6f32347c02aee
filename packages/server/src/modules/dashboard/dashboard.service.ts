import type { DashboardOutput, DashboardPeriodSales } from '@b2b/domain/api/dashboard';
import { DASHBOARD_MESSAGES } from '@b2b/domain/api/dashboard';
import { financialYearOf } from '@b2b/domain/invoices';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { receivableTotals } from '../payments/receivables.queries.ts';
import { payablesTotals } from '../reports/purchase-reports.queries.ts';
import { underStockingReport } from '../stock-reports/stock-reports.service.ts';
import * as queries from './dashboard.queries.ts';

const TOP = 5;
const TREND_MONTHS = 12;
const CASH_FLOW_MONTHS = 6;

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on India's calendar days (YYYY-MM-DD, YYYY-MM)

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day a year earlier; 29 February becomes the 28th. */
export function yearBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayOf(year - 1, month, Math.min(date, daysInMonth(year - 1, month)));
}

/** 'YYYY-MM' `back` months before the month of `day` (0: its own). */
function monthBack(day: string, back: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

const firstDay = (month: string) => `${month}-01`;
const lastDay = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(daysInMonth(year, m))}`;
};

/** The change from last year in percent, one decimal; null when last year sold nothing. */
export function changePercent(current: number, lastYear: number): number | null {
  if (lastYear === 0) return null;
  return Math.round(((current - lastYear) / Math.abs(lastYear)) * 1000) / 10;
}

// ---------------------------------------------------------------------------------------------

/** The list screens the waiting counts open, with the filters that show those documents. */
const WAITING_LINKS: Record<
  'to_confirm' | 'to_invoice' | 'to_ship',
  { path: string; query: Record<string, string[]> }
> = {
  to_confirm: { path: '/orders', query: { status: ['new'] } },
  to_invoice: { path: '/orders', query: { status: ['confirmed', 'processing'], invoicing: ['pending'] } },
  to_ship: { path: '/invoices', query: { status: ['generated', 'ready_to_ship'] } },
};

const LOW_STOCK_PATH = '/reports/product-reports/inventory-movement';

/** The branches the figures keep to: the one asked for (if the caller sees it), else the caller's. */
async function scopeOf(db: Executor, actor: Principal, branchId: number | undefined) {
  const own = branchScope(actor);
  if (branchId === undefined) return { branches: own, branch: null };
  const branch = await queries.findBranch(db, actor.companyId, branchId);
  if (!branch || (own !== null && !own.includes(branchId))) {
    throw validationError('branch', DASHBOARD_MESSAGES.unknown_branch);
  }
  return { branches: [branchId] as BranchScope, branch };
}

/**
 * GET admin/companies/{companyId}/dashboard. Reads only. The sales periods run to today (India):
 * today, this month so far, this financial year so far, each against the same days a year earlier.
 * Receivables are Payments to be Received's totals (its totals query alone: no page of buyers),
 * payables the Amount Payables report's, low stock the Under-stocking report's count: the dashboard
 * asks those areas, so its figures are theirs.
 */
export async function getDashboard(options: {
  db: Executor;
  actor: Principal;
  branchId?: number;
  today?: string;
}): Promise<DashboardOutput> {
  const { db, actor } = options;
  const companyId = actor.companyId;
  const today = options.today ?? todayInIndia();
  const { branches, branch } = await scopeOf(db, actor, options.branchId);

  const thisMonth = monthBack(today, 0);
  const monthStart = firstDay(thisMonth);
  const yearStart = financialYearOf(today).start;
  // The trend's oldest month last year; a financial year starts no earlier than that.
  const scanStart = firstDay(monthBack(today, 2 * TREND_MONTHS - 1));
  const cashStart = firstDay(monthBack(today, CASH_FLOW_MONTHS - 1));
  const window = { limit: 0, offset: 0 };

  const [days, sold, top, waiting, money, receivables, payables, lowStock] = await Promise.all([
    queries.netSalesByDay(db, companyId, branches, scanStart, lastDay(thisMonth)),
    queries.hasSales(db, companyId, branches),
    queries.topProductsAndBuyers(db, companyId, branches, monthStart, today, TOP),
    queries.waitingCounts(db, companyId, branches),
    queries.moneyByMonth(db, companyId, branches, cashStart, lastDay(thisMonth)),
    receivableTotals(db, companyId, today, { branches }),
    payablesTotals(db, companyId, branches, today),
    underStockingReport(db, companyId, { branches }, [{ column: 'shortfall', direction: 'desc' }], window),
  ]);

  const byDay = days.map((row) => ({ day: row.day, paise: Number(row.net_sales) }));
  const sumPaise = (start: string, end: string) =>
    byDay.reduce((total, row) => (row.day >= start && row.day <= end ? total + row.paise : total), 0);
  const period = (start: string): DashboardPeriodSales => {
    const current = sumPaise(start, today);
    const lastYear = sumPaise(yearBefore(start), yearBefore(today));
    return {
      start_date: start,
      end_date: today,
      net_sales: toRupees(current),
      last_year: toRupees(lastYear),
      change_percent: changePercent(current, lastYear),
    };
  };

  const monthPaise = new Map<string, number>();
  for (const row of byDay) {
    const month = row.day.slice(0, 7);
    monthPaise.set(month, (monthPaise.get(month) ?? 0) + row.paise);
  }
  const sales_trend = Array.from({ length: TREND_MONTHS }, (_, i) => {
    const month = monthBack(today, TREND_MONTHS - 1 - i);
    const earlier = monthBack(today, 2 * TREND_MONTHS - 1 - i);
    return {
      month,
      net_sales: toRupees(monthPaise.get(month) ?? 0),
      last_year: toRupees(monthPaise.get(earlier) ?? 0),
    };
  });

  const moneyOf = new Map(money.map((row) => [row.month, row]));
  const cash_flow = Array.from({ length: CASH_FLOW_MONTHS }, (_, i) => {
    const month = monthBack(today, CASH_FLOW_MONTHS - 1 - i);
    const row = moneyOf.get(month);
    return {
      month,
      money_in: toRupees(Number(row?.money_in ?? 0)),
      money_out: toRupees(Number(row?.money_out ?? 0)),
    };
  });

  const link = (key: keyof typeof WAITING_LINKS, count: number) => {
    const { path, query: filters } = WAITING_LINKS[key];
    const query = { ...filters };
    // The invoice list filters by branch too; the order list has no branch filter.
    if (branch && path === '/invoices') query.sellerBranch = [String(branch.id)];
    return { count, path, query };
  };

  const ranked = (kind: 'product' | 'buyer') =>
    top
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: Number(row.id), name: row.name, net_sales: toRupees(Number(row.net_sales)) }));

  return {
    as_of: today,
    branch: branch ? { id: branch.id, name: branch.name } : null,
    sales: {
      today: period(today),
      this_month: period(monthStart),
      this_financial_year: period(yearStart),
    },
    receivables: {
      amount_due: toRupees(Number(receivables.amount_due)),
      overdue: toRupees(Number(receivables.overdue)),
    },
    payables: { amount_due: toRupees(payables.amount_due), overdue: toRupees(payables.overdue) },
    waiting: {
      to_confirm: link('to_confirm', waiting.to_confirm),
      to_invoice: link('to_invoice', waiting.to_invoice),
      to_ship: link('to_ship', waiting.to_ship),
    },
    low_stock: { count: lowStock.count, path: LOW_STOCK_PATH },
    top_products: ranked('product'),
    top_buyers: ranked('buyer'),
    sales_trend,
    cash_flow,
    has_sales: sold,
  };
}
