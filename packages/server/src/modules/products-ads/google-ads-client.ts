import {
  AdAuthorizationRefused,
  type AdCampaignImpressionShare,
  type AdPlatformClient,
  type AdPlatformDailyRow,
  AdPlatformError,
  type AdPriceBenchmark,
  AdTokenExpired,
  type AdTokens,
} from '../../core/ports/ad-platforms.ts';

export interface GoogleAdsConfig {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  loginCustomerId?: string;
  apiVersion: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  /** Merchant API (price competitiveness), https://merchantapi.googleapis.com by default. */
  merchantApiUrl: string;
}

const TIMEOUT_MS = 60_000;
/** Google Ads' reports, and Merchant Center's for the price benchmarks. */
const SCOPE = 'https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/content';

/** Merchant Center's price benchmark per offer, in India (Merchant Center Query Language). */
export const PRICE_BENCHMARK_QUERY =
  'SELECT offer_id, price, benchmark_price, report_country_code ' +
  "FROM price_competitiveness_product_view WHERE report_country_code = 'IN'";
const BENCHMARK_PAGE_SIZE = 1000;
const BENCHMARK_MAX_PAGES = 100;

/** The shopping performance per product, day and campaign: Google Ads' own query language (GAQL). */
export const shoppingQuery = (startDate: string, endDate: string) =>
  'SELECT segments.date, segments.product_item_id, campaign.name, metrics.cost_micros, ' +
  'metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value ' +
  `FROM shopping_performance_view WHERE segments.date BETWEEN '${startDate}' AND '${endDate}'`;

/**
 * Each campaign's search impression share per day, read from `campaign` (where the metric is listed
 * as selectable) with the campaign's own impressions: the share's numerator. shopping_performance_view
 * counts products shown in ads, not ad impressions, so its impressions are not what the share divides.
 */
export const impressionShareQuery = (startDate: string, endDate: string) =>
  'SELECT segments.date, campaign.name, metrics.impressions, metrics.search_impression_share ' +
  `FROM campaign WHERE segments.date BETWEEN '${startDate}' AND '${endDate}' AND metrics.impressions > 0`;

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

const expiry = (seconds: number | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new AdPlatformError(
      `Google Ads answered HTTP ${response.status} with no JSON: ${text.slice(0, 200)}`,
    );
  }
}

/** int64 fields come as strings in Google's JSON. */
const num = (value: unknown) => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(n) ? n : 0;
};

/**
 * Google Ads API over REST: OAuth 2 with offline access (a refresh token), then searchStream on the
 * customer with a GAQL query of shopping_performance_view, and a second one of campaign for the
 * search impression share with the campaign's own impressions (see impressionShareQuery). Cost comes in micros of the account's currency (1 paisa = 10,000 micros);
 * conversion value in the currency itself, 0 when the conversion action carries no value.
 */
export function createGoogleAdsClient(config: GoogleAdsConfig): AdPlatformClient {
  async function token(form: Record<string, string>): Promise<TokenAnswer & { status: number }> {
    const response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { ...((await jsonOf(response)) as TokenAnswer), status: response.status };
  }

  return {
    platform: 'google_ads',
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        access_type: 'offline',
        // Asked each time so Google hands a refresh token again after a reconnect.
        prompt: 'consent',
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      if (!answer.access_token)
        throw new AdAuthorizationRefused(answer.error_description ?? answer.error ?? `HTTP ${answer.status}`);
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? null,
        expiresAt: expiry(answer.expires_in),
      };
    },

    async refresh(tokens: AdTokens) {
      if (!tokens.refreshToken) throw new AdAuthorizationRefused('No refresh token was given.');
      const answer = await token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
      if (!answer.access_token) {
        // invalid_grant: the refresh token was revoked or has expired; anything else is Google's trouble.
        if (answer.error === 'invalid_grant' || answer.status === 400 || answer.status === 401)
          throw new AdAuthorizationRefused(
            answer.error_description ?? answer.error ?? `HTTP ${answer.status}`,
          );
        throw new AdPlatformError(`Google's token endpoint answered HTTP ${answer.status}.`);
      }
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? tokens.refreshToken,
        expiresAt: expiry(answer.expires_in),
      };
    },

    async dailyFigures({ accessToken, accountId, startDate, endDate }) {
      const results = await searchStream(config, accessToken, accountId, shoppingQuery(startDate, endDate));
      const rows: AdPlatformDailyRow[] = [];
      for (const raw of results) {
        const r = raw as {
          segments?: { date?: string; productItemId?: string };
          campaign?: { name?: string };
          metrics?: Record<string, unknown>;
        };
        const offerId = r.segments?.productItemId?.trim();
        const date = r.segments?.date;
        if (!offerId || !date) continue;
        const conversions = num(r.metrics?.conversions);
        const value = num(r.metrics?.conversionsValue);
        rows.push({
          date,
          offerId,
          campaign: r.campaign?.name ?? '',
          spendPaise: Math.round(num(r.metrics?.costMicros) / 10_000),
          impressions: Math.round(num(r.metrics?.impressions)),
          clicks: Math.round(num(r.metrics?.clicks)),
          conversions,
          conversionValuePaise: value > 0 ? Math.round(value * 100) : null,
        });
      }
      return rows;
    },

    async impressionShares({ accessToken, accountId, startDate, endDate }) {
      const results = await searchStream(
        config,
        accessToken,
        accountId,
        impressionShareQuery(startDate, endDate),
      );
      const shares: AdCampaignImpressionShare[] = [];
      for (const raw of results) {
        const r = raw as {
          segments?: { date?: string };
          campaign?: { name?: string };
          metrics?: Record<string, unknown>;
        };
        const date = r.segments?.date;
        const impressions = Math.round(num(r.metrics?.impressions));
        // Absent or 0: Google has no share for the campaign (not a search campaign, too few impressions).
        const share = num(r.metrics?.searchImpressionShare);
        if (!date || impressions <= 0 || !(share > 0)) continue;
        shares.push({ date, campaign: r.campaign?.name ?? '', impressions, share: Math.min(1, share) });
      }
      return shares;
    },

    async priceBenchmarks({ accessToken, merchantId }) {
      const benchmarks: AdPriceBenchmark[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < BENCHMARK_MAX_PAGES; page++) {
        const answer = await searchMerchantReport(config, accessToken, merchantId, pageToken);
        benchmarks.push(...benchmarksOf(answer.results ?? []));
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
      return benchmarks;
    },
  };
}

