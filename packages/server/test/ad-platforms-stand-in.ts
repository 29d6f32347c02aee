import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the ad platforms' OAuth and reporting endpoints, for tests: a real local HTTP
 * server answering as Google (token endpoint; Google Ads API searchStream with a GAQL query of
 * shopping_performance_view, or of campaign for the search impression share) and Meta (Graph oauth/access_token with the code and fb_exchange_token
 * grants; an ad account's insights by day and product, paged) do, with the errors they give for an
 * expired access token and a revoked authorization.
 *
 * Codes: 'good-code' is exchanged for tokens, anything else is refused. `expireAccessTokens()`
 * makes the access tokens handed so far be refused as expired; `revoke()` makes every token and
 * refresh token be refused for good (the user removed the app's access).
 */

export interface StandInGoogleRow {
  date: string;
  offerId: string;
  campaign: string;
  costMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionsValue: number;
}

export interface StandInMetaRow {
  date: string;
  retailerId: string;
  campaign: string;
  spend: string;
  impressions: number;
  clicks: number;
  purchases: number | null;
  purchaseValue: number | null;
}

/** A campaign's search impression share of a day (GAQL FROM campaign). */
export interface StandInGoogleShare {
  date: string;
  campaign: string;
  impressions: number;
  /** metrics.search_impression_share: 0.0999 to 1; null: Google gives none (the field is absent). */
  share: number | null;
}

/** A price benchmark of Merchant Center's price competitiveness report. */
export interface StandInBenchmark {
  offerId: string;
  /** Rupees. */
  benchmark: number;
  currency?: string;
}

export const GOOD_CODE = 'good-code';
export const DEVELOPER_TOKEN = 'stand-in-developer-token';

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startAdPlatformsStandIn() {
  const validAccess = new Set<string>();
  const validRefresh = new Set<string>();
  const requests: { method: string; path: string; query?: string }[] = [];
  const google = {
    rows: [] as StandInGoogleRow[],
    shares: [] as StandInGoogleShare[],
    customers: new Set<string>(),
    /** The GAQL queries asked, in order. */
    queries: [] as string[],
  };
  const merchant = { benchmarks: [] as StandInBenchmark[], accounts: new Set<string>(), pageSize: 2 };
  const meta = { rows: [] as StandInMetaRow[], accounts: new Set<string>(), pageSize: 2 };
  let revoked = false;
  const token = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await bodyOf(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname });

    // Google's OAuth token endpoint.
    if (request.method === 'POST' && url.pathname === '/google/token') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== 'google-client' || form.get('client_secret') !== 'google-secret')
        return send(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        if (form.get('code') !== GOOD_CODE || !form.get('redirect_uri'))
          return send(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        const access = token('g-access');
        const refresh = token('g-refresh');
        validAccess.add(access);
        validRefresh.add(refresh);
        return send(response, 200, {
          access_token: access,
          refresh_token: refresh,
          expires_in: 3599,
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (revoked || !validRefresh.has(form.get('refresh_token') ?? ''))
          return send(response, 400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        const access = token('g-access');
        validAccess.add(access);
        return send(response, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
      }
      return send(response, 400, { error: 'unsupported_grant_type' });
    }

    // Google Ads API: searchStream.
    const stream = /^\/google-ads\/v\d+\/customers\/(\d+)\/googleAds:searchStream$/.exec(url.pathname);
    if (request.method === 'POST' && stream) {
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (revoked || !validAccess.has(bearer))
        return send(response, 401, [
          {
            error: {
              code: 401,
              message: 'Request had invalid authentication credentials.',
              status: 'UNAUTHENTICATED',
            },
          },
        ]);
      if (request.headers['developer-token'] !== DEVELOPER_TOKEN)
        return send(response, 401, [
          { error: { code: 401, message: 'Developer token is invalid.', status: 'UNAUTHENTICATED' } },
        ]);
      if (!google.customers.has(stream[1] ?? ''))
        return send(response, 403, [
          {
            error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
          },
        ]);
      const query = (JSON.parse(body) as { query: string }).query;
      google.queries.push(query);
      const range = /segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'/.exec(query);
      // The campaign report: search impression share is selectable there with the campaign's impressions.
      if (range && /FROM campaign\b/.test(query) && /metrics\.search_impression_share/.test(query))
        return send(response, 200, [
          {
            results: google.shares
              .filter((r) => r.date >= (range[1] ?? '') && r.date <= (range[2] ?? ''))
              .map((r, i) => ({
                campaign: { resourceName: `customers/${stream[1]}/campaigns/${i + 1}`, name: r.campaign },
                metrics: {
                  impressions: String(r.impressions),
                  ...(r.share !== null && { searchImpressionShare: r.share }),
                },
                segments: { date: r.date },
              })),
            fieldMask: 'segments.date,campaign.name,metrics.impressions,metrics.searchImpressionShare',
            requestId: 'r2',
          },
        ]);
      if (!range || !/FROM shopping_performance_view/.test(query))
        return send(response, 400, [
          { error: { code: 400, message: 'Invalid GAQL query.', status: 'INVALID_ARGUMENT' } },
        ]);
      const results = google.rows
        .filter((r) => r.date >= (range[1] ?? '') && r.date <= (range[2] ?? ''))
        .map((r) => ({
          campaign: { resourceName: `customers/${stream[1]}/campaigns/1`, name: r.campaign },
          metrics: {
            costMicros: String(r.costMicros),
            impressions: String(r.impressions),
            clicks: String(r.clicks),
            conversions: r.conversions,
            conversionsValue: r.conversionsValue,
          },
          // Google reports product item ids in lower case.
          segments: { date: r.date, productItemId: r.offerId.toLowerCase() },
        }));
      // Streamed in batches as Google does.
      const batches = [results.slice(0, 2), results.slice(2)].filter((b, i) => i === 0 || b.length > 0);
      return send(
        response,
        200,
        batches.map((b) => ({
          results: b,
          fieldMask: 'segments.date,segments.productItemId',
          requestId: 'r1',
        })),
      );
    }

    // Merchant API: reports.search of price_competitiveness_product_view, paged by pageToken.
    const report = /^\/merchant\/reports\/v1\/accounts\/(\d+)\/reports:search$/.exec(url.pathname);
    if (request.method === 'POST' && report) {
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (revoked || !validAccess.has(bearer))
        return send(response, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        });
      if (!merchant.accounts.has(report[1] ?? ''))
        return send(response, 403, {
          error: {
            code: 403,
            message: 'The caller does not have access to the accounts',
            status: 'PERMISSION_DENIED',
          },
        });
      const asked = JSON.parse(body) as { query?: string; pageToken?: string };
      if (!/FROM price_competitiveness_product_view/.test(asked.query ?? ''))
        return send(response, 400, {
          error: { code: 400, message: 'Invalid query.', status: 'INVALID_ARGUMENT' },
        });
      const at = Number(asked.pageToken ?? 0);
      const page = merchant.benchmarks.slice(at, at + merchant.pageSize);
      return send(response, 200, {
        results: page.map((b) => ({
          priceCompetitivenessProductView: {
            reportCountryCode: 'IN',
            offerId: b.offerId,
            price: { amountMicros: '90000000', currencyCode: 'INR' },
            benchmarkPrice: {
              amountMicros: String(Math.round(b.benchmark * 1_000_000)),
              currencyCode: b.currency ?? 'INR',
            },
          },
        })),
        ...(at + merchant.pageSize < merchant.benchmarks.length && {
          nextPageToken: String(at + merchant.pageSize),
        }),
      });
    }

    // Meta Graph: token endpoint.
    if (request.method === 'GET' && url.pathname === '/meta/v21.0/oauth/access_token') {
      const q = url.searchParams;
      if (q.get('client_id') !== 'meta-app' || q.get('client_secret') !== 'meta-secret')
        return send(response, 400, {
          error: { message: 'Error validating client secret.', type: 'OAuthException', code: 1 },
        });
      if (q.get('code') !== null) {
        if (q.get('code') !== GOOD_CODE)
          return send(response, 400, {
            error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 },
          });
        const short = token('m-short');
        validAccess.add(short);
        return send(response, 200, { access_token: short, token_type: 'bearer', expires_in: 5183 });
      }
      if (q.get('grant_type') === 'fb_exchange_token') {
        if (revoked || !validAccess.has(q.get('fb_exchange_token') ?? ''))
          return send(response, 400, {
            error: {
              message: 'Error validating access token: The session has been invalidated.',
              type: 'OAuthException',
              code: 190,
              error_subcode: 460,
            },
          });
        const long = token('m-long');
        validAccess.add(long);
        return send(response, 200, { access_token: long, token_type: 'bearer', expires_in: 5_184_000 });
      }
      return send(response, 400, { error: { message: 'Missing grant.', type: 'OAuthException', code: 100 } });
    }

    // Meta Graph: an ad account's insights.
    const insights = /^\/meta\/v21\.0\/act_(\d+)\/insights$/.exec(url.pathname);
    if (request.method === 'GET' && insights) {
      const q = url.searchParams;
      if (revoked || !validAccess.has(q.get('access_token') ?? ''))
        return send(response, 400, {
          error: {
            message: 'Error validating access token: Session has expired.',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
          },
        });
      if (!meta.accounts.has(insights[1] ?? ''))
        return send(response, 400, {
          error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 },
        });
      if (q.get('breakdowns') !== 'product_id' || q.get('time_increment') !== '1')
        return send(response, 400, {
          error: { message: 'Invalid breakdowns.', type: 'GraphMethodException', code: 100 },
        });
      const range = JSON.parse(q.get('time_range') ?? '{}') as { since: string; until: string };
      const rows = meta.rows.filter((r) => r.date >= range.since && r.date <= range.until);
      const after = Number(q.get('after') ?? 0);
      const page = rows.slice(after, after + meta.pageSize);
      const next = after + meta.pageSize < rows.length ? new URL(url) : undefined;
      next?.searchParams.set('after', String(after + meta.pageSize));
      return send(response, 200, {
        data: page.map((r) => ({
          date_start: r.date,
          date_stop: r.date,
          campaign_name: r.campaign,
          spend: r.spend,
          impressions: String(r.impressions),
          clicks: String(r.clicks),
          product_id: `${r.retailerId}, Product ${r.retailerId}`,
          ...(r.purchases !== null && {
            actions: [
              { action_type: 'link_click', value: '9' },
              { action_type: 'purchase', value: String(r.purchases) },
            ],
          }),
          ...(r.purchaseValue !== null && {
            action_values: [{ action_type: 'purchase', value: String(r.purchaseValue) }],
          }),
        })),
        paging: { cursors: {}, ...(next && { next: `${base}${next.pathname}${next.search}` }) },
      });
    }

    send(response, 404, { error: { message: `No stand-in route ${request.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    google,
    merchant,
    meta,
    requests,
    /** The environment a server reads to use this stand-in for both platforms. */
    env: {
      GOOGLE_ADS_CLIENT_ID: 'google-client',
      GOOGLE_ADS_CLIENT_SECRET: 'google-secret',
      GOOGLE_ADS_DEVELOPER_TOKEN: DEVELOPER_TOKEN,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${base}/google/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/google/token`,
      GOOGLE_ADS_API_URL: `${base}/google-ads`,
      GOOGLE_MERCHANT_API_URL: `${base}/merchant`,
      META_ADS_CLIENT_ID: 'meta-app',
      META_ADS_CLIENT_SECRET: 'meta-secret',
      META_OAUTH_AUTHORIZE_URL: `${base}/meta/dialog/oauth`,
      META_GRAPH_URL: `${base}/meta`,
    },
    expireAccessTokens: () => validAccess.clear(),
    revoke: () => {
      revoked = true;
    },
    restore: () => {
      revoked = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
