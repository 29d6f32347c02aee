import type {
  BiMetric,
  BiMovingRow,
  BusinessPerformance,
  BuyerPerformance,
  InventoryPerformance,
  ProductPerformance,
  SalesPerformance,
} from '@b2b/domain/api/business-intelligence';
import {
  BI_BASELINE_DAYS,
  BI_INTERVAL_DAYS,
  BI_MOVE_PERCENT,
  BI_TOP_ROWS,
  type BiWindows,
  biWindows,
  buyerStanding,
  changePercent,
  daysOfCover,
  daysSalesOutstanding,
  discountViewFlag,
  fellMoreThan,
  intervalAverage,
  inventoryViewFlag,
  movementOf,
  percentOf,
  reorderQuantity,
} from '@b2b/domain/business-intelligence';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import type { BiScope } from './business-intelligence.queries.ts';
import * as queries from './business-intelligence.queries.ts';

// The five sections of business intelligence (issue 25): each reads its sums in a few set-based
// queries (business-intelligence.queries.ts) and decides with the domain's rules. Reads only.

const BASELINE_BUCKETS = BI_BASELINE_DAYS / BI_INTERVAL_DAYS;
const rupees = (paise: number) => toRupees(Math.round(paise));
const round1 = (n: number) => Math.round(n * 10) / 10;

export function scopeOf(actor: Principal, today: string = todayInIndia()): BiScope {
  return { companyId: actor.companyId, branches: branchScope(actor), windows: biWindows(today) };
}

/** '05 May – 03 Jun': a bucket's label on the trend charts. */
const SHORT_DAY = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
const bucketsOf = (windows: BiWindows) =>
  windows.buckets.map((bucket, index) => ({
    back: windows.buckets.length - 1 - index,
    label: `${shortDay(bucket.start_date)} – ${shortDay(bucket.end_date)}`,
    ...bucket,
  }));

/** A sum in the last 30 days and its 30-day average over the 180 days before, by bucket (`back`). */
function recentAndAverage<T extends { back: number }>(rows: readonly T[], value: (row: T) => number) {
  let recent = 0;
  let baseline = 0;
  for (const row of rows) {
    if (row.back === 0) recent += value(row);
    else if (row.back <= BASELINE_BUCKETS) baseline += value(row);
  }
  return { recent, average: intervalAverage(baseline) };
}

function metric(
  key: string,
  label: string,
  unit: BiMetric['unit'],
  value: number | null,
  average: number | null,
  options: { better?: 'higher' | 'lower'; money?: boolean; hint?: string } = {},
): BiMetric {
  const shown = (n: number | null) => (n === null ? null : options.money ? rupees(n) : round1(n));
  return {
    key,
    label,
    unit,
    value: shown(value),
    average: shown(average),
    change_percent: value === null || average === null ? null : changePercent(value, average),
    better: options.better ?? 'higher',
    ...(options.hint ? { hint: options.hint } : {}),
  };
}

/** Rows moving against their average, in rupees. */
const movingRow = (row: {
  id: number;
  name: string;
  sku?: string | null;
  recent: number;
  baseline: number;
}): BiMovingRow => {
  const average = intervalAverage(row.baseline);
  return {
    id: row.id,
    name: row.name,
    ...(row.sku !== undefined ? { sku: row.sku } : {}),
    recent: rupees(row.recent),
    average: rupees(average),
    change_percent: changePercent(row.recent, average),
  };
};

// ---------------------------------------------------------------------------------------------
// Business performance

/** Gross profit and the Net Sales it is a margin of, by the profit and loss report's rule per product. */
function grossProfitByBucket(rows: readonly queries.ProductBucketSales[]) {
  const byBack = new Map<number, { profit: number; costed: number }>();
  for (const row of rows) {
    if (row.lines_without_cost > 0 || row.cost === null) continue;
    const sums = byBack.get(row.back) ?? { profit: 0, costed: 0 };
    sums.profit += row.net_sales - row.cost;
    sums.costed += row.net_sales;
    byBack.set(row.back, sums);
  }
  return byBack;
}

export async function businessPerformance(db: Executor, scope: BiScope): Promise<BusinessPerformance> {
  return (await businessFacts(db, scope)).output;
}

