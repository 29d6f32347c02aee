import { whatsappPositional } from '@b2b/domain/templates';
import type { OpenedMedium } from '../../marketing-mediums/medium-tests.ts';
import type { MessageSender, OutgoingMessage, SendOutcome } from './sender.ts';

/**
 * WhatsApp through the Business Cloud API: POST {api_url}/{phone_number_id}/messages with a
 * template message (business-initiated messages must be approved templates). The template's named
 * variables are Meta's numbered parameters in first-appearance order (domain whatsappPositional),
 * filled from the recipient's values. The answer's messages[0].id (a wamid) links the receipts
 * Meta posts to the webhook (campaign-webhooks).
 */

const TIMEOUT_MS = 15_000;
const str = (value: unknown) => (value == null ? '' : String(value));

/**
 * Meta's error codes worth a retry: throttling (4, 80007, 130429, 131048 spam rate, 131056 pair
 * rate) and Meta's own trouble (1, 2, 131000, 131016, 133004). Everything else (an undeliverable
 * number, a template not approved, parameters that do not match) will fail again.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
/** The recipient has no WhatsApp or cannot receive this message (131026: message undeliverable). */
const INVALID_RECIPIENT_CODES = new Set([131026, 1013]);

interface MetaAnswer {
  messages?: { id?: unknown; message_status?: unknown }[];
  error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
}

/** How a Cloud API answer is recorded. */
export function whatsappOutcome(status: number, body: MetaAnswer | null): SendOutcome {
  const id = body?.messages?.[0]?.id;
  if (status >= 200 && status < 300 && typeof id === 'string' && id)
    return { kind: 'sent', providerMessageId: id, providerStatus: 'Submitted' };
  const code = Number(body?.error?.code);
  const details = str(body?.error?.error_data?.details) || str(body?.error?.message);
  const error = `WhatsApp answered ${status}${Number.isFinite(code) ? ` (error ${code})` : ''}: ${
    details || 'no reason given'
  }`;
  if (status === 429 || status >= 500 || TEMPORARY_CODES.has(code)) return { kind: 'temporary', error };
  if (INVALID_RECIPIENT_CODES.has(code)) return { kind: 'permanent', error, skipReason: 'invalid' };
  if (status >= 200 && status < 300)
    return { kind: 'temporary', error: 'WhatsApp accepted the message without giving its id.' };
  return { kind: 'permanent', error };
}

type Parameter = { type: 'text'; text: string };

