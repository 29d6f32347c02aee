/**
 * Marketing contacts (issue 23): who a campaign can reach, by which medium, and with what consent.
 * The rules here are shared by the server (which enforces them) and the web app (which helps):
 * the Indian phone rule, consent and opt-out vocabularies, tags, the dynamic list filter and the
 * rules it stands for, and the reading of a contacts CSV.
 */
import { CsvSyntaxError, parseCsv } from './bulk-inventory.ts';
import { isEmail } from './field-checks.ts';
import { CAMPAIGN_MEDIUMS, type CampaignMedium } from './statuses.ts';

export const CONTACT_MEDIUMS = CAMPAIGN_MEDIUMS.map((m) => m.value) as readonly CampaignMedium[];
export type ContactMedium = CampaignMedium;
export const CONTACT_MEDIUM_LABELS = Object.fromEntries(
  CAMPAIGN_MEDIUMS.map((m) => [m.value, m.label]),
) as Record<ContactMedium, string>;

/** Where a consent came from. */
export const CONSENT_SOURCES = ['by_hand', 'import', 'web_form', 'buyer'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  by_hand: 'By hand',
  import: 'Import',
  web_form: 'Web form',
  buyer: 'Buyer account',
};

/**
 * How a contact opted out: the unsubscribe link, a STOP reply (SMS/WhatsApp), staff by hand, or a
 * spam complaint their mail provider reported (e-mail).
 */
export const OPT_OUT_WAYS = ['link', 'reply_stop', 'by_hand', 'complaint'] as const;
export type OptOutWay = (typeof OPT_OUT_WAYS)[number];
export const OPT_OUT_WAY_LABELS: Record<OptOutWay, string> = {
  link: 'Unsubscribe link',
  reply_stop: 'Replied STOP',
  by_hand: 'By hand',
  complaint: 'Marked as spam',
};

export const CONTACT_SOURCES = ['manual', 'import', 'buyer'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const CONTACT_NAME_MAX = 120;
export const CONTACT_CITY_MAX = 100;
export const CONTACT_TAG_MAX = 40;
export const CONTACT_TAGS_MAX = 20;

export const CONTACT_MESSAGES = {
  name_required: 'Name is required.',
  phone: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9).',
  whatsapp: 'Enter a 10-digit Indian WhatsApp number (it starts with 6, 7, 8 or 9).',
  email: 'Please enter a valid email address.',
  reach: 'Give a phone number or an e-mail address.',
  tag: `A tag has at most ${CONTACT_TAG_MAX} characters.`,
  tags: `At most ${CONTACT_TAGS_MAX} tags.`,
  phone_taken: 'A contact with this phone number already exists.',
  email_taken: 'A contact with this e-mail address already exists.',
  buyer_fields: "This contact is a buyer's: change its name, phone, e-mail, city and state on the buyer.",
  buyer_delete: "This contact is a buyer's and follows the buyer; it cannot be deleted.",
  list_name_taken: 'A contact list with this name already exists.',
  list_name_required: 'List name is required.',
  static_filters: 'A static list has no filters; choose its contacts instead.',
  dynamic_members: 'A dynamic list takes its contacts from its filters; they cannot be chosen.',
  order_dates: 'The "last order after" date must be before the "last order before" date.',
} as const;

/**
 * An Indian mobile number as people type it: spaces, dashes, dots and brackets, a +91, 91 or 0
 * prefix are dropped. Returns the 10 digits, or null when what is left is not a mobile number.
 */
