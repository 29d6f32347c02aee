import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES,
  canCancelCampaign,
  canMoveCampaign,
  canRunCampaign,
  earliestSendTime,
  filledVariableNames,
  istInstant,
  nextRunAt,
  receiptMoves,
  retryDelaySeconds,
  scheduleProblem,
  statusOnRun,
} from './campaigns.ts';

const quiet = { start: '21:00', end: '10:00' };

describe('campaign statuses', () => {
  it('moves a draft to scheduled or processing, and only unfinished campaigns can be cancelled', () => {
    expect(canMoveCampaign('draft', 'scheduled')).toBe(true);
    expect(canMoveCampaign('scheduled', 'processing')).toBe(true);
    expect(canMoveCampaign('processing', 'completed')).toBe(true);
    expect(canMoveCampaign('completed', 'processing')).toBe(false);
    expect(canCancelCampaign('processing')).toBe(true);
    expect(canCancelCampaign('completed')).toBe(false);
    expect(canRunCampaign('draft')).toBe(true);
    expect(canRunCampaign('scheduled')).toBe(false);
    const now = new Date('2026-11-30T04:00:00Z');
    expect(statusOnRun(null, now)).toBe('processing');
    expect(statusOnRun(new Date('2026-11-30T05:00:00Z'), now)).toBe('scheduled');
    expect(scheduleProblem(new Date('2026-11-29T04:00:00Z'), now)).toBe(CAMPAIGN_MESSAGES.schedule_past);
    expect(scheduleProblem(new Date('2028-01-01T00:00:00Z'), now)).toBe(CAMPAIGN_MESSAGES.schedule_too_far);
    expect(scheduleProblem(new Date('2026-11-30T03:59:30Z'), now)).toBeUndefined();
  });
});

describe('earliestSendTime', () => {
  it('holds promotional SMS and WhatsApp through the quiet hours across midnight in India, not e-mail or service messages', () => {
    // 23:30 IST = 18:00 UTC: quiet until 10:00 IST the next day (04:30 UTC).
    const night = new Date('2026-11-30T18:00:00Z');
    expect(earliestSendTime(night, 'sms', 'promotional', quiet).toISOString()).toBe(
      '2026-12-01T04:30:00.000Z',
    );
    expect(earliestSendTime(night, 'whatsapp', 'festival_offers', quiet).toISOString()).toBe(
      '2026-12-01T04:30:00.000Z',
    );
    // 02:00 IST (after midnight) waits for 10:00 the same day.
    const early = istInstant('2026-12-01', '02:00');
    expect(earliestSendTime(early, 'sms', 'promotional', quiet)).toEqual(istInstant('2026-12-01', '10:00'));
    expect(earliestSendTime(night, 'email', 'promotional', quiet)).toBe(night);
    expect(earliestSendTime(night, 'sms', 'payment_reminder', quiet)).toBe(night);
    const noon = istInstant('2026-12-01', '12:00');
    expect(earliestSendTime(noon, 'sms', 'promotional', quiet)).toBe(noon);
  });
});

describe('nextRunAt', () => {
  it('runs daily, weekly and monthly (the last day of a shorter month) at the send time in India, and on chosen dates', () => {
    const after = istInstant('2026-01-01', '12:00');
    const rule = { startDate: '2026-01-01', endDate: null, sendTime: '10:00' };
    expect(nextRunAt({ ...rule, frequency: 'daily' }, after)).toEqual(istInstant('2026-01-02', '10:00'));
    expect(nextRunAt({ ...rule, frequency: 'weekly' }, after)).toEqual(istInstant('2026-01-08', '10:00'));
    const monthEnd = { ...rule, startDate: '2026-01-31', frequency: 'monthly' as const };
    expect(nextRunAt(monthEnd, istInstant('2026-01-31', '12:00'))).toEqual(istInstant('2026-02-28', '10:00'));
    expect(nextRunAt(monthEnd, istInstant('2026-02-28', '12:00'))).toEqual(istInstant('2026-03-31', '10:00'));
    const festivals = { ...rule, frequency: 'on_dates' as const, dates: ['2026-11-08', '2026-03-04'] };
    expect(nextRunAt(festivals, after)).toEqual(istInstant('2026-03-04', '10:00'));
    expect(nextRunAt({ ...rule, frequency: 'daily', endDate: '2026-01-01' }, after)).toBeNull();
  });
});

describe('sending rules', () => {
  it('retries with back-off up to an hour, and receipts only move a message forward', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
    expect(receiptMoves('sent', 'delivered')).toBe(true);
    expect(receiptMoves('read', 'delivered')).toBe(false);
    expect(receiptMoves('delivered', 'failed')).toBe(false);
    expect(receiptMoves('sending', 'failed')).toBe(true);
    expect(receiptMoves('skipped', 'sent')).toBe(false);
  });

  it('fills the always-filled variables, a recurring purpose’s, and the typed-in values that are not blank', () => {
    const oneTime = filledVariableNames({
      purpose: 'payment_reminder',
      recurring: false,
      campaignValues: { coupon_code: 'DIWALI10', blank: ' ' },
    });
    expect(oneTime.has('contact_name')).toBe(true);
    expect(oneTime.has('unsubscribe_url')).toBe(true);
    expect(oneTime.has('coupon_code')).toBe(true);
    expect(oneTime.has('blank')).toBe(false);
    expect(oneTime.has('outstanding_amount')).toBe(false);
    const run = filledVariableNames({ purpose: 'payment_reminder', recurring: true, campaignValues: {} });
    expect(run.has('outstanding_amount')).toBe(true);
  });
});
