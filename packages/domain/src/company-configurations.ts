import { z } from 'zod';
import { isUrl } from './field-checks.ts';
import {
  addDays,
  isPositiveInteger,
  isWholeNumber,
  MESSAGES,
  maxLengthMessage,
  numberField,
} from './validation.ts';
import { zohoSettingsSchema } from './zoho.ts';

/**
 * What each configuration type keeps in its `configurations` object. The server stores the object
 * as it is sent, so the screen reads it field by field: a missing or malformed value shows as the
 * default instead of breaking the card.
 */
export const PAPER_SIZES = ['A4', 'A5', 'Thermal 80mm'] as const;
export const MAX_DAYS = 365;
export const FOOTER_NOTE_MAX = 200;

const daysMessage = `Cannot exceed ${MAX_DAYS} days.`;
const notAbove = (max: number) => (value: string) => Number(value) <= max;

export const autoCancelSchema = z.object({
  after_days: numberField([
    [isPositiveInteger, MESSAGES.positive_integer],
    [notAbove(MAX_DAYS), daysMessage],
  ]),
});

export const batchSchema = z.object({
  expiry_alert_days: numberField([
    [isWholeNumber, MESSAGES.whole_number],
    [notAbove(MAX_DAYS), daysMessage],
  ]),
  is_batch_mandatory: z.boolean(),
});

/**
 * The copies a tax invoice is printed in (rule 48 of the CGST Rules: goods in triplicate, services
 * in duplicate), each a full set of pages titled with its copy.
 */
export const PRINT_COPIES = ['original', 'duplicate', 'triplicate'] as const;
export type PrintCopy = (typeof PRINT_COPIES)[number];
export const PRINT_COPY_LABELS: Record<PrintCopy, string> = {
  original: 'Original for recipient',
  duplicate: 'Duplicate for transporter',
  triplicate: 'Triplicate for supplier',
};
export const PRINT_COPIES_MESSAGE = 'Choose at least one copy to print.';

export const printSchema = z.object({
  paper_size: z.enum(PAPER_SIZES, { error: 'Please choose a paper size.' }),
  show_logo: z.boolean(),
  show_hsn_summary: z.boolean(),
  footer_note: z.string().trim().max(FOOTER_NOTE_MAX, maxLengthMessage(FOOTER_NOTE_MAX)),
  /** Print the uploaded signature image above 'Authorised Signatory' (the image has its own upload). */
  show_signature: z.boolean(),
  copies: z
    .array(z.enum(PRINT_COPIES, { error: PRINT_COPIES_MESSAGE }), { error: PRINT_COPIES_MESSAGE })
    .min(1, PRINT_COPIES_MESSAGE)
    .refine((copies) => new Set(copies).size === copies.length, 'Each copy can be chosen once.')
    // In the legal order, whatever order they were ticked in.
    .transform((copies) => PRINT_COPIES.filter((copy) => copies.includes(copy))),
});

export const termsSchema = z.object({ show_on_invoice: z.boolean() });

