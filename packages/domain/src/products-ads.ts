import { CsvSyntaxError, parseCsv } from './bulk-inventory.ts';
import { formatMoney } from './money.ts';
import { addDays, daysBetween, indianCalendarDay } from './validation.ts';

/**
 * Product ads (issue 25; spec 3's /products-ads screens and /ads-account-verifications): the rules
 * the server computes the figures with and the screens explain them by, written once.
 */

/** The ad platforms an account connects to by OAuth. */
export const AD_PLATFORMS = ['google_ads', 'meta'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];
/** The platforms a daily figure may come from: a CSV may bring any other as 'other'. */
export const AD_FACT_PLATFORMS = [...AD_PLATFORMS, 'other'] as const;
export type AdFactPlatform = (typeof AD_FACT_PLATFORMS)[number];

export const AD_PLATFORM_LABELS: Record<AdFactPlatform, string> = {
  google_ads: 'Google Ads',
  meta: 'Meta',
  other: 'Other',
};

export const AD_ACCOUNT_STATUSES = ['pending', 'connected', 'reconnect_needed', 'disconnected'] as const;
export type AdAccountStatus = (typeof AD_ACCOUNT_STATUSES)[number];
export const AD_ACCOUNT_STATUS_LABELS: Record<AdAccountStatus, string> = {
  pending: 'Waiting for authorization',
  connected: 'Connected',
  reconnect_needed: 'Reconnect needed',
  disconnected: 'Disconnected',
};

/** The spec's advertising conversion value: 500 INR a conversion when the platform gives none. */
export const AD_CONVERSION_VALUE_PAISE = 50_000;

/** Revenue at or below spend loses money on the ad alone: ROAS under 1 is a product to stop. */
export const STOP_BELOW_ROAS = 1;
/** Every rupee bringing three back or more: a product to push. */
export const PUSH_FROM_ROAS = 3;
/** Clicks without a single conversion after this many: the ad does not sell the product. */
export const STOP_AFTER_CLICKS_WITHOUT_ORDER = 50;
/** Our price above the competitors' by more than this (percent) is flagged. */
export const PRICE_TOLERANCE_PERCENT = 5;

export const PRODUCTS_ADS_MESSAGES = {
  not_configured: (platform: AdPlatform) =>
    `${AD_PLATFORM_LABELS[platform]} is not configured on this server`,
  account_id: (platform: AdPlatform) =>
    platform === 'google_ads'
      ? 'Enter the Google Ads customer ID: 10 digits, dashes allowed (123-456-7890).'
      : 'Enter the Meta ad account ID: its digits, with or without act_.',
  merchant_center_id: 'Enter the Merchant Center ID: its digits only, or leave it blank.',
  state_unknown: 'This authorization is unknown or has expired. Start connecting again.',
  authorization_refused: (platform: AdPlatform) =>
    `${AD_PLATFORM_LABELS[platform]} refused the authorization. Start connecting again.`,
  reconnect_needed: (platform: AdPlatform) =>
    `${AD_PLATFORM_LABELS[platform]} no longer accepts this connection (the authorization expired or was revoked). Reconnect the account.`,
  not_connected: 'This ad account is not connected.',
  account_not_found: 'Ad Account Not Found',
  disconnected: 'The ad account was disconnected. Figures already synced stay.',
  range: 'The end date must not be before the start date.',
  range_too_long: (days: number) => `Choose at most ${days} days.`,
  // CSV import
  file_required: 'Choose a CSV file of ad figures.',
  file_too_large: 'The file is larger than 16 MB. Split it into smaller files.',
  not_text: 'The file is not a CSV text file.',
  empty: 'The file has no rows of figures.',
  too_many_rows: 'The file has more than 100,000 rows. Split it into smaller files.',
  missing_column: (column: string) => `The column '${column}' is missing.`,
  required: 'This field is required.',
  date: 'Write the date as YYYY-MM-DD or DD-MM-YYYY.',
  future_date: 'The date is in the future.',
  too_old: 'The date is more than two years ago.',
  platform: 'Use google_ads, meta or other (blank is other).',
  sku_not_found: 'No product with this SKU.',
  amount: 'Enter an amount in rupees, at most 2 decimals, not negative.',
  count: 'Enter a whole number, not negative.',
  conversions: 'Enter a number of conversions, at most 2 decimals, not negative.',
  competitor_price: 'Enter the competitor price in rupees, more than 0.',
  clicks_over_impressions: 'Clicks cannot be more than impressions.',
  campaign_too_long: 'At most 200 characters.',
  repeated: 'This SKU already has a row for this date, platform and campaign.',
  impression_share:
    "Enter the search impression share as a percentage ('45.2%') or a fraction ('0.452'), more than 0 and at most 100%.",
  impression_share_unknown: 'Not given by the platform',
} as const;