/** A GAQL query over searchStream: the rows of every batch Google streams back. */
async function searchStream(
  config: GoogleAdsConfig,
  accessToken: string,
  accountId: string,
  query: string,
): Promise<unknown[]> {
  const response = await fetch(
    `${config.apiUrl}/${config.apiVersion}/customers/${accountId}/googleAds:searchStream`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'developer-token': config.developerToken,
        ...(config.loginCustomerId && { 'login-customer-id': config.loginCustomerId }),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  const body = await jsonOf(response);
  if (!response.ok) {
    const error = (Array.isArray(body) ? body[0] : body) as {
      error?: { message?: string; status?: string };
    };
    const message = error?.error?.message ?? `HTTP ${response.status}`;
    if (response.status === 401) throw new AdTokenExpired(message);
    if (response.status === 403 && error?.error?.status === 'PERMISSION_DENIED')
      throw new AdAuthorizationRefused(message);
    throw new AdPlatformError(`Google Ads refused the report: ${message}`);
  }
  const results: unknown[] = [];
  for (const batch of (Array.isArray(body) ? body : [body]) as { results?: unknown[] }[])
    results.push(...(batch.results ?? []));
  return results;
}

interface MerchantReportPage {
  results?: unknown[];
  nextPageToken?: string;
}

async function searchMerchantReport(
  config: GoogleAdsConfig,
  accessToken: string,
  merchantId: string,
  pageToken: string | undefined,
): Promise<MerchantReportPage> {
  const response = await fetch(`${config.merchantApiUrl}/reports/v1/accounts/${merchantId}/reports:search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: PRICE_BENCHMARK_QUERY, pageSize: BENCHMARK_PAGE_SIZE, pageToken }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await jsonOf(response)) as MerchantReportPage & {
    error?: { message?: string; status?: string };
  };
  if (response.ok) return body;
  const message = body.error?.message ?? `HTTP ${response.status}`;
  if (response.status === 401) throw new AdTokenExpired(message);
  throw new AdPlatformError(`Merchant Center refused the price report: ${message}`);
}

/** Amounts come in micros of the currency; only rupee benchmarks are kept. */
function benchmarksOf(results: unknown[]): AdPriceBenchmark[] {
  const benchmarks: AdPriceBenchmark[] = [];
  for (const raw of results) {
    const view = (raw as { priceCompetitivenessProductView?: Record<string, unknown> })
      .priceCompetitivenessProductView;
    const offerId = typeof view?.offerId === 'string' ? view.offerId.trim() : '';
    const benchmark = view?.benchmarkPrice as { amountMicros?: unknown; currencyCode?: unknown } | undefined;
    const paise = Math.round(num(benchmark?.amountMicros) / 10_000);
    if (!offerId || benchmark?.currencyCode !== 'INR' || paise <= 0) continue;
    benchmarks.push({ offerId, benchmarkPaise: paise });
  }
  return benchmarks;
}
