import type pg from 'pg';

/** How many statements one connection keeps prepared, and how many distinct texts get a name. */
const PER_CONNECTION = 300;
const DISTINCT_TEXTS = 5000;

/**
 * Makes every parameterised query of the pool's connections a named prepared statement, so a
 * connection parses and plans each statement of the app once instead of on every call. Planning is
 * most of PostgreSQL's work for the joins behind an order or an invoice (several milliseconds each
 * against tens of microseconds to run them), and the app's statements are few and repeated.
 *
 * Queries without parameters (migrations, multi-statement scripts) keep the simple protocol. Both
 * limits bound the memory of the texts here and of the plans in each backend; past them, queries
 * run unnamed as before. pg drops a name whose Parse failed, so a bad statement is parsed again.
 */
export function prepareStatementsOnConnect(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameFor = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < DISTINCT_TEXTS) {
      name = `app_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = new Set<string>();
    const preparingQuery = (text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = nameFor(text);
        if (name !== undefined && (prepared.has(name) || prepared.size < PER_CONNECTION)) {
          prepared.add(name);
          return query({ name, text, values }, callback);
        }
      }
      return query(text, values, callback);
    };
    client.query = preparingQuery as typeof client.query;
  });
}