/** Business performance and the buyers' receivables it was worked out from (the insights use both). */
export async function businessFacts(db: Executor, scope: BiScope) {
  const [{ buckets: sales, products }, collections, receivables] = await Promise.all([
    queries.salesFacts(db, scope, { orders: true }),
    queries.collectionsByBucket(db, scope),
    queries.buyerReceivables(db, scope),
  ]);
  const profit = grossProfitByBucket(products);
  const profitRows = [...profit.entries()].map(([back, sums]) => ({ back, ...sums }));
  const revenue = recentAndAverage(sales, (r) => r.net_sales);
  const orders = recentAndAverage(sales, (r) => r.orders);
  const gross = recentAndAverage(sales, (r) => r.gross_sales);
  const returns = recentAndAverage(sales, (r) => r.returns);
  const withTax = recentAndAverage(sales, (r) => r.with_tax);
  const collected = recentAndAverage(collections, (r) => r.collections);
  const grossProfit = recentAndAverage(profitRows, (r) => r.profit);
  const costed = recentAndAverage(profitRows, (r) => r.costed);
  const amountDue = receivables.reduce((sum, r) => sum + r.amount_due, 0);
  const overdue = receivables.reduce((sum, r) => sum + r.overdue, 0);
  const marginOf = (p: number, c: number) => percentOf(p, c);
  const aov = (net: number, count: number) => (count > 0 ? net / count : null);
  const metrics: BiMetric[] = [
    metric('revenue', 'Revenue (Net Sales)', 'money', revenue.recent, revenue.average, { money: true }),
    metric(
      'gross_margin',
      'Gross Margin',
      'percent',
      marginOf(grossProfit.recent, costed.recent),
      marginOf(grossProfit.average, costed.average),
      { hint: 'Net Sales less the cost at sale, over the products whose every line carried a cost.' },
    ),
    metric('orders', 'Orders', 'count', orders.recent, orders.average),
    metric(
      'average_order_value',
      'Average Order Value',
      'money',
      aov(revenue.recent, orders.recent),
      aov(revenue.average, orders.average),
      { money: true },
    ),
    metric('collections', 'Collections', 'money', collected.recent, collected.average, { money: true }),
    metric(
      'days_sales_outstanding',
      'Days Sales Outstanding',
      'days',
      daysSalesOutstanding(amountDue, withTax.recent),
      daysSalesOutstanding(amountDue, withTax.average),
      {
        better: 'lower',
        hint: 'What buyers owe now against 30 days of sales with tax; the average uses the 180-day average month.',
      },
    ),
    metric(
      'returns_rate',
      'Returns Rate',
      'percent',
      percentOf(returns.recent, gross.recent),
      percentOf(returns.average, gross.average),
      { better: 'lower', hint: 'Credit notes against invoiced Net Sales.' },
    ),
  ];
  const trend = bucketsOf(scope.windows).map((bucket) => {
    const row = sales.find((r) => r.back === bucket.back);
    const p = profit.get(bucket.back);
    return {
      label: bucket.label,
      start_date: bucket.start_date,
      end_date: bucket.end_date,
      revenue: rupees(row?.net_sales ?? 0),
      gross_profit: p ? rupees(p.profit) : null,
      collections: rupees(
        collections.filter((c) => c.back === bucket.back).reduce((s, c) => s + c.collections, 0),
      ),
      orders: row?.orders ?? 0,
      returns: rupees(row?.returns ?? 0),
    };
  });
  const output: BusinessPerformance = {
    windows: scope.windows,
    metrics,
    trend,
    receivables: { amount_due: rupees(amountDue), overdue: rupees(overdue) },
  };
  return { output, receivables };
}

// ---------------------------------------------------------------------------------------------
// Buyer performance

export async function buyerPerformance(db: Executor, scope: BiScope): Promise<BuyerPerformance> {
  return (await buyerFacts(db, scope)).output;
}

