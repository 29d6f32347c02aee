import {
  CAMPAIGN_MEDIUMS,
  type CampaignMedium,
  type CampaignStatus,
  type CampaignType,
  type RunStatus,
} from './statuses.ts';
import { TEMPLATE_MESSAGES } from './templates.ts';

/**
 * Campaigns (issue 23): the rules a one-time campaign, a recurring campaign and each message obey,
 * shared by the server (which enforces them) and the web app (which explains them).
 */

const mediumLabel = (medium: CampaignMedium) =>
  CAMPAIGN_MEDIUMS.find((m) => m.value === medium)?.label ?? medium;

/** The spec's toasts (spec 3 §8) and the server's refusals, each a sentence a user can act on. */
export const CAMPAIGN_MESSAGES = {
  create_failed: 'Failed to Create Campaign',
  load_failed: 'Failed to Load Campaign',
  cancel_failed: 'Failed to cancel Campaign.',
  run_failed: 'Failed to run Campaign.',
  summary_failed: 'Failed to load Campaign Summary',
  list_failed: 'Failed to load Campaigns.',
  created: 'Campaign created successfully.',
  cancelled: 'Campaign cancelled Successfully.',
  will_run: 'Campaign will now run successfully as per scheduling.',
  missing_inputs: TEMPLATE_MESSAGES.missing_inputs,
  not_found: 'Campaign not found.',
  no_audience: 'Choose at least one contact list, buyer group or sales channel as the audience.',
  empty_audience: 'The audience has no contact who can receive this medium.',
  schedule_past: 'Choose a time in the future to schedule the campaign.',
  schedule_too_far: 'A campaign can be scheduled at most a year ahead.',
  template_medium: 'Choose a template of the campaign’s medium.',
  template_unusable: 'This template is inactive or archived; choose another.',
  whatsapp_not_approved: 'Meta has not approved this WhatsApp template yet; it cannot be sent.',
  medium_not_configured: (medium: CampaignMedium) =>
    `${mediumLabel(medium)} is not configured. Set it up in Campaign Mediums before sending.`,
  cannot_cancel: (status: CampaignStatus) =>
    `This campaign is ${status === 'completed' ? 'processed' : status} and can no longer be cancelled.`,
  cannot_run: (status: CampaignStatus) =>
    `Only a draft campaign can be run; this one is ${status === 'completed' ? 'processed' : status}.`,
  cannot_edit: 'Only a draft campaign can be edited.',
  recurring_not_found: 'Recurring campaign not found.',
  recurring_created: 'Recurring campaign created successfully.',
  recurring_paused: 'Recurring campaign paused.',
  recurring_resumed: 'Recurring campaign resumed.',
  recurring_stopped: 'Recurring campaign stopped.',
  cannot_pause: (status: RunStatus) => `A ${status} recurring campaign cannot be paused.`,
  cannot_resume: (status: RunStatus) =>
    `Only a paused recurring campaign can be resumed; this one is ${status}.`,
  cannot_stop: (status: RunStatus) => `A ${status} recurring campaign cannot be stopped.`,
  wrong_sales_channel: 'This recurring campaign does not run on that sales channel.',
  start_date_past: 'The start date cannot be before today.',
  unsubscribed: 'You are unsubscribed. You will not receive these messages any more.',
  unsubscribe_link_invalid: 'This unsubscribe link is not valid.',
} as const;

// ---------------------------------------------------------------------------------------------
// One-time campaign statuses

/**
 * draft -> scheduled (run with a future time) | processing (run now) | cancelled;
 * scheduled -> processing (when due) | cancelled; processing -> completed | failed | cancelled
 * (cancelling a sending campaign skips the messages not yet sent). The rest are final.
 */
const NEXT_STATUSES: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['scheduled', 'processing', 'cancelled'],
  scheduled: ['processing', 'cancelled'],
  processing: ['completed', 'failed', 'cancelled'],
  completed: [],
  processed: [],
  cancelled: [],
  failed: [],
};

export const canMoveCampaign = (from: CampaignStatus, to: CampaignStatus): boolean =>
  NEXT_STATUSES[from].includes(to);
export const canCancelCampaign = (status: CampaignStatus) => canMoveCampaign(status, 'cancelled');
export const canRunCampaign = (status: CampaignStatus) => status === 'draft';
export const canEditCampaign = (status: CampaignStatus) => status === 'draft';

/** A campaign run now or scheduled in the past starts processing; a future time waits. */
export function statusOnRun(scheduledAt: Date | null, now: Date): 'scheduled' | 'processing' {
  return scheduledAt && scheduledAt.getTime() > now.getTime() ? 'scheduled' : 'processing';
}

