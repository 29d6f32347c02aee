import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import {
  GSTIN_STATE_MISMATCH,
  gstinMatchesState,
  gstinStateCode,
  isGstinStateCode,
  isValidGstin,
} from './gstin.ts';

/** The maximum length constant of the spec, used for free-text names. */
export const MAX_LENGTH = 64;
export const CATEGORY_NAME_MIN = 3;
export const CATEGORY_NAME_MAX = 200;
export const PASSWORD_MIN_LENGTH = 8;
/** One limit for choosing and for logging in, so no accepted password can be refused at login. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * User-facing validation messages. Texts quoted by the spec are reproduced verbatim, including
 * their punctuation (and the category name's 'Last name ...' wording); the others follow their style.
 */
export const MESSAGES = {
  required: 'This field is required.',
  fallback: 'Field is invalid',
  email_required: 'Email is required.',
  email: 'Please enter a valid email address.',
  credential: 'Please enter a valid email address or 10-digit mobile number.',
  phone: 'Please enter a valid 10-digit phone number.',
  pincode: 'Please enter a valid 6 digit pincode.',
  upc: 'UPC must be exactly 12 digits.',
  otp: 'Please enter the 6-digit OTP.',
  password:
    'Password must have at least 8 characters with a lower case letter, an upper case letter, a digit and one of -+_!@#$%^&*.,?',
  password_too_long: 'Password cannot exceed more than 128 characters.',
  password_common: 'This password is too common. Please choose one that is harder to guess.',
  password_personal: 'Password must not contain your name or email address.',
  passwords_mismatch: 'Passwords do not match.',
  gstin: 'Please enter a valid GSTIN',
  hsn: 'HSN code must be 4, 6 or 8 digits.',
  name: 'Name can only contain (a-z A-Z 0-9 - _ .)',
  sku: 'SKU can only contain (a-zA-Z0-9) and hyphen(-),underscore(_)',
  tally: 'Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
  url: 'Please enter a valid url.',
  domain: 'Please enter a domain without http, https or www.',
  url_path: 'Only lowercase letters, digits, _ and - are allowed.',
  no_spaces: 'Spaces are not allowed.',
  ico_file: 'Please choose an .ico file.',
  number: 'Please enter a valid number.',
  whole_number: 'Please enter a whole number.',
  integer: 'Please enter a whole number.',
  positive: 'Please enter a valid positive number',
  positive_integer: 'Please enter a valid positive integer.',
  non_negative: 'Value cannot be negative.',
  non_zero: 'Value cannot be zero.',
  quantity: 'Please enter a valid quantity',
  percentage: 'Please enter a percentage between 0 and 100 with up to 2 decimals.',
  invoice_line_quantity: 'Please ensure quantity is a valid input and is less than Invoiceable quantity.',
  category_name_required: 'Category name is required',
  category_name_min: 'Category name should be greater than 2 characters.',
  category_name_max: 'Last name cannot exceed more than 200 characters.',
  cashpoint_required: 'Cashpoint is required',
  cashpoint_zero: 'Cashpoint cannot be zero',
  cashpoint_positive: 'Cashpoint should be a positive number.',
  expiry_date_required: 'Expiry Date is required',
  expiry_date_min: 'Expiry Date must be tomorrow or later.',
  campaign_title: 'Title can only contain letters, digits, hyphen, underscore, dot and space.',
  template_name: 'Template name can only contain letters, digits, underscore and space.',
  whatsapp_variable: 'Variables must be written in braces, without underscores.',
  date_range: 'Start date cannot be after end date.',
  either_required: 'Please fill in at least one of these fields.',
  fields_equal: 'Values do not match.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function maxLengthMessage(max: number): string {
  return `Cannot exceed more than ${max} characters.`;
}

export function minLengthMessage(min: number): string {
  return `Must be at least ${min} characters.`;
}

export function greaterThanMessage(bound: number | string): string {
  return `Value must be greater than ${bound}.`;
}

