import type {
  AdsPeriodQuery,
  CompetitivenessOutput,
  OrganicStatOutput,
  SpendRevenueOutput,
} from '@b2b/domain/api/products-ads';
import {
  AD_CONVERSION_VALUE_PAISE,
  adRatios,
  adVerdict,
  impressionSharePercent,
  PRODUCTS_ADS_MESSAGES as M,
  organicSplit,
  PRICE_TOLERANCE_PERCENT,
  priceCompetitiveness,
} from '@b2b/domain/products-ads';
import { addDays, daysBetween, todayInIndia } from '@b2b/domain/validation';
import { validationError } from '../../core/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './products-ads.queries.ts';

/** The longest period a screen reads: two years of days. */
export const PERIOD_MAX_DAYS = 731;
const DEFAULT_DAYS = 30;

const rupees = (paise: number) => Math.round(Number(paise)) / 100;

/** The screen's period: both ends included, India's days; the last 30 days when not given. */
export function periodOf(query: AdsPeriodQuery): queries.Period {
  const end =
    query.end_date ?? (query.start_date ? addDays(query.start_date, DEFAULT_DAYS - 1) : todayInIndia());
  const start = query.start_date ?? addDays(end, -(DEFAULT_DAYS - 1));
  if (daysBetween(start, end) + 1 > PERIOD_MAX_DAYS)
    throw validationError('start_date', M.range_too_long(PERIOD_MAX_DAYS));
  return { start, end, ...(query.platform && { platform: query.platform }) };
}

interface Sums {
  spend_paise: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenue_paise: number;
}

function figures(sums: Sums) {
  const spend = Number(sums.spend_paise);
  const revenue = Number(sums.revenue_paise);
  const conversions = Math.round(Number(sums.conversions) * 100) / 100;
  const ratios = adRatios({ spendPaise: spend, revenuePaise: revenue, conversions });
  return {
    spend: rupees(spend),
    impressions: Number(sums.impressions),
    clicks: Number(sums.clicks),
    conversions,
    revenue: rupees(revenue),
    roas: ratios.roas,
    acos: ratios.acos,
    cost_per_order: ratios.cost_per_order_paise === null ? null : rupees(ratios.cost_per_order_paise),
  };
}

const ZERO: Sums = { spend_paise: 0, impressions: 0, clicks: 0, conversions: 0, revenue_paise: 0 };

const add = (a: Sums, b: Sums): Sums => ({
  spend_paise: Number(a.spend_paise) + Number(b.spend_paise),
  impressions: Number(a.impressions) + Number(b.impressions),
  clicks: Number(a.clicks) + Number(b.clicks),
  conversions: Number(a.conversions) + Number(b.conversions),
  revenue_paise: Number(a.revenue_paise) + Number(b.revenue_paise),
});

