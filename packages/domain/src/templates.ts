/**
 * Message templates of the marketing area (issue 23): e-mail, SMS, WhatsApp and push. The variable
 * language, the checks of each medium's text, rendering, SMS length and segments, and the plain
 * text of an e-mail's HTML. Pure functions: the server checks with them, the form previews with them.
 */
import { CAMPAIGN_MEDIUMS, type StatusOption } from './statuses.ts';

export type TemplateMedium = (typeof CAMPAIGN_MEDIUMS)[number]['value'];
export const TEMPLATE_MEDIUMS = CAMPAIGN_MEDIUMS.map((m) => m.value) as readonly TemplateMedium[];
export const TEMPLATE_MEDIUM_LABELS = Object.fromEntries(
  CAMPAIGN_MEDIUMS.map((m) => [m.value, m.label]),
) as Record<TemplateMedium, string>;

/**
 * A WhatsApp template's review state at Meta, read back from the Cloud API (Meta's APPROVED,
 * PENDING, REJECTED, PAUSED, DISABLED); until it is synced a new or changed template is pending.
 * Only an approved template can be sent.
 */
export const WHATSAPP_TEMPLATE_STATUSES = [
  { value: 'pending', label: 'Pending', color: 'yellow' },
  { value: 'approved', label: 'Approved', color: 'green' },
  { value: 'rejected', label: 'Rejected', color: 'red' },
  { value: 'paused', label: 'Paused', color: 'gray' },
  { value: 'disabled', label: 'Disabled', color: 'red' },
] as const satisfies readonly StatusOption[];
export type WhatsappTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number]['value'];

export const WHATSAPP_CATEGORIES = [
  { value: 'marketing', label: 'Marketing' },
  { value: 'utility', label: 'Utility' },
  { value: 'authentication', label: 'Authentication' },
] as const;
export type WhatsappCategory = (typeof WHATSAPP_CATEGORIES)[number]['value'];

/** Meta's language codes most used by Indian businesses. */
export const WHATSAPP_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'en_US', label: 'English (US)' },
  { value: 'en_GB', label: 'English (UK)' },
  { value: 'hi', label: 'Hindi' },
  { value: 'mr', label: 'Marathi' },
  { value: 'gu', label: 'Gujarati' },
  { value: 'bn', label: 'Bengali' },
  { value: 'ta', label: 'Tamil' },
  { value: 'te', label: 'Telugu' },
  { value: 'kn', label: 'Kannada' },
  { value: 'ml', label: 'Malayalam' },
  { value: 'pa', label: 'Punjabi' },
  { value: 'ur', label: 'Urdu' },
] as const;
export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number]['value'];

export const WHATSAPP_BUTTON_TYPES = [
  { value: 'quick_reply', label: 'Quick Reply' },
  { value: 'url', label: 'Visit Website' },
  { value: 'phone_number', label: 'Call Phone Number' },
] as const;
export type WhatsappButtonType = (typeof WHATSAPP_BUTTON_TYPES)[number]['value'];
export type WhatsappButton = {
  type: WhatsappButtonType;
  text: string;
  url?: string | null;
  phone?: string | null;
};

export const TEMPLATE_LIMITS = {
  name: 64,
  email_subject: 200,
  email_from_name: 64,
  email_html: 100_000,
  email_text: 50_000,
  sms_text: 1000,
  whatsapp_meta_name: 512,
  whatsapp_header: 60,
  whatsapp_body: 1024,
  whatsapp_footer: 60,
  whatsapp_buttons: 3,
  whatsapp_button_text: 25,
  push_title: 65,
  push_body: 240,
  url: 2000,
} as const;

export const TEMPLATE_MESSAGES = {
  name_taken: 'A template of this medium with this name already exists.',
  medium_fixed: 'The medium of a template cannot be changed.',
  subject_required: 'Subject is required.',
  html_required: 'The e-mail body is required.',
  sms_text_required: 'The SMS text is required.',
  sender_header: 'Sender header must be 6 letters (as registered on DLT).',
  dlt_template_id: 'DLT template ID must be 19 digits.',
  dlt_entity_id: 'DLT entity ID must be 12 to 19 digits.',
  meta_name: 'Meta template name can only contain lower case letters, digits and underscores.',
  body_required: 'The message body is required.',
  buttons_max: 'A WhatsApp template can have at most 3 buttons.',
  button_text: 'Button text is required (at most 25 characters).',
  button_url: 'Enter a valid URL for the button.',
  button_phone: 'Enter a valid phone number with country code for the button, e.g. +919876543210.',
  push_title_required: 'The notification title is required.',
  url: 'Enter a valid URL.',
  missing_inputs: 'Please fill the necessary inputs required by editing the email template',
} as const;

