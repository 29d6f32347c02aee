import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { afterCommit, type Executor, type Tx } from '../db/transaction.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  tx?: Executor;
  startAfterSeconds?: number;
  /** Seconds before the first retry; later retries back off exponentially. */
  retryDelaySeconds?: number;
  retryLimit?: number;
}

export interface JobRunner {
  /**
   * Queues a job. Pass the transaction as `tx` to enqueue it atomically with the rows it is about:
   * it then exists only if the transaction commits.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  work<T>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Runs `name` on a cron schedule (Indian time); one instance fires across all servers. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  schedules(): Promise<{ name: string; cron: string }[]>;
  stop(): Promise<void>;
}

/** pg-boss speaks SQL through this adapter, so jobs live in the same database (PGlite or PostgreSQL). */
function executorAdapter(db: Executor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

/**
 * pg-boss's tables and these queues (a partition table each), made ahead of time: in the embedded
 * database's template, so a new data directory starts with them instead of running their DDL (seconds
 * on PGlite). A queue made here is found again by the runner's createQueue, which then does nothing.
 */
export async function installJobQueues(db: Database, names: readonly string[]): Promise<void> {
  const boss = new PgBoss({ db: executorAdapter(db), schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  for (const name of names) await boss.createQueue(name, { name, ...RETRY });
  await boss.stop({ graceful: false, wait: true });
}

/** Durable jobs: retried with exponential back-off, cron schedules, kept across restarts. */
export async function startJobRunner(db: Database, options: { runWorkers: boolean }): Promise<JobRunner> {
  const boss = new PgBoss({
    db: executorAdapter(db),
    schema: 'pgboss',
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    ...RETRY,
  });
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name, { name, ...RETRY });
    queues.add(name);
  };
  // This server's workers per queue. A worker polls every half second; it is woken instead when a
  // job of its queue is committed here, and looks for the next job at once after finishing one, so a
  // sign-up's OTP mail leaves in milliseconds and a backlog drains at the handler's own pace.
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  return {
    async send(name, data, opts = {}) {
      await ensureQueue(name);
      await boss.send(name, data, {
        ...RETRY,
        ...(opts.retryDelaySeconds !== undefined ? { retryDelay: opts.retryDelaySeconds } : {}),
        ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.tx ? { db: executorAdapter(opts.tx) } : {}),
      });
      // A job sent in a transaction is there for the worker only once that transaction commits.
      if (opts.tx?.isTransaction) await afterCommit(opts.tx as Tx, async () => wake(name));
      else wake(name);
    },
    async work(name, handler) {
      // The queue exists even where this server runs no workers: a send inside a transaction must
      // not have to create it through another connection (PGlite has only one).
      await ensureQueue(name);
      if (!options.runWorkers) return;
      let id: string | undefined;
      id = await boss.work<never>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
        if (id) boss.notifyWorker(id);
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
    },
    async schedule(name, cron, data = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: 'Asia/Kolkata' });
    },
    async schedules() {
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