/** The template message of one recipient, or the names of the variables it has no value for. */
export function whatsappPayload(
  message: OutgoingMessage,
): { payload: Record<string, unknown> } | { missing: string[] } {
  const missing: string[] = [];
  const parameters = (text: unknown): Parameter[] =>
    typeof text === 'string' && text
      ? whatsappPositional(text).variables.map((name) => {
          const value = message.values[name];
          if (value === undefined || value === null || String(value).trim() === '') missing.push(name);
          return { type: 'text', text: String(value ?? '') };
        })
      : [];
  const header = parameters(message.template.header_text);
  const body = parameters(message.template.body);
  if (missing.length > 0) return { missing: [...new Set(missing)] };
  const components: Record<string, unknown>[] = [];
  if (header.length > 0) components.push({ type: 'header', parameters: header });
  if (body.length > 0) components.push({ type: 'body', parameters: body });
  return {
    payload: {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${message.recipient}`,
      type: 'template',
      // Echoed back on the status webhooks: the message's own key, whatever the wamid.
      biz_opaque_callback_data: message.idempotencyKey,
      template: {
        name: str(message.template.meta_template_name),
        language: { code: str(message.template.language) },
        ...(components.length > 0 && { components }),
      },
    },
  };
}

const messagesUrl = (settings: OpenedMedium) =>
  `${str(settings.api_url).replace(/\/+$/, '')}/${encodeURIComponent(str(settings.phone_number_id))}/messages`;

/**
 * Posts one message to the Cloud API's /messages of the company's number and says how it went.
 * The campaign sender and the support inbox's replies (whatsapp-support) both send through it.
 */
export async function postCloudMessage(
  settings: OpenedMedium,
  payload: Record<string, unknown>,
): Promise<SendOutcome> {
  try {
    const response = await fetch(messagesUrl(settings), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${str(settings.access_token)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as MetaAnswer | null;
    return whatsappOutcome(response.status, body);
  } catch (error) {
    return { kind: 'temporary', error: `WhatsApp could not be reached: ${(error as Error).message}` };
  }
}

export const whatsappSender: MessageSender = {
  medium: 'whatsapp',
  async open(settings) {
    return {
      async send(message) {
        if (!/^[1-9]\d{9}$/.test(message.recipient))
          return {
            kind: 'permanent',
            error: `${message.recipient} is not a 10-digit WhatsApp number.`,
            skipReason: 'invalid',
          };
        if (!message.template.meta_template_name || !message.template.language)
          return { kind: 'permanent', error: 'The WhatsApp template has no Meta template name or language.' };
        const built = whatsappPayload(message);
        if ('missing' in built)
          return {
            kind: 'permanent',
            error: `No value for the template variables ${built.missing.join(', ')}.`,
          };
        return postCloudMessage(settings, built.payload);
      },
      async close() {},
    };
  },
};

/** One template as the Cloud API lists it (GET /{waba-id}/message_templates). */
export interface CloudTemplate {
  id: string;
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED (and IN_APPEAL, PENDING_DELETION, ...). */
  status: string;
  /** Given for a rejected template: ABUSIVE_CONTENT, INVALID_FORMAT, PROMOTIONAL, ...; NONE otherwise. */
  rejected_reason: string | null;
}

interface TemplatePage {
  data?: { id?: unknown; name?: unknown; language?: unknown; status?: unknown; rejected_reason?: unknown }[];
  paging?: { cursors?: { after?: unknown }; next?: unknown };
  error?: { code?: unknown; message?: unknown };
}

/** Pages at most this many times (at 100 a page, far more templates than a business may have). */
const MAX_TEMPLATE_PAGES = 50;

/**
 * Every message template of the company's WhatsApp Business Account, with its review status:
 * GET {api_url}/{business_account_id}/message_templates?fields=name,status,language,id,rejected_reason,
 * following `paging.cursors.after` while Meta gives a `paging.next`. An error answer or an
 * unreachable API is an `error` sentence; nothing is half-read.
 */
export async function fetchCloudTemplates(
  settings: OpenedMedium,
): Promise<{ templates: CloudTemplate[] } | { error: string }> {
  const base = `${str(settings.api_url).replace(/\/+$/, '')}/${encodeURIComponent(
    str(settings.business_account_id),
  )}/message_templates`;
  const templates: CloudTemplate[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_TEMPLATE_PAGES; page++) {
    const query = new URLSearchParams({ fields: 'name,status,language,id,rejected_reason', limit: '100' });
    if (after) query.set('after', after);
    let response: Response;
    let body: TemplatePage | null;
    try {
      response = await fetch(`${base}?${query}`, {
        headers: { authorization: `Bearer ${str(settings.access_token)}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = (await response.json().catch(() => null)) as TemplatePage | null;
    } catch (error) {
      return { error: `WhatsApp could not be reached: ${(error as Error).message}` };
    }
    if (!response.ok || !Array.isArray(body?.data)) {
      const code = Number(body?.error?.code);
      return {
        error: `WhatsApp answered ${response.status}${Number.isFinite(code) ? ` (error ${code})` : ''}: ${
          str(body?.error?.message) || 'no list of templates'
        }`,
      };
    }
    for (const item of body.data) {
      if (typeof item.name !== 'string' || typeof item.status !== 'string') continue;
      templates.push({
        id: str(item.id),
        name: item.name,
        language: str(item.language),
        status: item.status.toUpperCase(),
        rejected_reason: typeof item.rejected_reason === 'string' ? item.rejected_reason : null,
      });
    }
    const next = body.paging?.cursors?.after;
    if (!body.paging?.next || typeof next !== 'string' || !next || next === after) break;
    after = next;
  }
  return { templates };
}