// ---------------------------------------------------------------------------
// Predicates: pure checks on raw form values (strings as typed, or numbers).
// ---------------------------------------------------------------------------

type Raw = string | number | null | undefined;

function text(value: Raw): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? plainNumber(value) : value.trim();
}

/** A number as a plain decimal string (String(1e-7) would give '1e-7'). */
function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function isRequired(value: unknown): boolean {
  return !isBlank(value);
}

const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(value: Raw): boolean {
  const s = text(value);
  return s.length <= 254 && EMAIL.test(s);
}

export function isPhone(value: Raw): boolean {
  return /^\d{10}$/.test(text(value));
}

/** Login credential: an email, or a 10-digit mobile number that does not start with 0. */
export function isCredential(value: Raw): boolean {
  const s = text(value);
  return isEmail(s) || /^[1-9]\d{9}$/.test(s);
}

/** Indian PIN codes have 6 digits and never start with 0. */
export function isPincode(value: Raw): boolean {
  return /^[1-9]\d{5}$/.test(text(value));
}

export function isUpc(value: Raw): boolean {
  return /^\d{12}$/.test(text(value));
}

export function isOtp(value: Raw): boolean {
  return /^\d{6}$/.test(text(value));
}

/** At least 8 characters with a lower case letter, an upper case letter, a digit and one of -+_!@#$%^&*.,? */
export function isStrongPassword(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH) return false;
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[-+_!@#$%^&*.,?]/.test(value);
}

/** HSN codes are reported with 4, 6 or 8 digits (SAC codes for services have 6). */
export function isHsn(value: Raw): boolean {
  return /^(?:\d{4}|\d{6}|\d{8})$/.test(text(value));
}

export function isSku(value: Raw): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text(value));
}

/** Letters, digits, space and . - _ / ( ) as Tally accepts in ledger and stock names. */
export function isTallyName(value: Raw): boolean {
  return /^[A-Za-z0-9 ._\-/()]+$/.test(text(value));
}

/** Letters, digits, space and - _ . */
export function isName(value: Raw): boolean {
  return /^[A-Za-z0-9 ._-]+$/.test(text(value));
}

export function isCampaignTitle(value: Raw): boolean {
  return /^[A-Za-z0-9 ._-]+$/.test(text(value));
}

export function isTemplateName(value: Raw): boolean {
  return /^[A-Za-z0-9 _]+$/.test(text(value));
}