/** One variable a template may use: `{name}` in its text, filled per recipient when sent. */
export interface TemplateVariable {
  name: string;
  description: string;
  sample: string;
}

/**
 * The variable language. E-mail, SMS and push write `{buyer_name}`. WhatsApp writes the same
 * variable without underscores, `{buyerName}` (spec 3: a WhatsApp variable is in braces with no
 * underscore); Meta's numbered `{{1}}` is not written by hand: the numbers are given when the
 * template is registered (`whatsappPositional`), in the order the variables first appear.
 */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: 'contact_name', description: 'Name of the contact receiving the message', sample: 'Rahul Sharma' },
  {
    name: 'buyer_name',
    description: 'Name of the buyer (the business) of the contact',
    sample: 'Sharma Traders',
  },
  { name: 'company_name', description: 'Your company name', sample: 'Acme Distributors' },
  { name: 'outstanding_amount', description: 'What the buyer owes you, in rupees', sample: '₹12,450.00' },
  { name: 'due_date', description: 'The due date of the oldest unpaid invoice', sample: '15/12/2026' },
  { name: 'invoice_number', description: 'The number of the unpaid invoice', sample: 'INV/2026/0142' },
  { name: 'coupon_code', description: 'The coupon code of the campaign offer', sample: 'DIWALI10' },
  { name: 'cashpoints', description: 'Cashpoints the buyer holds', sample: '1,200' },
  { name: 'cashpoints_expiry_date', description: 'When the buyer’s cashpoints expire', sample: '31/12/2026' },
  { name: 'credit_limit_used', description: 'Share of the credit limit used', sample: '85%' },
  { name: 'store_url', description: 'Link to your web store', sample: 'https://shop.example.in' },
  {
    name: 'feedback_link',
    description: 'The recipient’s own link to answer your feedback form (once)',
    sample: 'https://shop.example.in/api/feedback/abc123',
  },
  {
    name: 'unsubscribe_url',
    description: 'Link that opts the contact out',
    sample: 'https://shop.example.in/u/abc123',
  },
];

const BY_NAME = new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));

/** `buyer_name` -> `buyerName`: how WhatsApp writes a variable. */
export const whatsappVariableName = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const BY_WHATSAPP_NAME = new Map(TEMPLATE_VARIABLES.map((v) => [whatsappVariableName(v.name), v]));

/** How a variable is written in a medium's text. */
export const variableToken = (name: string, medium: TemplateMedium): string =>
  `{${medium === 'whatsapp' ? whatsappVariableName(name) : name}}`;

/** Each `{...}` or `{{...}}` of a text: what is inside, and where. */
const TOKEN = /\{\{([^{}]*)\}\}|\{([^{}]*)\}/g;

interface Token {
  raw: string;
  inner: string;
  double: boolean;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({
    raw: m[0],
    inner: (m[1] ?? m[2] ?? '').trim(),
    double: m[1] !== undefined,
  }));
}

/** The variable a token names in a medium, or why it names none. */
function resolve(token: Token, medium: TemplateMedium): { name: string } | { problem: string } {
  if (medium === 'whatsapp') {
    if (token.inner.includes('_')) {
      const known = BY_NAME.get(token.inner);
      return {
        problem: known
          ? `${token.raw}: WhatsApp variables must be in braces without underscores; write {${whatsappVariableName(known.name)}}.`
          : `${token.raw}: WhatsApp variables must be in braces without underscores.`,
      };
    }
    if (token.double)
      return {
        problem: `${token.raw}: write the variable by name in single braces, e.g. {buyerName}; Meta's numbers are given when the template is registered.`,
      };
    const known = BY_WHATSAPP_NAME.get(token.inner);
    return known
      ? { name: known.name }
      : { problem: `${token.raw} is not a known variable. Choose one from the variable list.` };
  }
  if (token.double) return { problem: `${token.raw}: write variables in single braces, e.g. {buyer_name}.` };
  const known = BY_NAME.get(token.inner);
  if (known) return { name: known.name };
  return { problem: `${token.raw} is not a known variable. Choose one from the variable list.` };
}

