import { addDays } from './validation.ts';

/**
 * Business intelligence (issue 25; spec 3 §9): the windows every section compares and the rules
 * that turn figures into flags. Pure: the server's SQL sums the windows, these functions decide.
 *
 * - The last 30 days (today included, India's calendar) against the 180-day average: the 180 days
 *   before them, read as six 30-day buckets (the spec's 'interval 30') and averaged per bucket, so
 *   both sides measure 30 days. The trend charts draw the seven buckets.
 * - The discount view flags a product whose last 30 days fell more than 30% below its average.
 * - The inventory view flags a product with stock whose last 30 days fell more than 60% below its
 *   average over the 60 days before them (two buckets).
 */

export const BI_INTERVAL_DAYS = 30;
export const BI_BASELINE_DAYS = 180;
/** The discount view's threshold: sales down more than this percentage. */
export const BI_DISCOUNT_DROP_PERCENT = 30;
/** The inventory view: sales down more than this percentage against the last 60 days. */
export const BI_INVENTORY_DROP_PERCENT = 60;
export const BI_INVENTORY_BASELINE_DAYS = 60;
/** A product or buyer rises or falls when it moves more than this percentage from its average. */
export const BI_MOVE_PERCENT = 20;
/** Stock that lasts fewer days than this at the average rate of sale is to be reordered... */
export const BI_REORDER_COVER_DAYS = 15;
/** ...up to this many days of cover. */
export const BI_TARGET_COVER_DAYS = 45;
/** Stock not sold for this many days is dead stock. */
export const BI_DEAD_STOCK_DAYS = 180;
/** Rows of each ranked table. */
export const BI_TOP_ROWS = 10;

export interface DayWindow {
  start_date: string;
  end_date: string;
}

export interface BiWindows {
  /** India's calendar day the figures are seen from. */
  as_of: string;
  /** The last 30 days, today included. */
  recent: DayWindow;
  /** The 180 days before the recent window. */
  baseline: DayWindow;
  /** The 60 days before the recent window (the inventory view's comparison). */
  inventory_baseline: DayWindow;
  /** The seven 30-day buckets, oldest first; the last one is the recent window. */
  buckets: DayWindow[];
}

/** The windows of a BI page seen on `today` (India's calendar day, YYYY-MM-DD). */
export function biWindows(today: string): BiWindows {
  const bucketCount = BI_BASELINE_DAYS / BI_INTERVAL_DAYS + 1;
  const buckets: DayWindow[] = [];
  for (let back = bucketCount - 1; back >= 0; back--) {
    const end = addDays(today, -back * BI_INTERVAL_DAYS);
    buckets.push({ start_date: addDays(end, -(BI_INTERVAL_DAYS - 1)), end_date: end });
  }
  const recent = buckets[buckets.length - 1] as DayWindow;
  const beforeRecent = addDays(recent.start_date, -1);
  return {
    as_of: today,
    recent,
    baseline: { start_date: (buckets[0] as DayWindow).start_date, end_date: beforeRecent },
    inventory_baseline: {
      start_date: addDays(recent.start_date, -BI_INVENTORY_BASELINE_DAYS),
      end_date: beforeRecent,
    },
    buckets,
  };
}

/** The 30-day average of a sum over `days` days (the baseline's 180 or the inventory's 60). */
export const intervalAverage = (sum: number, days: number = BI_BASELINE_DAYS): number =>
  (sum * BI_INTERVAL_DAYS) / days;

/** The change from the average in percent, one decimal; null when there is no average to compare with. */
export function changePercent(current: number, average: number): number | null {
  if (average === 0 || !Number.isFinite(average)) return null;
  return Math.round(((current - average) / Math.abs(average)) * 1000) / 10;
}

/** Whether `current` fell more than `percent`% below a positive `average`. */
export const fellMoreThan = (current: number, average: number, percent: number): boolean =>
  average > 0 && current < average * (1 - percent / 100);

