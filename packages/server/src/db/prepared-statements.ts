import type pg from 'pg';

/** How many statements one connection keeps prepared, and how many distinct texts get a name. */
const PER_CONNECTION = 300;
const DISTINCT_TEXTS = 5000;
/** A page of a list (ends `limit $n`, maybe `offset $m`), its bounded count (`... limit $n) as "m"`), an EXPLAIN. */
const PAGE = /^explain\b|\blimit \$\d+(?: offset \$\d+)?\)?(?: as "\w+")?$/i;

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
  // A page of a list, its count and an EXPLAIN are planned for their values every time: a
  // list's filters match anything from none to all of a company's rows, and the one plan
  // PostgreSQL keeps for a prepared statement after its first five runs is costed for a typical
  // value (a status filter that nearly every invoice matches then reads the invoices of that
  // status and sorts them instead of walking the date index for the first twenty).
  const isPage = (text: string) => PAGE.test(text);
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
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && !isPage(text)) {
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
