import { z } from 'zod';
import {
  CONSENT_SOURCES,
  CONTACT_CITY_MAX,
  CONTACT_IMPORT_FIELDS,
  CONTACT_MEDIUMS,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  CONTACT_SOURCES,
  CONTACT_TAG_MAX,
  CONTACT_TAGS_MAX,
  contactListFilterProblem,
  isContactEmail,
  normaliseIndianPhone,
  normaliseTags,
  OPT_OUT_WAYS,
} from '../contacts.ts';
import { BULK_JOB_STATUSES } from '../statuses.ts';
import { calendarDateSchema, requiredText } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import type { CsvColumn } from './list-csv.ts';
import { booleanParam, csvList, idList } from './list-query.ts';

const medium = z.enum(CONTACT_MEDIUMS as [string, ...string[]], {
  error: 'Choose a valid medium.',
}) as z.ZodType<(typeof CONTACT_MEDIUMS)[number]>;

/** '' and null clear an optional field; absent leaves it as it is. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

const phoneInput = (message: string) =>
  z.string({ error: message }).transform((v, ctx) => {
    const phone = normaliseIndianPhone(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return phone;
  });

const emailInput = z
  .string({ error: CONTACT_MESSAGES.email })
  .trim()
  .toLowerCase()
  .refine(isContactEmail, CONTACT_MESSAGES.email);

const tagsInput = z
  .array(z.string().trim().max(CONTACT_TAG_MAX, CONTACT_MESSAGES.tag), { error: 'Tags must be a list.' })
  .transform((tags) => normaliseTags(tags))
  .refine((tags) => tags.length <= CONTACT_TAGS_MAX, CONTACT_MESSAGES.tags);

/** Per medium: true gives consent (by hand, now); false withdraws it (an opt-out by hand). */
const consentsInput = z
  .object({
    email: z.boolean().optional(),
    sms: z.boolean().optional(),
    whatsapp: z.boolean().optional(),
    push_notification: z.boolean().optional(),
  })
  .strict();

const contactFields = {
  name: requiredText(CONTACT_MESSAGES.name_required, CONTACT_NAME_MAX),
  phone: clearable(phoneInput(CONTACT_MESSAGES.phone)),
  email: clearable(emailInput),
  whatsapp_number: clearable(phoneInput(CONTACT_MESSAGES.whatsapp)),
  city: clearable(z.string().trim().max(CONTACT_CITY_MAX)),
  state_id: clearable(idInput),
  tags: tagsInput.optional(),
  consents: consentsInput.optional(),
};

export const contactCreate = z
  .object(contactFields)
  .strict()
  .superRefine((value, ctx) => {
    if (!value.phone && !value.email)
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.reach, path: ['phone'] });
  });
export type ContactCreate = z.output<typeof contactCreate>;

export const contactUpdate = z.object(contactFields).partial().strict();
export type ContactUpdate = z.output<typeof contactUpdate>;

export const contactOptOut = z
  .object({
    medium,
    way: z.enum(OPT_OUT_WAYS, { error: 'Choose how the contact opted out.' }).default('by_hand'),
  })
  .strict();

export const contactConsentOutput = z.object({
  medium: z.enum(CONTACT_MEDIUMS as [string, ...string[]]),
  consented: z.boolean(),
  consent_source: z.enum(CONSENT_SOURCES).nullable(),
  consented_at: timestamp.nullable(),
  opted_out: z.boolean(),
  opted_out_at: timestamp.nullable(),
  opt_out_way: z.enum(OPT_OUT_WAYS).nullable(),
});

export const contactOutput = z.object({
  id,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  city: z.string().nullable(),
  state: z.object({ id, name: z.string() }).nullable(),
  tags: z.array(z.string()),
  buyer: z.object({ id, name: z.string() }).nullable(),
  source: z.enum(CONTACT_SOURCES),
  consents: z.array(contactConsentOutput),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContactOutput = z.infer<typeof contactOutput>;

const textList = z
  .string()
  .max(1000)
  .optional()
  .transform((v) => csvList(v));

/** The contacts list's filters (query string). */
export const contactListQueryFilters = z.object({
  tag: textList,
  city: textList,
  state: idList.optional(),
  /** Consented to this medium and not opted out. */
  consent: medium.optional(),
  /** Opted out of this medium. */
  opted_out: medium.optional(),
  is_buyer: booleanParam.optional(),
});

// ---- Contact lists

export const CONTACT_LIST_KINDS = ['static', 'dynamic'] as const;
export type ContactListKind = (typeof CONTACT_LIST_KINDS)[number];

const rupeesAbove = z
  .number({ error: 'Enter an amount in rupees.' })
  .min(0, 'Enter an amount of zero or more.')
  .max(1_000_000_000_000, 'Amount is too large.')
  .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000, 'At most 2 decimal places.');

export const contactListFilterInput = z
  .object({
    tags: z.array(z.string().trim().min(1).max(CONTACT_TAG_MAX)).max(50).optional(),
    cities: z.array(z.string().trim().min(1).max(CONTACT_CITY_MAX)).max(50).optional(),
    state_ids: z.array(idInput).max(50).optional(),
    consent_medium: medium.optional(),
    buyer_group_ids: z.array(idInput).max(50).optional(),
    last_order_after: calendarDateSchema('Enter a valid date.').optional(),
    last_order_before: calendarDateSchema('Enter a valid date.').optional(),
    outstanding_above: rupeesAbove.optional(),
    is_buyer: z.boolean().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = contactListFilterProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['last_order_after'] });
  });
