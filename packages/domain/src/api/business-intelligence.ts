import { z } from 'zod';
import { id, idParam } from './common.ts';

/**
 * Business intelligence (issue 25): GET admin/companies/{companyId}/business-intelligence/{section}
 * and .../{section}/actionable-insights, and the marks on an insight's action. Money in rupees,
 * worked out from sales_lines like the sales reports (Net Sales is sum(taxable_paise)), leaving out
 * brands and buyers ignored for BI. Every figure keeps to the caller's branches.
 */

export const BI_SECTIONS = [
  { value: 'business-performance', label: 'Business Performance' },
  { value: 'buyer-performance', label: 'Buyer Performance' },
  { value: 'product-performance', label: 'Product Performance' },
  { value: 'inventory-performance', label: 'Inventory Performance' },
  { value: 'sales-performance', label: 'Sales Team Performance' },
] as const;
export type BiSection = (typeof BI_SECTIONS)[number]['value'];
export const biSection = z.enum(BI_SECTIONS.map((s) => s.value) as [BiSection, ...BiSection[]]);

export const BI_MESSAGES = {
  load_failed: 'Failed to load business intelligence.',
  no_sales: 'No sales in the last 210 days yet: the figures start with the first invoice.',
  marked_done: 'Marked as done.',
  dismissed: 'Dismissed for this month.',
  reopened: 'Action reopened.',
  mark_failed: 'Failed to update the action.',
  performed: 'Notification raised for the team.',
  unknown_action: 'There is no such action on this page.',
  no_longer_true: 'This no longer holds: the figures behind it have changed, so there is nothing to do.',
  not_a_notice: 'This action opens a page; follow its link instead.',
} as const;

/** The toast of 'call lapsed buyers': follow-ups made today, and buyers whose follow-up was open already. */
export function followUpsMessage(made: number, alreadyOpen: number): string {
  const open =
    alreadyOpen === 1 ? '1 buyer already had one open' : `${alreadyOpen} buyers already had one open`;
  if (made === 0) return 'Every lapsed buyer already has an open follow-up.';
  const created = made === 1 ? '1 follow-up created for today' : `${made} follow-ups created for today`;
  return alreadyOpen > 0 ? `${created}; ${open}.` : `${created}.`;
}

const day = z.string();
const window = z.object({ start_date: day, end_date: day });
export const biWindowsOutput = z.object({
  as_of: day,
  recent: window,
  baseline: window,
  inventory_baseline: window,
  buckets: z.array(window),
});

export const BI_UNITS = ['money', 'count', 'percent', 'days', 'quantity'] as const;
const unit = z.enum(BI_UNITS);
export type BiUnit = z.infer<typeof unit>;

/** A headline figure: the last 30 days against the 30-day average of the 180 days before. */
export const biMetric = z.object({
  key: z.string(),
  label: z.string(),
  unit,
  value: z.number().nullable(),
  average: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** Which way is good: an arrow up is green for revenue, red for days sales outstanding. */
  better: z.enum(['higher', 'lower']),
  hint: z.string().optional(),
});
export type BiMetric = z.infer<typeof biMetric>;

const named = { id, name: z.string() };
const nullableId = id.nullable();

/** A product or buyer against its average: recent (last 30 days) and average (30-day average). */
const moving = z.object({
  ...named,
  sku: z.string().nullable().optional(),
  recent: z.number(),
  average: z.number(),
  change_percent: z.number().nullable(),
});
export type BiMovingRow = z.infer<typeof moving>;

export const businessPerformanceOutput = z.object({
  windows: biWindowsOutput,
  metrics: z.array(biMetric),
  trend: z.array(
    z.object({
      label: z.string(),
      start_date: day,
      end_date: day,
      revenue: z.number(),
      gross_profit: z.number().nullable(),
      collections: z.number(),
      orders: z.number().int(),
      returns: z.number(),
    }),
  ),
  /** What buyers owe now, and what of it is overdue (Payments to be Received's figures). */
  receivables: z.object({ amount_due: z.number(), overdue: z.number() }),
});
export type BusinessPerformance = z.infer<typeof businessPerformanceOutput>;

export const buyerPerformanceOutput = z.object({
  windows: biWindowsOutput,
  metrics: z.array(biMetric),
  trend: z.array(
    z.object({
      label: z.string(),
      start_date: day,
      end_date: day,
      active_buyers: z.number().int(),
      new_buyers: z.number().int(),
    }),
  ),
  /** Buyers whose last 30 days fell more than 20% below their average, largest shortfall first. */
  below_average: z.array(moving.extend({ shortfall: z.number() })),
  /** Buyers who bought in the 180 days before but not in the last 30, by their average. */
  lapsed: z.array(
    z.object({ ...named, last_purchase_date: day, average: z.number(), phone: z.string().nullable() }),
  ),
  /** Buyers over their credit limit or with invoices fallen overdue in the last 30 days. */
  credit_risk: z.array(
    z.object({
      ...named,
      amount_due: z.number(),
      overdue: z.number(),
      newly_overdue: z.number(),
      credit_limit: z.number().nullable(),
      over_limit_by: z.number(),
    }),
  ),
  top_buyers: z.array(moving),
});
export type BuyerPerformance = z.infer<typeof buyerPerformanceOutput>;