/** A WhatsApp template variable such as {{1}} or {name}: in braces, no underscore. */
export function isWhatsappVariable(value: Raw): boolean {
  const s = text(value);
  return /^\{\{[^{}_\s]+\}\}$/.test(s) || /^\{[^{}_\s]+\}$/.test(s);
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** An http(s) address, the scheme optional, with a dotted host name, optional port and path, no spaces. */
export function isUrl(value: Raw): boolean {
  const s = text(value);
  const match = /^(?:https?:\/\/)?([^/?#:\s]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(s);
  return match !== null && HOST.test(match[1]);
}

/** A bare domain such as shop.example.in: it must not start with http, https or www. */
export function isDomain(value: Raw): boolean {
  const s = text(value);
  return !/^(?:https?|www)\b/i.test(s) && HOST.test(s);
}

export function isUrlPath(value: Raw): boolean {
  return /^[a-z0-9_-]+$/.test(text(value));
}

export function hasNoSpaces(value: string | null | undefined): boolean {
  return typeof value === 'string' && !/\s/.test(value);
}

export function isIcoFile(fileName: string | null | undefined): boolean {
  return typeof fileName === 'string' && /\.ico$/i.test(fileName.trim());
}

/** Optionally signed decimal: '12', '-3.5', '+0.25', '.5'. */
export function isNumber(value: Raw): boolean {
  return /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/.test(text(value));
}

/** 0, 1, 2, ... */
export function isWholeNumber(value: Raw): boolean {
  return /^\d+$/.test(text(value));
}

export function isInteger(value: Raw): boolean {
  return /^[-+]?\d+$/.test(text(value));
}

/** 1, 2, 3, ... written without a leading 0. */
export function isPositiveInteger(value: Raw): boolean {
  return /^[1-9]\d*$/.test(text(value));
}

/** A decimal greater than 0. */
export function isPositiveNumber(value: Raw): boolean {
  const s = text(value);
  return /^\+?(?:\d+(?:\.\d+)?|\.\d+)$/.test(s) && Number(s) > 0;
}

export function isNonNegativeNumber(value: Raw): boolean {
  return /^\+?(?:\d+(?:\.\d+)?|\.\d+)$/.test(text(value));
}

export function isNonZero(value: Raw): boolean {
  return isNumber(value) && Number(text(value)) !== 0;
}

/** True when the value has at most `d` digits after the decimal point. */
export function maxDecimals(n: Raw, d: number): boolean {
  const s = text(n);
  if (!isNumber(s)) return false;
  const fraction = s.split('.')[1] ?? '';
  return fraction.length <= d;
}

/** 0 to 100 with up to 2 decimals. */
export function isPercentage(value: Raw): boolean {
  const s = text(value);
  return isNonNegativeNumber(s) && Number(s) <= 100 && maxDecimals(s, 2);
}

/** Quantities are positive with up to 3 decimals. */
export function isQuantity(value: Raw): boolean {
  return isPositiveNumber(value) && maxDecimals(value, 3);
}

// ---------------------------------------------------------------------------
// Zod schemas. Each field reports one message: the first rule it breaks.
// ---------------------------------------------------------------------------

type Rule<T> = readonly [check: (value: T) => boolean, message: string];

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; input?: unknown; path?: PropertyKey[] }): void;
}

function firstBroken<T>(rules: readonly Rule<T>[]) {
  return (value: T, ctx: IssueSink): void => {
    for (const [check, message] of rules) {
      if (!check(value)) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return;
      }
    }
  };
}

/** Trimmed text that must not be blank, followed by further rules; one message per field. */
function textField(requiredMessage: string, rules: readonly Rule<string>[]) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .superRefine(firstBroken<string>([[(v) => v !== '', requiredMessage], ...rules]));
}

export function requiredText(message: string = MESSAGES.required, max: number = MAX_LENGTH) {
  return textField(message, [[(v) => v.length <= max, maxLengthMessage(max)]]);
}

export const emailSchema = textField(MESSAGES.email_required, [[isEmail, MESSAGES.email]]);

export const credentialSchema = textField(MESSAGES.required, [[isCredential, MESSAGES.credential]]);

export const phoneSchema = textField(MESSAGES.required, [[isPhone, MESSAGES.phone]]);

export const pincodeSchema = textField(MESSAGES.required, [[isPincode, MESSAGES.pincode]]);

export const upcSchema = textField(MESSAGES.required, [[isUpc, MESSAGES.upc]]);

export const otpSchema = textField(MESSAGES.required, [[isOtp, MESSAGES.otp]]);

const PASSWORD_RULES: readonly Rule<string>[] = [
  [(v) => v !== '', MESSAGES.required],
  [(v) => v.length <= PASSWORD_MAX_LENGTH, MESSAGES.password_too_long],
  [isStrongPassword, MESSAGES.password],
  [(v) => !isCommonPassword(v), MESSAGES.password_common],
];

/**
 * For choosing a password (sign-up, user creation, reset, change); a login form only requires a
 * non-blank password of at most PASSWORD_MAX_LENGTH. Whether it holds the person's own name or
 * e-mail is checked where the person is known: `personalPasswordCheck` on a form,
 * `passwordProblem` on the server.
 */
export const passwordSchema = z.string({ error: MESSAGES.required }).superRefine(firstBroken(PASSWORD_RULES));

/** The password as a login form takes it: anything non-blank that a chosen password could be. */
export const loginPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.password_too_long);