export function normaliseIndianPhone(raw: string): string | null {
  let digits = raw.trim().replace(/[\s\-().]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return isIndianMobile(digits) ? digits : null;
}

/** Ten digits starting 6 to 9: the Indian mobile numbering plan (TRAI). */
export function isIndianMobile(value: string): boolean {
  return /^[6-9]\d{9}$/.test(value);
}

export const isContactEmail = (value: string) => isEmail(value);

/** Tags trimmed, blanks dropped, repeated ones (in any case) kept once, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Dynamic contact lists: a saved filter, and the rules it stands for.
// ---------------------------------------------------------------------------

/** The saved filter of a dynamic list (every part optional; all parts must hold). */
export interface ContactListFilter {
  tags?: string[];
  cities?: string[];
  state_ids?: number[];
  /** Contacts who agreed to this medium and have not opted out of it. */
  consent_medium?: ContactMedium;
  buyer_group_ids?: number[];
  /** Day (YYYY-MM-DD) the buyer's last order is on or after. */
  last_order_after?: string;
  /** Day the buyer's last order is on or before (buyers who never ordered do not match). */
  last_order_before?: string;
  /** Rupees the buyer owes above this. */
  outstanding_above?: number;
  /** Only buyers' contacts (true) or only others (false). */
  is_buyer?: boolean;
}

/** One condition of a dynamic list, as the server writes it in SQL and the UI reads it out. */
export type ContactRule =
  | { kind: 'tag_any'; tags: string[] }
  | { kind: 'city_in'; cities: string[] }
  | { kind: 'state_in'; stateIds: number[] }
  | { kind: 'consented'; medium: ContactMedium }
  | { kind: 'buyer_group_in'; groupIds: number[] }
  | { kind: 'last_order_on_or_after'; day: string }
  | { kind: 'last_order_on_or_before'; day: string }
  | { kind: 'outstanding_above'; paise: number }
  | { kind: 'is_buyer'; value: boolean };

/** The filter as rules; empty parts are no rule. A filter with no rule matches every contact. */
export function contactListRules(filter: ContactListFilter): ContactRule[] {
  const rules: ContactRule[] = [];
  const tags = normaliseTags(filter.tags ?? []);
  if (tags.length > 0) rules.push({ kind: 'tag_any', tags });
  const cities = normaliseTags(filter.cities ?? []);
  if (cities.length > 0) rules.push({ kind: 'city_in', cities });
  if (filter.state_ids && filter.state_ids.length > 0)
    rules.push({ kind: 'state_in', stateIds: [...new Set(filter.state_ids)] });
  if (filter.consent_medium) rules.push({ kind: 'consented', medium: filter.consent_medium });
  if (filter.buyer_group_ids && filter.buyer_group_ids.length > 0)
    rules.push({ kind: 'buyer_group_in', groupIds: [...new Set(filter.buyer_group_ids)] });
  if (filter.last_order_after) rules.push({ kind: 'last_order_on_or_after', day: filter.last_order_after });
  if (filter.last_order_before)
    rules.push({ kind: 'last_order_on_or_before', day: filter.last_order_before });
  if (filter.outstanding_above !== undefined && filter.outstanding_above !== null)
    rules.push({ kind: 'outstanding_above', paise: Math.round(filter.outstanding_above * 100) });
  if (filter.is_buyer !== undefined && filter.is_buyer !== null)
    rules.push({ kind: 'is_buyer', value: filter.is_buyer });
  return rules;
}

/** What is wrong with a filter as a whole (its parts are checked by the schema), or null. */
export function contactListFilterProblem(filter: ContactListFilter): string | null {
  if (
    filter.last_order_after &&
    filter.last_order_before &&
    filter.last_order_after > filter.last_order_before
  )
    return CONTACT_MESSAGES.order_dates;
  return null;
}

/** A rule read out, for the list's page and the filter builder. */
export function describeContactRule(
  rule: ContactRule,
  names: { state?: (id: number) => string } = {},
): string {
  switch (rule.kind) {
    case 'tag_any':
      return `Tagged ${rule.tags.join(' or ')}`;
    case 'city_in':
      return `In ${rule.cities.join(' or ')}`;
    case 'state_in':
      return `In the state of ${rule.stateIds.map((id) => names.state?.(id) ?? String(id)).join(' or ')}`;
    case 'consented':
      return `Agreed to ${CONTACT_MEDIUM_LABELS[rule.medium]} and not opted out`;
    case 'buyer_group_in':
      return `Buyer in ${rule.groupIds.length === 1 ? 'the chosen buyer group' : `one of ${rule.groupIds.length} buyer groups`}`;
    case 'last_order_on_or_after':
      return `Last order on or after ${rule.day}`;
    case 'last_order_on_or_before':
      return `Last order on or before ${rule.day}`;
    case 'outstanding_above':
      return `Owes more than ₹${(rule.paise / 100).toFixed(2)}`;
    case 'is_buyer':
      return rule.value ? 'Buyers only' : 'Not buyers';
    default: {
      const unreachable: never = rule;
      return unreachable;
    }
  }
}

// ---------------------------------------------------------------------------
// The contacts CSV (/bulk-import/create-contact).
// ---------------------------------------------------------------------------

export const CONTACT_IMPORT_FIELDS = [
  'name',
  'phone',
  'email',
  'whatsapp_number',
  'city',
  'state',
  'tags',
  'consent_email',
  'consent_sms',
  'consent_whatsapp',
  'consent_push_notification',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];
export const CONTACT_IMPORT_FIELD_LABELS: Record<ContactImportField, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  whatsapp_number: 'WhatsApp number',
  city: 'City',
  state: 'State',
  tags: 'Tags (separated by ;)',
  consent_email: 'E-mail consent (yes/no)',
  consent_sms: 'SMS consent (yes/no)',
  consent_whatsapp: 'WhatsApp consent (yes/no)',
  consent_push_notification: 'Push consent (yes/no)',
};
/** Which CSV column holds each field; a field not mapped is left as it is on an existing contact. */
export type ContactImportMapping = Partial<Record<ContactImportField, string>>;

