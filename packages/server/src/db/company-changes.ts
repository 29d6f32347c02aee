import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { companyChanged, onCompanyChanged } from '../core/company-epoch.ts';

const CHANNEL = 'b2b_company_changed';
/** Tags this server's notifications, so it ignores its own echo (it already retired its cache). */
const SERVER_ID = randomUUID();

/** `<server>:<company>` for a change of data, `<server>:<company>:access` when access changed too. */
const payloadOf = (companyId: number, access: boolean) =>
  `${SERVER_ID}:${companyId}${access ? ':access' : ''}`;

/**
 * Several app servers on one PostgreSQL: each tells the others when a company's data changed
 * (NOTIFY), and retires its own cached reads when told (LISTEN). PGlite is one process: no need.
 *
 * The notices go out on the listening connection, not the app's pool, so they never take a
 * connection from a request; the changes of one turn of the event loop go out in one statement,
 * each company once.
 */
export async function shareCompanyChanges(url: string): Promise<() => Promise<void>> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => {
    const [sender, id, kind] = (message.payload ?? '').split(':');
    const companyId = Number(id);
    if (sender !== SERVER_ID && Number.isInteger(companyId))
      companyChanged(companyId, { broadcast: false, access: kind === 'access' });
  });
  listener.on('error', (error) => console.error('[company-changes] listener failed', error));
  await listener.query(`LISTEN ${CHANNEL}`);

  /** Company id -> access changed too, of the changes not sent yet. */
  const pending = new Map<number, boolean>();
  let sending: Promise<unknown> = Promise.resolve();
  // One notice statement at a time on the connection: changes made meanwhile go in the next one.
  const send = () => {
    sending = sending.then(() => {
      if (pending.size === 0) return;
      const payloads = [...pending].map(([companyId, access]) => payloadOf(companyId, access));
      pending.clear();
      return listener
        .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [CHANNEL, payloads])
        .catch(() => undefined);
    });
  };
  const unsubscribe = onCompanyChanged((companyId, { access }) => {
    if (pending.size === 0) setImmediate(send);
    pending.set(companyId, access || pending.get(companyId) === true);
  });
  return async () => {
    unsubscribe();
    send();
    await sending;
    await listener.end();
  };
}
