import type { RecurringCampaignInput } from '@b2b/domain/api/campaigns';
import {
  CAMPAIGN_MESSAGES,
  PURPOSES_WITH_CHOSEN_AUDIENCE,
  RECURRING_SETTINGS,
  type RecurringFrequency,
} from '@b2b/domain/campaigns';
import type { CampaignMedium, CampaignType, RunStatus } from '@b2b/domain/statuses';
import { campaignTitleSchema } from '@b2b/domain/validation';

/** The recurring campaign form's rules, apart from the screen (unit-tested). */

export interface RecurringFormValues {
  title: string;
  purpose: CampaignType;
  template_id: string | null;
  list_ids: string[];
  buyer_group_ids: string[];
  sales_channel_id: string | null;
  frequency: RecurringFrequency;
  start_date: string | null;
  end_date: string | null;
  dates: string[];
  /** 'HH:MM', Indian time. */
  send_time: string;
  /** The purpose's settings as typed (NumberInput gives number or ''). */
  settings: Record<string, number | string>;
  variables: Record<string, string>;
}

type SettingRule = { label: string; min: number; max: number; default: number };

/** The settings of a purpose with their rules, in the domain's order. */
export function settingRules(purpose: CampaignType): [string, SettingRule][] {
  return Object.entries(RECURRING_SETTINGS[purpose] as Record<string, SettingRule>);
}

export function defaultSettings(purpose: CampaignType): Record<string, number> {
  return Object.fromEntries(settingRules(purpose).map(([key, rule]) => [key, rule.default]));
}

export function emptyRecurring(today: string): RecurringFormValues {
  return {
    title: '',
    purpose: 'payment_reminder',
    template_id: null,
    list_ids: [],
    buyer_group_ids: [],
    sales_channel_id: null,
    frequency: 'daily',
    start_date: today,
    end_date: null,
    dates: [],
    send_time: '10:00',
    settings: defaultSettings('payment_reminder'),
    variables: {},
  };
}

/**
 * The empty form with the purpose and title a link names (?purpose=payment_reminder&title=...), as
 * the business-intelligence insights open it; anything else in the link is ignored.
 */
export function prefilledRecurring(
  today: string,
  search: { purpose?: unknown; title?: unknown },
): RecurringFormValues {
  const values = emptyRecurring(today);
  const purpose =
    typeof search.purpose === 'string' && search.purpose in RECURRING_SETTINGS
      ? (search.purpose as CampaignType)
      : null;
  const title = typeof search.title === 'string' ? search.title.slice(0, 200) : '';
  return {
    ...values,
    ...(purpose ? { purpose, settings: defaultSettings(purpose) } : {}),
    ...(title ? { title } : {}),
  };
}

export const choosesAudience = (purpose: CampaignType) => PURPOSES_WITH_CHOSEN_AUDIENCE.includes(purpose);

const setting = (settings: Record<string, number | string>, purpose: CampaignType, key: string): number => {
  const value = settings[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return (RECURRING_SETTINGS[purpose] as Record<string, SettingRule>)[key]?.default ?? 0;
};

/** Who receives each run, in a sentence, with the purpose's settings filled in. */
export function purposeSentence(purpose: CampaignType, settings: Record<string, number | string>): string {
  const s = (key: string) => setting(settings, purpose, key);
  switch (purpose) {
    case 'payment_reminder':
      return `Buyers with an invoice falling due within ${s('days_before_due')} day(s), and overdue buyers again every ${s('overdue_every_days')} day(s), with the amount due. Sent without a recorded consent, as a reminder about their own account; an opt-out always wins.`;
    case 'credit_limit_used':
      return `Buyers who have used ${s('threshold_percent')}% or more of their credit limit.`;
    case 'cashpoints_expiring':
      return `Buyers whose cashpoints expire within ${s('days_before_expiry')} day(s), with the points and the date.`;
    case 'never_purchased':
      return `Contacts added at least ${s('days_since_added')} day(s) ago whose buyer has never placed an order. Only contacts who consented to the medium.`;
    case 'abandoned_carts':
      return `Buyers whose web-store cart has been left untouched for ${s('idle_hours')} hour(s). Only contacts who consented to the medium.`;
    case 'festival_offers':
      return 'The contact lists, buyer groups or sales channel you choose, on the festival days you pick. Only contacts who consented to the medium.';
    default:
      return 'The contact lists, buyer groups or sales channel you choose, on every run. Only contacts who consented to the medium.';
  }
}

export type RecurringFormErrors = Partial<Record<string, string>>;

export function recurringFormErrors(
  values: RecurringFormValues,
  options: { today: string; missingVariables: readonly string[] },
): RecurringFormErrors {
  const errors: RecurringFormErrors = {};
  const title = campaignTitleSchema.safeParse(values.title.trim());
  if (!title.success) errors.title = title.error.issues[0]?.message ?? 'Enter a title.';
  if (values.template_id === null) errors.template_id = 'Choose a template.';
  if (!values.start_date) errors.start_date = 'Enter a valid start date.';
  else if (values.start_date < options.today) errors.start_date = CAMPAIGN_MESSAGES.start_date_past;
  if (values.end_date && values.start_date && values.end_date < values.start_date)
    errors.end_date = 'The end date cannot be before the start date.';
  if (values.frequency === 'on_dates' && values.dates.length === 0)
    errors.dates = 'Choose at least one date.';
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(values.send_time))
    errors.send_time = 'Enter the send time as HH:MM (24-hour, Indian time).';
  for (const [key, rule] of settingRules(values.purpose)) {
    const value = values.settings[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max)
      errors[`settings.${key}`] = `${rule.label} must be from ${rule.min} to ${rule.max}.`;
  }
  if (
    choosesAudience(values.purpose) &&
    values.list_ids.length === 0 &&
    values.buyer_group_ids.length === 0 &&
    values.sales_channel_id === null
  )
    errors.list_ids = CAMPAIGN_MESSAGES.no_audience;
  for (const name of options.missingVariables) {
    if (!values.variables[name]?.trim()) errors[`variables.${name}`] = `Enter a value for {${name}}.`;
  }
  return errors;
}

export function recurringBody(
  values: RecurringFormValues,
  medium: CampaignMedium,
  variableNames: readonly string[],
): RecurringCampaignInput {
  const audience = choosesAudience(values.purpose);
  const variables: Record<string, string> = {};
  for (const name of variableNames) {
    const value = values.variables[name]?.trim();
    if (value) variables[name] = value;
  }
  return {
    title: values.title.trim(),
    purpose: values.purpose,
    campaign_medium: medium,
    template_id: Number(values.template_id),
    list_ids: audience ? values.list_ids.map(Number) : [],
    buyer_group_ids: audience ? values.buyer_group_ids.map(Number) : [],
    sales_channel_id: values.sales_channel_id === null ? null : Number(values.sales_channel_id),
    frequency: values.frequency,
    start_date: values.start_date ?? '',
    end_date: values.end_date || null,
    dates: values.frequency === 'on_dates' ? [...values.dates].sort() : [],
    send_time: values.send_time,
    settings: Object.fromEntries(
      settingRules(values.purpose).map(([key]) => [key, setting(values.settings, values.purpose, key)]),
    ),
    variables,
  };
}

/** Which of Pause, Resume and Stop a recurring campaign of this status offers. */
export function recurringActions(status: RunStatus): { pause: boolean; resume: boolean; stop: boolean } {
  return {
    pause: status === 'running',
    resume: status === 'paused',
    stop: status === 'running' || status === 'paused',
  };
}
