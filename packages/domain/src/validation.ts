import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import {
  CATEGORY_NAME_MAX,
  CATEGORY_NAME_MIN,
  isBlank,
  isCampaignTitle,
  isCredential,
  isDomain,
  isEmail,
  isHsn,
  isName,
  isNonZero,
  isNumber,
  isOtp,
  isPercentage,
  isPhone,
  isPincode,
  isPositiveNumber,
  isQuantity,
  isSku,
  isStrongPassword,
  isTallyName,
  isTemplateName,
  isUpc,
  isUrl,
  isUrlPath,
  MAX_LENGTH,
  MESSAGES,
  maxLengthMessage,
  PASSWORD_MAX_LENGTH,
  text,
} from './field-checks.ts';
import {
  GSTIN_STATE_MISMATCH,
  gstinMatchesState,
  gstinStateCode,
  isGstinStateCode,
  isValidGstin,
} from './gstin.ts';

export * from './field-checks.ts';

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