/** How far ahead a campaign may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;

/** Why a schedule time is refused, or undefined when it is fine (a minute of grace for clocks). */
export function scheduleProblem(scheduledAt: Date | null, now: Date): string | undefined {
  if (!scheduledAt) return undefined;
  if (scheduledAt.getTime() < now.getTime() - 60_000) return CAMPAIGN_MESSAGES.schedule_past;
  if (scheduledAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    return CAMPAIGN_MESSAGES.schedule_too_far;
  return undefined;
}

/** A run of a recurring campaign in the spec's run statuses. */
export function runStatusOf(status: CampaignStatus, parentStatus: RunStatus): RunStatus {
  if (status === 'completed' || status === 'processed') return 'finished';
  if (status === 'failed') return 'failed';
  if (status === 'cancelled') return 'aborted';
  return parentStatus === 'paused' ? 'paused' : 'running';
}

// ---------------------------------------------------------------------------------------------
// Purposes: promotional or service, and who needs consent

/**
 * Promotional purposes need the contact's consent for the medium and keep quiet hours; service
 * messages about the buyer's own account (dues, credit, cashpoints) go to buyers without a
 * recorded consent, as a bank's reminder does. An opt-out always wins.
 */
const SERVICE_PURPOSES: readonly CampaignType[] = [
  'payment_reminder',
  'credit_limit_used',
  'cashpoints_expiring',
];
export const isPromotional = (type: CampaignType): boolean => !SERVICE_PURPOSES.includes(type);
export const needsConsent = isPromotional;

/** Mediums whose promotional messages keep quiet hours (a ring at night); e-mail and push do not. */
export const QUIET_HOURS_MEDIUMS: readonly CampaignMedium[] = ['sms', 'whatsapp'];

// ---------------------------------------------------------------------------------------------
// Indian time

const IST_OFFSET_MINUTES = 330;

/** Minutes since midnight in India for an instant. */
export function istMinutesOfDay(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + IST_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

/** 'HH:MM' or 'HH:MM:SS' -> minutes since midnight. */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The instant of a date ('YYYY-MM-DD') and time ('HH:MM') in India. */
export function istInstant(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(
    Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1) + (minutesOfTime(time) - IST_OFFSET_MINUTES) * 60_000,
  );
}

/** The Indian calendar date of an instant, 'YYYY-MM-DD'. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

export interface QuietHours {
  /** 'HH:MM' in Indian time; start after end means the quiet spans midnight (21:00 -> 10:00). */
  start: string;
  end: string;
}

/**
 * When a message of this medium and purpose may go, given quiet hours: `now` when it may go now,
 * else the end of the quiet hours (the next time the clock in India reads `end`).
 */
export function earliestSendTime(
  now: Date,
  medium: CampaignMedium,
  purpose: CampaignType,
  quiet: QuietHours,
): Date {
  if (!QUIET_HOURS_MEDIUMS.includes(medium) || !isPromotional(purpose)) return now;
  const start = minutesOfTime(quiet.start);
  const end = minutesOfTime(quiet.end);
  if (start === end) return now;
  const minute = istMinutesOfDay(now);
  const quietNow = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quietNow) return now;
  const wait = (end - minute + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

// ---------------------------------------------------------------------------------------------
// Sending: retries and message states

/** Attempts a message gets on temporary failures before it is failed for good. */
export const MAX_SEND_ATTEMPTS = 5;

/** Seconds before retry `attempt` (1-based): 30 s, 1 min, 2 min, 4 min ... at most an hour. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped';
export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
];

export type SkipReason =
  | 'opted_out'
  | 'no_consent'
  | 'no_address'
  | 'invalid'
  | 'bounced'
  | 'cancelled'
  | 'template_inputs';

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  opted_out: 'Opted out',
  no_consent: 'No consent',
  no_address: 'No address for the medium',
  invalid: 'Invalid address',
  bounced: 'Bounced before',
  cancelled: 'Campaign cancelled',
  template_inputs: 'Template inputs missing',
};

/** The spec's delivery states (MESSAGE_DELIVERY_STATUSES) for a stored message status. */
export function deliveryStatusOf(
  status: MessageStatus,
): 'Not Sent' | 'Submitted' | 'Delivered' | 'Read' | 'FAILED' {
  switch (status) {
    case 'sent':
      return 'Submitted';
    case 'delivered':
      return 'Delivered';
    case 'read':
      return 'Read';
    case 'failed':
      return 'FAILED';
    default:
      return 'Not Sent';
  }
}

/**
 * Provider receipts arrive out of order (a 'read' before its 'delivered'); a state only moves
 * forward, and a failure after delivery is ignored.
 */
const MESSAGE_RANK: Record<MessageStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  failed: 3,
  delivered: 4,
  read: 5,
  skipped: 6,
};
export function receiptMoves(from: MessageStatus, to: 'sent' | 'delivered' | 'read' | 'failed'): boolean {
  if (from === 'skipped') return false;
  if (to === 'failed') return from === 'queued' || from === 'sending' || from === 'sent';
  return MESSAGE_RANK[to] > MESSAGE_RANK[from];
}