/** The variables a text uses (canonical names, first appearance first) and its refused tokens. */
export function scanVariables(
  text: string,
  medium: TemplateMedium,
): { variables: string[]; problems: string[] } {
  const variables: string[] = [];
  const problems: string[] = [];
  for (const token of tokens(text)) {
    const r = resolve(token, medium);
    if ('name' in r) {
      if (!variables.includes(r.name)) variables.push(r.name);
    } else if (!problems.includes(r.problem)) problems.push(r.problem);
  }
  return { variables, problems };
}

/** The first problem of a text's variables, as one sentence, or undefined when all are known. */
export const variableProblem = (text: string, medium: TemplateMedium): string | undefined =>
  scanVariables(text, medium).problems[0];

/** The texts of a template that may hold variables, by field, in the medium's order. */
export interface TemplateContent {
  medium: TemplateMedium;
  subject?: string | null;
  html_body?: string | null;
  text_body?: string | null;
  body?: string | null;
  header_text?: string | null;
  footer?: string | null;
  title?: string | null;
  link_url?: string | null;
  buttons?: readonly WhatsappButton[] | null;
}

/** The fields of a medium whose text may hold variables. */
export const VARIABLE_FIELDS: Record<TemplateMedium, readonly (keyof TemplateContent)[]> = {
  email: ['subject', 'html_body', 'text_body'],
  sms: ['body'],
  whatsapp: ['header_text', 'body'],
  push_notification: ['title', 'body', 'link_url'],
};

/** Every variable a template uses, in the order they first appear over its fields. */
export function templateVariables(template: TemplateContent): string[] {
  const found: string[] = [];
  for (const field of VARIABLE_FIELDS[template.medium]) {
    const value = template[field];
    if (typeof value !== 'string') continue;
    for (const name of scanVariables(value, template.medium).variables)
      if (!found.includes(name)) found.push(name);
  }
  return found;
}

export type VariableValues = Readonly<Record<string, string | number | null | undefined>>;

/**
 * The variables the template uses that `provided` gives no value for. A campaign that leaves any
 * shows the spec's warning (TEMPLATE_MESSAGES.missing_inputs) and is not sent.
 */
