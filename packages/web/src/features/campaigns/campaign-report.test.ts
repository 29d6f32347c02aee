import { describe, expect, it } from 'vitest';
import { byMedium, campaignsInPeriod, reportRow, reportTotals } from './campaign-report';

const counts = (sent: number, delivered: number, read: number, clicks: number, failed = 0, optedOut = 0) => ({
  audience: sent + failed,
  queued: 0,
  sent,
  delivered,
  read,
  failed,
  skipped: 1,
  clicks,
  opted_out: optedOut,
});
const A = {
  id: 1,
  title: 'A',
  status: 'completed',
  campaign_medium: 'email',
  started_at: '2026-11-01T20:00:00Z',
  created_at: '2026-10-30T10:00:00Z',
  counts: counts(10, 45, 45, 10, 2, 3),
};
const B = {
  id: 2,
  title: 'B',
  status: 'draft',
  campaign_medium: 'sms',
  started_at: null,
  created_at: '2026-11-15T10:00:00Z',
  counts: counts(0, 0, 0, 0),
};

describe('campaign report', () => {
  it('cuts the period by the Indian day it ran (or was made), leaving out what has not run', () => {
    // A started 01:30 on 2 November in India.
    const C = { ...B, id: 3, status: 'cancelled' };
    expect(campaignsInPeriod([A, B, C], '2026-11-02', '2026-11-30').map((c) => c.id)).toEqual([1, 3]);
    expect(campaignsInPeriod([A, B, C], '2026-11-03', null).map((c) => c.id)).toEqual([3]);
    expect(campaignsInPeriod([A, B], null, '2026-11-01')).toEqual([]);
  });

  it('gives each campaign its rates of the messages that went out (counts are of present states: sent + delivered + read)', () => {
    expect(reportRow(A)).toMatchObject({
      day: '2026-11-02',
      deliveredRate: 0.9,
      readRate: 0.45,
      clickRate: 0.1,
      optedOut: 3,
    });
    expect(reportRow(B)).toMatchObject({ deliveredRate: null, readRate: null, clickRate: null });
  });

  it('adds the totals and groups per medium for the chart', () => {
    expect(reportTotals([A, B])).toMatchObject({
      campaigns: 2,
      sent: 100,
      delivered: 90,
      failed: 2,
      skipped: 2,
      optedOut: 3,
      deliveredRate: 0.9,
    });
    expect(byMedium([A, B], (m) => m.toUpperCase())).toEqual([
      { medium: 'EMAIL', sent: 100, delivered: 90, read: 45, failed: 2 },
      { medium: 'SMS', sent: 0, delivered: 0, read: 0, failed: 0 },
    ]);
  });
});
