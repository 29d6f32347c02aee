import { z } from 'zod';
import { hasNoSpaces, isDomain, isUrl, isUrlPath, MESSAGES } from '../field-checks.ts';
import {
  DEVICE_CLASSES,
  isHttpAddress,
  SHORT_LINK_LIMITS as L,
  SHORT_LINK_MESSAGES as M,
  SHORT_LINK_STATUSES,
} from '../short-links.ts';
import { calendarDateSchema } from '../validation.ts';
import { id, timestamp } from './common.ts';
import { booleanParam, listQuery } from './list-query.ts';

const tooLong = (max: number) => `Cannot exceed more than ${max} characters.`;
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * The target: an http(s) address (spec: url). Spaces are refused first (spacePresent); an address
 * written without a scheme gets https://; any other scheme (javascript:, data:) is refused.
 */
export const targetUrlSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(L.targetUrl, tooLong(L.targetUrl))
  .superRefine((value, ctx) => {
    if (!hasNoSpaces(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.no_spaces });
    else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) && !/^https?:\/\//i.test(value))
      ctx.addIssue({ code: 'custom', message: M.http_only });
    else if (!isUrl(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.url });
  })
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
  .refine(isHttpAddress, MESSAGES.url);

/** A custom path (spec: url_path): lowercase letters, digits, _ and -, 1 to 64 characters; blank: generated. */
export const shortLinkPathSchema = z.preprocess(
  blankIsNull,
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!hasNoSpaces(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.no_spaces });
      else if (value.length > L.path) ctx.addIssue({ code: 'custom', message: tooLong(L.path) });
      else if (!isUrlPath(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.url_path });
    })
    .nullable()
    .optional(),
);

/** A company's own domain (spec: domain, without http, https or www); blank: the app's own. */
export const shortLinkDomainSchema = z.preprocess(
  blankIsNull,
  z
    .string()
    .trim()
    .max(253, tooLong(253))
    .superRefine((value, ctx) => {
      if (!hasNoSpaces(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.no_spaces });
      else if (!isDomain(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.domain });
    })
    .transform((value) => value.toLowerCase())
    .nullable()
    .optional(),
);

const utm = z.preprocess(blankIsNull, z.string().trim().max(L.utm, tooLong(L.utm)).nullable().optional());

const fields = {
  target_url: targetUrlSchema,
  domain: shortLinkDomainSchema,
  path: shortLinkPathSchema,
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  /** The last day (India) the link works; blank: never expires. */
  expiry_date: z.preprocess(
    blankIsNull,
    calendarDateSchema('Please enter a valid date.').nullable().optional(),
  ),
  is_active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  /** 301 (browsers keep it, later clicks are not counted) instead of 302. */
  is_permanent: z.boolean({ error: 'Permanent must be true or false.' }).optional(),
};

export const shortLinkCreate = z.object(fields).strict();
export type ShortLinkCreate = z.input<typeof shortLinkCreate>;

export const shortLinkUpdate = z.object({ ...fields, target_url: targetUrlSchema.optional() }).strict();
export type ShortLinkUpdate = z.input<typeof shortLinkUpdate>;

const statusValues = SHORT_LINK_STATUSES.map((s) => s.value) as ['active', 'inactive', 'expired'];
const deviceValues = DEVICE_CLASSES.map((d) => d.value) as ['mobile', 'tablet', 'desktop', 'bot'];

export const shortLinkListFilters = z.object({
  status: z.enum(statusValues).optional(),
  is_active: booleanParam.optional(),
});
export const shortLinkListQuery = listQuery.extend(shortLinkListFilters.shape);

export const shortLinkOutput = z.object({
  id,
  target_url: z.string(),
  domain: z.string().nullable(),
  path: z.string(),
  /** What to share: `{app}/s/{path}`, or `https://{domain}/{path}` on a custom domain. */
  short_url: z.string(),
  /** Where a hit lands: the target with the UTM parameters merged in. */
  redirect_url: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  expiry_date: z.string().nullable(),
  expires_at: timestamp.nullable(),
  is_active: z.boolean(),
  is_permanent: z.boolean(),
  status: z.enum(statusValues),
  favicon_url: z.string().nullable(),
  click_count: z.number().int(),
  last_clicked_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ShortLinkOutput = z.infer<typeof shortLinkOutput>;

export const shortLinkClicksQuery = z.object({
  interval: z.enum(['day']).default('day'),
  start_date: calendarDateSchema('Please enter a valid start date.').optional(),
  end_date: calendarDateSchema('Please enter a valid end date.').optional(),
});

export const shortLinkClicksOutput = z.object({
  interval: z.literal('day'),
  start_date: z.string(),
  end_date: z.string(),
  total: z.number().int(),
  /** One point per day of the range in India's time, days without clicks included. */
  series: z.array(z.object({ date: z.string(), clicks: z.number().int() })),
  devices: z.array(z.object({ device: z.enum(deviceValues), clicks: z.number().int() })),
  /** The referring hosts, most clicks first (null: typed in or no Referer). */
  referrers: z.array(z.object({ host: z.string().nullable(), clicks: z.number().int() })),
});
export type ShortLinkClicksOutput = z.infer<typeof shortLinkClicksOutput>;
