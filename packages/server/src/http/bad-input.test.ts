import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';

/** Bodies of the wrong shape for every write route: none of them may cause a 500. */
const WRONG_BODIES: unknown[] = [
  {},
  [],
  'text',
  42,
  null,
  {
    first_name: 123,
    last_name: [],
    email: { $gt: '' },
    phone: 9876543210,
    password: true,
    role: 'admin',
    branches: '1,2',
    permissions: 'view_order',
    display_name: null,
    description: 5,
    is_active: 'yes',
    is_order_auto_confirm: 'true',
    configurations: 'x',
    configuration_type: 7,
    terms: { a: 1 },
    name: '',
    position: 'first',
    state_id: -1,
    pincode: 411001,
    otp: 123456,
    username: '',
    verification_token: 5,
    refresh_token: [],
    reset_token: {},
    notification_contacts: 'none',
  },
  { name: 'x'.repeat(100_000) },
];

/** Every string of the wrong-shape body, with a NUL byte inside (PostgreSQL cannot store one in text). */
const NUL_BODY = {
  name: 'a\u0000b',
  display_name: 'Role \u0000',
  first_name: 'Priya\u0000',
  email: 'a\u0000@example.in',
  description: '\u0000',
  search: 'x\u0000',
  lines: [{ note: 'n\u0000' }],
  'key\u0000': 'x',
};
/** Raw JSON text: JSON.stringify would never write an unpaired surrogate escape, a client may. */
const LONE_SURROGATE_JSON =
  '{"name":"x\\ud800y","display_name":"x\\udc00","first_name":"\\ud800","description":"a\\ud800"}';

/** Query parameters that hold a day or a time, per `METHOD /api/url`, from the OpenAPI document. */
async function dateLikeQueryParams(company: Awaited<ReturnType<typeof signUpCompany>>) {
  const doc = (await company.anonymous.get('docs/openapi.json')).body;
  const params = new Map<string, string[]>();
  for (const [url, operations] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      const names = (operation.parameters ?? [])
        .filter((p: any) => p.in === 'query' && /date|timestamp/.test(p.name))
        .map((p: any) => p.name as string);
      const fastifyUrl = `/api${url}`.replace(/\{([^}]+)\}/g, ':$1');
      if (names.length) params.set(`${method.toUpperCase()} ${fastifyUrl}`, names);
    }
  }
  expect(params.size, 'the OpenAPI document names date query parameters').toBeGreaterThan(5);
  return params;
}

