import { describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.ts';
import { boundedCount } from './bounded-count.ts';

describe('boundedCount', () => {
  it('counts exactly up to the limit, and estimates above it without going below the limit', async () => {
    const { db } = (await testServer()).server.ctx;
    const states = () => db.selectFrom('states');
    const all = Number(
      (
        await states()
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await boundedCount(db, states(), all)).toEqual({ count: all, countIsEstimate: false });
    expect(await boundedCount(db, states().where('gst_code', '=', '27'), 5)).toEqual({
      count: 1,
      countIsEstimate: false,
    });
    const estimated = await boundedCount(db, states(), 5);
    expect(estimated.countIsEstimate).toBe(true);
    expect(estimated.count).toBeGreaterThan(5);
  });
});
