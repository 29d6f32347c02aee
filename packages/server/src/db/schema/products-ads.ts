import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

export type AdAccountPlatform = 'google_ads' | 'meta';
export type AdAccountStatus = 'pending' | 'connected' | 'reconnect_needed' | 'disconnected';

/** A company's ad account on one platform (migration 0087); tokens sealed (core/secret-box.ts). */
export interface AdAccountsTable {
  id: Auto<number>;
  company_id: number;
  platform: AdAccountPlatform;
  external_account_id: string;
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