export interface PasswordOwner {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** The e-mail's local part (and its dot/dash pieces) and the name words of 3 or more characters. */
function personalWords(owner: PasswordOwner): string[] {
  const local = (owner.email ?? '').split('@')[0] ?? '';
  const words = [local, ...local.split(/[._+-]+/)];
  for (const name of [owner.first_name, owner.last_name])
    words.push(name ?? '', ...(name ?? '').split(/\s+/));
  return words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3);
}

/** True when the password contains the owner's e-mail local part or first or last name, any case. */
export function containsPersonalInfo(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  return personalWords(owner).some((word) => lower.includes(word));
}

/** The first rule a new password breaks, or undefined: the server's check when the owner is stored. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  const broken = PASSWORD_RULES.find(([check]) => !check(password));
  if (broken) return broken[1];
  return containsPersonalInfo(password, owner) ? MESSAGES.password_personal : undefined;
}

export const gstinSchema = textField(MESSAGES.required, [[isValidGstin, MESSAGES.gstin]]).toUpperCase();

export const nameSchema = textField(MESSAGES.required, [
  [(v) => v.length <= MAX_LENGTH, maxLengthMessage(MAX_LENGTH)],
  [isName, MESSAGES.name],
]);

/** First or last name of a person: 1 to 64 characters after trimming, any script. */
export const personNameSchema = requiredText(MESSAGES.required, MAX_LENGTH);

export const skuSchema = textField(MESSAGES.required, [
  [(v) => v.length <= MAX_LENGTH, maxLengthMessage(MAX_LENGTH)],
  [isSku, MESSAGES.sku],
]);

export const tallyNameSchema = textField(MESSAGES.required, [
  [(v) => v.length <= MAX_LENGTH, maxLengthMessage(MAX_LENGTH)],
  [isTallyName, MESSAGES.tally],
]);

export const hsnSchema = textField(MESSAGES.required, [[isHsn, MESSAGES.hsn]]);

export const urlSchema = textField(MESSAGES.required, [[isUrl, MESSAGES.url]]);

export const domainSchema = textField(MESSAGES.required, [[isDomain, MESSAGES.domain]]).toLowerCase();

export const urlPathSchema = textField(MESSAGES.required, [[isUrlPath, MESSAGES.url_path]]);

export const campaignTitleSchema = textField(MESSAGES.required, [
  [(v) => v.length <= MAX_LENGTH, maxLengthMessage(MAX_LENGTH)],
  [isCampaignTitle, MESSAGES.campaign_title],
]);

export const templateNameSchema = textField(MESSAGES.required, [
  [(v) => v.length <= MAX_LENGTH, maxLengthMessage(MAX_LENGTH)],
  [isTemplateName, MESSAGES.template_name],
]);

export const categoryNameSchema = textField(MESSAGES.category_name_required, [
  [(v) => v.length >= CATEGORY_NAME_MIN, MESSAGES.category_name_min],
  [(v) => v.length <= CATEGORY_NAME_MAX, MESSAGES.category_name_max],
]);

/**
 * A number typed into a form (string) or sent by the API (number). Blank is "required";
 * the parsed output is always a number.
 */
export function numberField(rules: readonly Rule<string>[], requiredMessage: string = MESSAGES.required) {
  return z
    .union([z.number(), z.string()], { error: requiredMessage })
    .superRefine((value, ctx) => {
      const s = text(value);
      firstBroken<string>([[(v) => v !== '', requiredMessage], ...rules])(s, ctx);
    })
    .transform((value) => Number(text(value)));
}

export const percentageSchema = numberField([[isPercentage, MESSAGES.percentage]]);

export const positiveNumberSchema = numberField([[isPositiveNumber, MESSAGES.positive]]);

export const quantitySchema = numberField([[isQuantity, MESSAGES.quantity]]);

