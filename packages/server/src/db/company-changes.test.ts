import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { accessEpoch, companyChanged, companyEpoch } from '../core/company-epoch.ts';
import { shareCompanyChanges } from './company-changes.ts';

const url = inject('databaseUrl');
const settle = () => new Promise((r) => setTimeout(r, 400));

describe.runIf(url)('company changes shared between servers (PostgreSQL)', () => {
  it("retires the cache on another server's notice and ignores its own echo", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const stop = await shareCompanyChanges(url as string);
    const companyId = 900_000_000 + (process.pid % 1000);
    try {
      const start = companyEpoch(companyId);
      const startAccess = accessEpoch(companyId);
      companyChanged(companyId);
      await settle();
      expect(companyEpoch(companyId)).toBe(start + 1);
      expect(accessEpoch(companyId)).toBe(startAccess);

      // Another server's notice retires our cached reads. (The shared test server in this process
      // listens too, so the epoch may move more than once.)
      await pool.query('SELECT pg_notify($1, $2)', ['b2b_company_changed', `another-server:${companyId}`]);
      await settle();
      expect(companyEpoch(companyId)).toBeGreaterThan(start + 1);
      expect(accessEpoch(companyId)).toBe(startAccess);

      // A change of access on another server retires our cached principals too.
      await pool.query('SELECT pg_notify($1, $2)', [
        'b2b_company_changed',
        `another-server:${companyId}:access`,
      ]);
      await settle();
      expect(accessEpoch(companyId)).toBeGreaterThan(startAccess);
    } finally {
      await stop();
      await pool.end();
    }
  });

  it('sends the changes of one turn of the event loop as one notice per company', async () => {
    const stop = await shareCompanyChanges(url as string);
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const received: string[] = [];
    watcher.on('notification', (message) => received.push(message.payload ?? ''));
    await watcher.query('LISTEN b2b_company_changed');
    const companyId = 910_000_000 + (process.pid % 1000);
    try {
      companyChanged(companyId);
      companyChanged(companyId, { access: true });
      companyChanged(companyId);
      companyChanged(companyId + 1);
      await settle();
      // Each listening server of this process sends its own (the shared test server's may be one).
      const ours = received
        .map((p) => p.split(':').slice(1).join(':'))
        .filter((p) => [companyId, companyId + 1].includes(Number(p.split(':')[0])));
      expect(ours.length % 2).toBe(0);
      expect([...new Set(ours)].sort()).toEqual([`${companyId}:access`, `${companyId + 1}`].sort());
    } finally {
      await stop();
      await watcher.end();
    }
  });
});
