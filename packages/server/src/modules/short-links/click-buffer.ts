import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type ClickRow, insertClicks } from './short-links.queries.ts';

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 500;
/** A database that stays away keeps at most this many clicks waiting; older ones beyond are dropped. */
const MAX_WAITING = 50_000;

/**
 * Clicks are counted in memory and written in batches: every second, or as soon as 500 are
 * waiting, one INSERT (short-links.queries.ts insertClicks) writes them all. A hit never waits
 * for the database.
 *
 * What a crash loses: the clicks of the last second at most (fewer than 500 of them), since they
 * live only in this process until the flush. A graceful stop (app.close) flushes them. A failed
 * flush puts its batch back for the next one (up to MAX_WAITING clicks).
 */
export class ClickBuffer {
  private waiting: ClickRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  add(click: ClickRow): void {
    this.waiting.push(click);
    if (this.waiting.length >= FLUSH_AT) void this.flush();
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
    const batch = this.waiting;
    if (batch.length === 0) return this.flushing;
    this.waiting = [];
    this.flushing = this.flushing.then(async () => {
      try {
        // inTransaction retries a deadlock with another server's flush of the same links.
        await inTransaction(this.db, (tx) => insertClicks(tx, batch));
      } catch (error) {
        console.error('[short-links] click flush failed; kept for the next one', error);
        this.waiting = [...batch, ...this.waiting].slice(-MAX_WAITING);
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
          this.timer.unref();
        }
      }
    });
    return this.flushing;
  }
}
