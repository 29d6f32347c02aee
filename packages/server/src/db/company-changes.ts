import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { companyChanged, onCompanyChanged } from '../http/company-cache.ts';

const CHANNEL = 'b2b_company_changed';
/** Tags this server's notifications, so it ignores its own echo (it already retired its cache). */
const SERVER_ID = randomUUID();

/**
 * Several app servers on one PostgreSQL: each tells the others when a company's data changed
 * (NOTIFY), and retires its own cached reads when told (LISTEN). PGlite is one process: no need.
 */
export async function shareCompanyChanges(url: string, pool: pg.Pool): Promise<() => Promise<void>> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => {
    const [sender, id] = (message.payload ?? '').split(':');
    const companyId = Number(id);
    if (sender !== SERVER_ID && Number.isInteger(companyId)) companyChanged(companyId, { broadcast: false });
  });
  listener.on('error', (error) => console.error('[company-changes] listener failed', error));
  await listener.query(`LISTEN ${CHANNEL}`);
  const unsubscribe = onCompanyChanged((companyId) => {
    pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${SERVER_ID}:${companyId}`]).catch(() => undefined);
  });
  return async () => {
    unsubscribe();
    await listener.end();
  };
}