export function missingVariables(template: TemplateContent, provided: VariableValues): string[] {
  return templateVariables(template).filter((name) => {
    const v = provided[name];
    return v === undefined || v === null || String(v).trim() === '';
  });
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A text with its variables filled. A variable without a value is left as written, so a preview
 * shows what is missing; unknown tokens are left too (the save refuses them).
 */
export function renderText(
  text: string,
  medium: TemplateMedium,
  values: VariableValues,
  escapeValue: (value: string) => string = (v) => v,
): string {
  return text.replace(TOKEN, (raw, double?: string, single?: string) => {
    const r = resolve({ raw, inner: (double ?? single ?? '').trim(), double: double !== undefined }, medium);
    if (!('name' in r)) return raw;
    const value = values[r.name];
    return value === undefined || value === null ? raw : escapeValue(String(value));
  });
}

/** The sample value of every variable: what a preview fills in. */
export const SAMPLE_VALUES: Readonly<Record<string, string>> = Object.fromEntries(
  TEMPLATE_VARIABLES.map((v) => [v.name, v.sample]),
);

export interface RenderedTemplate {
  subject: string | null;
  html: string | null;
  text: string | null;
  header_text: string | null;
  footer: string | null;
  title: string | null;
  link_url: string | null;
  buttons: WhatsappButton[];
  sms: SmsLength | null;
}

/** A template with its variables filled: e-mail HTML escapes the values, the rest is plain text. */
export function renderTemplate(template: TemplateContent, values: VariableValues): RenderedTemplate {
  const { medium } = template;
  const text = (value: string | null | undefined) => (value ? renderText(value, medium, values) : null);
  if (medium === 'email') {
    const html = template.html_body ? renderText(template.html_body, medium, values, escapeHtml) : null;
    const plain = template.text_body?.trim() ? template.text_body : htmlToText(template.html_body ?? '');
    return {
      subject: text(template.subject),
      html,
      text: renderText(plain, medium, values),
      header_text: null,
      footer: null,
      title: null,
      link_url: null,
      buttons: [],
      sms: null,
    };
  }
  const body = text(template.body);
  return {
    subject: null,
    html: null,
    text: body,
    header_text: medium === 'whatsapp' ? text(template.header_text) : null,
    footer: medium === 'whatsapp' ? (template.footer ?? null) : null,
    title: medium === 'push_notification' ? text(template.title) : null,
    link_url: medium === 'push_notification' ? text(template.link_url) : null,
    buttons: medium === 'whatsapp' ? [...(template.buttons ?? [])] : [],
    sms: medium === 'sms' ? smsLength(body ?? '') : null,
  };
}

/**
 * The body as it is registered with Meta: each named variable becomes `{{n}}`, numbered by first
 * appearance; `variables[n - 1]` is what fills `{{n}}` when a message is sent.
 */
export function whatsappPositional(body: string): { body: string; variables: string[] } {
  const variables: string[] = [];
  const out = body.replace(TOKEN, (raw, double?: string, single?: string) => {
    const r = resolve(
      { raw, inner: (double ?? single ?? '').trim(), double: double !== undefined },
      'whatsapp',
    );
    if (!('name' in r)) return raw;
    let n = variables.indexOf(r.name);
    if (n < 0) n = variables.push(r.name) - 1;
    return `{{${n + 1}}}`;
  });
  return { body: out, variables };
}

/** The text registered on the DLT portal: every variable becomes DLT's `{#var#}`. */
export function dltTemplateText(body: string): string {
  return body.replace(TOKEN, (raw, double?: string, single?: string) =>
    'name' in resolve({ raw, inner: (double ?? single ?? '').trim(), double: double !== undefined }, 'sms')
      ? '{#var#}'
      : raw,
  );
}

// --- SMS length -----------------------------------------------------------------------------

/** The GSM 03.38 basic character set (one septet each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each costs an escape and the character, two septets. */
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsLength {
  encoding: 'gsm7' | 'unicode';
  /** Units counted against the limits: septets for GSM-7, UTF-16 code units for Unicode. */
  characters: number;
  segments: number;
  /** Characters one segment holds: 160 / 70 alone, 153 / 67 when the message is split. */
  per_segment: number;
  /** Characters left in the last segment. */
  remaining: number;
}

/**
 * How long an SMS is and how many parts it is sent in. GSM-7 holds 160 characters, or 153 per part
 * when split (the rest is the concatenation header); one character outside GSM-7 (Hindi, ₹, an
 * emoji) makes the whole message Unicode: 70, or 67 per part.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) septets += 1;
    else if (GSM_EXTENDED.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding = gsm ? 'gsm7' : 'unicode';
  const characters = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  const segments = characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / part);
  const per_segment = segments > 1 ? part : single;
  const remaining = segments === 0 ? single : segments * per_segment - characters;
  return { encoding, characters, segments, per_segment, remaining };
}

// --- Plain text of HTML ----------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+|#39);/gi, (raw, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower] as string;
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return raw;
  });
}

/**
 * The plain-text part of an e-mail from its HTML: paragraphs and headings become lines with a blank
 * line between, `<br>` a line break, list items `- item` (numbered in an ordered list), links
 * `text (url)`; other tags are dropped and entities decoded.
 */
export function htmlToText(html: string): string {
  let s = html.replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '');
  s = s.replace(
    /<a\s[^>]*href\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi,
    (_, _q, d, sq, inner: string) => {
      const href = decodeEntities(d ?? sq ?? '');
      const label = inner.replace(/<[^>]+>/g, '').trim();
      return !label || decodeEntities(label) === href ? href : `${label} (${href})`;
    },
  );
  s = s.replace(/<ol[^>]*>([\s\S]*?)<\/ol>/gi, (_, inner: string) => {
    let n = 0;
    return `\n${inner.replace(/<li[^>]*>/gi, () => `\n${++n}. `)}\n\n`;
  });
  s = s
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|ul|ol|blockquote|table|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  s = decodeEntities(s);
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// --- Field checks ------------------------------------------------------------------------------

export const isSenderHeader = (v: string) => /^[A-Z]{6}$/.test(v);
export const isDltTemplateId = (v: string) => /^[0-9]{19}$/.test(v);
export const isDltEntityId = (v: string) => /^[0-9]{12,19}$/.test(v);
export const isMetaTemplateName = (v: string) => /^[a-z0-9_]+$/.test(v);
/** A phone number as WhatsApp's call button takes it: +, country code and number. */
export const isButtonPhone = (v: string) => /^\+[1-9][0-9]{7,14}$/.test(v);

/** Meta's name of a template from ours: lower case, spaces to underscores. */
export const metaTemplateNameOf = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '');

/** The problem of a WhatsApp template's buttons, or undefined. */
export function buttonsProblem(buttons: readonly WhatsappButton[]): string | undefined {
  if (buttons.length > TEMPLATE_LIMITS.whatsapp_buttons) return TEMPLATE_MESSAGES.buttons_max;
  return undefined;
}
