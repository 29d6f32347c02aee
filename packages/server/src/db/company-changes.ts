import pg from 'pg';
import { companyChanged, onCompanyChanged } from '../http/company-cache.ts';

const CHANNEL = 'b2b_company_changed';

/**
 * Several app servers on one PostgreSQL: each tells the others when a company's data changed
 * (NOTIFY), and retires its own cached reads when told (LISTEN). PGlite is one process: no need.
 */
export async function shareCompanyChanges(url: string, pool: pg.Pool): Promise<() => Promise<void>> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => {
    const companyId = Number(message.payload);
    if (Number.isInteger(companyId)) companyChanged(companyId, { broadcast: false });
  });
  listener.on('error', (error) => console.error('[company-changes] listener failed', error));
  await listener.query(`LISTEN ${CHANNEL}`);
  const unsubscribe = onCompanyChanged((companyId) => {
    pool.query('SELECT pg_notify($1, $2)', [CHANNEL, String(companyId)]).catch(() => undefined);
  });
  return async () => {
    unsubscribe();
    await listener.end();
  };
}
