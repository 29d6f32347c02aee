import { envUrl } from '../../core/env-url.ts';
import {
  ZohoApiError,
  ZohoAuthorizationRefused,
  type ZohoBooksClient,
  type ZohoModule,
  type ZohoSaved,
  type ZohoTax,
  ZohoTokenExpired,
  type ZohoTokens,
} from '../../core/ports/zoho-books.ts';

export interface ZohoConfig {
  clientId: string;
  clientSecret: string;
  /** ZOHO_ACCOUNTS_URL: the accounts server of the data centre (India: https://accounts.zoho.in). */
  accountsUrl: string;
  /** ZOHO_API_URL: the API domain (India: https://www.zohoapis.in); Books is under /books/v3. */
  apiUrl: string;
  /** ZOHO_REDIRECT_URL: where Zoho sends the user back; else PUBLIC_URL's (or the request's) /connect-zoho. */
  redirectUrl?: string;
}

/** Zoho Books is configured when ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET are both set. */
export function readZohoConfig(
  env: Record<string, string | undefined> = process.env,
): ZohoConfig | undefined {
  const clientId = env.ZOHO_CLIENT_ID?.trim();
  const clientSecret = env.ZOHO_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return undefined;
  const redirect = env.ZOHO_REDIRECT_URL?.trim();
  return {
    clientId,
    clientSecret,
    accountsUrl: envUrl(env, 'ZOHO_ACCOUNTS_URL', 'https://accounts.zoho.in'),
    apiUrl: envUrl(env, 'ZOHO_API_URL', 'https://www.zohoapis.in'),
    ...(redirect && { redirectUrl: envUrl(env, 'ZOHO_REDIRECT_URL', redirect) }),
  };
}

const TIMEOUT_MS = 60_000;
/** What the connection may do in Books: read the organisations, write contacts and documents. */
const SCOPE = 'ZohoBooks.fullaccess.all';

/** The answer's key of one record of each module. */
const RECORD_KEY: Record<ZohoModule, string> = {
  contacts: 'contact',
  invoices: 'invoice',
  creditnotes: 'creditnote',
  customerpayments: 'payment',
};
const ID_KEY: Record<ZohoModule, string> = {
  contacts: 'contact_id',
  invoices: 'invoice_id',
  creditnotes: 'creditnote_id',
  customerpayments: 'payment_id',
};

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ZohoApiError(
      `Zoho answered HTTP ${response.status} with no JSON: ${text.slice(0, 200)}`,
      response.status,
      null,
    );
  }
}

