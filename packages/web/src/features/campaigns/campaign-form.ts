import type { CampaignInput } from '@b2b/domain/api/campaigns';
import { CAMPAIGN_MESSAGES, istInstant, scheduleProblem } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, type CampaignMedium, type CampaignType } from '@b2b/domain/statuses';
import { campaignTitleSchema } from '@b2b/domain/validation';

/**
 * The one-time campaign form's rules, apart from the screen (unit-tested): what the form holds,
 * what it refuses before sending, and the body the API takes.
 */

export interface CampaignFormValues {
  title: string;
  campaign_type: CampaignType;
  template_id: string | null;
  list_ids: string[];
  buyer_group_ids: string[];
  sales_channel_id: string | null;
  /** Campaign-wide values of the template's variables nothing else fills. */
  variables: Record<string, string>;
  when: 'now' | 'later';
  /** 'YYYY-MM-DD' and 'HH:MM', Indian time. */
  schedule_date: string | null;
  schedule_time: string;
}

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  title: '',
  campaign_type: 'promotional',
  template_id: null,
  list_ids: [],
  buyer_group_ids: [],
  sales_channel_id: null,
  variables: {},
  when: 'now',
  schedule_date: null,
  schedule_time: '10:00',
};

/** The medium of `?campaignMedium=`, or null when it names none. */
export function mediumOf(value: unknown): CampaignMedium | null {
  return CAMPAIGN_MEDIUMS.some((m) => m.value === value) ? (value as CampaignMedium) : null;
}

export const mediumLabel = (medium: CampaignMedium) =>
  CAMPAIGN_MEDIUMS.find((m) => m.value === medium)?.label ?? medium;

/** A date and time in India as the API takes it: '2026-12-01T10:00:00+05:30'. */
export function istIsoString(date: string, time: string): string {
  const hhmm = /^\d{2}:\d{2}$/.test(time) ? time : '00:00';
  return `${date}T${hhmm}:00+05:30`;
}

/** The scheduled instant the form describes, or null for 'send now' (or an unfinished time). */
export function scheduledInstant(values: CampaignFormValues): Date | null {
  if (values.when !== 'later' || !values.schedule_date) return null;
  return istInstant(values.schedule_date, values.schedule_time);
}

const hasAudience = (v: Pick<CampaignFormValues, 'list_ids' | 'buyer_group_ids' | 'sales_channel_id'>) =>
  v.list_ids.length > 0 || v.buyer_group_ids.length > 0 || v.sales_channel_id !== null;

/** Only the variables the template still needs, each trimmed; empty ones left out. */
function variablesOf(values: CampaignFormValues, needed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values.variables)) {
    if (needed.includes(name) && value.trim() !== '') out[name] = value.trim();
  }
  return out;
}

/** The create body: ids as numbers, the schedule in Indian time. */
export function campaignBody(
  values: CampaignFormValues,
  medium: CampaignMedium,
  variableNames: readonly string[],
): CampaignInput {
  return {
    title: values.title.trim(),
    campaign_medium: medium,
    campaign_type: values.campaign_type,
    template_id: Number(values.template_id),
    list_ids: values.list_ids.map(Number),
    buyer_group_ids: values.buyer_group_ids.map(Number),
    sales_channel_id: values.sales_channel_id === null ? null : Number(values.sales_channel_id),
    variables: variablesOf(values, variableNames),
    scheduled_at:
      values.when === 'later' && values.schedule_date
        ? istIsoString(values.schedule_date, values.schedule_time)
        : null,
  };
}

/**
 * The body of the live audience preview, or null while there is nothing to count (no template or
 * no audience). The title is not the preview's business: a valid stand-in is sent until one is typed.
 */
export function previewBody(
  values: CampaignFormValues,
  medium: CampaignMedium,
  variableNames: readonly string[],
): CampaignInput | null {
  if (values.template_id === null || !hasAudience(values)) return null;
  const body = campaignBody(values, medium, variableNames);
  const titleOk = campaignTitleSchema.safeParse(body.title).success;
  return { ...body, title: titleOk ? body.title : 'Audience preview', scheduled_at: null };
}

export type CampaignFormErrors = Partial<Record<string, string>>;

/** What the form refuses before sending (the server checks it all again). */
export function campaignFormErrors(
  values: CampaignFormValues,
  options: { now: Date; missingVariables: readonly string[] },
): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  const title = campaignTitleSchema.safeParse(values.title.trim());
  if (!title.success) errors.title = title.error.issues[0]?.message ?? 'Enter a title.';
  if (values.template_id === null) errors.template_id = 'Choose a template.';
  if (!hasAudience(values)) errors.list_ids = CAMPAIGN_MESSAGES.no_audience;
  if (values.when === 'later') {
    if (!values.schedule_date) errors.scheduled_at = 'Choose the date to send on.';
    else if (!/^\d{2}:\d{2}$/.test(values.schedule_time)) errors.scheduled_at = 'Enter the time as HH:MM.';
    else {
      const problem = scheduleProblem(scheduledInstant(values), options.now);
      if (problem) errors.scheduled_at = problem;
    }
  }
  for (const name of options.missingVariables) {
    if (!values.variables[name]?.trim()) errors[`variables.${name}`] = `Enter a value for {${name}}.`;
  }
  return errors;
}

/** A template the campaign may use: of its medium, active, not archived, and approved by Meta for WhatsApp. */
export function isUsableTemplate(
  template: {
    medium: string;
    is_active: boolean;
    archived_at: string | null;
    whatsapp_status: string | null;
  },
  medium: CampaignMedium,
): boolean {
  if (template.medium !== medium || !template.is_active || template.archived_at !== null) return false;
  return medium !== 'whatsapp' || template.whatsapp_status === 'approved';
}

/** The server's field names (list_ids, variables.coupon_code, scheduled_at) as the form's. */
export function formFieldOf(field: string): string {
  if (field === 'when' || field === 'schedule_date' || field === 'schedule_time') return 'scheduled_at';
  if (field === 'buyer_group_ids' || field === 'sales_channel_id') return 'list_ids';
  if (field.startsWith('variables.')) return field;
  if (field.startsWith('list_ids')) return 'list_ids';
  return field;
}

/** A share (0..1) as a percentage, '—' before anything was sent. */
export function percent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${(rate * 100).toFixed(rate >= 0.1 || rate === 0 ? 0 : 1)}%`;
}

/** part of whole as a share, null when whole is 0. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** An instant as the screens show a campaign's times, in Indian time: '01/12/2026 10:00 AM'; '—' without one. */
export function istDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const at = new Date(new Date(value).getTime() + 330 * 60_000);
  if (Number.isNaN(at.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = at.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(h12)}:${pad(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A campaign's counts are of each message's present state (a delivered message is no longer
 * counted as sent): the messages that went out are sent + delivered + read, the delivered ones
 * delivered + read.
 */
export const wentOut = (c: { sent: number; delivered: number; read: number }) =>
  c.sent + c.delivered + c.read;
export const deliveredOrRead = (c: { delivered: number; read: number }) => c.delivered + c.read;
