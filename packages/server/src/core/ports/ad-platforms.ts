import type { AdPlatform } from '@b2b/domain/products-ads';

/**
 * An ad platform's reporting API (Google Ads, Meta Marketing API) reached with a company's own
 * OAuth 2 authorization: the authorization-code flow, token refresh, and the daily figures per
 * product of an ad account. Configured by environment (modules/products-ads/ad-platforms-config.ts);
 * a platform without its OAuth client is absent, and the screens then offer the CSV import only.
 */
export interface AdTokens {
  accessToken: string;
  /** Google's long-lived refresh token; Meta has none (its long-lived token is extended instead). */
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** One product's figures of one day and campaign, as the platform reports them (amounts in paise). */
export interface AdPlatformDailyRow {
  date: string;
  /** The product's offer id (SKU) in the platform's catalogue feed, as it reports it. */
  offerId: string;
  campaign: string;
  spendPaise: number;
  impressions: number;
  clicks: number;
  conversions: number;
  /** null: the platform gives no value for these conversions. */
  conversionValuePaise: number | null;
}

export interface AdPlatformClient {
  platform: AdPlatform;
  authorizationUrl(options: { state: string; redirectUri: string }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<AdTokens>;
  /** New tokens before or after the access token's expiry; AdAuthorizationRefused when it cannot. */
  refresh(tokens: AdTokens): Promise<AdTokens>;
  dailyFigures(options: {
    accessToken: string;
    accountId: string;
    startDate: string;
    endDate: string;
  }): Promise<AdPlatformDailyRow[]>;
  /**
   * Google only: each campaign's search impression share per day (the platform's share of the
   * impressions it was eligible for), with the impressions it is a share of. Meta gives none.
   */
  impressionShares?(options: {
    accessToken: string;
    accountId: string;
    startDate: string;
    endDate: string;
  }): Promise<AdCampaignImpressionShare[]>;
  /**
   * Google only: Merchant Center's price competitiveness report of the merchant account (the
   * connection's scope includes Merchant Center's).
   */
  priceBenchmarks?(options: { accessToken: string; merchantId: string }): Promise<AdPriceBenchmark[]>;
}

/** A product's price against what other retailers ask for it, as Merchant Center benchmarks it. */
export interface AdPriceBenchmark {
  offerId: string;
  /** The lowest price other retailers ask for the same product (paise). */
  benchmarkPaise: number;
}

/** A campaign's search impression share of one day, as the platform reports it. */
export interface AdCampaignImpressionShare {
  date: string;
  campaign: string;
  /** The campaign's ad impressions that day (the share's numerator). */
  impressions: number;
  /** 0.0999 to 1 (Google reports a share under 10% as 0.0999). */
  share: number;
}

export type AdPlatformClients = Partial<Record<AdPlatform, AdPlatformClient>>;

/** The access token was not accepted (expired): refresh and try once more. */
export class AdTokenExpired extends Error {}

/** The platform refuses this authorization for good (revoked, expired refresh token): reconnect. */
export class AdAuthorizationRefused extends Error {}

/** The platform answered with an error that is not about the authorization (its message kept). */
export class AdPlatformError extends Error {}