const expiry = (seconds: number | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;

/**
 * Zoho's accounts server and Books API v3 over HTTPS. The token endpoint answers HTTP 200 with an
 * `error` field for a refused code or refresh token ('invalid_code'); the Books API answers
 * `{code, message}` with code 0 on success, and HTTP 401 for an access token that expired.
 */
export function createZohoBooksClient(config: ZohoConfig): ZohoBooksClient {
  async function token(form: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetch(`${config.accountsUrl}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await jsonOf(response)) as TokenAnswer;
    if (answer.error || !answer.access_token) {
      if (response.status >= 500)
        throw new ZohoApiError(`Zoho accounts answered HTTP ${response.status}`, response.status, null);
      throw new ZohoAuthorizationRefused(
        `Zoho refused the token request: ${answer.error ?? 'no access token'}`,
      );
    }
    return answer;
  }

  async function books(
    method: string,
    path: string,
    options: { accessToken: string; organizationId?: string; query?: Record<string, string>; body?: unknown },
  ): Promise<Record<string, unknown>> {
    const url = new URL(`${config.apiUrl}/books/v3/${path}`);
    if (options.organizationId) url.searchParams.set('organization_id', options.organizationId);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Zoho-oauthtoken ${options.accessToken}`,
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401)
      throw new ZohoTokenExpired('Zoho did not accept the access token (HTTP 401).');
    const answer = await jsonOf(response);
    const code = typeof answer.code === 'number' ? answer.code : null;
    if (!response.ok || (code !== null && code !== 0)) {
      const message = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
      throw new ZohoApiError(`Zoho Books: ${message}`, response.status, code);
    }
    return answer;
  }

  return {
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(`${config.accountsUrl}/oauth/v2/auth`);
      url.search = new URLSearchParams({
        scope: SCOPE,
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        access_type: 'offline',
        prompt: 'consent',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }): Promise<ZohoTokens> {
      const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      return {
        accessToken: answer.access_token as string,
        refreshToken: answer.refresh_token ?? null,
        expiresAt: expiry(answer.expires_in),
      };
    },
    async refresh(refreshToken): Promise<ZohoTokens> {
      const answer = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      return {
        accessToken: answer.access_token as string,
        refreshToken,
        expiresAt: expiry(answer.expires_in),
      };
    },
    async revoke(refreshToken) {
      const response = await fetch(
        `${config.accountsUrl}/oauth/v2/token/revoke?${new URLSearchParams({ token: refreshToken })}`,
        { method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) },
      );
      if (!response.ok)
        throw new ZohoApiError(`Zoho accounts answered HTTP ${response.status}`, response.status, null);
    },
    async organizations(accessToken) {
      const answer = await books('GET', 'organizations', { accessToken });
      const list = Array.isArray(answer.organizations) ? answer.organizations : [];
      return list.map((o: { organization_id?: unknown; name?: unknown }) => ({
        organization_id: String(o.organization_id ?? ''),
        name: String(o.name ?? ''),
      }));
    },
    async save({ accessToken, organizationId, module, zohoId, body }) {
      // Our own document numbers are kept: Zoho's auto-numbering would give its own.
      const query: Record<string, string> =
        module === 'invoices' || module === 'creditnotes' ? { ignore_auto_number_generation: 'true' } : {};
      const answer = await books(
        zohoId === null ? 'POST' : 'PUT',
        zohoId === null ? module : `${module}/${zohoId}`,
        {
          accessToken,
          organizationId,
          query,
          body,
        },
      );
      const record = answer[RECORD_KEY[module]] as Record<string, unknown> | undefined;
      const id = record?.[ID_KEY[module]];
      if (id === undefined || id === null || id === '')
        throw new ZohoApiError(`Zoho Books answered no ${ID_KEY[module]}.`, 200, null);
      const total = Number(record?.total);
      return {
        id: String(id),
        total: record?.total !== undefined && Number.isFinite(total) ? total : null,
      } satisfies ZohoSaved;
    },
    async taxes({ accessToken, organizationId }) {
      const taxes: ZohoTax[] = [];
      // 200 a page, Zoho's most; an organisation has a few dozen taxes, the bound only stops a loop.
      for (let page = 1; page <= 20; page += 1) {
        const answer = await books('GET', 'settings/taxes', {
          accessToken,
          organizationId,
          query: { page: String(page), per_page: '200' },
        });
        const list = Array.isArray(answer.taxes) ? (answer.taxes as Record<string, unknown>[]) : [];
        for (const tax of list)
          taxes.push({
            tax_id: String(tax.tax_id ?? ''),
            tax_name: String(tax.tax_name ?? ''),
            tax_percentage: Number(tax.tax_percentage ?? 0),
            tax_type: String(tax.tax_type ?? 'tax'),
            tax_specific_type:
              typeof tax.tax_specific_type === 'string' && tax.tax_specific_type !== ''
                ? tax.tax_specific_type
                : null,
            is_active: tax.is_inactive !== true && tax.status !== 'inactive',
          });
        const more = (answer.page_context as { has_more_page?: unknown } | undefined)?.has_more_page;
        if (more !== true) break;
      }
      return taxes.filter((tax) => tax.tax_id !== '');
    },
    async findBy({ accessToken, organizationId, module, field, value }) {
      const answer = await books('GET', module, { accessToken, organizationId, query: { [field]: value } });
      const list = answer[module] as Record<string, unknown>[] | undefined;
      const found = (list ?? []).find((record) => String(record[field] ?? '') === value);
      return found ? String(found[ID_KEY[module]]) : null;
    },
    async close({ accessToken, organizationId, module, zohoId }) {
      if (module === 'customerpayments' || module === 'contacts')
        await books('DELETE', `${module}/${zohoId}`, { accessToken, organizationId });
      else await books('POST', `${module}/${zohoId}/status/void`, { accessToken, organizationId });
    },
  };
}
