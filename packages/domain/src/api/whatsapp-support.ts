import { z } from 'zod';
import { isBlank } from '../validation.ts';
import {
  CONVERSATION_SCOPES,
  CONVERSATION_STATUSES,
  SUPPORT_MESSAGE_STATUSES,
  SUPPORT_MESSAGES,
  WEEKDAYS,
} from '../whatsapp-support.ts';
import { id, idInput, timestamp } from './common.ts';
import { listQuery } from './list-query.ts';

/**
 * WhatsApp support (issue 24): the inbox's calls, designed in the style of spec 3's calls
 * (admin/companies/{companyId}/whatsapp_conversations, admin/whatsapp_conversations/{id}/...), and
 * the support center (v1/admin/companies/{companyId}/support_center, read by buyers on the
 * storefront API).
 */

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];

export const conversationListQuery = listQuery.extend({
  status: z.enum(values(CONVERSATION_STATUSES), { error: 'Status must be open or closed.' }).optional(),
  /** mine: assigned to the caller; unassigned: to no one; all (the default). */
  assigned: z.enum(values(CONVERSATION_SCOPES), { error: 'Choose all, mine or unassigned.' }).default('all'),
});
export type ConversationListQuery = z.output<typeof conversationListQuery>;

const person = z.object({ id, first_name: z.string(), last_name: z.string() });

export const replyWindowOutput = z.object({ open: z.boolean(), closes_at: z.string().nullable() });

export const conversationOutput = z.object({
  id,
  wa_number: z.string(),
  /** +91 98200 12345 */
  display_number: z.string(),
  /** The buyer's or contact's name, else the customer's WhatsApp name, else the number. */
  name: z.string(),
  profile_name: z.string().nullable(),
  buyer: z.object({ id, name: z.string() }).nullable(),
  contact: z.object({ id, name: z.string() }).nullable(),
  status: z.enum(values(CONVERSATION_STATUSES)),
  assigned_user: person.nullable(),
  unread_count: z.number().int(),
  last_message_at: timestamp.nullable(),
  last_message_preview: z.string().nullable(),
  last_incoming_at: timestamp.nullable(),
  reply_window: replyWindowOutput,
  closed_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ConversationOutput = z.output<typeof conversationOutput>;

export const supportMessageOutput = z.object({
  id,
  conversation: id,
  direction: z.enum(['incoming', 'outgoing']),
  message_type: z.string(),
  body: z.string(),
  template: z.object({ id, name: z.string() }).nullable(),
  status: z.enum(values(SUPPORT_MESSAGE_STATUSES)),
  error: z.string().nullable(),
  sent_by: person.nullable(),
  sent_at: timestamp,
  delivered_at: timestamp.nullable(),
  read_at: timestamp.nullable(),
  failed_at: timestamp.nullable(),
});
export type SupportMessageOutput = z.output<typeof supportMessageOutput>;

/** A reply: free text (inside the 24-hour window) or an approved template with its variables' values. */
export const supportReplyInput = z
  .object({
    text: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z
        .string({ error: SUPPORT_MESSAGES.text_required })
        .trim()
        .max(4096, 'A WhatsApp message has at most 4096 characters.')
        .optional(),
    ),
    template: idInput.optional(),
    /** Values of the template's variables by name (buyer_name...); the customer's own are filled in. */
    variables: z.record(z.string().max(60), z.string().trim().max(1000)).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if ((input.text === undefined) === (input.template === undefined))
      ctx.addIssue({ code: 'custom', path: ['text'], message: SUPPORT_MESSAGES.text_or_template });
  });
export type SupportReplyInput = z.output<typeof supportReplyInput>;

export const supportReplyOutput = z.object({ detail: z.string(), message: supportMessageOutput });

export const conversationAssignInput = z
  .object({
    /** The user to assign it to; null unassigns. */
    assigned_user: z.preprocess((v) => (isBlank(v) ? null : v), idInput.nullable()),
  })
  .strict();

export const conversationActionOutput = z.object({ detail: z.string(), conversation: conversationOutput });

/** Who a conversation may be assigned to: active users who hold view_whatsapp_support. */
export const supportAgentOutput = person;

/** What the inbox needs before it lists anything. */
export const supportInboxOutput = z.object({
  /** The company's WhatsApp medium is saved, enabled and has its token. */
  configured: z.boolean(),
  /** Incoming messages can be checked: the app secret is set (Meta signs with it). */
  webhook_ready: z.boolean(),
  counts: z.object({
    open: z.number().int(),
    mine: z.number().int(),
    unassigned: z.number().int(),
    unread: z.number().int(),
  }),
});

/** An approved WhatsApp template a reply outside the window may use. */
export const supportTemplateOutput = z.object({
  id,
  name: z.string(),
  language: z.string().nullable(),
  body: z.string(),
  /** The variables it uses, by name (buyer_name...). */
  variables: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// Support center

export const SUPPORT_CENTER_MESSAGES = {
  saved: 'Support center saved successfully.',
  phone: 'Please enter a 10-digit phone number.',
  email: 'Please enter a valid e-mail address.',
  time: 'Please enter a time as HH:MM (24-hour).',
  hours_order: 'The closing time must be after the opening time.',
  hours_times: 'Give the opening and closing time of an open day.',
  weekdays: 'Give the hours of each weekday once, Monday to Sunday.',
  question: 'Please enter the question.',
  answer: 'Please enter the answer.',
  faqs_max: 'A support center holds at most 50 questions.',
} as const;

const M = SUPPORT_CENTER_MESSAGES;
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema.nullable());
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.time);

export const supportHoursInput = z
  .object({
    weekday: z.enum(values(WEEKDAYS)),
    is_open: z.boolean(),
    opens: clearable(time),
    closes: clearable(time),
  })
  .strict()
  .superRefine((day, ctx) => {
    if (!day.is_open) return;
    if (!day.opens || !day.closes) ctx.addIssue({ code: 'custom', path: ['opens'], message: M.hours_times });
    else if (day.closes <= day.opens)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: M.hours_order });
  });