/** /products-ads (Spend and Revenue): totals, a point per day, and each product with what to do about it. */
export async function spendAndRevenue(
  db: Executor,
  companyId: number,
  query: AdsPeriodQuery,
): Promise<SpendRevenueOutput> {
  const period = periodOf(query);
  const [products, days, campaigns] = await Promise.all([
    queries.factsByProduct(db, companyId, period, AD_CONVERSION_VALUE_PAISE),
    queries.factsByDay(db, companyId, period, AD_CONVERSION_VALUE_PAISE),
    queries.factsByCampaign(db, companyId, period, AD_CONVERSION_VALUE_PAISE),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series: SpendRevenueOutput['by_day'] = [];
  for (let day = period.start; day <= period.end; day = addDays(day, 1)) {
    const point = byDay.get(day);
    series.push({
      date: day,
      spend: rupees(point?.spend_paise ?? 0),
      revenue: rupees(point?.revenue_paise ?? 0),
    });
  }
  const verdicts = { stop: 0, push: 0, watch: 0 };
  const productRows = products.map((row) => {
    const judged = adVerdict({
      spendPaise: Number(row.spend_paise),
      revenuePaise: Number(row.revenue_paise),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
    });
    if (judged.verdict !== 'no_spend') verdicts[judged.verdict] += 1;
    return {
      product: { id: row.product_id, name: row.name, sku: row.sku },
      ...figures(row),
      ...judged,
    };
  });
  return {
    start_date: period.start,
    end_date: period.end,
    conversion_value: rupees(AD_CONVERSION_VALUE_PAISE),
    totals: figures(products.reduce<Sums>(add, ZERO)),
    by_day: series,
    products: productRows,
    campaigns: campaigns.map((row) => ({ platform: row.platform, campaign: row.campaign, ...figures(row) })),
    verdicts,
  };
}

/**
 * /products-ads/organic-non-organic-stat: each product's actual orders and revenue (sales_lines)
 * split into what the ads claim and the rest. A product advertised but not sold shows its spend
 * against nothing; a product sold without ads is all organic.
 */
export async function organicStat(
  db: Executor,
  companyId: number,
  query: AdsPeriodQuery,
): Promise<OrganicStatOutput> {
  const period = periodOf(query);
  const [sales, ads] = await Promise.all([
    queries.salesByProduct(db, companyId, period),
    queries.factsByProduct(db, companyId, period, AD_CONVERSION_VALUE_PAISE),
  ]);
  const rows = new Map<
    number,
    {
      name: string;
      sku: string | null;
      orders: number;
      revenue: number;
      adOrders: number;
      adRevenue: number;
      spend: number;
    }
  >();
  for (const s of sales)
    rows.set(s.product_id, {
      name: s.name,
      sku: s.sku,
      orders: Number(s.orders),
      revenue: Number(s.revenue_paise),
      adOrders: 0,
      adRevenue: 0,
      spend: 0,
    });
  for (const a of ads) {
    const row = rows.get(a.product_id) ?? {
      name: a.name,
      sku: a.sku,
      orders: 0,
      revenue: 0,
      adOrders: 0,
      adRevenue: 0,
      spend: 0,
    };
    row.adOrders = Number(a.conversions);
    row.adRevenue = Number(a.revenue_paise);
    row.spend = Number(a.spend_paise);
    rows.set(a.product_id, row);
  }
  const total = { orders: 0, revenue: 0, adOrders: 0, adRevenue: 0, organicOrders: 0, spend: 0 };
  const products = [...rows.entries()].map(([id, r]) => {
    const split = organicSplit({
      orders: r.orders,
      revenuePaise: r.revenue,
      adOrders: r.adOrders,
      adRevenuePaise: r.adRevenue,
    });
    total.orders += r.orders;
    total.revenue += r.revenue;
    total.adOrders += split.ad_orders;
    total.adRevenue += split.ad_revenue_paise;
    total.organicOrders += split.organic_orders;
    total.spend += r.spend;
    return {
      product: { id, name: r.name, sku: r.sku },
      orders: r.orders,
      revenue: rupees(r.revenue),
      ad_orders: split.ad_orders,
      ad_revenue: rupees(split.ad_revenue_paise),
      organic_orders: split.organic_orders,
      organic_revenue: rupees(split.organic_revenue_paise),
      ad_share_percent: split.ad_share_percent,
      spend: rupees(r.spend),
    };
  });
  products.sort((a, b) => b.revenue - a.revenue || b.spend - a.spend || a.product.id - b.product.id);
  return {
    start_date: period.start,
    end_date: period.end,
    totals: {
      orders: total.orders,
      revenue: rupees(total.revenue),
      ad_orders: Math.round(total.adOrders * 100) / 100,
      ad_revenue: rupees(total.adRevenue),
      organic_orders: Math.round(total.organicOrders * 100) / 100,
      organic_revenue: rupees(total.revenue - total.adRevenue),
      ad_share_percent:
        total.revenue > 0 ? Math.round((total.adRevenue / total.revenue) * 10000) / 100 : null,
      spend: rupees(total.spend),
    },
    products,
  };
}

/**
 * /products-ads/competitiveness-overall: the selling price against the latest competitor price,
 * overpriced first, with the search impression share of the period where a platform gives it: each
 * product's over the campaigns and days it was advertised, and the account's over every campaign-day
 * with a share, both sum(impressions) / sum(eligible impressions).
 */
export async function competitiveness(
  db: Executor,
  companyId: number,
  query: AdsPeriodQuery = {},
): Promise<CompetitivenessOutput> {
  const period = periodOf(query);
  const [rows, shares, account] = await Promise.all([
    queries.competitorPrices(db, companyId, addDays(todayInIndia(), -(DEFAULT_DAYS - 1))),
    queries.sharesByProduct(db, companyId, period),
    queries.accountShare(db, companyId, period),
  ]);
  const shareOf = new Map(
    shares.map((s) => [
      s.product_id,
      impressionSharePercent(Number(s.impressions), Number(s.eligible_impressions)),
    ]),
  );
  const products = rows.map((row) => {
    const compared = priceCompetitiveness(
      Number(row.selling_price_paise),
      Number(row.competitor_price_paise),
    );
    return {
      product: { id: row.product_id, name: row.name, sku: row.sku },
      our_price: rupees(row.selling_price_paise),
      competitor_price: rupees(row.competitor_price_paise),
      ...compared,
      source: row.source,
      observed_on: row.day,
      spend_30_days: rupees(Number(row.spend_paise ?? 0)),
      impression_share_percent: shareOf.get(Number(row.product_id)) ?? null,
    };
  });
  products.sort((a, b) => b.difference_percent - a.difference_percent || a.product.id - b.product.id);
  return {
    start_date: period.start,
    end_date: period.end,
    tolerance_percent: PRICE_TOLERANCE_PERCENT,
    above_count: products.filter((p) => p.flag === 'above').length,
    impression_share_percent: impressionSharePercent(
      Number(account.impressions),
      Number(account.eligible_impressions),
    ),
    products,
  };
}