/** Cashpoint dialog amount: required, not zero, positive. */
export const cashpointAmountSchema = numberField(
  [
    [isNumber, MESSAGES.cashpoint_positive],
    [isNonZero, MESSAGES.cashpoint_zero],
    [isPositiveNumber, MESSAGES.cashpoint_positive],
  ],
  MESSAGES.cashpoint_required,
);

/** The spec's "tomorrow": now plus 24 hours. */
export function tomorrow(now: Date = new Date()): Date {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000);
}

const IST_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) of a date or date string, read in India's time zone. */
export function indianCalendarDay(value: Date | string): string | null {
  if (typeof value === 'string') {
    const s = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
    const time = Date.parse(s);
    return Number.isNaN(time) ? null : IST_DATE.format(new Date(time));
  }
  return Number.isNaN(value.getTime()) ? null : IST_DATE.format(value);
}

/** Today's calendar day in India (YYYY-MM-DD). */
export const todayInIndia = (now: Date = new Date()): string => indianCalendarDay(now) as string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of a YYYY-MM-DD day: only used to count whole days between calendar days. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD): negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The calendar day `days` after `day` (before it when negative), as YYYY-MM-DD. */
export const addDays = (day: string, days: number): string =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD calendar date that exists (2024-02-30 does not), refused with the caller's message. */
export const calendarDateSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (v) => /^(19|20)\d{2}-\d{2}-\d{2}$/.test(v) && indianCalendarDay(`${v}T12:00:00Z`) === v,
      message,
    );

/**
 * Cashpoint expiry (credit mode): required, and not before tomorrow. A date picker yields a day,
 * so the comparison is by calendar day in India: any time on the day of now + 24 h is accepted.
 */
export function cashpointExpirySchema(now: Date = new Date()) {
  const minimumDay = indianCalendarDay(tomorrow(now)) ?? '';
  // A Date from a picker becomes its day first, so the schema stays a string one (JSON Schema has no Date).
  return z.preprocess(
    (value) => (value instanceof Date ? (indianCalendarDay(value) ?? '') : value),
    z
      .string({ error: MESSAGES.expiry_date_required })
      .superRefine((value, ctx) => {
        const day = value.trim() === '' ? null : indianCalendarDay(value);
        if (day === null) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.expiry_date_required, input: value });
        } else if (day < minimumDay) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.expiry_date_min, input: value });
        }
      })
      .transform((value) => indianCalendarDay(value) ?? ''),
  );
}

/**
 * Quantity on an invoice line: a valid positive quantity that does not exceed what is still
 * invoiceable. The spec's text says "less than"; invoicing exactly the remaining quantity is allowed.
 */
export function invoiceLineQuantitySchema(invoiceableQuantity: number) {
  return numberField(
    [
      [isQuantity, MESSAGES.invoice_line_quantity],
      [(v) => Number(v) <= invoiceableQuantity, MESSAGES.invoice_line_quantity],
    ],
    MESSAGES.invoice_line_quantity,
  );
}

/** Lets a form's empty input ('' or null) through as undefined; anything else must pass `schema`. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}

// ---------------------------------------------------------------------------
// Group checks: cross-field rules for z.object(...).check(...). Each runs even when other
// fields of the form are invalid (so the user sees every error at once), but only once both
// of its own fields are valid.
// ---------------------------------------------------------------------------

type Keyed<K extends string> = Partial<Record<K, unknown>>;

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldsValid(keys: readonly string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => {
      const head = issue.path?.[0];
      return head === undefined || keys.includes(String(head));
    });
}

function groupCheck<K extends string>(
  keys: readonly K[],
  fn: (value: Keyed<K>, report: (key: K, message: string) => void) => void,
) {
  return z.superRefine<Keyed<K>>(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      fn(value, (key, message) => ctx.addIssue({ code: 'custom', message, path: [key], input: value[key] }));
    },
    { when: fieldsValid(keys) },
  );
}

function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : time;
  }
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && isNumber(value)) return Number(value.trim());
  return null;
}

/** The start must not be after the end (dates or date-times); the message goes on the end field. */
export function dateRangeCheck<S extends string, E extends string>(
  startKey: S,
  endKey: E,
  message: string = MESSAGES.date_range,
) {
  return groupCheck<S | E>([startKey, endKey], (value, report) => {
    const start = toTime(value[startKey]);
    const end = toTime(value[endKey]);
    if (start !== null && end !== null && start > end) report(endKey, message);
  });
}