/** Buyer performance and the buyers' receivables it was worked out from. */
export async function buyerFacts(db: Executor, scope: BiScope) {
  const [buyers, receivables] = await Promise.all([
    queries.buyerSales(db, scope),
    queries.buyerReceivables(db, scope),
  ]);
  const active = bucketsOf(scope.windows).map(({ back }) => ({
    back,
    buyers: buyers.filter((b) => (b.active_buckets & (1 << back)) !== 0).length,
  }));
  const recentStart = scope.windows.recent.start_date;
  const standing = buyers.map((b) => ({
    ...b,
    standing: buyerStanding({
      firstPurchase: b.first_purchase_date,
      boughtInRecent: b.bought_recent,
      boughtInBaseline: b.bought_baseline,
      recentStart,
    }),
  }));
  const count = (s: string) => standing.filter((b) => b.standing === s).length;
  const newByBack = new Map<number, number>();
  for (const b of buyers) {
    if (b.first_back !== null && b.first_back <= BASELINE_BUCKETS)
      newByBack.set(b.first_back, (newByBack.get(b.first_back) ?? 0) + 1);
  }
  const activeRows = active.map((r) => ({ back: r.back, buyers: r.buyers }));
  const activeAvg = recentAndAverage(activeRows, (r) => r.buyers);
  const newRows = [...newByBack.entries()].map(([back, n]) => ({ back, n }));
  const newAvg = recentAndAverage(newRows, (r) => r.n);
  const lapsedCount = count('lapsed');
  const metrics: BiMetric[] = [
    metric('active_buyers', 'Active Buyers', 'count', activeAvg.recent, activeAvg.average),
    metric('new_buyers', 'New Buyers', 'count', newAvg.recent, newAvg.average),
    metric('returning_buyers', 'Returning Buyers', 'count', count('returning'), null),
    metric('lapsed_buyers', 'Lapsed Buyers', 'count', lapsedCount, null, {
      better: 'lower',
      hint: 'Bought in the 180 days before but not in the last 30.',
    }),
  ];
  const belowAverage = buyers
    .filter((b) => b.baseline > 0 && fellMoreThan(b.recent, intervalAverage(b.baseline), BI_MOVE_PERCENT))
    .map((b) => ({ ...movingRow(b), shortfall: rupees(intervalAverage(b.baseline) - b.recent) }))
    .sort((a, b) => b.shortfall - a.shortfall || a.name.localeCompare(b.name));
  const lapsed = standing
    .filter((b) => b.standing === 'lapsed')
    .map((b) => ({
      id: b.id,
      name: b.name,
      phone: b.phone,
      last_purchase_date: b.last_purchase_date ?? b.first_purchase_date ?? scope.windows.baseline.start_date,
      average: rupees(intervalAverage(b.baseline)),
    }))
    .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name));
  const creditRisk = receivables
    .map((r) => ({
      id: r.id,
      name: r.name,
      amount_due: rupees(r.amount_due),
      overdue: rupees(r.overdue),
      newly_overdue: rupees(r.newly_overdue),
      credit_limit: r.credit_limit === null ? null : rupees(r.credit_limit),
      over_limit_by:
        r.credit_limit !== null && r.credit_limit > 0
          ? rupees(Math.max(0, r.amount_due - r.credit_limit))
          : 0,
    }))
    .filter((r) => r.over_limit_by > 0 || r.newly_overdue > 0)
    .sort(
      (a, b) => b.over_limit_by - a.over_limit_by || b.overdue - a.overdue || a.name.localeCompare(b.name),
    );
  const topBuyers = buyers
    .filter((b) => b.recent > 0)
    .sort((a, b) => b.recent - a.recent || a.name.localeCompare(b.name))
    .slice(0, BI_TOP_ROWS)
    .map(movingRow);
  const trend = bucketsOf(scope.windows).map((bucket) => ({
    label: bucket.label,
    start_date: bucket.start_date,
    end_date: bucket.end_date,
    active_buyers: active.find((r) => r.back === bucket.back)?.buyers ?? 0,
    new_buyers: newByBack.get(bucket.back) ?? 0,
  }));
  const output: BuyerPerformance = {
    windows: scope.windows,
    metrics,
    trend,
    below_average: belowAverage,
    lapsed,
    credit_risk: creditRisk,
    top_buyers: topBuyers,
  };
  return { output, receivables };
}

// ---------------------------------------------------------------------------------------------
// Product performance

