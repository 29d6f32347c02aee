import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of Zoho's accounts server (accounts.zoho.in) and Zoho Books API v3, for the
// Zoho tests and the /connect-zoho journey (self-contained: the browser journey imports it too).
// - GET /oauth/v2/auth: the consent page, which consents at once: a 302 back to redirect_uri with
//   a code, the state, location=in and accounts-server, as Zoho sends.
// - POST /oauth/v2/token: authorization_code (codes it issued) and refresh_token grants; a refused
//   one answers HTTP 200 with {error: 'invalid_code'}, as Zoho does. POST /oauth/v2/token/revoke.
// - /books/v3/...: 'Authorization: Zoho-oauthtoken <token>' checked (HTTP 401 with code 57
//   otherwise), organization_id checked; organizations, and contacts, invoices, creditnotes and
//   customerpayments created (a number already used answers code 1001, as Zoho does), updated,
//   listed by a field, voided or deleted.
// - GET /books/v3/settings/taxes: the organisation's taxes and tax groups (an India organisation's
//   defaults: GSTn groups of CGST + SGST, IGSTn taxes); invoices and credit notes answer Zoho's
//   sub_total, tax_total and total, each line's tax worked out per component as Zoho does (on the
//   line's amount, rounded to the paisa), or on the whole document with taxRounding 'entity_level'.

export type StandInModule = 'contacts' | 'invoices' | 'creditnotes' | 'customerpayments';

const RECORD_KEY: Record<StandInModule, string> = {
  contacts: 'contact',
  invoices: 'invoice',
  creditnotes: 'creditnote',
  customerpayments: 'payment',
};
const ID_KEY: Record<StandInModule, string> = {
  contacts: 'contact_id',
  invoices: 'invoice_id',
  creditnotes: 'creditnote_id',
  customerpayments: 'payment_id',
};
/** The field Zoho keeps unique in each module. */
const UNIQUE_KEY: Record<StandInModule, string> = {
  contacts: 'contact_name',
  invoices: 'invoice_number',
  creditnotes: 'creditnote_number',
  customerpayments: 'reference_number',
};

export interface StandInRecord extends Record<string, unknown> {
  status?: string;
}

/** A tax or tax group as GET /settings/taxes answers it; a group's components are listed in `group_of`. */
export interface StandInTax {
  tax_id: string;
  tax_name: string;
  tax_percentage: number;
  tax_type: 'tax' | 'tax_group';
  tax_specific_type: string;
  group_of?: string[];
}

/** An India organisation's default taxes: GST 0, 5, 12, 18 and 28% as CGST + SGST groups and as IGST. */
export function indiaDefaultTaxes(): StandInTax[] {
  const taxes: StandInTax[] = [];
  let id = 982000000566000;
  for (const rate of [0, 5, 12, 18, 28]) {
    const cgst = String(id++);
    const sgst = String(id++);
    taxes.push(
      {
        tax_id: cgst,
        tax_name: `CGST${rate / 2}`,
        tax_percentage: rate / 2,
        tax_type: 'tax',
        tax_specific_type: 'cgst',
      },
      {
        tax_id: sgst,
        tax_name: `SGST${rate / 2}`,
        tax_percentage: rate / 2,
        tax_type: 'tax',
        tax_specific_type: 'sgst',
      },
      {
        tax_id: String(id++),
        tax_name: `IGST${rate}`,
        tax_percentage: rate,
        tax_type: 'tax',
        tax_specific_type: 'igst',
      },
      {
        tax_id: String(id++),
        tax_name: `GST${rate}`,
        tax_percentage: rate,
        tax_type: 'tax_group',
        tax_specific_type: '',
        group_of: [cgst, sgst],
      },
    );
  }
  return taxes;
}

const paise = (rupees: unknown) => Math.round(Number(rupees ?? 0) * 100);