/** `aKey` must be strictly greater than `bKey` when both hold numbers; the message goes on `aKey`. */
export function greaterThanCheck<A extends string, B extends string>(aKey: A, bKey: B, message?: string) {
  return groupCheck<A | B>([aKey, bKey], (value, report) => {
    const a = toNumber(value[aKey]);
    const b = toNumber(value[bKey]);
    if (a !== null && b !== null && !(a > b)) {
      report(aKey, message ?? `${humanize(aKey)} must be greater than ${humanize(bKey).toLowerCase()}.`);
    }
  });
}

/** At least one of the two fields must be filled; the message goes on both. */
export function eitherRequiredCheck<A extends string, B extends string>(
  aKey: A,
  bKey: B,
  message: string = MESSAGES.either_required,
) {
  return groupCheck<A | B>([aKey, bKey], (value, report) => {
    if (isBlank(value[aKey]) && isBlank(value[bKey])) {
      report(aKey, message);
      report(bKey, message);
    }
  });
}

/**
 * A password must not contain the e-mail's local part or the first or last name given in the same
 * form (sign-up, user creation); the message goes on the password field.
 */
export function personalPasswordCheck<P extends string>(passwordKey: P) {
  return groupCheck<P | 'email' | 'first_name' | 'last_name'>(
    [passwordKey, 'email', 'first_name', 'last_name'],
    (value, report) => {
      const password = value[passwordKey];
      if (typeof password !== 'string') return;
      const asText = (v: unknown) => (typeof v === 'string' ? v : '');
      const owner = {
        email: asText(value.email),
        first_name: asText(value.first_name),
        last_name: asText(value.last_name),
      };
      if (containsPersonalInfo(password, owner)) report(passwordKey, MESSAGES.password_personal);
    },
  );
}

/**
 * The state id a GSTIN names (state ids are GST codes: '27' is Maharashtra, id 27), or null when
 * the GSTIN is not valid or names no single state (99, centre jurisdiction): a form fills the state
 * from it.
 */
export function gstinStateId(gstin: unknown): number | null {
  const code = typeof gstin === 'string' ? gstinStateCode(gstin) : null;
  return code === null || code === '99' ? null : Number(code);
}

/**
 * A GSTIN is issued per state, so the state of the registered address must be the GSTIN's (the
 * rule of the branch and buyer forms, gstinMatchesState); the message goes on the GSTIN.
 */
export function gstinStateCheck<G extends string, S extends string>(gstinKey: G, stateKey: S) {
  return groupCheck<G | S>([gstinKey, stateKey], (value, report) => {
    const gstin = value[gstinKey];
    const stateId = toNumber(value[stateKey]);
    const stateCode = stateId === null ? '' : String(stateId).padStart(2, '0');
    // An id that is no GST code is no state; the server answers 'State Not Found' for it.
    if (typeof gstin !== 'string' || !isGstinStateCode(stateCode)) return;
    if (!gstinMatchesState(gstin, stateCode)) report(gstinKey, GSTIN_STATE_MISMATCH);
  });
}

/** Both fields must hold the same value (password confirmation); the message goes on the second. */
export function fieldsEqualCheck<A extends string, B extends string>(
  aKey: A,
  bKey: B,
  message: string = MESSAGES.fields_equal,
) {
  return groupCheck<A | B>([aKey, bKey], (value, report) => {
    if (value[aKey] !== value[bKey]) report(bKey, message);
  });
}