/** A store link of the app-download card: blank (no such app) or an https:// address. */
export const STORE_LINK_MAX = 500;
export const STORE_LINK_MESSAGE = 'Enter the store link as an https:// address.';
const storeLink = z
  .string({ error: STORE_LINK_MESSAGE })
  .trim()
  .max(STORE_LINK_MAX, maxLengthMessage(STORE_LINK_MAX))
  .refine((value) => value === '' || (/^https:\/\//i.test(value) && isUrl(value)), STORE_LINK_MESSAGE);

/** The /download-app card's store links (issue 24), each shown with its QR code. */
export const appDownloadSchema = z.object({ android_url: storeLink, ios_url: storeLink });

export type AutoCancelSettings = z.output<typeof autoCancelSchema>;
export type BatchSettings = z.output<typeof batchSchema>;
export type PrintSettings = z.output<typeof printSchema>;
export type TermsSettings = z.output<typeof termsSchema>;
export type AppDownloadSettings = z.output<typeof appDownloadSchema>;

export const AUTO_CANCEL_DEFAULTS: AutoCancelSettings = { after_days: 30 };

/**
 * auto_cancel_partially_invoiced_orders: the last order day (Indian calendar) whose partly
 * invoiced orders have their remainder cancelled on `today`: an order placed `after_days` days
 * ago or earlier.
 */
export const autoCancelLastOrderDay = (today: string, settings: AutoCancelSettings): string =>
  addDays(today, -settings.after_days);
export const BATCH_DEFAULTS: BatchSettings = { expiry_alert_days: 30, is_batch_mandatory: false };
export const PRINT_DEFAULTS: PrintSettings = {
  paper_size: 'A4',
  show_logo: true,
  show_hsn_summary: true,
  footer_note: '',
  show_signature: true,
  copies: ['original'],
};
export const TERMS_DEFAULTS: TermsSettings = { show_on_invoice: true };
export const APP_DOWNLOAD_DEFAULTS: AppDownloadSettings = { android_url: '', ios_url: '' };

/** The stored settings, each field valid by its schema or else its default. */
export function readSettings<S extends Record<string, unknown>>(
  schema: z.ZodObject,
  defaults: S,
  stored: Record<string, unknown> | null | undefined,
): S {
  const settings: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const parsed = schema.shape[key]?.safeParse(stored?.[key]);
    if (parsed?.success) settings[key] = parsed.data;
  }
  return settings as S;
}

/**
 * What the server accepts in `configurations` for each type: the known keys must be valid, other
 * keys are kept as they are.
 */
export const CONFIGURATION_SETTINGS_SCHEMAS = {
  auto_cancel_partially_invoiced_orders: autoCancelSchema.partial().loose(),
  batch_configuration: batchSchema.partial().loose(),
  print_configuration: printSchema.partial().loose(),
  terms_and_conditions: termsSchema.partial().loose(),
  /** Zoho Books (issue 26): the organisation pushed to and what is pushed; the tokens live apart, sealed. */
  zoho: zohoSettingsSchema.partial().loose(),
  /** A switch only: is_enabled allows back-dated invoices; no settings of its own. */
  back_dated_invoices: z.object({}).loose(),
  /** A switch only, on unless saved off: documents dated in a filed GST period are locked. */
  lock_filed_gst_periods: z.object({}).loose(),
  /** The goods value in rupees above which an e-way bill is required (eway-bill.ts reads it). */
  e_way_bill: z
    .object({
      threshold_rupees: z
        .number({ error: 'Threshold must be an amount in rupees.' })
        .min(0, 'Threshold cannot be negative.')
        .max(10_000_000, 'Threshold cannot exceed ₹1,00,00,000.'),
    })
    .partial()
    .loose(),
  /** The app-download card's store links (issue 24): android_url and ios_url. */
  app_download: appDownloadSchema.partial().loose(),
} as const;

/**
 * Credentials kept in a configuration (Zoho's client secret and refresh token, a carrier's API
 * key): write-only. A read never returns one; it shows the key as null beside `<key>_set`, true
 * when a value is stored, so a form can say "set" and leave its field empty. An update that sends
 * the key empty (absent, null or '') keeps the stored value; only a new value replaces it.
 */
const SECRET_KEY = /secret|token|password|passwd|api_?key|private_?key|credential/i;
const SET_SUFFIX = '_set';
export const isSecretSettingKey = (key: string) => SECRET_KEY.test(key) && !key.endsWith(SET_SUFFIX);
export const secretSetKey = (key: string) => `${key}${SET_SUFFIX}`;

/** Stored settings as a read shows them: every secret null, with its `<key>_set` flag. */
export function maskSecretSettings(stored: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!isSecretSettingKey(key)) {
      shown[key] = value;
      continue;
    }
    shown[key] = null;
    shown[secretSetKey(key)] = value !== null && value !== undefined && value !== '';
  }
  return shown;
}

/**
 * Settings to store from an update: a secret sent empty keeps the stored one, and the `<key>_set`
 * flags a form may send back are read-only and dropped.
 */
export function mergeSecretSettings(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (key.endsWith(SET_SUFFIX) && isSecretSettingKey(key.slice(0, -SET_SUFFIX.length))) continue;
    merged[key] = value;
  }
  for (const [key, value] of Object.entries(stored)) {
    const empty = merged[key] === undefined || merged[key] === null || merged[key] === '';
    if (isSecretSettingKey(key) && empty && value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Reading configurations takes view_configuration; these types shape other screens' forms, so any member reads them. */
export const CONFIGURATION_VIEW_PERMISSION = 'view_configuration';
export const CONFIGURATION_TYPES_READ_BY_FORMS = ['batch_configuration', 'app_download'] as const;