export const CONTACT_IMPORT_MAX_ROWS = 200_000;
export const CONTACT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export const CONTACT_IMPORT_MESSAGES = {
  file_required: 'Choose a CSV file to upload.',
  file_too_large: 'The file is larger than 32 MB.',
  not_text: 'The file is not a UTF-8 CSV file.',
  empty: 'The file has no rows.',
  too_many_rows: `The file has more than ${CONTACT_IMPORT_MAX_ROWS} rows.`,
  unknown_column: (column: string) => `The file has no column '${column}'.`,
  map_name: 'Map a column to Name.',
  map_reach: 'Map a column to Phone or E-mail.',
  required: 'This field is required.',
  yes_no: 'Use yes or no.',
  state: 'No state with this name.',
  repeated_phone: (row: number) => `This phone number is already in row ${row}.`,
  repeated_email: (row: number) => `This e-mail address is already in row ${row}.`,
  invalid: 'The file has errors; nothing was imported.',
} as const;

export interface ContactImportRow {
  row: number;
  name: string;
  phone: string | null;
  email: string | null;
  whatsapp_number: string | null;
  city: string | null;
  state_id: number | null;
  /** null: the tags column is not mapped (an existing contact keeps its tags). */
  tags: string[] | null;
  /** Per medium: true (consented), false (no consent given), absent (column not mapped). */
  consent: Partial<Record<ContactMedium, boolean>>;
}

export interface ContactImportError {
  row: number;
  column: string;
  message: string;
}

const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** A first guess of the mapping from the file's headers: a column named like a field (any case). */
export function guessContactMapping(headers: readonly string[]): ContactImportMapping {
  const aliases: Record<ContactImportField, string[]> = {
    name: ['name', 'full name', 'contact name', 'customer name'],
    phone: ['phone', 'mobile', 'phone number', 'mobile number', 'contact number'],
    email: ['email', 'e mail', 'email address', 'mail'],
    whatsapp_number: ['whatsapp', 'whatsapp number', 'whatsapp no'],
    city: ['city', 'town'],
    state: ['state'],
    tags: ['tags', 'tag'],
    consent_email: ['consent email', 'email consent'],
    consent_sms: ['consent sms', 'sms consent'],
    consent_whatsapp: ['consent whatsapp', 'whatsapp consent'],
    consent_push_notification: ['consent push notification', 'consent push', 'push consent'],
  };
  const mapping: ContactImportMapping = {};
  for (const field of CONTACT_IMPORT_FIELDS) {
    const found = headers.find((h) => aliases[field].includes(headerKey(h)));
    if (found !== undefined) mapping[field] = found;
  }
  return mapping;
}

function parseYesNo(raw: string): boolean | null | undefined {
  const text = raw.trim().toLowerCase();
  if (text === '') return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return null;
}

/**
 * Reads a contacts CSV by a column mapping and checks every row; returns the good rows and every
 * error (row, column as the file names it, message), so the user sees them all at once. Rows
 * repeating a phone number (or, without a phone, an e-mail address) of an earlier row are errors.
 */
