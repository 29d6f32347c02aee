import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { type JobRunner, startJobRunner } from './job-runner.ts';

/** A database of its own: PGlite in a folder (so it can be closed and reopened) or the run's PostgreSQL. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-jobs-'));
const open = () => openDatabase({ url: inject('databaseUrl'), dataDir: path.join(dataDir, 'db') });
const queue = (what: string) => `test.${what}.${process.pid}.${Date.now()}`;

function waitFor<T>(check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error('timed out'));
      setTimeout(tick, 100);
    };
    tick();
  });
}

const handles: { db: DatabaseHandle; jobs: JobRunner }[] = [];
async function start(runWorkers: boolean) {
  const db = await open();
  const jobs = await startJobRunner(db.db, { runWorkers });
  const handle = { db, jobs };
  handles.push(handle);
  return handle;
}
async function stop(handle: { db: DatabaseHandle; jobs: JobRunner }) {
  await handle.jobs.stop();
  await handle.db.close();
  handles.splice(handles.indexOf(handle), 1);
}

afterAll(async () => {
  for (const handle of [...handles]) await stop(handle);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('job runner (pg-boss on the same database)', () => {
  it('keeps a queued job across a restart and runs it on the next start', async () => {
    const name = queue('durable');
    const first = await start(false);
    await first.jobs.send(name, { invoice: 42 });
    await stop(first);

    const second = await start(true);
    const seen: unknown[] = [];
    await second.jobs.work<{ invoice: number }>(name, async (data) => {
      seen.push(data);
    });
    expect(await waitFor(() => seen[0])).toEqual({ invoice: 42 });
    await stop(second);
  });

  it('retries a failing job until it succeeds', async () => {
    const runner = await start(true);
    const name = queue('retry');
    let attempts = 0;
    await runner.jobs.work(name, async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`flaky ${attempts}`);
    });
    await runner.jobs.send(name, {}, { retryDelaySeconds: 1, retryLimit: 5 });
    await waitFor(() => (attempts >= 3 ? attempts : undefined), 30_000);
    expect(attempts).toBe(3);
    await stop(runner);
  });

  it('enqueues inside a transaction: a rollback leaves no job', async () => {
    const runner = await start(true);
    const committed = queue('committed');
    const rolledBack = queue('rolled-back');
    const ran: string[] = [];
    for (const name of [committed, rolledBack]) await runner.jobs.work(name, async () => void ran.push(name));
    await inTransaction(runner.db.db, (tx) => runner.jobs.send(committed, {}, { tx }));
    await expect(
      inTransaction(runner.db.db, async (tx) => {
        await runner.jobs.send(rolledBack, {}, { tx });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await waitFor(() => (ran.includes(committed) ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual([committed]);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = ${rolledBack}`.execute(runner.db.db);
    expect(left.rows[0].n).toBe(0);
    await stop(runner);
  });

  it('registers cron schedules', async () => {
    const runner = await start(true);
    const name = queue('nightly');
    await runner.jobs.schedule(name, '30 1 * * *');
    expect(await runner.jobs.schedules()).toContainEqual({ name, cron: '30 1 * * *' });
    await stop(runner);
  });
});
