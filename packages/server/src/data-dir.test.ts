import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/api-client.ts';
import { readConfig } from './config.ts';
import { createMailer } from './mail/mailer.ts';
import { type RunningServer, startServer } from './server.ts';

// `npm start` on an empty DATA_DIR: the embedded database is a copy of the migrated template, the
// server answers before the demo company is whole, and signing in waits for it. A second start on
// the same directory keeps everything (the demo, the signing key, the migrations done).

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-data-dir-test-'));

async function start(): Promise<{ running: RunningServer; api: ApiClient }> {
  const running = await startServer(
    {
      ...readConfig({}),
      databaseUrl: undefined,
      dataDir: work,
      filesDir: path.join(work, 'files'),
      seedDemo: true,
      smtpUrl: undefined,
      jwtSecret: undefined,
      runJobs: false,
    },
    { mailer: createMailer({ smtpUrl: undefined, from: 'test@b2b.local', log: () => {} }), log: () => {} },
  );
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = running.app.server.address() as AddressInfo;
  return { running, api: new ApiClient(`http://127.0.0.1:${port}/api`) };
}

let current: RunningServer | undefined;
afterAll(async () => {
  await current?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('an empty data directory', () => {
  let token = '';
  let companyId = 0;

  it('starts, answers at once, and signs the demo admin in to the whole demo company', async () => {
    const { running, api } = await start();
    current = running;
    let demoWhole = false;
    running.demoReady.then(() => {
      demoWhole = true;
    });
    const states = await api.get('states?limit=1');
    expect(states.status).toBe(200);

    const login = await api.post('admin/auth/login/', running.demo);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(demoWhole).toBe(true);
    expect(login.body.company).toMatchObject({ name: 'Demo Traders Private Limited', is_verified: true });
    token = login.body.access_token;
    companyId = login.body.company.id;
    const products = await api.as(token).get(`companies/${companyId}/products?limit=1`);
    expect(products.body.count).toBe(15);
  }, 180_000);

  it('is used again by the next start: same demo company, same signing key, no migration run again', async () => {
    await current?.close();
    current = undefined;
    const { running, api } = await start();
    current = running;
    expect(running.demo).toEqual({ username: 'admin@demo.in', password: 'Demo@1234' });
    const me = await api.as(token).get('me');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.company.id).toBe(companyId);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(
      running.ctx.db,
    );
    expect(rows[0]?.n).toBe(1);
    const migrations = fs
      .readdirSync(path.join(import.meta.dirname, 'db/migrations'))
      .filter((f) => f.endsWith('.sql'));
    const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
      running.ctx.db,
    );
    expect(applied.rows[0]?.n).toBe(migrations.length);
  }, 120_000);
});
