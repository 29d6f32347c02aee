import { z } from 'zod';
import {
  AD_ACCOUNT_STATUSES,
  AD_FACT_PLATFORMS,
  AD_PLATFORMS,
  AD_VERDICTS,
  PRODUCTS_ADS_MESSAGES as M,
  PRICE_FLAGS,
} from '../products-ads.ts';
import { calendarDateSchema } from '../validation.ts';
import { id, idParam, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

const day = calendarDateSchema('Please enter a valid date.');

/** The period of a products-ads screen: both ends included; the last 30 days without them. */
export const adsPeriodQuery = z
  .object({
    start_date: day.optional(),
    end_date: day.optional(),
    platform: z.enum(AD_FACT_PLATFORMS, { error: 'Choose google_ads, meta or other.' }).optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: M.range,
    path: ['end_date'],
  });
export type AdsPeriodQuery = z.infer<typeof adsPeriodQuery>;

export const adPlatformParam = z.object({
  companyId: idParam,
  platform: z.enum(AD_PLATFORMS, { error: 'Choose google_ads or meta.' }),
});

const productRef = z.object({ id, name: z.string(), sku: z.string().nullable() });

/** Spend and what it brought, with the ratios an owner decides by. Money in rupees. */
const adFigures = {
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number(),
  /** Platform conversion values, or the spec's 500 INR a conversion where a platform gives none. */
  revenue: z.number(),
  roas: z.number().nullable(),
  acos: z.number().nullable(),
  cost_per_order: z.number().nullable(),
};

export const spendRevenueOutput = z.object({
  start_date: z.string(),
  end_date: z.string(),
  conversion_value: z.number(),
  totals: z.object(adFigures),
  /** One point per day of the period, days without figures included. */
  by_day: z.array(z.object({ date: z.string(), spend: z.number(), revenue: z.number() })),
  /** Most spend first; each with what to do about it (stop, push, watch) and why. */
  products: z.array(
    z.object({
      product: productRef,
      ...adFigures,
      verdict: z.enum(AD_VERDICTS),
      reason: z.string(),
    }),
  ),
  campaigns: z.array(z.object({ platform: z.enum(AD_FACT_PLATFORMS), campaign: z.string(), ...adFigures })),
  /** How many products each verdict has: the page's headline. */
  verdicts: z.object({ stop: z.number().int(), push: z.number().int(), watch: z.number().int() }),
});
export type SpendRevenueOutput = z.infer<typeof spendRevenueOutput>;

const organicFigures = {
  orders: z.number(),
  revenue: z.number(),
  ad_orders: z.number(),
  ad_revenue: z.number(),
  organic_orders: z.number(),
  organic_revenue: z.number(),
  ad_share_percent: z.number().nullable(),
  spend: z.number(),
};

export const organicStatOutput = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object(organicFigures),
  /** Products sold or advertised in the period, most revenue first. */
  products: z.array(z.object({ product: productRef, ...organicFigures })),
});
export type OrganicStatOutput = z.infer<typeof organicStatOutput>;

export const competitivenessOutput = z.object({
  /** The period of the impression shares (the last 30 days by default). */
  start_date: z.string(),
  end_date: z.string(),
  tolerance_percent: z.number(),
  above_count: z.number().int(),
  /**
   * The search impression share of every campaign-day in the period the platform gave one for:
   * sum(impressions) / sum(eligible impressions), as a percentage. null: no platform gave it
   * (Meta never does).
   */
  impression_share_percent: z.number().nullable(),
  /** Products with a competitor price, the most overpriced first. */
  products: z.array(
    z.object({
      product: productRef,
      our_price: z.number(),
      competitor_price: z.number(),
      difference_percent: z.number(),
      flag: z.enum(PRICE_FLAGS),
      source: z.enum(['google_ads', 'meta', 'csv']),
      observed_on: z.string(),
      /** The product's ad spend over the last 30 days: overpriced and advertised is money wasted. */
      spend_30_days: z.number(),
      /**
       * The search impression share of the campaigns the product was advertised in over the
       * period (the days it was advertised), sum-based; null when no platform gave it.
       */
      impression_share_percent: z.number().nullable(),
    }),
  ),
});
export type CompetitivenessOutput = z.infer<typeof competitivenessOutput>;

// Ad accounts ----------------------------------------------------------------------------------

export const adAccountOutput = z.object({
  id,
  platform: z.enum(AD_PLATFORMS),
  external_account_id: z.string(),
  /** Google Ads only: the Merchant Center account whose price benchmarks each sync reads. */
  merchant_center_id: z.string().nullable(),
  status: z.enum(AD_ACCOUNT_STATUSES),
  last_synced_at: timestamp.nullable(),
  last_sync_ok: z.boolean().nullable(),
  last_sync_message: z.string().nullable(),
  connected_at: timestamp.nullable(),
  connected_by_name: z.string().nullable(),
});
export type AdAccountOutput = z.infer<typeof adAccountOutput>;

export const adAccountsOutput = z.object({
  platforms: z.array(
    z.object({
      platform: z.enum(AD_PLATFORMS),
      label: z.string(),
      /** false: the server has no OAuth client for it (only the CSV import then). */
      configured: z.boolean(),
      message: z.string().nullable(),
      account: adAccountOutput.nullable(),
    }),
  ),
});
export type AdAccountsOutput = z.infer<typeof adAccountsOutput>;

const accountIdInput = (platform: (typeof AD_PLATFORMS)[number]) =>
  z
    .string({ error: M.account_id(platform) })
    .trim()
    .transform((v) => v.replace(/^act_/i, '').replace(/[-\s]/g, ''))
    .refine(
      (v) => (platform === 'google_ads' ? /^\d{10}$/.test(v) : /^\d{1,20}$/.test(v)),
      M.account_id(platform),
    );

/** Blank: none. Google Ads only; the sync then reads its price competitiveness report too. */
export const merchantCenterIdInput = z
  .string({ error: M.merchant_center_id })
  .trim()
  .max(40, M.merchant_center_id)
  .refine((v) => v === '' || /^\d{1,20}$/.test(v), M.merchant_center_id)
  .transform((v) => (v === '' ? null : v));

export const adAuthorizeInput = z.object({
  account_id: z.string().max(40),
  merchant_center_id: merchantCenterIdInput.optional(),
});
export const adAccountIdFor = accountIdInput;

export const adAuthorizeOutput = z.object({ authorization_url: z.string(), account: adAccountOutput });

export const adConnectInput = z.object({
  state: z.string({ error: M.state_unknown }).min(10, M.state_unknown).max(200),
  code: z
    .string({ error: M.authorization_refused('google_ads') })
    .min(1)
    .max(2000),
});

export const adSyncInput = z
  .object({ start_date: day.optional(), end_date: day.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: M.range,
    path: ['end_date'],
  });

export const adSyncOutput = z.object({
  detail: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  rows: z.number().int(),
  unmatched_offer_ids: z.array(z.string()),
  account: adAccountOutput,
});

// CSV import ----------------------------------------------------------------------------------

export const adFiguresImportQuery = z.object({
  import_valid_rows: booleanParam.optional(),
  error_report: z.enum(['csv']).optional(),
});

const importError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const adFiguresDryRunOutput = z.object({
  headers: z.array(z.string()),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(importError),
  /** What the good rows hold: the days and products they cover and the spend they add. */
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  products: z.number().int(),
  spend: z.number(),
});
export type AdFiguresDryRunOutput = z.infer<typeof adFiguresDryRunOutput>;
