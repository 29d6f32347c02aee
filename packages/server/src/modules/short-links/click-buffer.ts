import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type ClickRow, insertClicks } from './short-links.queries.ts';

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 500;
/** A database that stays away keeps at most this many rows waiting; the oldest beyond are dropped. */
const MAX_WAITING = 50_000;

export interface Click {
  companyId: number;
  linkId: number;
  at: Date;
  device: ClickRow['device'];
  referrerHost: string | null;
}

/**
 * Clicks are counted in memory and written in batches: every second, or as soon as 500 rows are
 * waiting, one INSERT (short-links.queries.ts insertClicks) writes them all. Hits of one link in
 * one second from the same device class and referrer are one row with their number, so a busy
 * link costs a row a second, and a hit never waits for the database. (On the embedded database a
 * statement runs on the server's own thread: a batch of a thousand single rows stalled every
 * hit for as long as it took.)
 *
 * What a crash loses: the clicks of the last second at most (at most 500 rows of them), since they
 * live only in this process until the flush. A graceful stop (app.close) flushes them. A failed
 * flush puts its batch back for the next one (up to MAX_WAITING rows).
 */
export class ClickBuffer {
  private waiting = new Map<string, ClickRow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  add(click: Click): void {
    const second = Math.floor(click.at.getTime() / 1000);
    const key = `${click.linkId}|${second}|${click.device}|${click.referrerHost ?? ''}`;
    const row = this.waiting.get(key);
    if (row) row.clicks += 1;
    else this.waiting.set(key, { ...click, at: new Date(second * 1000), clicks: 1 });
    if (this.waiting.size >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes what is waiting; flushes run one after another. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.waiting.size === 0) return this.flushing;
    const batch = [...this.waiting.values()];
    this.waiting = new Map();
    this.flushing = this.flushing.then(async () => {
      try {
        // inTransaction retries a deadlock with another server's flush of the same links.
        await inTransaction(this.db, (tx) => insertClicks(tx, batch));
      } catch (error) {
        console.error('[short-links] click flush failed; kept for the next one', error);
        this.putBack(batch);
      }
    });
    return this.flushing;
  }

  private putBack(batch: ClickRow[]) {
    for (const row of batch.slice(-MAX_WAITING)) {
      const key = `${row.linkId}|${row.at.getTime() / 1000}|${row.device}|${row.referrerHost ?? ''}`;
      const waiting = this.waiting.get(key);
      if (waiting) waiting.clicks += row.clicks;
      else this.waiting.set(key, row);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }
}
