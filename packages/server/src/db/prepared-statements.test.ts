import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { prepareStatementsOnConnect } from './prepared-statements.ts';

const url = inject('databaseUrl');

describe.runIf(url)('prepared statements (PostgreSQL)', () => {
  it('prepares parameterised statements once per connection, but not list pages, counts or scripts', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareStatementsOnConnect(pool);
    const client = await pool.connect();
    try {
      const prepared = async () =>
        (await client.query('SELECT statement FROM pg_prepared_statements ORDER BY statement')).rows.map(
          (row) => row.statement as string,
        );
      const lookup = 'SELECT $1::int + 1 AS n';
      expect((await client.query(lookup, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(lookup, [41])).rows).toEqual([{ n: 42 }]);
      await client.query(
        'SELECT g FROM generate_series(1, 100) g WHERE g > $1 ORDER BY g LIMIT $2 OFFSET $3',
        [5, 10, 0],
      );
      await client.query(
        'SELECT count(*) FROM (SELECT 1 FROM generate_series(1, $1) g LIMIT $2) AS "m"',
        [9, 5],
      );
      await client.query('SELECT 1; SELECT 2');
      expect(await prepared()).toEqual([lookup]);
      // A bad statement is not left half-prepared: the next good one still runs.
      await expect(client.query('SELECT $1::int + nope', [1])).rejects.toThrow();
      expect((await client.query(lookup, [2])).rows).toEqual([{ n: 3 }]);
    } finally {
      client.release();
      await pool.end();
    }
  });
});
