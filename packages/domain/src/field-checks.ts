/**
 * Field checks and their messages without zod: the predicates every form and the server share.
 * Kept apart from validation.ts (zod schemas, the common-password list) so that the sign-in
 * screen can check its two fields without loading either.
 */

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

export type Raw = string | number | null | undefined;

export function text(value: Raw): string {
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

export interface LoginFields {
  username: string;
  password: string;
}

/**
 * The sign-in form's checks, the same as `credentialSchema` and `loginPasswordSchema` make (a test
 * holds them together): the first message each field breaks, or undefined.
 */
export function loginFieldErrors(values: LoginFields): Partial<Record<keyof LoginFields, string>> {
  const username = values.username.trim();
  const { password } = values;
  return {
    username: username === '' ? MESSAGES.required : isCredential(username) ? undefined : MESSAGES.credential,
    password:
      password === ''
        ? MESSAGES.required
        : password.length > PASSWORD_MAX_LENGTH
          ? MESSAGES.password_too_long
          : undefined,
  };
}
