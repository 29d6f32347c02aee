import { z } from 'zod';
import { isUrl } from '../field-checks.ts';
import {
  buttonsProblem,
  isButtonPhone,
  isDltEntityId,
  isDltTemplateId,
  isMetaTemplateName,
  isSenderHeader,
  TEMPLATE_LIMITS as L,
  TEMPLATE_MESSAGES as M,
  TEMPLATE_MEDIUMS,
  type TemplateMedium,
  variableProblem,
  WHATSAPP_BUTTON_TYPES,
  WHATSAPP_CATEGORIES,
  WHATSAPP_LANGUAGES,
  WHATSAPP_TEMPLATE_STATUSES,
} from '../templates.ts';
import { templateNameSchema } from '../validation.ts';
import { id, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];

const tooLong = (max: number) => `Cannot exceed more than ${max} characters.`;

/** Text that may be blank: '' and null are absent. */
const optional = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, tooLong(max)).nullable().optional(),
  );

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** A text whose `{variables}` must all be known to the medium (templates.ts). */
const withVariables = <T extends z.ZodType<string | null | undefined>>(schema: T, medium: TemplateMedium) =>
  schema.superRefine((value, ctx) => {
    const problem = typeof value === 'string' ? variableProblem(value, medium) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const url = z.string({ error: M.url }).trim().max(L.url, tooLong(L.url)).refine(isUrl, M.url);
const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  url.nullable().optional(),
);

const common = {
  name: templateNameSchema,
  is_active: z.boolean({ error: 'Active must be true or false.' }).optional(),
};

export const emailTemplateInput = z
  .object({
    ...common,
    medium: z.literal('email'),
    subject: withVariables(required(M.subject_required, L.email_subject), 'email'),
    html_body: withVariables(required(M.html_required, L.email_html), 'email'),
    /** Left blank, the plain-text part is made from the HTML (htmlToText). */
    text_body: withVariables(optional(L.email_text), 'email'),
    from_name: optional(L.email_from_name),
  })
  .strict();

export const smsTemplateInput = z
  .object({
    ...common,
    medium: z.literal('sms'),
    body: withVariables(required(M.sms_text_required, L.sms_text), 'sms'),
    sender_header: z
      .string({ error: M.sender_header })
      .trim()
      .toUpperCase()
      .refine(isSenderHeader, M.sender_header),
    dlt_template_id: z.string({ error: M.dlt_template_id }).trim().refine(isDltTemplateId, M.dlt_template_id),
    dlt_entity_id: z.string({ error: M.dlt_entity_id }).trim().refine(isDltEntityId, M.dlt_entity_id),
  })
  .strict();

export const whatsappButtonInput = z
  .object({
    type: z.enum(values(WHATSAPP_BUTTON_TYPES), { error: 'Choose a valid button type.' }),
    text: z
      .string({ error: M.button_text })
      .trim()
      .min(1, M.button_text)
      .max(L.whatsapp_button_text, M.button_text),
    url: optionalUrl,
    phone: optional(16),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.type === 'url' && !b.url) ctx.addIssue({ code: 'custom', message: M.button_url, path: ['url'] });
    if (b.type === 'phone_number' && !(b.phone && isButtonPhone(b.phone)))
      ctx.addIssue({ code: 'custom', message: M.button_phone, path: ['phone'] });
  })
  .transform((b) => ({
    type: b.type,
    text: b.text,
    url: b.type === 'url' ? (b.url ?? null) : null,
    phone: b.type === 'phone_number' ? (b.phone ?? null) : null,
  }));

