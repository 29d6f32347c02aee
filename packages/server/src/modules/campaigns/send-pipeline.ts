/**
 * The campaign sender's pipeline: `concurrency` workers send claimed rows one after another while
 * the next batch is claimed in the background (once the local queue is half empty) and outcomes
 * are recorded in batches behind them. Claiming, sending and recording overlap, so the provider's
 * connections never wait for the database between batches (before, each batch waited for its
 * slowest message, then its record, then the next claim).
 *
 * It stops claiming when `claim` answers nothing ('drained'), `shouldContinue` says no ('stopped')
 * or the deadline passes ('deadline'); rows already claimed are still sent and recorded. A failed
 * claim, send or record stops the workers and is thrown once the sends in flight are recorded (rows
 * claimed and not sent stay 'sending' and are claimed again later, with the same idempotency key).
 */
export type PumpEnd = 'drained' | 'stopped' | 'deadline';

export interface PumpOptions<Row, Result> {
  claim(limit: number): Promise<Row[]>;
  send(row: Row): Promise<Result>;
  record(results: Result[]): Promise<void>;
  /** Asked before a claim, at most every `checkEveryMs`; false ends the pump ('stopped'). */
  shouldContinue(): Promise<boolean>;
  batchSize: number;
  concurrency: number;
  /** Epoch milliseconds after which nothing more is claimed. */
  deadline: number;
  checkEveryMs?: number;
  /** Outcomes are recorded at least this often while sending (so progress shows). */
  recordEveryMs?: number;
}

export async function pumpMessages<Row, Result>(options: PumpOptions<Row, Result>): Promise<PumpEnd> {
  const { batchSize, checkEveryMs = 250, recordEveryMs = 1_000 } = options;
  const queue: Row[] = [];
  const results: Result[] = [];
  let end: PumpEnd | undefined;
  let failure: unknown;
  let claiming: Promise<void> | undefined;
  let recording: Promise<void> = Promise.resolve();
  let lastCheck = Number.NEGATIVE_INFINITY;
  let lastRecord = Date.now();

  const stopWith = (error: unknown) => {
    failure ??= error;
    end ??= 'stopped';
  };

  const claimMore = async () => {
    if (Date.now() > options.deadline) {
      end = 'deadline';
      return;
    }
    if (Date.now() - lastCheck >= checkEveryMs) {
      lastCheck = Date.now();
      if (!(await options.shouldContinue())) {
        end = 'stopped';
        return;
      }
    }
    const rows = await options.claim(batchSize);
    if (rows.length === 0) end ??= 'drained';
    else queue.push(...rows);
  };
  const refill = (): Promise<void> => {
    if (end) return Promise.resolve();
    claiming ??= claimMore()
      .catch(stopWith)
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  };
  const flush = (): Promise<void> => {
    lastRecord = Date.now();
    if (results.length === 0) return recording;
    const batch = results.splice(0);
    recording = recording.then(() => (failure ? undefined : options.record(batch).catch(stopWith)));
    return recording;
  };

  const worker = async () => {
    while (!failure) {
      if (queue.length <= batchSize / 2) void refill();
      const row = queue.shift();
      if (row === undefined) {
        if (end) return;
        await refill();
        continue;
      }
      try {
        results.push(await options.send(row));
      } catch (error) {
        stopWith(error);
        return;
      }
      if (results.length >= batchSize || Date.now() - lastRecord >= recordEveryMs) void flush();
    }
  };

  await refill();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await flush();
  if (failure) throw failure;
  return end ?? 'drained';
}
