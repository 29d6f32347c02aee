import { z } from 'zod';
import { id, idInput } from './common.ts';

/**
 * GET admin/companies/{companyId}/dashboard: the Home dashboard (/home/overview, issue 21). Every
 * figure keeps to the caller's branches, or to the one branch asked for. Money in rupees; Net Sales
 * is sum(sales_lines.taxable_paise), the same figure as the sales reports.
 */
export const dashboardQuery = z.strictObject({
  branch: idInput.optional().describe("One of the caller's branches; every branch they see when absent"),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** The sentence for a branch the caller does not see (or another company's). */
export const DASHBOARD_MESSAGES = {
  unknown_branch: 'There is no such branch in this company.',
  load_failed: 'Failed to load the dashboard.',
  no_sales: 'No sales yet',
} as const;

/** Net Sales of a period against the same days a year earlier; change_percent null when last year was 0. */
const periodSales = z.object({
  start_date: z.string(),
  end_date: z.string(),
  net_sales: z.number(),
  last_year: z.number(),
  change_percent: z.number().nullable(),
});
export type DashboardPeriodSales = z.infer<typeof periodSales>;

/** A count of documents waiting, with the list screen (path and its filter) that shows them. */
const waiting = z.object({
  count: z.number().int(),
  path: z.string(),
  query: z.record(z.string(), z.array(z.string())),
});
export type DashboardWaiting = z.infer<typeof waiting>;

const ranked = z.object({ id, name: z.string(), net_sales: z.number() });

export const dashboardOutput = z.object({
  /** India's calendar day the figures are seen from. */
  as_of: z.string(),
  branch: z.object({ id, name: z.string() }).nullable(),
  /** Company-wide figures count the buyers' account lines too; a branch's only its invoices. */
  sales: z.object({
    today: periodSales,
    this_month: periodSales,
    this_financial_year: periodSales,
  }),
  receivables: z.object({ amount_due: z.number(), overdue: z.number() }),
  payables: z.object({ amount_due: z.number(), overdue: z.number() }),
  waiting: z.object({
    to_confirm: waiting,
    to_invoice: waiting,
    to_ship: waiting,
  }),
  low_stock: z.object({ count: z.number().int(), path: z.string() }),
  top_products: z.array(ranked),
  top_buyers: z.array(ranked),
  /** Net Sales per month, the last 12 months oldest first, with the same month a year earlier. */
  sales_trend: z.array(z.object({ month: z.string(), net_sales: z.number(), last_year: z.number() })),
  /** Payments received from buyers and made to sellers per month, the last 6 months oldest first. */
  cash_flow: z.array(z.object({ month: z.string(), money_in: z.number(), money_out: z.number() })),
  /** Whether the company (in the caller's branches) has sold anything ever: the empty state. */
  has_sales: z.boolean(),
});
export type DashboardOutput = z.infer<typeof dashboardOutput>;
