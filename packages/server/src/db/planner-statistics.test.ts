import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.ts';
import type { Database } from './database.ts';
import { maintainEmbeddedDatabase } from './planner-statistics.ts';

const onPostgresServer = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgresServer)('maintainEmbeddedDatabase (PGlite, which has no autovacuum)', () => {
  let db: Database;
  beforeAll(async () => {
    db = (await testServer()).server.ctx.db;
  });

  it("refreshes every table's statistics: the planner knows how many states there are", async () => {
    await maintainEmbeddedDatabase(db);
    const { rows } = await sql<{ reltuples: number; n: number }>`
      SELECT c.reltuples::int AS reltuples, (SELECT count(*) FROM states)::int AS n
        FROM pg_class c WHERE c.oid = 'states'::regclass`.execute(db);
    expect(rows[0]?.reltuples).toBe(rows[0]?.n);
  });
});