export async function productPerformance(db: Executor, scope: BiScope): Promise<ProductPerformance> {
  const [{ buckets: sales, products: rows }, offers] = await Promise.all([
    queries.salesFacts(db, scope, { orders: false }),
    queries.offersOnProducts(db, scope.companyId, scope.windows.as_of),
  ]);
  const byProduct = new Map<
    number,
    { recent: number; baseline: number; recentCost: number | null; recentWithoutCost: number }
  >();
  for (const row of rows) {
    const p = byProduct.get(row.product_id) ?? {
      recent: 0,
      baseline: 0,
      recentCost: 0,
      recentWithoutCost: 0,
    };
    if (row.back === 0) {
      p.recent += row.net_sales;
      p.recentWithoutCost += row.lines_without_cost;
      p.recentCost = row.cost === null || p.recentCost === null ? null : p.recentCost + row.cost;
    } else p.baseline += row.net_sales;
    byProduct.set(row.product_id, p);
  }
  const names = await queries.productsByIds(db, scope.companyId, [...byProduct.keys()]);
  const all = [...byProduct.entries()].map(([id, p]) => ({
    id,
    name: names.get(id)?.name ?? `#${id}`,
    sku: names.get(id)?.sku ?? null,
    ...p,
    movement: movementOf(p.recent, p.baseline),
  }));
  const gap = (p: { recent: number; baseline: number }) => p.recent - intervalAverage(p.baseline);
  const rising = all
    .filter((p) => p.movement === 'rising')
    .sort((a, b) => gap(b) - gap(a))
    .slice(0, BI_TOP_ROWS)
    .map(movingRow);
  const fallingAll = all.filter((p) => p.movement === 'falling').sort((a, b) => gap(a) - gap(b));
  const falling = fallingAll.slice(0, BI_TOP_ROWS).map(movingRow);
  const offersByProduct = new Map<number, (typeof offers)[number]>();
  for (const offer of offers) {
    const seen = offersByProduct.get(offer.product_id);
    // An ended offer explains a fall better than a live one; the latest ended first.
    if (
      !seen ||
      (offer.state === 'ended' && (seen.state === 'live' || (offer.end_date ?? '') > (seen.end_date ?? '')))
    )
      offersByProduct.set(offer.product_id, offer);
  }
  const discountView = all
    .filter((p) => offersByProduct.has(p.id) && discountViewFlag(p.recent, p.baseline))
    .sort((a, b) => gap(a) - gap(b))
    .map((p) => {
      const offer = offersByProduct.get(p.id) as (typeof offers)[number];
      return {
        ...movingRow(p),
        offer_id: offer.offer_id,
        offer_title: offer.title,
        offer_state: offer.state,
        offer_end_date: offer.end_date,
      };
    });
  const margins = all
    .filter((p) => p.recent > 0 && p.recentCost !== null && p.recentWithoutCost === 0)
    .map((p) => {
      const profit = p.recent - (p.recentCost as number);
      return {
        id: p.id,
        name: p.name,
        net_sales: rupees(p.recent),
        profit: rupees(profit),
        margin: percentOf(profit, p.recent) ?? 0,
      };
    });
  const leaders = [...margins]
    .sort((a, b) => b.profit - a.profit || a.name.localeCompare(b.name))
    .slice(0, BI_TOP_ROWS);
  const laggards = [...margins]
    .sort((a, b) => a.margin - b.margin || a.name.localeCompare(b.name))
    .slice(0, BI_TOP_ROWS);
  // Products sold in each bucket: those with a quantity left after credit notes.
  const soldByBack = new Map<number, number>();
  for (const row of rows) if (row.quantity > 0) soldByBack.set(row.back, (soldByBack.get(row.back) ?? 0) + 1);
  const sold = recentAndAverage(
    [...soldByBack.entries()].map(([back, n]) => ({ back, n })),
    (r) => r.n,
  );
  const profit = grossProfitByBucket(rows);
  const profitRows = [...profit.entries()].map(([back, sums]) => ({ back, ...sums }));
  const grossProfit = recentAndAverage(profitRows, (r) => r.profit);
  const costed = recentAndAverage(profitRows, (r) => r.costed);
  const metrics: BiMetric[] = [
    metric('products_sold', 'Products Sold', 'count', sold.recent, sold.average),
    metric(
      'rising_products',
      'Rising Products',
      'count',
      all.filter((p) => p.movement === 'rising').length,
      null,
    ),
    metric('falling_products', 'Falling Products', 'count', fallingAll.length, null, { better: 'lower' }),
    metric(
      'gross_margin',
      'Gross Margin',
      'percent',
      percentOf(grossProfit.recent, costed.recent),
      percentOf(grossProfit.average, costed.average),
    ),
  ];
  const trend = bucketsOf(scope.windows).map((bucket) => {
    const row = sales.find((r) => r.back === bucket.back);
    return {
      label: bucket.label,
      start_date: bucket.start_date,
      end_date: bucket.end_date,
      revenue: rupees(row?.net_sales ?? 0),
      products_sold: soldByBack.get(bucket.back) ?? 0,
    };
  });
  return {
    windows: scope.windows,
    metrics,
    trend,
    rising,
    falling,
    discount_view: discountView,
    margin_leaders: leaders,
    margin_laggards: laggards,
  };
}