export const supportFaqInput = z
  .object({
    question: z.string().trim().min(1, M.question).max(300, 'A question has at most 300 characters.'),
    answer: z.string().trim().min(1, M.answer).max(2000, 'An answer has at most 2000 characters.'),
  })
  .strict();

export const supportCenterInput = z
  .object({
    phone: clearable(
      z
        .string()
        .trim()
        .regex(/^[1-9]\d{9}$/, M.phone),
    ),
    email: clearable(z.email(M.email).max(254)),
    whatsapp_number: clearable(
      z
        .string()
        .trim()
        .regex(/^[1-9]\d{9}$/, M.phone),
    ),
    hours: z
      .array(supportHoursInput)
      .length(7, M.weekdays)
      .refine((days) => WEEKDAYS.every((w, i) => days[i]?.weekday === w.value), M.weekdays),
    faqs: z.array(supportFaqInput).max(50, M.faqs_max),
  })
  .strict();
export type SupportCenterInput = z.output<typeof supportCenterInput>;

export const supportHoursOutput = z.object({
  weekday: z.enum(values(WEEKDAYS)),
  is_open: z.boolean(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
});

/** What buyers see (GET storefront/support_center). */
export const storefrontSupportCenter = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  hours: z.array(supportHoursOutput),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export const supportCenterOutput = storefrontSupportCenter.extend({
  updated_at: timestamp.nullable(),
  updated_by_name: z.string().nullable(),
});
export type SupportCenterOutput = z.output<typeof supportCenterOutput>;

/** Closed every day until the company says otherwise. */
export const EMPTY_SUPPORT_HOURS = WEEKDAYS.map((w) => ({
  weekday: w.value,
  is_open: false,
  opens: null,
  closes: null,
}));
