import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';
import { testAppWith, testServer } from '../../test/harness.ts';

/** A built web app of two files, so the test does not depend on `npm run build` having run. */
function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app");');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>',
  );
  return dir;
}

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
    const t = await testServer();
    const web = await testAppWith({ config: { ...t.server.ctx.config, webDistDir: builtWebApp() } });
    const origin = web.baseUrl.replace(/\/api$/, '');
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
    await web.close();
  });
});
