import type { OpenedMedium } from '../../marketing-mediums/medium-tests.ts';
import type { MessageSender, OutgoingMessage, SendOutcome } from './sender.ts';

/**
 * SMS through Gupshup Enterprise's GatewayAPI (the SendMessage method medium-tests.ts speaks):
 * one form POST per message, with the DLT ids TRAI requires (the entity's principalEntityId and
 * the template's dltTemplateId) and the template's registered sender header as the mask. Gupshup
 * answers 'success | 91XXXXXXXXXX | <id>' or 'error | <code> | <reason>'; the id is the
 * externalId its delivery reports carry (campaign-webhooks).
 */

const TIMEOUT_MS = 15_000;
const str = (value: unknown) => (value == null ? '' : String(value));

/** Gupshup's replies that mean the number itself is wrong (never worth a retry). */
const INVALID_NUMBER = /invalid|not a valid|incorrect/i;
const NUMBER_WORD = /number|mobile|msisdn|phone|send_to/i;

/** An Indian mobile number, as contacts store it (10 digits, 6-9 first). */
const MOBILE = /^[6-9]\d{9}$/;

/** How a Gupshup answer is recorded: sent with its id, or why not. */
export function smsOutcome(status: number, text: string): SendOutcome {
  if (status === 429 || status >= 500) return { kind: 'temporary', error: `Gupshup answered ${status}.` };
  const [word, second, ...rest] = text
    .trim()
    .split('\n')[0]
    .split('|')
    .map((part) => part.trim());
  const detail = rest.join(' | ');
  if (status >= 200 && status < 300 && word?.toLowerCase() === 'success' && detail)
    return { kind: 'sent', providerMessageId: detail, providerStatus: 'Submitted' };
  if (word?.toLowerCase() === 'error') {
    const reason = `${second ?? ''} ${detail}`.trim();
    const error = `Gupshup refused the message: ${reason || 'no reason given'}.`;
    return INVALID_NUMBER.test(detail) && NUMBER_WORD.test(detail)
      ? { kind: 'permanent', error, skipReason: 'invalid' }
      : { kind: 'permanent', error };
  }
  if (status >= 400) return { kind: 'permanent', error: `Gupshup answered ${status}.` };
  return { kind: 'temporary', error: `Gupshup gave an answer that could not be read: ${text.slice(0, 200)}` };
}

/** The SendMessage form of one message. */
export function smsForm(settings: OpenedMedium, message: OutgoingMessage): URLSearchParams {
  const text = message.rendered.text ?? '';
  return new URLSearchParams({
    method: 'SendMessage',
    send_to: `91${message.recipient}`,
    msg: text,
    msg_type: message.rendered.sms?.encoding === 'unicode' ? 'UNICODE_TEXT' : 'TEXT',
    userid: str(settings.user_id),
    auth_scheme: 'plain',
    password: str(settings.password),
    v: '1.1',
    format: 'text',
    mask: str(message.template.sender_header ?? settings.sender_id),
    principalEntityId: str(message.template.dlt_entity_id ?? settings.dlt_entity_id),
    dltTemplateId: str(message.template.dlt_template_id),
  });
}

export const smsSender: MessageSender = {
  medium: 'sms',
  async open(settings) {
    return {
      async send(message) {
        if (!MOBILE.test(message.recipient))
          return {
            kind: 'permanent',
            error: `${message.recipient} is not a 10-digit Indian mobile number.`,
            skipReason: 'invalid',
          };
        if (!message.rendered.text || !message.template.dlt_template_id)
          return { kind: 'permanent', error: 'The SMS template has no text or no DLT template ID.' };
        try {
          const response = await fetch(str(settings.api_url), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: smsForm(settings, message),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          return smsOutcome(response.status, await response.text());
        } catch (error) {
          return { kind: 'temporary', error: `Gupshup could not be reached: ${(error as Error).message}` };
        }
      },
      async close() {},
    };
  },
};