// ---------------------------------------------------------------------------------------------
// Inventory performance

const WINDOW_DAYS = BI_BASELINE_DAYS + BI_INTERVAL_DAYS;

export async function inventoryPerformance(db: Executor, scope: BiScope): Promise<InventoryPerformance> {
  const stock = await queries.productStock(db, scope);
  const outOfStock = stock.filter((p) => p.on_hand <= 0 && p.quantity > 0);
  const waiting = await queries.waitingOnOrders(
    db,
    scope,
    outOfStock.map((p) => p.id),
  );
  const stockValueOf = (p: (typeof stock)[number]) => Math.max(0, p.on_hand) * (p.cost ?? 0);
  const slow = stock
    .filter((p) => inventoryViewFlag(p.on_hand, p.recent_quantity, p.previous_quantity))
    .map((p) => {
      const average = intervalAverage(p.previous_sales, 60);
      return {
        id: p.id,
        name: p.name,
        sku: p.sku,
        recent: rupees(p.recent_sales),
        average: rupees(average),
        change_percent: changePercent(p.recent_quantity, intervalAverage(p.previous_quantity, 60)),
        on_hand: p.on_hand,
        stock_value: rupees(stockValueOf(p)),
        days_of_cover: daysOfCover(p.on_hand, p.quantity, WINDOW_DAYS),
      };
    })
    .sort((a, b) => b.stock_value - a.stock_value || a.name.localeCompare(b.name));
  const belowCover = stock
    .filter((p) => p.sold_lately)
    .map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      on_hand: p.on_hand,
      daily_quantity: Math.round((p.quantity / WINDOW_DAYS) * 1000) / 1000,
      days_of_cover: daysOfCover(p.on_hand, p.quantity, WINDOW_DAYS),
      reorder_quantity: reorderQuantity(p.on_hand, p.quantity, WINDOW_DAYS),
    }))
    .filter((p) => p.reorder_quantity > 0)
    .sort((a, b) => (a.days_of_cover ?? 0) - (b.days_of_cover ?? 0) || b.daily_quantity - a.daily_quantity);
  const dead = stock
    .filter((p) => p.on_hand > 0 && !p.sold_lately)
    .map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      on_hand: p.on_hand,
      stock_value: rupees(stockValueOf(p)),
      last_sold_on: p.last_sold_on,
    }))
    .sort((a, b) => b.stock_value - a.stock_value || a.name.localeCompare(b.name));
  const stockOuts = outOfStock
    .filter((p) => p.sold_lately)
    .map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      waiting_quantity: waiting.get(p.id)?.quantity ?? 0,
      waiting_value: rupees(waiting.get(p.id)?.value ?? 0),
      monthly_sales: rupees((p.net_sales * BI_INTERVAL_DAYS) / WINDOW_DAYS),
    }))
    .sort((a, b) => b.waiting_value + b.monthly_sales - (a.waiting_value + a.monthly_sales));
  const stockValue = stock.reduce((sum, p) => sum + stockValueOf(p), 0);
  const deadValue = stock
    .filter((p) => p.on_hand > 0 && !p.sold_lately)
    .reduce((s, p) => s + stockValueOf(p), 0);
  const monthlyCost =
    stock.reduce((s, p) => s + (p.cost ?? 0) * p.quantity, 0) / (WINDOW_DAYS / BI_INTERVAL_DAYS);
  const metrics: BiMetric[] = [
    metric('stock_value', 'Stock Value (at cost)', 'money', stockValue, null, { money: true }),
    metric(
      'days_of_cover',
      'Days of Cover',
      'days',
      monthlyCost > 0 ? (stockValue / monthlyCost) * BI_INTERVAL_DAYS : null,
      null,
      {
        hint: 'Stock at cost against the cost of a month of sales at the 210-day rate.',
      },
    ),
    metric('dead_stock_value', 'Dead Stock Value', 'money', deadValue, null, {
      money: true,
      better: 'lower',
      hint: 'Stock with no sale in 180 days, at cost.',
    }),
    metric('slow_movers', 'Sales Down > 60%', 'count', slow.length, null, { better: 'lower' }),
    metric('stock_outs', 'Stock-outs Losing Sales', 'count', stockOuts.length, null, { better: 'lower' }),
  ];
  return {
    windows: scope.windows,
    metrics,
    slow_movers: slow,
    below_cover: belowCover,
    dead_stock: dead,
    stock_outs: stockOuts,
  };
}

