import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

export type AdAccountPlatform = 'google_ads' | 'meta';
export type AdAccountStatus = 'pending' | 'connected' | 'reconnect_needed' | 'disconnected';

/** A company's ad account on one platform (migration 0087); tokens sealed (core/secret-box.ts). */
export interface AdAccountsTable {
  id: Auto<number>;
  company_id: number;
  platform: AdAccountPlatform;
  external_account_id: string;
  /** Google Ads only (migration 0102): whose price competitiveness report the sync reads. */
  merchant_center_id: string | null;
  status: AdAccountStatus;
  sealed_access_token: string | null;
  sealed_refresh_token: string | null;
  access_token_expires_at: Date | null;
  oauth_state_hash: string | null;
  oauth_state_expires_at: Date | null;
  last_synced_at: Date | null;
  last_sync_ok: boolean | null;
  last_sync_message: string | null;
  connected_by: number | null;
  connected_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product's ad figures of one day, platform and campaign (synced or imported from a CSV). */
export interface AdDailyFactsTable {
  company_id: number;
  platform: AdAccountPlatform | 'other';
  source: 'sync' | 'csv';
  day: string;
  campaign: Auto<string>;
  product_id: number;
  spend_paise: Paise;
  impressions: Auto<number>;
  clicks: Auto<number>;
  conversions: Quantity;
  conversion_value_paise: Paise | null;
  updated_at: Timestamp;
}

/** The lowest competitor price seen for a product on a day, by where it was seen. */
export interface AdCompetitorPricesTable {
  company_id: number;
  product_id: number;
  source: AdAccountPlatform | 'csv';
  day: string;
  competitor_price_paise: Paise;
  updated_at: Timestamp;
}

/** The sums a rollup of ad_daily_facts keeps (migration 0101). */
interface AdRollupSums {
  spend_paise: Paise;
  impressions: number;
  clicks: number;
  conversions: Quantity;
  /** The platforms' conversion values where they gave one. */
  valued_paise: Paise;
  /** The conversions of days without a value (valued at the spec's 500 INR when read). */
  unvalued_conversions: Quantity;
}

/** ad_daily_facts summed per month, platform, campaign and product (refreshAdRollups keeps it). */
export interface AdMonthlyFactsTable extends AdRollupSums {
  company_id: number;
  platform: AdAccountPlatform | 'other';
  /** The first day of the month. */
  month: string;
  campaign: string;
  product_id: number;
  /**
   * Migration 0103: the campaign's impressions and eligible impressions (ad_impression_shares) of
   * the days the product was advertised in it; 0 where the platform gave no share.
   */
  share_impressions: Auto<number>;
  share_eligible_impressions: Auto<number>;
}

/**
 * Migration 0103: a campaign-day's search impression share, kept as its impressions and the
 * impressions it was eligible for (impressions / share), so a period's share is a ratio of sums.
 */
export interface AdImpressionSharesTable {
  company_id: number;
  platform: AdAccountPlatform | 'other';
  source: 'sync' | 'csv';
  day: string;
  campaign: Auto<string>;
  impressions: number;
  eligible_impressions: number;
  updated_at: Timestamp;
}

/** ad_daily_facts summed per day and platform (refreshAdRollups keeps it). */
export interface AdDailyTotalsTable extends AdRollupSums {
  company_id: number;
  platform: AdAccountPlatform | 'other';
  day: string;
}