export const productPerformanceOutput = z.object({
  windows: biWindowsOutput,
  metrics: z.array(biMetric),
  trend: z.array(
    z.object({
      label: z.string(),
      start_date: day,
      end_date: day,
      revenue: z.number(),
      products_sold: z.number().int(),
    }),
  ),
  rising: z.array(moving),
  falling: z.array(moving),
  /** The discount view: sales down more than 30% after an offer on the product ended, or despite a live one. */
  discount_view: z.array(
    moving.extend({
      offer_id: id,
      offer_title: z.string(),
      offer_state: z.enum(['ended', 'live']),
      offer_end_date: day.nullable(),
    }),
  ),
  margin_leaders: z.array(
    z.object({ ...named, net_sales: z.number(), profit: z.number(), margin: z.number() }),
  ),
  margin_laggards: z.array(
    z.object({ ...named, net_sales: z.number(), profit: z.number(), margin: z.number() }),
  ),
});
export type ProductPerformance = z.infer<typeof productPerformanceOutput>;

export const inventoryPerformanceOutput = z.object({
  windows: biWindowsOutput,
  metrics: z.array(biMetric),
  /** The inventory view: products with stock whose last 30 days fell more than 60% against the 60 days before. */
  slow_movers: z.array(
    moving.extend({ on_hand: z.number(), stock_value: z.number(), days_of_cover: z.number().nullable() }),
  ),
  below_cover: z.array(
    z.object({
      ...named,
      sku: z.string().nullable(),
      on_hand: z.number(),
      daily_quantity: z.number(),
      days_of_cover: z.number().nullable(),
      reorder_quantity: z.number(),
    }),
  ),
  dead_stock: z.array(
    z.object({
      ...named,
      sku: z.string().nullable(),
      on_hand: z.number(),
      stock_value: z.number(),
      last_sold_on: day.nullable(),
    }),
  ),
  /** Products out of stock that sell: what open orders wait for, and a month of sales at the average rate. */
  stock_outs: z.array(
    z.object({
      ...named,
      sku: z.string().nullable(),
      waiting_quantity: z.number(),
      waiting_value: z.number(),
      monthly_sales: z.number(),
    }),
  ),
});
export type InventoryPerformance = z.infer<typeof inventoryPerformanceOutput>;

export const salesPerformanceOutput = z.object({
  windows: biWindowsOutput,
  metrics: z.array(biMetric),
  trend: z.array(z.object({ label: z.string(), start_date: day, end_date: day, revenue: z.number() })),
  people: z.array(
    z.object({
      id: nullableId,
      name: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
      average: z.number(),
      change_percent: z.number().nullable(),
      collections: z.number(),
      new_buyers: z.number().int(),
      quotations: z.number().int(),
      quotations_ordered: z.number().int(),
      conversion_percent: z.number().nullable(),
      leads: z.number().int(),
      leads_converted: z.number().int(),
    }),
  ),
});
export type SalesPerformance = z.infer<typeof salesPerformanceOutput>;

// ---------------------------------------------------------------------------------------------
// Actionable insights

export const BI_ACTION_STATUSES = [
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'done', label: 'Done', color: 'green' },
  { value: 'dismissed', label: 'Dismissed', color: 'gray' },
] as const;
export type BiActionStatus = (typeof BI_ACTION_STATUSES)[number]['value'];

/** 'buyer.remind_overdue': the section's word, then the action's. */
export const BI_ACTION_KEY = /^[a-z]+\.[a-z_]{1,60}$/;
export const biActionKey = z.string().regex(BI_ACTION_KEY, 'Unknown action.');

const figure = z.object({ label: z.string(), value: z.number(), unit });

const actionLink = z.object({
  kind: z.literal('link'),
  label: z.string(),
  path: z.string(),
  /** Query parameters that prefill the page the link opens. */
  search: z.record(z.string(), z.string()),
});
const actionNotice = z.object({ kind: z.literal('notify'), label: z.string() });

export const biAction = z.object({
  key: biActionKey,
  severity: z.enum(['high', 'medium', 'low']),
  title: z.string(),
  detail: z.string(),
  figures: z.array(figure),
  /** The buyers, products or people behind the action, most important first. */
  subjects: z.array(
    z.object({ id: nullableId, name: z.string(), value: z.number(), unit, note: z.string() }),
  ),
  do: z.discriminatedUnion('kind', [actionLink, actionNotice]),
  status: z.enum(['open', 'done', 'dismissed']),
  marked_at: z.string().nullable(),
  marked_by: z.string().nullable(),
});
export type BiAction = z.infer<typeof biAction>;

export const insightsOutput = z.object({
  section: biSection,
  windows: biWindowsOutput,
  /** The month a done or dismissed mark holds for (India). */
  period: z.string(),
  actions: z.array(biAction),
});
export type BiInsights = z.infer<typeof insightsOutput>;

export const biActionMark = z.strictObject({
  status: z.enum(['done', 'dismissed', 'open'], { error: 'Status must be done, dismissed or open.' }),
});
export type BiActionMark = z.infer<typeof biActionMark>;

export const biActionKeyParams = z.object({
  companyId: idParam,
  key: biActionKey,
});

export const biActionMarkOutput = z.object({
  key: biActionKey,
  period: z.string(),
  status: z.enum(['open', 'done', 'dismissed']),
  message: z.string(),
});