describe('bad input on every route', () => {
  it('never answers 500, whatever the body or the id', async () => {
    const company = await signUpCompany();
    // Logout ends the session the test is using, so it goes last.
    const isLogout = (url: string) => url === '/api/auth/logout';
    const routes = company.t.server.app.routeTable
      .filter((r) => !r.url.includes('*'))
      .sort((a, b) => Number(isLogout(a.url)) - Number(isLogout(b.url)));
    const failures: string[] = [];
    for (const route of routes) {
      const ids = route.url.includes(':id') ? ['abc', '-1', '0', '99999999999999999999', '1.5'] : [''];
      for (const id of ids) {
        const path = route.url
          .replace(':companyId', String(company.companyId))
          .replace(':id', id)
          .replace(/^\/api\//, '');
        const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : WRONG_BODIES;
        for (const body of bodies) {
          const res = await company.api.request(route.method, path, body);
          if (res.status >= 500)
            failures.push(`${route.method} ${path} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.status}`);
        }
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          const broken = await company.api.request(route.method, path, '{"broken', {
            'content-type': 'application/json',
          });
          if (![400, 401, 404, 415].includes(broken.status))
            failures.push(`${route.method} ${path} broken JSON -> ${broken.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses NUL bytes, lone surrogates, impossible dates and boundary-less multipart on every route with a 400', async () => {
    const company = await signUpCompany();
    // The marketing routes answer 403 to a company without marketing before they read the query.
    await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
    const isLogout = (url: string) => url === '/api/auth/logout';
    const routes = company.t.server.app.routeTable
      .filter((r) => !r.url.includes('*'))
      .sort((a, b) => Number(isLogout(a.url)) - Number(isLogout(b.url)));
    const dateParams = await dateLikeQueryParams(company);
    const failures: string[] = [];
    const expect400 = async (label: string, send: () => Promise<{ status: number; body: any }>) => {
      // A streamed answer that fails after its first byte ends in a dropped connection.
      const res = await send().catch((error: Error) => ({ status: 0, body: error.message }));
      if (res.status !== 400 || typeof res.body?.detail !== 'string' || !res.body.detail)
        failures.push(`${label} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 80)}`);
    };
    for (const route of routes) {
      // A well-formed id, so that the refusal is about the bad text and not about the id.
      const path = route.url
        .replace(':companyId', String(company.companyId))
        .replace(/:[A-Za-z]+/g, '1')
        .replace(/^\/api\//, '');
      const label = `${route.method} ${path}`;
      await expect400(`${label}?search=a%00b`, () =>
        company.api.request(route.method, `${path}?search=a%00b`),
      );
      for (const param of dateParams.get(`${route.method} ${route.url}`) ?? []) {
        const value = param === 'timestamp' ? '2026-02-30T10:00:00Z' : '2026-02-30';
        await expect400(`${label}?${param}=${value}`, () =>
          company.api.request(route.method, `${path}?${param}=${value}`),
        );
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      await expect400(`${label} NUL in body`, () => company.api.request(route.method, path, NUL_BODY));
      await expect400(`${label} lone surrogate`, () =>
        company.api.request(route.method, path, LONE_SURROGATE_JSON, { 'content-type': 'application/json' }),
      );
      await expect400(`${label} multipart without boundary`, () =>
        company.api.request(route.method, path, 'file=x', { 'content-type': 'multipart/form-data' }),
      );
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers a non-numeric id with 400 and a field message', async () => {
    const company = await signUpCompany();
    const res = await company.api.get('roles/abc');
    expect(res.status).toBe(400);
    expect(res.body.errors.id).toBeDefined();
  });
});

describe('an empty body labelled as JSON', () => {
  it('is accepted as no body on action routes', async () => {
    const company = await signUpCompany();
    const role = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: 'Empty body role',
    });
    const res = await company.api.request('POST', `roles/${role.body.id}/deactivate`, '', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
  });
});

describe('text that cannot be stored, refused at the edge', () => {
  it('answers a NUL in the search of an open list with 400 and a sentence', async () => {
    const company = await signUpCompany();
    for (const path of ['states?search=%00', 'cities?search=a%00b']) {
      const res = await company.anonymous.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.detail).toMatch(/NUL character/);
      expect(res.body.errors.search).toHaveLength(1);
    }
  });

  it('names the field of a NUL or a lone surrogate inside a JSON body', async () => {
    const company = await signUpCompany();
    const nul = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: 'ok',
      description: 'a\u0000b',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual({ description: [expect.stringMatching(/NUL character/)] });
    const surrogate = await company.api.request(
      'POST',
      `companies/${company.companyId}/roles`,
      '{"display_name":"x\\ud800y"}',
    );
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual({
      display_name: [expect.stringMatching(/unpaired UTF-16 surrogate/)],
    });
    // A well-formed pair is ordinary text.
    const pair = await company.api.request(
      'POST',
      `companies/${company.companyId}/roles`,
      '{"display_name":"Role \\ud83d\\ude00 ok"}',
    );
    expect(pair.status, JSON.stringify(pair.body)).toBe(201);
    expect(pair.body.display_name).toBe('Role 😀 ok');
  });

  it('refuses an upload without a multipart boundary', async () => {
    const company = await signUpCompany();
    const res = await company.api.request('POST', `companies/${company.companyId}/logo`, 'x', {
      'content-type': 'multipart/form-data',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The upload is not valid multipart/form-data (no boundary).');
  });

  it('refuses an impossible calendar day in a date filter', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(
      `admin/companies/${company.companyId}/transactions?start_date=2026-02-30`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.start_date).toEqual(['Expected a date as YYYY-MM-DD.']);
    const leap = await company.api.get(
      `admin/companies/${company.companyId}/transactions?start_date=2028-02-29`,
    );
    expect(leap.status).toBe(200);
  });
});