/** Whether `current` rose more than `percent`% above a positive `average`. */
export const roseMoreThan = (current: number, average: number, percent: number): boolean =>
  average > 0 && current > average * (1 + percent / 100);

/** The discount view's flag: sales down more than 30% against the 180-day average. */
export const discountViewFlag = (recent: number, baselineSum: number): boolean =>
  fellMoreThan(recent, intervalAverage(baselineSum), BI_DISCOUNT_DROP_PERCENT);

/**
 * The inventory view's flag: a product with stock whose last 30 days sold more than 60% less than
 * its 30-day average over the 60 days before.
 */
export const inventoryViewFlag = (onHand: number, recent: number, previous60Sum: number): boolean =>
  onHand > 0 &&
  fellMoreThan(recent, intervalAverage(previous60Sum, BI_INVENTORY_BASELINE_DAYS), BI_INVENTORY_DROP_PERCENT);

export type Movement = 'rising' | 'falling' | 'steady' | 'new';

/** A product's or buyer's movement against its 180-day average (`new`: nothing before the window). */
export function movementOf(recent: number, baselineSum: number): Movement {
  const average = intervalAverage(baselineSum);
  if (average <= 0) return recent > 0 ? 'new' : 'steady';
  if (roseMoreThan(recent, average, BI_MOVE_PERCENT)) return 'rising';
  if (fellMoreThan(recent, average, BI_MOVE_PERCENT)) return 'falling';
  return 'steady';
}

export type BuyerStanding = 'new' | 'returning' | 'lapsed' | 'inactive';

/**
 * A buyer by its purchases: new (its first purchase in the last 30 days), returning (bought in the
 * last 30 days and before), lapsed (bought in the 180 days before but not in the last 30).
 * Active buyers are the new and the returning ones.
 */
export function buyerStanding(facts: {
  firstPurchase: string | null;
  boughtInRecent: boolean;
  boughtInBaseline: boolean;
  recentStart: string;
}): BuyerStanding {
  if (facts.boughtInRecent) {
    return facts.firstPurchase !== null && facts.firstPurchase >= facts.recentStart ? 'new' : 'returning';
  }
  return facts.boughtInBaseline ? 'lapsed' : 'inactive';
}

/** Days the stock lasts at the average daily rate of sale; null when it does not sell. */
export function daysOfCover(
  onHand: number,
  soldQuantity: number,
  days: number = BI_BASELINE_DAYS + BI_INTERVAL_DAYS,
): number | null {
  const daily = soldQuantity / days;
  if (daily <= 0) return null;
  return Math.round((Math.max(0, onHand) / daily) * 10) / 10;
}

/** What to reorder to reach the target cover (whole units), or 0 when the cover is enough. */
export function reorderQuantity(
  onHand: number,
  soldQuantity: number,
  days: number = BI_BASELINE_DAYS + BI_INTERVAL_DAYS,
): number {
  const daily = soldQuantity / days;
  if (daily <= 0) return 0;
  const cover = Math.max(0, onHand) / daily;
  if (cover >= BI_REORDER_COVER_DAYS) return 0;
  return Math.ceil(daily * BI_TARGET_COVER_DAYS - Math.max(0, onHand));
}

/**
 * Days sales outstanding: what buyers owe now against the last 30 days' sales (tax included), in
 * days. Null without sales.
 */
export function daysSalesOutstanding(receivablePaise: number, salesWithTaxPaise: number): number | null {
  if (salesWithTaxPaise <= 0) return null;
  return Math.round((Math.max(0, receivablePaise) / salesWithTaxPaise) * BI_INTERVAL_DAYS * 10) / 10;
}

/** A ratio in percent, two decimals; null without a denominator. */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10000) / 100;

/** The period an action's done or dismissed mark holds for: India's calendar month ('2026-11'). */
export const actionPeriodOf = (today: string): string => today.slice(0, 7);
