import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';

/** The headers every answer carries, pages and API alike. */
function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, what).toContain("object-src 'none'");
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
}

describe('security headers', () => {
  it('are sent by the API, with no-store on what a signed-in user reads', async () => {
    const company = await signUpCompany();
    const me = await company.api.get('me');
    expect(me.status).toBe(200);
    expectSecurityHeaders(me.headers, 'GET /api/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const list = await company.api.get(`companies/${company.companyId}/roles`);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const refused = await company.anonymous.get('me');
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers, 'GET /api/me without a token');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('are sent with the web app and the API docs', async () => {
    const company = await signUpCompany();
    const origin = company.t.baseUrl.replace(/\/api$/, '');
    for (const path of ['/', '/orders', '/api/docs/', '/api/docs/openapi.json']) {
      const res = await fetch(`${origin}${path}`);
      await res.arrayBuffer();
      expectSecurityHeaders(res.headers, path);
    }
    // Hashed assets keep their long cache.
    const html = await (await fetch(`${origin}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'the built index.html names its script').toBeDefined();
    const script = await fetch(`${origin}${asset}`);
    await script.arrayBuffer();
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(script.headers, asset ?? '');
  });
});
