/**
 * WhatsApp support (issue 24): the rules both the server and the inbox use. Meta lets a business
 * answer a customer freely for 24 hours after the customer's last message (the customer service
 * window); after that only an approved template may start the talk again. Links in a chat are
 * made clickable the spec's way (spec 3, 'Chat text helper').
 */
import type { StatusOption } from './statuses.ts';

export const SUPPORT_MESSAGES = {
  not_found: 'Conversation Not Found',
  not_configured: 'WhatsApp is not configured',
  window_closed:
    'Free text can be sent only within 24 hours of the customer’s last message; outside that window, send an approved WhatsApp template.',
  text_or_template: 'Write a message or choose a template, one of the two.',
  text_required: 'Please write a message.',
  template_not_found: 'Template Not Found',
  template_not_whatsapp: 'Choose a WhatsApp template.',
  template_not_approved: 'Meta has not approved this WhatsApp template yet; choose an approved one.',
  template_inactive: 'This template is archived or inactive; choose an active one.',
  template_missing_values: (names: readonly string[]) =>
    `Give a value for the template variables: ${names.join(', ')}.`,
  assignee_not_found: 'User Not Found',
  assignee_inactive: 'This user is inactive; choose an active user.',
  assignee_forbidden: 'This user does not have permission to view WhatsApp support.',
  already_closed: 'This conversation is already closed.',
  already_open: 'This conversation is already open.',
  closed_reply: 'This conversation is closed; reopen it to reply.',
  sent: 'Message sent.',
  send_failed: 'WhatsApp did not accept the message.',
  assigned: 'Conversation assigned.',
  unassigned: 'Conversation unassigned.',
  closed: 'Conversation closed.',
  reopened: 'Conversation reopened.',
} as const;

export const CONVERSATION_STATUSES = [
  { value: 'open', label: 'Open', color: 'green' },
  { value: 'closed', label: 'Closed', color: 'gray' },
] as const satisfies readonly StatusOption[];
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]['value'];

/** Whose conversations the inbox lists. */
export const CONVERSATION_SCOPES = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
] as const;
export type ConversationScope = (typeof CONVERSATION_SCOPES)[number]['value'];

/** The states of a support message (outgoing ones move forward as Meta reports them). */
export const SUPPORT_MESSAGE_STATUSES = [
  { value: 'received', label: 'Received', color: 'gray' },
  { value: 'sending', label: 'Sending', color: 'gray' },
  { value: 'sent', label: 'Sent', color: 'blue' },
  { value: 'delivered', label: 'Delivered', color: 'teal' },
  { value: 'read', label: 'Read', color: 'green' },
  { value: 'failed', label: 'Failed', color: 'red' },
] as const satisfies readonly StatusOption[];
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number]['value'];

/** Meta's customer service window. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ReplyWindow {
  /** Free text may be sent now. */
  open: boolean;
  /** When the window closes (or closed); null when the customer never wrote. */
  closes_at: string | null;
}

/** The reply window after the customer's last message, at `now`. */
export function replyWindow(
  lastIncomingAt: Date | string | null | undefined,
  now: Date = new Date(),
): ReplyWindow {
  if (!lastIncomingAt) return { open: false, closes_at: null };
  const last = new Date(lastIncomingAt).getTime();
  if (!Number.isFinite(last)) return { open: false, closes_at: null };
  const closes = last + REPLY_WINDOW_MS;
  return { open: now.getTime() < closes, closes_at: new Date(closes).toISOString() };
}

/** A piece of chat text: plain, or a link to open in a new tab. */
export type ChatSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A word that starts with http://, https:// or www. (spec 3). Punctuation that ends a sentence is
// not part of the link: 'see www.example.in.' links www.example.in.
const LINK_WORD = /(^|[\s(<"'])((?:https?:\/\/|www\.)[^\s<>"']+)/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * The chat text helper: splits a message into text and links. Words starting with http(s):// or
 * www. become links (www. ones open over https); everything else stays text, never HTML.
 */
export function linkify(text: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let last = 0;
  const push = (value: string) => {
    if (!value) return;
    const prev = segments[segments.length - 1];
    if (prev?.kind === 'text') prev.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(LINK_WORD)) {
    const lead = match[1] ?? '';
    const word = match[2] ?? '';
    const start = (match.index ?? 0) + lead.length;
    const trailing = TRAILING.exec(word)?.[0] ?? '';
    const link = word.slice(0, word.length - trailing.length);
    // 'www.' or 'https://' alone is not a link.
    if (!/^(https?:\/\/|www\.)[^.\s/]/i.test(link)) continue;
    push(text.slice(last, start));
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    segments.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  push(text.slice(last));
  return segments;
}

/** The number a conversation shows: +91 98200 12345 for an Indian number, +<digits> otherwise. */
export function displayWhatsappNumber(waNumber: string): string {
  if (/^91[6-9]\d{9}$/.test(waNumber)) return `+91 ${waNumber.slice(2, 7)} ${waNumber.slice(7)}`;
  return `+${waNumber}`;
}

/** The first line of a message as the inbox list shows it. */
export function messagePreview(body: string, max = 120): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export const WEEKDAYS = [
  { value: 'monday', label: 'Monday' },
  { value: 'tuesday', label: 'Tuesday' },
  { value: 'wednesday', label: 'Wednesday' },
  { value: 'thursday', label: 'Thursday' },
  { value: 'friday', label: 'Friday' },
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['value'];