// ---------------------------------------------------------------------------------------------
// Sales team performance

export async function salesPerformance(db: Executor, scope: BiScope): Promise<SalesPerformance> {
  const [sales, activity, collections, buyers] = await Promise.all([
    queries.salesPersonSales(db, scope),
    queries.salesPersonActivity(db, scope),
    queries.collectionsByBucket(db, scope),
    queries.buyerSales(db, scope),
  ]);
  const key = (id: number | null) => (id === null ? 'none' : String(id));
  const people = new Map<string, { id: number | null; recent: number; baseline: number }>();
  const person = (id: number | null) => {
    const k = key(id);
    const found = people.get(k) ?? { id, recent: 0, baseline: 0 };
    people.set(k, found);
    return found;
  };
  for (const row of sales) {
    const p = person(row.sales_person_id);
    if (row.back === 0) p.recent += row.net_sales;
    else p.baseline += row.net_sales;
  }
  for (const row of activity) person(row.sales_person_id);
  const collected = new Map<string, number>();
  for (const row of collections) {
    if (row.back !== 0) continue;
    person(row.sales_person_id);
    collected.set(key(row.sales_person_id), (collected.get(key(row.sales_person_id)) ?? 0) + row.collections);
  }
  const newBuyers = new Map<string, number>();
  for (const b of buyers) {
    if (
      b.bought_recent &&
      b.first_purchase_date !== null &&
      b.first_purchase_date >= scope.windows.recent.start_date
    )
      newBuyers.set(key(b.sales_person_id), (newBuyers.get(key(b.sales_person_id)) ?? 0) + 1);
  }
  const ids = [...people.values()].flatMap((p) => (p.id === null ? [] : [p.id]));
  const names = await queries.userNames(db, scope.companyId, ids);
  const rows = [...people.values()].map((p) => {
    const a = activity.find((r) => key(r.sales_person_id) === key(p.id));
    const average = intervalAverage(p.baseline);
    return {
      id: p.id,
      name: p.id === null ? 'No Sales Person' : (names.get(p.id) ?? `#${p.id}`),
      orders: a?.orders ?? 0,
      revenue: rupees(p.recent),
      average: rupees(average),
      change_percent: changePercent(p.recent, average),
      collections: rupees(collected.get(key(p.id)) ?? 0),
      new_buyers: newBuyers.get(key(p.id)) ?? 0,
      quotations: a?.quotations ?? 0,
      quotations_ordered: a?.quotations_ordered ?? 0,
      conversion_percent: percentOf(a?.quotations_ordered ?? 0, a?.quotations ?? 0),
      leads: a?.leads ?? 0,
      leads_converted: a?.leads_converted ?? 0,
    };
  });
  rows.sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name));
  const revenue = recentAndAverage(sales, (r) => r.net_sales);
  const collectedAll = recentAndAverage(collections, (r) => r.collections);
  const quotations = rows.reduce((s, r) => s + r.quotations, 0);
  const ordered = rows.reduce((s, r) => s + r.quotations_ordered, 0);
  const metrics: BiMetric[] = [
    metric('revenue', 'Revenue (Net Sales)', 'money', revenue.recent, revenue.average, { money: true }),
    metric('collections', 'Collections', 'money', collectedAll.recent, collectedAll.average, { money: true }),
    metric(
      'orders',
      'Orders Placed',
      'count',
      rows.reduce((s, r) => s + r.orders, 0),
      null,
    ),
    metric('quotation_conversion', 'Quotations → Orders', 'percent', percentOf(ordered, quotations), null),
    metric(
      'leads_converted',
      'Leads Converted',
      'count',
      rows.reduce((s, r) => s + r.leads_converted, 0),
      null,
    ),
  ];
  const trend = bucketsOf(scope.windows).map((bucket) => ({
    label: bucket.label,
    start_date: bucket.start_date,
    end_date: bucket.end_date,
    revenue: rupees(sales.filter((r) => r.back === bucket.back).reduce((s, r) => s + r.net_sales, 0)),
  }));
  return { windows: scope.windows, metrics, trend, people: rows };
}

export const SECTION_READERS = {
  'business-performance': businessPerformance,
  'buyer-performance': buyerPerformance,
  'product-performance': productPerformance,
  'inventory-performance': inventoryPerformance,
  'sales-performance': salesPerformance,
} as const;