export const whatsappTemplateInput = z
  .object({
    ...common,
    medium: z.literal('whatsapp'),
    /** Left blank, Meta's name is made from ours (metaTemplateNameOf). */
    meta_template_name: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(L.whatsapp_meta_name, tooLong(L.whatsapp_meta_name))
        .refine(isMetaTemplateName, M.meta_name)
        .nullable()
        .optional(),
    ),
    language: z.enum(values(WHATSAPP_LANGUAGES), { error: 'Choose a valid language.' }),
    category: z.enum(values(WHATSAPP_CATEGORIES), { error: 'Choose a valid category.' }),
    header_text: withVariables(optional(L.whatsapp_header), 'whatsapp'),
    body: withVariables(required(M.body_required, L.whatsapp_body), 'whatsapp'),
    footer: optional(L.whatsapp_footer),
    buttons: z
      .array(whatsappButtonInput, { error: 'Buttons must be a list.' })
      .superRefine((buttons, ctx) => {
        const problem = buttonsProblem(buttons);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  })
  .strict();

export const pushTemplateInput = z
  .object({
    ...common,
    medium: z.literal('push_notification'),
    title: withVariables(required(M.push_title_required, L.push_title), 'push_notification'),
    body: withVariables(required(M.body_required, L.push_body), 'push_notification'),
    link_url: withVariables(optionalUrl, 'push_notification'),
    icon_url: optionalUrl,
  })
  .strict();

/** POST: a template of one medium, with that medium's fields only. */
export const templateCreate = z.discriminatedUnion(
  'medium',
  [emailTemplateInput, smsTemplateInput, whatsappTemplateInput, pushTemplateInput],
  { error: 'Choose a valid medium: email, sms, whatsapp or push_notification.' },
);
export type TemplateCreate = z.output<typeof templateCreate>;
export type TemplateCreateInput = z.input<typeof templateCreate>;

/**
 * PATCH: any fields of the template's medium. The server lays them over the stored template and
 * checks the whole with `templateCreate`, so a change is checked as a new template would be.
 */
export const templateUpdate = z
  .object({
    medium: z.enum(TEMPLATE_MEDIUMS as [TemplateMedium, ...TemplateMedium[]]).optional(),
    name: z.string().optional(),
    is_active: z.boolean({ error: 'Active must be true or false.' }).optional(),
    subject: z.string().nullable().optional(),
    html_body: z.string().nullable().optional(),
    text_body: z.string().nullable().optional(),
    from_name: z.string().nullable().optional(),
    body: z.string().nullable().optional(),
    sender_header: z.string().nullable().optional(),
    dlt_template_id: z.string().nullable().optional(),
    dlt_entity_id: z.string().nullable().optional(),
    meta_template_name: z.string().nullable().optional(),
    language: z.string().nullable().optional(),
    category: z.string().nullable().optional(),
    header_text: z.string().nullable().optional(),
    footer: z.string().nullable().optional(),
    buttons: z.array(z.unknown()).nullable().optional(),
    title: z.string().nullable().optional(),
    link_url: z.string().nullable().optional(),
    icon_url: z.string().nullable().optional(),
  })
  .strict();
export type TemplateUpdate = z.output<typeof templateUpdate>;

/** POST .../templates/preview: a template as the form holds it, and values over the samples. */
export const templatePreviewInput = z
  .object({
    template: templateCreate,
    values: z.record(z.string(), z.string().max(2000)).optional(),
  })
  .strict();

export const whatsappButtonOutput = z.object({
  type: z.enum(values(WHATSAPP_BUTTON_TYPES)),
  text: z.string(),
  url: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

const userRef = z.object({ id, first_name: z.string(), last_name: z.string() }).nullable();

export const templateOutput = z.object({
  id,
  medium: z.enum(TEMPLATE_MEDIUMS as [TemplateMedium, ...TemplateMedium[]]),
  name: z.string(),
  is_active: z.boolean(),
  subject: z.string().nullable(),
  html_body: z.string().nullable(),
  text_body: z.string().nullable(),
  from_name: z.string().nullable(),
  body: z.string().nullable(),
  sender_header: z.string().nullable(),
  dlt_template_id: z.string().nullable(),
  dlt_entity_id: z.string().nullable(),
  meta_template_name: z.string().nullable(),
  language: z.string().nullable(),
  category: z.enum(values(WHATSAPP_CATEGORIES)).nullable(),
  header_text: z.string().nullable(),
  footer: z.string().nullable(),
  buttons: z.array(whatsappButtonOutput),
  whatsapp_status: z.enum(values(WHATSAPP_TEMPLATE_STATUSES)).nullable(),
  rejection_reason: z.string().nullable(),
  title: z.string().nullable(),
  link_url: z.string().nullable(),
  icon_url: z.string().nullable(),
  /** The variables the template uses, first appearance first. */
  variables: z.array(z.string()),
  archived_at: timestamp.nullable(),
  created_by: userRef,
  updated_by: userRef,
  created_at: timestamp,
  updated_at: timestamp,
});
export type TemplateOutput = z.infer<typeof templateOutput>;

const smsLengthOutput = z.object({
  encoding: z.enum(['gsm7', 'unicode']),
  characters: z.number().int(),
  segments: z.number().int(),
  per_segment: z.number().int(),
  remaining: z.number().int(),
});

export const templatePreviewOutput = z.object({
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  header_text: z.string().nullable(),
  footer: z.string().nullable(),
  title: z.string().nullable(),
  link_url: z.string().nullable(),
  buttons: z.array(whatsappButtonOutput),
  sms: smsLengthOutput.nullable(),
  variables: z.array(z.string()),
  /** WhatsApp: the body as registered with Meta ({{1}}...) and what fills each number. */
  whatsapp_positional: z.object({ body: z.string(), variables: z.array(z.string()) }).nullable(),
  /** SMS: the text as registered on the DLT portal ({#var#}). */
  dlt_text: z.string().nullable(),
});
export type TemplatePreviewOutput = z.infer<typeof templatePreviewOutput>;

export const templateListFilters = z.object({
  medium: z
    .enum(TEMPLATE_MEDIUMS as [TemplateMedium, ...TemplateMedium[]], { error: 'Choose a valid medium.' })
    .optional(),
  is_active: booleanParam.optional(),
  whatsapp_status: z.enum(values(WHATSAPP_TEMPLATE_STATUSES), { error: 'Choose a valid status.' }).optional(),
  /** Archived templates are left out unless asked for. */
  archived: booleanParam.optional(),
});
export type TemplateListFilters = z.output<typeof templateListFilters>;

/**
 * POST v1/admin/companies/{companyId}/templates/whatsapp_status/sync: the WhatsApp templates'
 * statuses read back from Meta (also every 30 minutes by a job).
 */
export const templateStatusSyncOutput = z.object({
  /** The company's WhatsApp templates compared with Meta's list. */
  checked: z.number().int(),
  /** Those whose status or rejection reason changed. */
  changed: z.number().int(),
  /** Names (with language) Meta does not know: not submitted yet, or under another name. */
  not_found: z.array(z.string()),
  message: z.string(),
});
export type TemplateStatusSyncOutput = z.infer<typeof templateStatusSyncOutput>;

export const TEMPLATE_SYNC_MESSAGES = {
  not_configured:
    'WhatsApp is not configured: set up the WhatsApp medium under Configure Mediums to sync template statuses from Meta.',
  synced: (checked: number, changed: number) =>
    `Checked ${checked.toLocaleString('en-IN')} WhatsApp template${checked === 1 ? '' : 's'} with Meta; ${
      changed === 0 ? 'no status changed' : `${changed.toLocaleString('en-IN')} changed`
    }.`,
} as const;