// ---------------------------------------------------------------------------------------------
// Recurring campaigns

export const RECURRING_FREQUENCIES = [
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
  { value: 'on_dates', label: 'On chosen dates' },
] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number]['value'];

/**
 * The next run after `after`: the first occurrence of `sendTime` (Indian time) on a run day on or
 * after the start date, before or on the end date. Weekly runs fall on the start date's weekday;
 * monthly ones on its day of month (the month's last day when shorter). `on_dates` runs on the
 * given dates only (festivals). Null when there is none left.
 */
export function nextRunAt(
  rule: {
    frequency: RecurringFrequency;
    startDate: string;
    endDate: string | null;
    sendTime: string;
    dates?: readonly string[];
  },
  after: Date,
): Date | null {
  const candidates = (function* () {
    if (rule.frequency === 'on_dates') {
      yield* [...(rule.dates ?? [])].sort();
      return;
    }
    const start = new Date(`${rule.startDate}T00:00:00Z`);
    const startDay = start.getUTCDate();
    for (let i = 0; i < 5000; i++) {
      const d = new Date(start);
      if (rule.frequency === 'daily') d.setUTCDate(startDay + i);
      else if (rule.frequency === 'weekly') d.setUTCDate(startDay + 7 * i);
      else {
        d.setUTCDate(1);
        d.setUTCMonth(start.getUTCMonth() + i);
        const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
        d.setUTCDate(Math.min(startDay, last));
      }
      yield d.toISOString().slice(0, 10);
    }
  })();
  for (const date of candidates) {
    if (date < rule.startDate) continue;
    if (rule.endDate && date > rule.endDate) return null;
    const at = istInstant(date, rule.sendTime);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** Each purpose's parameters, with their bounds and defaults (recurring_campaigns.settings). */
export const RECURRING_SETTINGS = {
  payment_reminder: {
    days_before_due: { label: 'Remind this many days before the due date', min: 0, max: 30, default: 3 },
    overdue_every_days: { label: 'Then remind overdue buyers every (days)', min: 1, max: 30, default: 7 },
  },
  credit_limit_used: {
    threshold_percent: { label: 'Credit limit used at or above (%)', min: 50, max: 100, default: 80 },
  },
  cashpoints_expiring: {
    days_before_expiry: { label: 'Cashpoints expiring within (days)', min: 1, max: 90, default: 7 },
  },
  never_purchased: {
    days_since_added: { label: 'Added at least this many days ago', min: 0, max: 365, default: 7 },
  },
  abandoned_carts: {
    idle_hours: { label: 'Cart untouched for (hours)', min: 1, max: 168, default: 24 },
  },
  festival_offers: {},
  promotional: {},
} as const satisfies Record<
  CampaignType,
  Record<string, { label: string; min: number; max: number; default: number }>
>;

/** Purposes whose audience is chosen by the user (lists, buyer groups); the rest compute theirs. */
export const PURPOSES_WITH_CHOSEN_AUDIENCE: readonly CampaignType[] = ['festival_offers', 'promotional'];

// ---------------------------------------------------------------------------------------------
// Which template variables a campaign fills

/** Filled for every recipient from the contact, its buyer and the company. */
export const ALWAYS_FILLED_VARIABLES: readonly string[] = [
  'contact_name',
  'buyer_name',
  'company_name',
  'store_url',
  'unsubscribe_url',
  // Each recipient's own feedback request, made when the message is sent (customer feedback).
  'feedback_link',
];

/** Filled per recipient by a recurring purpose's audience (the figures it was chosen for). */
export const PURPOSE_VARIABLES: Record<CampaignType, readonly string[]> = {
  payment_reminder: ['outstanding_amount', 'due_date', 'invoice_number'],
  credit_limit_used: ['outstanding_amount', 'credit_limit_used'],
  cashpoints_expiring: ['cashpoints', 'cashpoints_expiry_date'],
  abandoned_carts: [],
  never_purchased: [],
  festival_offers: [],
  promotional: [],
};

/**
 * The names a campaign gives values to: the always-filled ones, the purpose's (recurring runs only:
 * a one-time campaign's audience is chosen, not computed) and the campaign-wide values typed in.
 * `missingVariables(template, ...)` against these gives the spec's 'fill the necessary inputs' warning.
 */
export function filledVariableNames(options: {
  purpose: CampaignType;
  recurring: boolean;
  campaignValues: Readonly<Record<string, string>>;
}): Set<string> {
  const names = new Set(ALWAYS_FILLED_VARIABLES);
  if (options.recurring) for (const name of PURPOSE_VARIABLES[options.purpose]) names.add(name);
  for (const [name, value] of Object.entries(options.campaignValues))
    if (value.trim() !== '') names.add(name);
  return names;
}