export type ContactListFilterInput = z.output<typeof contactListFilterInput>;

const listName = requiredText(CONTACT_MESSAGES.list_name_required, 120);

export const contactListCreate = z
  .object({
    name: listName,
    description: optionalText(500),
    kind: z.enum(CONTACT_LIST_KINDS, { error: 'Choose static or dynamic.' }),
    filters: contactListFilterInput.optional(),
    contacts: z.array(idInput).max(10_000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.kind === 'static' && value.filters && Object.keys(value.filters).length > 0)
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.static_filters, path: ['filters'] });
    if (value.kind === 'dynamic' && value.contacts && value.contacts.length > 0)
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.dynamic_members, path: ['contacts'] });
  });
export type ContactListCreate = z.output<typeof contactListCreate>;

export const contactListUpdate = z
  .object({ name: listName, description: optionalText(500), filters: contactListFilterInput })
  .partial()
  .strict();

export const contactListMembersInput = z
  .object({ contacts: z.array(idInput).min(1, 'Choose at least one contact.').max(10_000) })
  .strict();

export const contactListOutput = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(CONTACT_LIST_KINDS),
  filters: z.record(z.string(), z.unknown()),
  contact_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContactListOutput = z.infer<typeof contactListOutput>;

export const contactListPreviewOutput = z.object({ count: z.number().int() });

// ---- Contact import (bulk jobs)

export const contactImportMapping = z
  .object(
    Object.fromEntries(CONTACT_IMPORT_FIELDS.map((f) => [f, z.string().max(200).optional()])) as Record<
      (typeof CONTACT_IMPORT_FIELDS)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();

/** Multipart text fields of the import upload. */
export const contactImportQuery = z.object({
  /** The mapping as JSON (field -> column); absent: guessed from the headers. */
  mapping: z.string().max(4000).optional(),
  /** true: import the valid rows and leave the bad ones; false (default): all or nothing. */
  import_valid_rows: booleanParam.optional(),
  error_report: z.enum(['csv']).optional(),
});

export const importErrorOutput = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const contactImportDryRunOutput = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(importErrorOutput),
});

export const bulkJobOutput = z.object({
  id,
  kind: z.string(),
  status: z.enum(BULK_JOB_STATUSES.map((s) => s.value) as [string, ...string[]]),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  failed_count: z.number().int(),
  import_valid_rows: z.boolean(),
  errors: z.array(importErrorOutput),
  created_by: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  created_at: timestamp,
});
export type BulkJobOutput = z.infer<typeof bulkJobOutput>;

const consentText = (contact: ContactOutput, medium: string) => {
  const consent = contact.consents.find((c) => c.medium === medium);
  return consent?.opted_out ? 'Opted out' : consent?.consented ? 'Yes' : 'No';
};

/** The contacts list as a CSV file (`?format=csv`); its columns read back by the import. */
export const CONTACT_CSV_COLUMNS: readonly CsvColumn<ContactOutput>[] = [
  ['name', (c) => c.name],
  ['phone', (c) => c.phone],
  ['email', (c) => c.email],
  ['whatsapp_number', (c) => c.whatsapp_number],
  ['city', (c) => c.city],
  ['state', (c) => c.state?.name],
  ['tags', (c) => c.tags.join('; ')],
  ['buyer', (c) => c.buyer?.name],
  ['consent_email', (c) => consentText(c, 'email')],
  ['consent_sms', (c) => consentText(c, 'sms')],
  ['consent_whatsapp', (c) => consentText(c, 'whatsapp')],
  ['consent_push_notification', (c) => consentText(c, 'push_notification')],
];
