import { z } from 'zod';
import { tdsConfigurationInput } from '../payments-made.ts';
import { emailSchema, gstinSchema, phoneSchema } from '../validation.ts';
import { addressOutput, id, optionalText, timestamp } from './common.ts';

export const CONFIGURATION_TYPES = [
  'auto_cancel_partially_invoiced_orders',
  'zoho',
  'batch_configuration',
  'terms_and_conditions',
  'print_configuration',
  /** Enabled: invoices may be dated before the last invoice of their series (off by default). */
  'back_dated_invoices',
  /** Off: documents dated in a filed GST return's period may change (on by default; issue 22). */
  'lock_filed_gst_periods',
  /** E-way bills: threshold_rupees, the goods value above which one is required (₹50,000 unless set). */
  'e_way_bill',
  /** The /download-app card's store links: android_url, ios_url (issue 24). */
  'app_download',
] as const;
export type ConfigurationType = (typeof CONFIGURATION_TYPES)[number];

export const notificationContactOutput = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const companyOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string().nullable(),
  gstin: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  is_verified: z.boolean(),
  is_order_auto_confirm: z.boolean(),
  is_bill_auto_received: z.boolean(),
  apply_credit_limit_restriction: z.boolean(),
  is_marketing_enabled: z.boolean(),
  sales_order: z.record(z.string(), z.unknown()),
  tds_configuration: z.record(z.string(), z.unknown()),
  notification_contacts: z.array(notificationContactOutput),
  addresses: z.array(addressOutput).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CompanyOutput = z.infer<typeof companyOutput>;

const nullableText = (max: number) => z.union([optionalText(max), z.null()]);
const optionalOrNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), z.union([schema, z.null()]).optional());

export const notificationContactInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  email: optionalOrNull(emailSchema),
  phone: optionalOrNull(phoneSchema),
});

export const notificationContactUpdate = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(100).optional(),
    email: optionalOrNull(emailSchema),
    phone: optionalOrNull(phoneSchema),
  })
  .strict();

export const companyUpdate = z
  .object({
    name: z.string().trim().min(2, 'Company name is required.').max(200).optional(),
    display_name: nullableText(200),
    gstin: optionalOrNull(gstinSchema),
    email: optionalOrNull(emailSchema),
    phone: optionalOrNull(phoneSchema),
    website: nullableText(200),
    is_order_auto_confirm: z.boolean().optional(),
    is_bill_auto_received: z.boolean().optional(),
    apply_credit_limit_restriction: z.boolean().optional(),
    /** The marketing area (issue 23): contacts, lists, templates, campaigns. */
    is_marketing_enabled: z.boolean().optional(),
    sales_order: z.record(z.string(), z.unknown()).optional(),
    tds_configuration: tdsConfigurationInput.optional(),
    notification_contacts: z.array(notificationContactInput).max(20).optional(),
  })
  .strict();
export type CompanyUpdate = z.infer<typeof companyUpdate>;

/** GET company_configurations: all the company's entries, or those of one type. */
export const configurationListFilters = z.object({
  configuration_type: z.enum(CONFIGURATION_TYPES).optional(),
});

export const configurationOutput = z.object({
  id,
  configuration_type: z.enum(CONFIGURATION_TYPES),
  configurations: z.record(z.string(), z.unknown()),
  is_enabled: z.boolean(),
});
export const configurationCreate = z.object({
  configuration_type: z.enum(CONFIGURATION_TYPES, { error: 'Unknown configuration type.' }),
  configurations: z.record(z.string(), z.unknown()).default({}),
  is_enabled: z.boolean().default(false),
});
export const configurationUpdate = z
  .object({
    configurations: z.record(z.string(), z.unknown()).optional(),
    is_enabled: z.boolean().optional(),
  })
  .strict();

export const termsOutput = z.object({ id, terms: z.string(), updated_at: timestamp });

/** companies/{id}/print_signature: whether the documents have a signature image to print. */
export const printSignatureOutput = z.object({ print_signature_set: z.boolean() });
export const PRINT_SIGNATURE_FORMATS_MESSAGE = 'Upload the signature as a PNG or JPEG image.';
export const termsInput = z.object({
  terms: z.string().max(20_000, 'Terms cannot exceed 20000 characters.'),
});

/** The Policy page (issue 24): the company's terms and its privacy policy. */
export const POLICY_TEXT_MAX = 20_000;
export const POLICY_MESSAGES = {
  saved: 'Policy saved successfully.',
  save_failed: 'Failed to save the policy.',
  load_failed: 'Failed to load the policy.',
} as const;
export const policyOutput = z.object({
  terms: z.string(),
  privacy_policy: z.string(),
  /** null until the company writes either text. */
  updated_at: timestamp.nullable(),
});
export type PolicyOutput = z.infer<typeof policyOutput>;
/** PUT admin/companies/{companyId}/policy: both texts (blank clears one). */
export const policyInput = z
  .object({
    terms: z.string().max(POLICY_TEXT_MAX, `Terms cannot exceed ${POLICY_TEXT_MAX} characters.`),
    privacy_policy: z
      .string()
      .max(POLICY_TEXT_MAX, `The privacy policy cannot exceed ${POLICY_TEXT_MAX} characters.`),
  })
  .strict();

/** GET admin/companies/{companyId}/app_download: the card's store links, each with its QR code. */
export const appDownloadOutput = z.object({
  android_url: z.string().nullable(),
  ios_url: z.string().nullable(),
  /** An SVG image of the link's QR code; null when the link is not set. */
  android_qr_svg: z.string().nullable(),
  ios_qr_svg: z.string().nullable(),
});
export type AppDownloadOutput = z.infer<typeof appDownloadOutput>;
