import { describe, expect, it } from 'vitest';
import { pumpMessages } from './send-pipeline.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A queue of ids 1..total handed out in claims, with everything the pump did written down. */
function fakeQueue(total: number) {
  let next = 1;
  const sent: number[] = [];
  const recorded: number[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let claimsWhileSending = 0;
  return {
    sent,
    recorded,
    get maxInFlight() {
      return maxInFlight;
    },
    get claimsWhileSending() {
      return claimsWhileSending;
    },
    claim: async (limit: number) => {
      if (inFlight > 0) claimsWhileSending += 1;
      await tick();
      const rows: number[] = [];
      while (rows.length < limit && next <= total) rows.push(next++);
      return rows;
    },
    send: async (id: number) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await tick();
      inFlight -= 1;
      sent.push(id);
      return id;
    },
    record: async (ids: number[]) => {
      await tick();
      recorded.push(ids);
    },
  };
}

describe('the campaign send pipeline', () => {
  it('sends and records every claimed row exactly once, claiming the next batch while sending', async () => {
    const queue = fakeQueue(1_000);
    const end = await pumpMessages({
      ...queue,
      shouldContinue: async () => true,
      batchSize: 100,
      concurrency: 5,
      deadline: Date.now() + 60_000,
    });
    expect(end).toBe('drained');
    expect(queue.sent.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(queue.recorded.flat().toSorted((a, b) => a - b)).toEqual(queue.sent.toSorted((a, b) => a - b));
    expect(queue.maxInFlight).toBe(5);
    expect(queue.claimsWhileSending).toBeGreaterThan(0);
  });

  it('stops claiming when the campaign stops, and still records what it sent', async () => {
    const queue = fakeQueue(1_000);
    let checks = 0;
    const end = await pumpMessages({
      ...queue,
      shouldContinue: async () => ++checks < 3,
      checkEveryMs: 0,
      batchSize: 50,
      concurrency: 3,
      deadline: Date.now() + 60_000,
    });
    expect(end).toBe('stopped');
    expect(queue.sent.length).toBeLessThan(1_000);
    expect(queue.recorded.flat().length).toBe(queue.sent.length);
  });

  it('ends at the deadline without claiming', async () => {
    const queue = fakeQueue(10);
    const end = await pumpMessages({
      ...queue,
      shouldContinue: async () => true,
      batchSize: 5,
      concurrency: 2,
      deadline: Date.now() - 1,
    });
    expect(end).toBe('deadline');
    expect(queue.sent).toEqual([]);
  });

  it('throws a failed record after the sends in flight finish, and sends no more', async () => {
    const queue = fakeQueue(500);
    let records = 0;
    await expect(
      pumpMessages({
        ...queue,
        record: async () => {
          records += 1;
          throw new Error('the database went away');
        },
        shouldContinue: async () => true,
        batchSize: 20,
        concurrency: 4,
        deadline: Date.now() + 60_000,
      }),
    ).rejects.toThrow('the database went away');
    expect(records).toBe(1);
    expect(queue.sent.length).toBeLessThan(500);
  });
});