/** What an ad conversion is worth: the platform's value, or the spec's 500 INR each without one. */
export function attributedRevenuePaise(conversions: number, conversionValuePaise: number | null): number {
  if (conversionValuePaise !== null) return conversionValuePaise;
  return Math.round(conversions * AD_CONVERSION_VALUE_PAISE);
}

export interface AdRatios {
  /** Revenue per rupee of spend (null without spend). */
  roas: number | null;
  /** Advertising cost of sales: spend as a percentage of revenue (null without revenue). */
  acos: number | null;
  /** Spend per conversion (null without conversions). */
  cost_per_order_paise: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function adRatios(figures: {
  spendPaise: number;
  revenuePaise: number;
  conversions: number;
}): AdRatios {
  const { spendPaise, revenuePaise, conversions } = figures;
  return {
    roas: spendPaise > 0 ? round2(revenuePaise / spendPaise) : null,
    acos: revenuePaise > 0 ? round2((spendPaise / revenuePaise) * 100) : null,
    cost_per_order_paise: conversions > 0 ? Math.round(spendPaise / conversions) : null,
  };
}

export const AD_VERDICTS = ['stop', 'push', 'watch', 'no_spend'] as const;
export type AdVerdict = (typeof AD_VERDICTS)[number];
export const AD_VERDICT_LABELS: Record<AdVerdict, string> = {
  stop: 'Stop',
  push: 'Push',
  watch: 'Watch',
  no_spend: 'No spend',
};
export const AD_VERDICT_COLORS: Record<AdVerdict, string> = {
  stop: 'red',
  push: 'green',
  watch: 'yellow',
  no_spend: 'gray',
};

const rupees = (paise: number) => formatMoney(paise / 100);

/**
 * What to do with a product's ads over a period, and the figures that say so: stop it when the
 * ads return less than they cost or bring clicks but no order; push it when each rupee brings
 * PUSH_FROM_ROAS or more; watch it in between.
 */
export function adVerdict(figures: {
  spendPaise: number;
  revenuePaise: number;
  clicks: number;
  conversions: number;
}): { verdict: AdVerdict; reason: string } {
  const { spendPaise, revenuePaise, clicks, conversions } = figures;
  if (spendPaise <= 0) return { verdict: 'no_spend', reason: 'No ad spend in this period.' };
  const roas = revenuePaise / spendPaise;
  if (conversions === 0 && clicks >= STOP_AFTER_CLICKS_WITHOUT_ORDER)
    return {
      verdict: 'stop',
      reason: `${clicks.toLocaleString('en-IN')} clicks and no order for ${rupees(spendPaise)} spent.`,
    };
  if (roas < STOP_BELOW_ROAS)
    return {
      verdict: 'stop',
      reason: `${rupees(spendPaise)} spent brought ${rupees(revenuePaise)}: each rupee returns ${formatMoney(round2(roas))}.`,
    };
  if (roas >= PUSH_FROM_ROAS)
    return {
      verdict: 'push',
      reason: `Each rupee returns ${formatMoney(round2(roas))}: raise the budget while it holds.`,
    };
  return {
    verdict: 'watch',
    reason: `Each rupee returns ${formatMoney(round2(roas))}: profitable only if the margin is above ${Math.round(100 / roas)}%.`,
  };
}

/**
 * A product's orders and revenue split into what the ads brought and the rest (organic). The ads'
 * figures are the platforms' own claims: they are capped at the actual sales, so organic is never
 * negative when a platform counts more than was sold.
 */
export function organicSplit(figures: {
  orders: number;
  revenuePaise: number;
  adOrders: number;
  adRevenuePaise: number;
}) {
  const orders = Math.max(0, figures.orders);
  const revenue = Math.max(0, figures.revenuePaise);
  const adOrders = Math.min(Math.max(0, figures.adOrders), orders);
  const adRevenue = Math.min(Math.max(0, figures.adRevenuePaise), revenue);
  return {
    ad_orders: round2(adOrders),
    ad_revenue_paise: adRevenue,
    organic_orders: round2(orders - adOrders),
    organic_revenue_paise: revenue - adRevenue,
    ad_share_percent: revenue > 0 ? round2((adRevenue / revenue) * 100) : null,
  };
}

export const PRICE_FLAGS = ['above', 'in_line', 'below'] as const;
export type PriceFlag = (typeof PRICE_FLAGS)[number];
export const PRICE_FLAG_LABELS: Record<PriceFlag, string> = {
  above: 'Above competitors',
  in_line: 'In line',
  below: 'Below competitors',
};

/** Our price against the competitors': above when higher by more than PRICE_TOLERANCE_PERCENT. */
export function priceCompetitiveness(ourPaise: number, competitorPaise: number) {
  const difference = round2(((ourPaise - competitorPaise) / competitorPaise) * 100);
  const flag: PriceFlag =
    difference > PRICE_TOLERANCE_PERCENT
      ? 'above'
      : difference < -PRICE_TOLERANCE_PERCENT
        ? 'below'
        : 'in_line';
  return { difference_percent: difference, flag };
}

// ---------------------------------------------------------------------------------------------
// Search impression share: the impressions received over the impressions the ads were eligible for.

/**
 * Google reports a search impression share under 10% as 0.0999 (and the UI as '< 10%'): such a
 * share is kept as 0.0999, which makes the eligible impressions a lower bound.
 */
export const IMPRESSION_SHARE_FLOOR = 0.0999;

/**
 * The impressions a campaign was eligible for on a day, from its impressions and its share. Kept
 * instead of the share itself: a share of a longer period is sum(impressions) / sum(eligible), which
 * weighs each day by its size, never an average of the daily shares.
 */
export function eligibleImpressions(impressions: number, share: number): number | null {
  if (!(share > 0 && share <= 1) || !(impressions > 0)) return null;
  return Math.max(impressions, Math.round(impressions / share));
}

/** The share of a period as a percentage (2 decimals); null when the platform gave none. */
export function impressionSharePercent(impressions: number, eligible: number): number | null {
  if (!(eligible > 0)) return null;
  return round2((Math.min(impressions, eligible) / eligible) * 100);
}

/**
 * A share as people and platform exports write it: '45.2%', '0.452', '45.2' (a number above 1 is a
 * percentage), Google's '< 10%' (IMPRESSION_SHARE_FLOOR) and '> 90%'. A fraction in (0, 1], or
 * undefined for a blank or '--' (not given), or null when it is no share.
 */
export function readImpressionShare(text: string): number | null | undefined {
  const s = text.trim().replace(/\s+/g, '');
  if (s === '' || s === '--' || s === '—') return undefined;
  if (/^<10(\.0+)?%$/.test(s)) return IMPRESSION_SHARE_FLOOR;
  if (/^>90(\.0+)?%$/.test(s)) return 0.9;
  const match = /^(\d{1,3}(?:\.\d{1,6})?)(%?)$/.exec(s);
  if (!match) return null;
  const n = Number(match[1]);
  const share = match[2] === '%' || n > 1 ? n / 100 : n;
  return share > 0 && share <= 1 ? share : null;
}

// ---------------------------------------------------------------------------------------------
// Reading a period from the monthly rollup.

/** A period of days, both ends included ('YYYY-MM-DD'). */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * A period split into the whole calendar months inside it (read from the monthly rollup; `months`
 * holds the first days of the first and last whole month, or null when there is none) and the
 * days at its edges that make up the rest (read day by day).
 */
export interface PeriodByMonths {
  months: DayRange | null;
  edges: DayRange[];
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

function nextMonth(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

const previousDay = (day: string) => addDays(day, -1);

export function splitByMonths(period: DayRange): PeriodByMonths {
  if (period.start > period.end) return { months: null, edges: [] };
  const firstWhole = period.start.endsWith('-01') ? period.start : nextMonth(monthOf(period.start));
  const afterLastWhole = nextMonth(monthOf(period.end));
  const lastWholeEnd =
    period.end === previousDay(afterLastWhole) ? period.end : previousDay(monthOf(period.end));
  if (firstWhole > lastWholeEnd) return { months: null, edges: [period] };
  const edges: DayRange[] = [];
  if (period.start < firstWhole) edges.push({ start: period.start, end: previousDay(firstWhole) });
  if (lastWholeEnd < period.end) edges.push({ start: nextMonth(monthOf(lastWholeEnd)), end: period.end });
  return { months: { start: firstWhole, end: monthOf(lastWholeEnd) }, edges };
}

// ---------------------------------------------------------------------------------------------
// The CSV of daily ad figures, for those who do not connect an account.

export const AD_FIGURES_MAX_BYTES = 16 * 1024 * 1024;
export const AD_FIGURES_MAX_ROWS = 100_000;
/** How far back a figure may go: two years (the reports' longest window). */
export const AD_FIGURES_MAX_AGE_DAYS = 731;

export const AD_FIGURE_COLUMNS = [
  'date',
  'platform',
  'campaign',
  'sku',
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'conversion_value',
  'competitor_price',
  'search_impression_share',
] as const;
export type AdFigureColumn = (typeof AD_FIGURE_COLUMNS)[number];
export const AD_FIGURE_REQUIRED: readonly AdFigureColumn[] = ['date', 'sku', 'spend'];

/** Other names the platforms' own exports give these columns. */
const ALIASES: Record<string, AdFigureColumn> = {
  day: 'date',
  source: 'platform',
  campaign_name: 'campaign',
  offer_id: 'sku',
  item_id: 'sku',
  product_id: 'sku',
  cost: 'spend',
  amount_spent: 'spend',
  amount_spent_inr: 'spend',
  impr: 'impressions',
  purchases: 'conversions',
  conversions_value: 'conversion_value',
  conv_value: 'conversion_value',
  purchases_conversion_value: 'conversion_value',
  revenue: 'conversion_value',
  benchmark_price: 'competitor_price',
  // Google Ads' own export: 'Search impr. share'.
  search_impr_share: 'search_impression_share',
  impression_share: 'search_impression_share',
  impr_share: 'search_impression_share',
};

const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[().₹]/g, '')
    .trim()
    .replace(/[\s-]+/g, '_');

export function adFigureColumnOf(header: string): AdFigureColumn | undefined {
  const key = headerKey(header);
  if ((AD_FIGURE_COLUMNS as readonly string[]).includes(key)) return key as AdFigureColumn;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

const PLATFORM_WORDS = new Map<string, AdFactPlatform>(
  Object.entries({
    '': 'other',
    google: 'google_ads',
    'google ads': 'google_ads',
    adwords: 'google_ads',
    meta: 'meta',
    facebook: 'meta',
    instagram: 'meta',
    'meta ads': 'meta',
    other: 'other',
  }) as [string, AdFactPlatform][],
);

export interface AdFigureRow {
  row: number;
  date: string;
  platform: AdFactPlatform;
  campaign: string;
  product_id: number;
  spend_paise: number;
  impressions: number;
  clicks: number;
  conversions: number;
  /** null: the file gives no value (the spec's 500 INR a conversion then). */
  conversion_value_paise: number | null;
  competitor_price_paise: number | null;
  /** The campaign's search impression share that day (0-1]; null: not given. */
  search_impression_share: number | null;
}

export interface AdFigureError {
  row: number;
  column: string;
  message: string;
}

/** A day written YYYY-MM-DD, or the Indian DD-MM-YYYY / DD/MM/YYYY; null when it is no real day. */
export function readDay(text: string): string | null {
  const s = text.trim();
  let day: string | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const indian = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (iso) day = `${iso[1]}-${iso[2]?.padStart(2, '0')}-${iso[3]?.padStart(2, '0')}`;
  else if (indian) day = `${indian[3]}-${indian[2]?.padStart(2, '0')}-${indian[1]?.padStart(2, '0')}`;
  if (!day) return null;
  return indianCalendarDay(`${day}T12:00:00Z`) === day ? day : null;
}

/** Rupees as people write them ('₹1,234.50', '1234.5'): paise, or null when it is no amount. */
export function readRupees(text: string): number | null {
  const s = text
    .trim()
    .replace(/^₹\s*/, '')
    .replace(/^rs\.?\s*/i, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const paise = Math.round(Number(s) * 100);
  return Number.isSafeInteger(paise) ? paise : null;
}

const readCount = (text: string) => {
  const s = text.trim().replace(/,/g, '');
  return /^\d{1,15}$/.test(s) ? Number(s) : null;
};

/**
 * Reads a CSV of daily ad figures and checks every row against the company's SKUs; returns the
 * good rows and every error (row as the spreadsheet numbers it, column as the file names it), so
 * the dry run shows them all at once. The columns are found by name (AD_FIGURE_COLUMNS or a
 * platform export's alias); date, sku and spend are required, the rest default to 0 or blank.
 */
export function readAdFiguresFile(
  text: string,
  options: { productIdBySku: ReadonlyMap<string, number>; today: string },
): { headers: string[]; rows: AdFigureRow[]; errors: AdFigureError[]; total: number } {
  const M = PRODUCTS_ADS_MESSAGES;
  let records: { row: number; fields: string[] }[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return {
        headers: [],
        rows: [],
        errors: [{ row: error.row, column: '', message: error.message }],
        total: 0,
      };
    throw error;
  }
  const [header, ...withBlanks] = records;
  const data = withBlanks.filter((record) => record.fields.some((f) => f.trim() !== ''));
  const headers = header ? header.fields.map((h) => h.trim()) : [];
  if (!header || data.length === 0)
    return { headers, rows: [], errors: [{ row: 0, column: '', message: M.empty }], total: data.length };
  if (data.length > AD_FIGURES_MAX_ROWS)
    return {
      headers,
      rows: [],
      errors: [{ row: 0, column: '', message: M.too_many_rows }],
      total: data.length,
    };

  const index = new Map<AdFigureColumn, number>();
  headers.forEach((h, at) => {
    const column = adFigureColumnOf(h);
    if (column && !index.has(column)) index.set(column, at);
  });
  const missing = AD_FIGURE_REQUIRED.filter((column) => !index.has(column));
  if (missing.length > 0)
    return {
      headers,
      rows: [],
      errors: missing.map((column) => ({ row: header.row, column, message: M.missing_column(column) })),
      total: data.length,
    };

  const nameOf = (column: AdFigureColumn) => headers[index.get(column) as number] ?? column;
  const errors: AdFigureError[] = [];
  const rows: AdFigureRow[] = [];
  const seen = new Set<string>();
  for (const { row, fields } of data) {
    const before = errors.length;
    const cell = (column: AdFigureColumn) => {
      const at = index.get(column);
      return at === undefined ? '' : (fields[at] ?? '').trim();
    };
    const fail = (column: AdFigureColumn, message: string) =>
      errors.push({ row, column: index.has(column) ? nameOf(column) : column, message });

    const rawDate = cell('date');
    const date = rawDate === '' ? null : readDay(rawDate);
    if (rawDate === '') fail('date', M.required);
    else if (date === null) fail('date', M.date);
    else if (date > options.today) fail('date', M.future_date);
    else if (daysBetween(date, options.today) > AD_FIGURES_MAX_AGE_DAYS) fail('date', M.too_old);

    const platform = PLATFORM_WORDS.get(
      cell('platform')
        .toLowerCase()
        .replace(/[_\s]+/g, ' '),
    );
    if (platform === undefined) fail('platform', M.platform);

    const campaign = cell('campaign').replace(/\s+/g, ' ');
    if (campaign.length > 200) fail('campaign', M.campaign_too_long);

    const sku = cell('sku');
    const productId = sku === '' ? undefined : options.productIdBySku.get(sku.toLowerCase());
    if (sku === '') fail('sku', M.required);
    else if (productId === undefined) fail('sku', M.sku_not_found);

    const rawSpend = cell('spend');
    const spend = rawSpend === '' ? null : readRupees(rawSpend);
    if (rawSpend === '') fail('spend', M.required);
    else if (spend === null) fail('spend', M.amount);

    const count = (column: 'impressions' | 'clicks') => {
      const raw = cell(column);
      if (raw === '') return 0;
      const value = readCount(raw);
      if (value === null) fail(column, M.count);
      return value ?? 0;
    };
    const impressions = count('impressions');
    const clicks = count('clicks');
    if (impressions > 0 && clicks > impressions) fail('clicks', M.clicks_over_impressions);

    const rawConversions = cell('conversions').replace(/,/g, '');
    let conversions = 0;
    if (rawConversions !== '') {
      if (/^\d{1,12}(\.\d{1,2})?$/.test(rawConversions)) conversions = Number(rawConversions);
      else fail('conversions', M.conversions);
    }

    const rawValue = cell('conversion_value');
    const value = rawValue === '' ? null : readRupees(rawValue);
    if (rawValue !== '' && value === null) fail('conversion_value', M.amount);

    const rawCompetitor = cell('competitor_price');
    const competitor = rawCompetitor === '' ? null : readRupees(rawCompetitor);
    if (rawCompetitor !== '' && (competitor === null || competitor <= 0))
      fail('competitor_price', M.competitor_price);

    const share = readImpressionShare(cell('search_impression_share'));
    if (share === null) fail('search_impression_share', M.impression_share);

    if (errors.length > before || date === null || productId === undefined || platform === undefined)
      continue;
    const key = `${platform}|${date}|${campaign.toLowerCase()}|${productId}`;
    if (seen.has(key)) {
      fail('sku', M.repeated);
      continue;
    }
    seen.add(key);
    rows.push({
      row,
      date,
      platform,
      campaign,
      product_id: productId,
      spend_paise: spend ?? 0,
      impressions,
      clicks,
      conversions,
      conversion_value_paise: value,
      competitor_price_paise: competitor,
      search_impression_share: share ?? null,
    });
  }
  return { headers, rows, errors, total: data.length };
}