/** Zoho's totals of an invoice or credit note body, in rupees. */
function zohoTotals(
  body: Record<string, unknown>,
  taxes: StandInTax[],
  rounding: 'item_level' | 'entity_level',
) {
  const items = Array.isArray(body.line_items) ? (body.line_items as Record<string, unknown>[]) : [];
  let subTotal = 0;
  let tax = 0;
  const exact: number[] = [];
  for (const item of items) {
    const amount = Math.round(paise(item.rate) * Number(item.quantity ?? 1));
    subTotal += amount;
    const found = taxes.find((t) => t.tax_id === item.tax_id);
    const parts = found?.group_of
      ? found.group_of.map((id) => taxes.find((t) => t.tax_id === id)?.tax_percentage ?? 0)
      : found
        ? [found.tax_percentage]
        : [];
    for (const percent of parts) {
      exact.push((amount * percent) / 100);
      tax += Math.round((amount * percent) / 100);
    }
  }
  if (rounding === 'entity_level') tax = Math.round(exact.reduce((sum, value) => sum + value, 0));
  const total = subTotal + tax + paise(body.adjustment);
  return { sub_total: subTotal / 100, tax_total: tax / 100, total: total / 100 };
}

export interface ZohoStandIn {
  base: string;
  env: Record<string, string>;
  organizations: { organization_id: string; name: string }[];
  records: Record<StandInModule, Map<string, StandInRecord>>;
  /** Every Books and token request: method, path with query, form or JSON body. */
  requests: { method: string; path: string; body: unknown }[];
  /** Access tokens that stop working (Zoho's hour is up): the next Books call answers 401. */
  expireAccessTokens(): void;
  /** Refresh tokens that stop working (revoked in Zoho): a refresh answers invalid_code. */
  revokeRefreshTokens(): void;
  /** The next create in this module is done but answered with HTTP 500 (an answer lost on the way). */
  loseNextAnswer: StandInModule | null;
  /** The next create or update in this module fails with this Zoho error. */
  failNext: { module: StandInModule; code: number; message: string } | null;
  /** The organisation's taxes and tax groups (GET /settings/taxes); change them to test a missing rate. */
  taxes: StandInTax[];
  /** How line taxes round: per line (Zoho's default) or once on the whole document. */
  taxRounding: 'item_level' | 'entity_level';
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startZohoStandIn(options: { port?: number } = {}): Promise<ZohoStandIn> {
  let sequence = 1000;
  const codes = new Set<string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const state: ZohoStandIn = {
    base: '',
    env: {},
    organizations: [{ organization_id: '60012345678', name: 'Zoho Books India Org' }],
    records: {
      contacts: new Map(),
      invoices: new Map(),
      creditnotes: new Map(),
      customerpayments: new Map(),
    },
    requests: [],
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    loseNextAnswer: null,
    failNext: null,
    taxes: indiaDefaultTaxes(),
    taxRounding: 'item_level',
    close: async () => {},
  };

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(raw);
    let body: unknown;
    try {
      body =
        raw && request.headers['content-type']?.includes('json')
          ? JSON.parse(raw)
          : raw
            ? Object.fromEntries(form)
            : undefined;
    } catch {
      body = raw;
    }
    state.requests.push({ method: request.method ?? '', path: `${url.pathname}${url.search}`, body });
    const send = (status: number, answer: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json;charset=UTF-8');
      response.end(JSON.stringify(answer));
    };

    if (request.method === 'GET' && url.pathname === '/oauth/v2/auth') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const code = `1000.code${sequence++}`;
      codes.add(code);
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      redirect.searchParams.set('location', 'in');
      redirect.searchParams.set('accounts-server', state.base);
      response.statusCode = 302;
      response.setHeader('location', redirect.toString());
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/oauth/v2/token') {
      const params = new URLSearchParams([...form, ...url.searchParams]);
      if (params.get('client_id') !== 'zoho-client' || params.get('client_secret') !== 'zoho-secret')
        return send(200, { error: 'invalid_client' });
      const fresh = () => {
        const token = `1000.access${sequence++}`;
        accessTokens.add(token);
        return token;
      };
      if (params.get('grant_type') === 'authorization_code') {
        const code = params.get('code') ?? '';
        if (!codes.delete(code)) return send(200, { error: 'invalid_code' });
        const refresh = `1000.refresh${sequence++}`;
        refreshTokens.add(refresh);
        return send(200, {
          access_token: fresh(),
          refresh_token: refresh,
          api_domain: state.base,
          token_type: 'Bearer',
          expires_in: 3600,
        });
      }
      if (params.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(params.get('refresh_token') ?? ''))
          return send(200, { error: 'invalid_code' });
        return send(200, {
          access_token: fresh(),
          api_domain: state.base,
          token_type: 'Bearer',
          expires_in: 3600,
        });
      }
      return send(200, { error: 'unsupported_grant_type' });
    }
    if (request.method === 'POST' && url.pathname === '/oauth/v2/token/revoke') {
      refreshTokens.delete(url.searchParams.get('token') ?? '');
      return send(200, { status: 'success' });
    }

    const books = url.pathname.match(/^\/books\/v3\/([a-z]+)(?:\/([^/]+))?(?:\/status\/(void))?$/);
    if (!books) return send(404, { code: 5, message: 'Invalid URL Passed' });
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Zoho-oauthtoken ') || !accessTokens.has(auth.slice('Zoho-oauthtoken '.length)))
      return send(401, { code: 57, message: 'You are not authorized to perform this operation' });
    const [, moduleName, id, verb] = books as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    if (moduleName === 'organizations' && request.method === 'GET')
      return send(200, { code: 0, message: 'success', organizations: state.organizations });
    if (moduleName === 'settings' && id === 'taxes' && request.method === 'GET') {
      if (!state.organizations.some((o) => o.organization_id === url.searchParams.get('organization_id')))
        return send(400, { code: 6041, message: 'This user is not associated with the organization.' });
      const taxes = state.taxes.map(({ group_of: _components, ...tax }) => tax);
      return send(200, {
        code: 0,
        message: 'success',
        taxes,
        page_context: { page: 1, per_page: 200, has_more_page: false },
      });
    }
    if (!(moduleName in RECORD_KEY)) return send(404, { code: 5, message: 'Invalid URL Passed' });
    const module = moduleName as StandInModule;
    if (!state.organizations.some((o) => o.organization_id === url.searchParams.get('organization_id')))
      return send(400, { code: 6041, message: 'This user is not associated with the organization.' });
    const store = state.records[module];
    const record = { ...(body as Record<string, unknown>) };
    if ((module === 'invoices' || module === 'creditnotes') && body && typeof body === 'object')
      Object.assign(record, zohoTotals(record, state.taxes, state.taxRounding));

    if (request.method === 'GET' && !id) {
      const list = [...store.values()].filter((r) =>
        [...url.searchParams].every(
          ([key, value]) => key === 'organization_id' || String(r[key] ?? '') === value,
        ),
      );
      return send(200, { code: 0, message: 'success', [module]: list });
    }
    if ((request.method === 'POST' && !id) || (request.method === 'PUT' && id)) {
      if (state.failNext?.module === module) {
        const { code, message } = state.failNext;
        state.failNext = null;
        return send(400, { code, message });
      }
      const unique = UNIQUE_KEY[module];
      const clash = [...store.values()].find(
        (r) => r[unique] !== undefined && r[unique] === record[unique] && r[ID_KEY[module]] !== id,
      );
      if (clash) return send(400, { code: 1001, message: `${String(record[unique])} already exists.` });
      if (request.method === 'PUT') {
        const known = store.get(id as string);
        if (!known) return send(404, { code: 1002, message: 'Record does not exist.' });
        store.set(id as string, { ...known, ...record });
        return send(200, { code: 0, message: 'Updated.', [RECORD_KEY[module]]: store.get(id as string) });
      }
      const newId = `4600000${sequence++}`;
      store.set(newId, { ...record, [ID_KEY[module]]: newId, status: 'sent' });
      if (state.loseNextAnswer === module) {
        state.loseNextAnswer = null;
        return send(500, { code: 9999, message: 'Internal error' });
      }
      return send(201, { code: 0, message: 'Created.', [RECORD_KEY[module]]: store.get(newId) });
    }
    if (request.method === 'POST' && id && verb === 'void') {
      const known = store.get(id);
      if (!known) return send(404, { code: 1002, message: 'Record does not exist.' });
      known.status = 'void';
      return send(200, { code: 0, message: 'Status changed to void.' });
    }
    if (request.method === 'DELETE' && id) {
      if (!store.delete(id)) return send(404, { code: 1002, message: 'Record does not exist.' });
      return send(200, { code: 0, message: 'Deleted.' });
    }
    return send(405, { code: 5, message: 'Method not allowed' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.base = `http://127.0.0.1:${port}`;
  state.env = {
    ZOHO_CLIENT_ID: 'zoho-client',
    ZOHO_CLIENT_SECRET: 'zoho-secret',
    ZOHO_ACCOUNTS_URL: state.base,
    ZOHO_API_URL: state.base,
  };
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
