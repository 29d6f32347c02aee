import {
  AdAuthorizationRefused,
  type AdPlatformClient,
  type AdPlatformDailyRow,
  AdPlatformError,
  AdTokenExpired,
} from '../../core/ports/ad-platforms.ts';

export interface MetaAdsConfig {
  clientId: string;
  clientSecret: string;
  graphVersion: string;
  authorizeUrl: string;
  graphUrl: string;
}

const TIMEOUT_MS = 60_000;
/** Pages of insights followed at most (500 rows each). */
const MAX_PAGES = 200;
/** The purchase actions, the first one present counting (omni_purchase sums the others). */
const PURCHASE_ACTIONS = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

/** Meta's answers to a token it will not take: 190 (invalid or expired), 102 (session), 463/467 subcodes. */
const isAuthError = (error: GraphError['error']) =>
  error?.code === 190 || error?.code === 102 || error?.type === 'OAuthException';

async function graphJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new AdPlatformError(`Meta answered HTTP ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
}

const actionValue = (list: unknown): number | null => {
  if (!Array.isArray(list)) return null;
  for (const type of PURCHASE_ACTIONS) {
    const found = (list as { action_type?: string; value?: string }[]).find((a) => a.action_type === type);
    if (found) {
      const n = Number(found.value);
      return Number.isFinite(n) ? n : null;
    }
  }
  return null;
};

/**
 * Meta Marketing API (Graph): OAuth 2 code flow for a short-lived user token, exchanged at once for
 * a long-lived one (about 60 days), which is extended before it ends (fb_exchange_token); Meta
 * has no refresh token, so a lapsed token means reconnecting. Figures come from the ad account's
 * insights at ad level, one row per day (time_increment=1) and product (breakdowns=product_id,
 * catalogue ads), spend in the account's currency.
 */
export function createMetaAdsClient(config: MetaAdsConfig): AdPlatformClient {
  const graph = `${config.graphUrl}/${config.graphVersion}`;

  async function accessToken(params: Record<string, string>) {
    const url = new URL(`${graph}/oauth/access_token`);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      ...params,
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await graphJson(response)) as GraphError & { access_token?: string; expires_in?: number };
    if (!body.access_token) {
      if (body.error && !isAuthError(body.error) && response.status >= 500)
        throw new AdPlatformError(body.error.message ?? `HTTP ${response.status}`);
      throw new AdAuthorizationRefused(body.error?.message ?? `HTTP ${response.status}`);
    }
    return {
      accessToken: body.access_token,
      refreshToken: null,
      expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
  }

  const longLived = (token: string) =>
    accessToken({ grant_type: 'fb_exchange_token', fb_exchange_token: token });

  return {
    platform: 'meta',
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'ads_read',
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const short = await accessToken({ code, redirect_uri: redirectUri });
      return longLived(short.accessToken);
    },

    async refresh(tokens) {
      if (tokens.expiresAt && tokens.expiresAt.getTime() <= Date.now())
        throw new AdAuthorizationRefused('The Meta token has expired.');
      return longLived(tokens.accessToken);
    },

    async dailyFigures({ accessToken: token, accountId, startDate, endDate }) {
      const first = new URL(`${graph}/act_${accountId}/insights`);
      first.search = new URLSearchParams({
        level: 'ad',
        fields: 'campaign_name,spend,impressions,clicks,actions,action_values',
        breakdowns: 'product_id',
        time_increment: '1',
        time_range: JSON.stringify({ since: startDate, until: endDate }),
        limit: '500',
        access_token: token,
      }).toString();
      const rows: AdPlatformDailyRow[] = [];
      let next: string | undefined = first.toString();
      for (let page = 0; next && page < MAX_PAGES; page++) {
        const response = await fetch(next, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        const body = (await graphJson(response)) as GraphError & {
          data?: Record<string, unknown>[];
          paging?: { next?: string };
        };
        if (!response.ok || body.error) {
          const message = body.error?.message ?? `HTTP ${response.status}`;
          if (body.error?.code === 190 && body.error.error_subcode === 463) throw new AdTokenExpired(message);
          if (isAuthError(body.error)) throw new AdAuthorizationRefused(message);
          throw new AdPlatformError(`Meta refused the report: ${message}`);
        }
        for (const r of body.data ?? []) {
          // product_id reads 'retailer id, product name': the retailer id is our SKU.
          const offerId = String(r.product_id ?? '')
            .split(',')[0]
            ?.trim();
          const date = typeof r.date_start === 'string' ? r.date_start : undefined;
          if (!offerId || !date) continue;
          const conversions = actionValue(r.actions) ?? 0;
          const value = actionValue(r.action_values);
          rows.push({
            date,
            offerId,
            campaign: typeof r.campaign_name === 'string' ? r.campaign_name : '',
            spendPaise: Math.round(Number(r.spend ?? 0) * 100) || 0,
            impressions: Number(r.impressions ?? 0) || 0,
            clicks: Number(r.clicks ?? 0) || 0,
            conversions,
            conversionValuePaise: value !== null && value > 0 ? Math.round(value * 100) : null,
          });
        }
        // Only Meta's own next page is followed (the link is built by the Graph API).
        const link: string | undefined = body.paging?.next;
        next = link?.startsWith(`${config.graphUrl}/`) ? link : undefined;
      }
      return rows;
    },
  };
}
