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