export function readContactFile(
  text: string,
  mapping: ContactImportMapping,
  states: readonly { id: number; name: string }[],
): { headers: string[]; rows: ContactImportRow[]; errors: ContactImportError[]; total: number } {
  let records: { row: number; fields: string[] }[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return {
        headers: [],
        rows: [],
        errors: [{ row: error.row, column: '', message: error.message }],
        total: 0,
      };
    throw error;
  }
  const [header, ...withBlanks] = records;
  const data = withBlanks.filter((record) => record.fields.some((f) => f.trim() !== ''));
  const headers = header ? header.fields.map((h) => h.trim()) : [];
  const fileError = (message: string) => ({
    headers,
    rows: [],
    errors: [{ row: 0, column: '', message }],
    total: data.length,
  });
  if (!header || data.length === 0) return fileError(CONTACT_IMPORT_MESSAGES.empty);
  if (data.length > CONTACT_IMPORT_MAX_ROWS) return fileError(CONTACT_IMPORT_MESSAGES.too_many_rows);
  const index = new Map<ContactImportField, number>();
  const errors: ContactImportError[] = [];
  for (const field of CONTACT_IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column === '') continue;
    const at = headers.findIndex((h) => headerKey(h) === headerKey(column));
    if (at < 0)
      errors.push({ row: header.row, column, message: CONTACT_IMPORT_MESSAGES.unknown_column(column) });
    else index.set(field, at);
  }
  if (!index.has('name')) errors.push({ row: 0, column: '', message: CONTACT_IMPORT_MESSAGES.map_name });
  if (!index.has('phone') && !index.has('email'))
    errors.push({ row: 0, column: '', message: CONTACT_IMPORT_MESSAGES.map_reach });
  if (errors.length > 0) return { headers, rows: [], errors, total: data.length };

  const stateByName = new Map(states.map((s) => [s.name.trim().toLowerCase(), s.id]));
  const columnOf = (field: ContactImportField) => headers[index.get(field) as number];
  const seenPhones = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const rows: ContactImportRow[] = [];
  for (const { row, fields } of data) {
    const before = errors.length;
    const cell = (field: ContactImportField) => {
      const at = index.get(field);
      return at === undefined ? '' : (fields[at] ?? '').trim();
    };
    const fail = (field: ContactImportField, message: string) =>
      errors.push({ row, column: columnOf(field), message });
    const name = cell('name').replace(/\s+/g, ' ');
    if (name === '') fail('name', CONTACT_IMPORT_MESSAGES.required);
    else if (name.length > CONTACT_NAME_MAX) fail('name', `At most ${CONTACT_NAME_MAX} characters.`);
    const rawPhone = cell('phone');
    const phone = rawPhone === '' ? null : normaliseIndianPhone(rawPhone);
    if (rawPhone !== '' && phone === null) fail('phone', CONTACT_MESSAGES.phone);
    const rawEmail = cell('email');
    const email = rawEmail === '' ? null : rawEmail.toLowerCase();
    if (email !== null && !isContactEmail(email)) fail('email', CONTACT_MESSAGES.email);
    if (rawPhone === '' && rawEmail === '')
      fail(index.has('phone') ? 'phone' : 'email', CONTACT_MESSAGES.reach);
    const rawWhatsapp = cell('whatsapp_number');
    const whatsapp = rawWhatsapp === '' ? null : normaliseIndianPhone(rawWhatsapp);
    if (rawWhatsapp !== '' && whatsapp === null) fail('whatsapp_number', CONTACT_MESSAGES.whatsapp);
    const city = cell('city').replace(/\s+/g, ' ');
    if (city.length > CONTACT_CITY_MAX) fail('city', `At most ${CONTACT_CITY_MAX} characters.`);
    const rawState = cell('state');
    const stateId = rawState === '' ? null : (stateByName.get(rawState.toLowerCase()) ?? null);
    if (rawState !== '' && stateId === null) fail('state', CONTACT_IMPORT_MESSAGES.state);
    let tags: string[] | null = null;
    if (index.has('tags')) {
      tags = normaliseTags(cell('tags').split(/[;|]/));
      if (tags.some((t) => t.length > CONTACT_TAG_MAX)) fail('tags', CONTACT_MESSAGES.tag);
      else if (tags.length > CONTACT_TAGS_MAX) fail('tags', CONTACT_MESSAGES.tags);
    }
    const consent: Partial<Record<ContactMedium, boolean>> = {};
    for (const medium of CONTACT_MEDIUMS) {
      const field = `consent_${medium}` as ContactImportField;
      if (!index.has(field)) continue;
      const value = parseYesNo(cell(field));
      if (value === null) fail(field, CONTACT_IMPORT_MESSAGES.yes_no);
      else if (value !== undefined) consent[medium] = value;
    }
    if (phone !== null) {
      const earlier = seenPhones.get(phone);
      if (earlier !== undefined) fail('phone', CONTACT_IMPORT_MESSAGES.repeated_phone(earlier));
      else seenPhones.set(phone, row);
    } else if (email !== null && rawPhone === '') {
      const earlier = seenEmails.get(email);
      if (earlier !== undefined) fail('email', CONTACT_IMPORT_MESSAGES.repeated_email(earlier));
      else seenEmails.set(email, row);
    }
    if (errors.length > before) continue;
    rows.push({
      row,
      name,
      phone,
      email,
      whatsapp_number: whatsapp,
      city: city === '' ? null : city,
      state_id: stateId,
      tags,
      consent,
    });
  }
  return { headers, rows, errors, total: data.length };
}
