import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  emptyRecurring,
  purposeSentence,
  recurringActions,
  recurringBody,
  recurringFormErrors,
} from './recurring-form';

const TODAY = '2026-11-30';
const base = { ...emptyRecurring(TODAY), title: 'Dues reminder', template_id: '5' };

describe('recurring campaign form', () => {
  it('starts as a daily payment reminder at 10:00 from today, with the purpose defaults', () => {
    expect(emptyRecurring(TODAY)).toMatchObject({
      purpose: 'payment_reminder',
      frequency: 'daily',
      start_date: TODAY,
      send_time: '10:00',
      settings: { days_before_due: 3, overdue_every_days: 7 },
    });
    expect(defaultSettings('promotional')).toEqual({});
    expect(defaultSettings('credit_limit_used')).toEqual({ threshold_percent: 80 });
  });

  it('explains who receives it with the settings filled in', () => {
    expect(purposeSentence('payment_reminder', { days_before_due: 2, overdue_every_days: 5 })).toContain(
      'within 2 day(s), and overdue buyers again every 5 day(s)',
    );
    expect(purposeSentence('credit_limit_used', { threshold_percent: '' })).toContain('80%');
    expect(purposeSentence('promotional', {})).toContain('you choose');
  });

  it('needs no chosen audience for a computed purpose, but one for promotional', () => {
    expect(recurringFormErrors(base, { today: TODAY, missingVariables: [] })).toEqual({});
    const promo = { ...base, purpose: 'promotional' as const, settings: {} };
    expect(recurringFormErrors(promo, { today: TODAY, missingVariables: [] }).list_ids).toBe(
      CAMPAIGN_MESSAGES.no_audience,
    );
    expect(
      recurringFormErrors({ ...promo, list_ids: ['1'] }, { today: TODAY, missingVariables: [] }),
    ).toEqual({});
  });

  it('refuses a past start, an end before the start, no festival dates, bad time and settings out of bounds', () => {
    const errors = recurringFormErrors(
      {
        ...base,
        start_date: '2026-11-01',
        end_date: '2026-10-01',
        frequency: 'on_dates',
        send_time: '25:00',
        settings: { days_before_due: 31, overdue_every_days: 7 },
      },
      { today: TODAY, missingVariables: ['coupon_code'] },
    );
    expect(errors.start_date).toBe(CAMPAIGN_MESSAGES.start_date_past);
    expect(errors.end_date).toBe('The end date cannot be before the start date.');
    expect(errors.dates).toBe('Choose at least one date.');
    expect(errors.send_time).toContain('HH:MM');
    expect(errors['settings.days_before_due']).toBe(
      'Remind this many days before the due date must be from 0 to 30.',
    );
    expect(errors['variables.coupon_code']).toBeTruthy();
  });

  it('builds the body: no chosen audience for a computed purpose, dates only on_dates, sorted', () => {
    const body = recurringBody({ ...base, list_ids: ['9'], dates: ['2026-12-05'] }, 'email', []);
    expect(body).toMatchObject({
      title: 'Dues reminder',
      purpose: 'payment_reminder',
      campaign_medium: 'email',
      template_id: 5,
      list_ids: [],
      dates: [],
      end_date: null,
      settings: { days_before_due: 3, overdue_every_days: 7 },
    });
    const festival = recurringBody(
      {
        ...base,
        purpose: 'festival_offers',
        settings: {},
        list_ids: ['9'],
        frequency: 'on_dates',
        dates: ['2026-12-25', '2026-12-05'],
        variables: { coupon_code: ' X10 ' },
      },
      'sms',
      ['coupon_code'],
    );
    expect(festival).toMatchObject({
      list_ids: [9],
      dates: ['2026-12-05', '2026-12-25'],
      variables: { coupon_code: 'X10' },
    });
  });

  it('offers Pause on a running one, Resume on a paused one, Stop on both, nothing when over', () => {
    expect(recurringActions('running')).toEqual({ pause: true, resume: false, stop: true });
    expect(recurringActions('paused')).toEqual({ pause: false, resume: true, stop: true });
    expect(recurringActions('finished')).toEqual({ pause: false, resume: false, stop: false });
    expect(recurringActions('aborted')).toEqual({ pause: false, resume: false, stop: false });
  });
});
