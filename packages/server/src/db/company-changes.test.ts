import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { companyChanged, companyEpoch } from '../http/company-cache.ts';
import { shareCompanyChanges } from './company-changes.ts';

const url = inject('databaseUrl');
const settle = () => new Promise((r) => setTimeout(r, 400));

describe.runIf(url)('company changes shared between servers (PostgreSQL)', () => {
  it("retires the cache on another server's notice and ignores its own echo", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const stop = await shareCompanyChanges(url as string, pool);
    const companyId = 900_000_000 + (process.pid % 1000);
    try {
      const start = companyEpoch(companyId);
      companyChanged(companyId);
      await settle();
      expect(companyEpoch(companyId)).toBe(start + 1);

      // Another server's notice retires our cached reads. (The shared test server in this process
      // listens too, so the epoch may move more than once.)
      await pool.query('SELECT pg_notify($1, $2)', ['b2b_company_changed', `another-server:${companyId}`]);
      await settle();
      expect(companyEpoch(companyId)).toBeGreaterThan(start + 1);
    } finally {
      await stop();
      await pool.end();
    }
  });
});
