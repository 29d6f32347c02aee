import { describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.ts';

describe('GET /api/docs/openapi.json', () => {
  it('describes every registered route with its schemas', async () => {
    const t = await testServer();
    const res = await fetch(`${t.baseUrl}/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const registered = t.server.app.routeTable
      .filter((r) => !r.url.includes('*') && r.url !== '/api/docs/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
    const login = doc.paths['/admin/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('serves a browsable docs page', async () => {
    const t = await testServer();
    const res = await fetch(`${t.baseUrl}/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
