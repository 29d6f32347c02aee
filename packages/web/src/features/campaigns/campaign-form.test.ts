import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { describe, expect, it } from 'vitest';
import {
  type CampaignFormValues,
  campaignBody,
  campaignFormErrors,
  deliveredOrRead,
  EMPTY_CAMPAIGN,
  formFieldOf,
  istDateTime,
  istIsoString,
  isUsableTemplate,
  mediumOf,
  percent,
  previewBody,
  scheduledInstant,
  wentOut,
} from './campaign-form';

const NOW = new Date('2026-11-30T04:00:00Z'); // 09:30 in India
const filled: CampaignFormValues = {
  ...EMPTY_CAMPAIGN,
  title: 'Diwali-offer_2026 v1.0',
  template_id: '7',
  list_ids: ['3', '4'],
};

describe('one-time campaign form', () => {
  it('reads the medium of the address, nothing else', () => {
    expect(mediumOf('whatsapp')).toBe('whatsapp');
    expect(mediumOf('push_notification')).toBe('push_notification');
    expect(mediumOf('fax')).toBeNull();
    expect(mediumOf(undefined)).toBeNull();
  });

  it('sends a schedule in Indian time with its offset', () => {
    expect(istIsoString('2026-12-01', '10:00')).toBe('2026-12-01T10:00:00+05:30');
    const later = { ...filled, when: 'later' as const, schedule_date: '2026-12-01', schedule_time: '10:00' };
    expect(scheduledInstant(later)?.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(campaignBody(later, 'email', []).scheduled_at).toBe('2026-12-01T10:00:00+05:30');
    expect(campaignBody(filled, 'email', []).scheduled_at).toBeNull();
  });

  it('builds the body: ids as numbers, only the needed variables, trimmed', () => {
    const body = campaignBody(
      { ...filled, sales_channel_id: '2', variables: { coupon_code: ' DIWALI10 ', stale: 'x', empty: ' ' } },
      'sms',
      ['coupon_code', 'empty'],
    );
    expect(body).toMatchObject({
      title: 'Diwali-offer_2026 v1.0',
      campaign_medium: 'sms',
      campaign_type: 'promotional',
      template_id: 7,
      list_ids: [3, 4],
      buyer_group_ids: [],
      sales_channel_id: 2,
      variables: { coupon_code: 'DIWALI10' },
    });
  });

  it('refuses a bad title, no template, no audience and unfilled variables before sending', () => {
    const errors = campaignFormErrors(
      { ...EMPTY_CAMPAIGN, title: 'Sale 50% off!' },
      { now: NOW, missingVariables: ['coupon_code'] },
    );
    expect(errors.title).toBe('Title can only contain letters, digits, hyphen, underscore, dot and space.');
    expect(errors.template_id).toBe('Choose a template.');
    expect(errors.list_ids).toBe(CAMPAIGN_MESSAGES.no_audience);
    expect(errors['variables.coupon_code']).toBe('Enter a value for {coupon_code}.');
    expect(campaignFormErrors(filled, { now: NOW, missingVariables: [] })).toEqual({});
    expect(
      campaignFormErrors({ ...EMPTY_CAMPAIGN, title: '' }, { now: NOW, missingVariables: [] }).title,
    ).toBeTruthy();
  });

  it('a buyer group or a sales channel alone is an audience', () => {
    const none = { ...filled, list_ids: [] };
    expect(
      campaignFormErrors({ ...none, buyer_group_ids: ['1'] }, { now: NOW, missingVariables: [] }),
    ).toEqual({});
    expect(
      campaignFormErrors({ ...none, sales_channel_id: '1' }, { now: NOW, missingVariables: [] }),
    ).toEqual({});
  });

  it('refuses a schedule in the past or without a date', () => {
    const past = { ...filled, when: 'later' as const, schedule_date: '2026-11-30', schedule_time: '09:00' };
    expect(campaignFormErrors(past, { now: NOW, missingVariables: [] }).scheduled_at).toBe(
      CAMPAIGN_MESSAGES.schedule_past,
    );
    const soon = { ...past, schedule_time: '11:00' };
    expect(campaignFormErrors(soon, { now: NOW, missingVariables: [] })).toEqual({});
    const noDate = { ...past, schedule_date: null };
    expect(campaignFormErrors(noDate, { now: NOW, missingVariables: [] }).scheduled_at).toBe(
      'Choose the date to send on.',
    );
  });

  it('previews only with a template and an audience, with a stand-in title until one is valid', () => {
    expect(previewBody({ ...filled, template_id: null }, 'email', [])).toBeNull();
    expect(previewBody({ ...filled, list_ids: [] }, 'email', [])).toBeNull();
    expect(previewBody({ ...filled, title: '' }, 'email', [])?.title).toBe('Audience preview');
    expect(previewBody(filled, 'email', [])?.title).toBe(filled.title);
  });

  it('offers only active templates of the medium, and approved ones for WhatsApp', () => {
    const t = { medium: 'whatsapp', is_active: true, archived_at: null, whatsapp_status: 'pending' };
    expect(isUsableTemplate(t, 'whatsapp')).toBe(false);
    expect(isUsableTemplate({ ...t, whatsapp_status: 'approved' }, 'whatsapp')).toBe(true);
    expect(isUsableTemplate({ ...t, whatsapp_status: 'approved' }, 'sms')).toBe(false);
    const email = { medium: 'email', is_active: true, archived_at: null, whatsapp_status: null };
    expect(isUsableTemplate(email, 'email')).toBe(true);
    expect(isUsableTemplate({ ...email, is_active: false }, 'email')).toBe(false);
    expect(isUsableTemplate({ ...email, archived_at: '2026-01-01' }, 'email')).toBe(false);
  });

  it('puts server errors under the fields that show them', () => {
    expect(formFieldOf('buyer_group_ids')).toBe('list_ids');
    expect(formFieldOf('sales_channel_id')).toBe('list_ids');
    expect(formFieldOf('variables.coupon_code')).toBe('variables.coupon_code');
    expect(formFieldOf('scheduled_at')).toBe('scheduled_at');
    expect(formFieldOf('schedule_date')).toBe('scheduled_at');
  });

  it('reads rates as percentages', () => {
    expect(percent(null)).toBe('—');
    expect(percent(0)).toBe('0%');
    expect(percent(0.5)).toBe('50%');
    expect(percent(0.015)).toBe('1.5%');
  });
});

describe('campaign times', () => {
  it('shows instants in Indian time whatever the browser’s zone', () => {
    expect(istDateTime('2026-12-01T04:30:00Z')).toBe('01/12/2026 10:00 AM');
    expect(istDateTime('2026-12-01T18:45:00Z')).toBe('02/12/2026 12:15 AM');
    expect(istDateTime('2026-12-01T07:00:00Z')).toBe('01/12/2026 12:30 PM');
    expect(istDateTime(null)).toBe('—');
  });
});

describe('counts of present states', () => {
  it('adds up what went out and what was delivered', () => {
    const counts = { sent: 1, delivered: 3, read: 4 };
    expect(wentOut(counts)).toBe(8);
    expect(deliveredOrRead(counts)).toBe(7);
  });
});
