import { createECDH } from 'node:crypto';
import { MEDIUM_MESSAGES, type MediumTestInput } from '@b2b/domain/api/marketing-mediums';
import type { Mailer } from '../../core/ports/mailer.ts';

/** A medium's settings with its secrets opened, as the tests and (later) the senders use them. */
export type OpenedMedium = Record<string, string | number | boolean | null | undefined>;

export interface TestResult {
  ok: boolean;
  message: string;
}

const TIMEOUT_MS = 10_000;
const str = (value: unknown) => (value == null ? '' : String(value));

/** E-mail: the platform's server is set up, or the company's SMTP server accepts the login. */
export async function testEmail(settings: OpenedMedium, mailer: Mailer): Promise<TestResult> {
  if (settings.mode === 'platform') {
    return mailer.configured
      ? { ok: true, message: "The platform's mail server is set up; e-mails go from it." }
      : {
          ok: false,
          message: "The platform's mail server is not configured (SMTP_URL); choose your own SMTP server.",
        };
  }
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport({
    host: str(settings.smtp_host),
    port: Number(settings.smtp_port ?? 587),
    secure: settings.smtp_security === 'tls',
    requireTLS: settings.smtp_security === 'starttls',
    ignoreTLS: settings.smtp_security === 'none',
    auth: settings.smtp_username
      ? { user: str(settings.smtp_username), pass: str(settings.smtp_password) }
      : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { ok: true, message: `Connected to ${str(settings.smtp_host)} and signed in.` };
  } catch (error) {
    return { ok: false, message: `The SMTP server answered: ${(error as Error).message}` };
  } finally {
    transport.close();
  }
}

/** WhatsApp: the Cloud API knows the phone number with this token. */
export async function testWhatsapp(settings: OpenedMedium): Promise<TestResult> {
  const url = `${str(settings.api_url).replace(/\/+$/, '')}/${str(settings.phone_number_id)}?fields=display_phone_number,verified_name`;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${str(settings.access_token)}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      display_phone_number?: string;
      verified_name?: string;
      error?: { message?: string };
    };
    if (!response.ok) {
      return {
        ok: false,
        message: `WhatsApp answered ${response.status}: ${body.error?.message ?? 'no reason given'}`,
      };
    }
    return {
      ok: true,
      message: `Connected: ${body.verified_name ?? 'number'} (${body.display_phone_number ?? ''}).`,
    };
  } catch (error) {
    return { ok: false, message: `WhatsApp could not be reached: ${(error as Error).message}` };
  }
}

/**
 * SMS: sends one message through Gupshup Enterprise's GatewayAPI (its documented SendMessage
 * parameters, DLT entity and template ids included). Indian operators drop a text that does not
 * match a registered DLT template, so the test needs one.
 */
export async function testSms(settings: OpenedMedium, input: MediumTestInput): Promise<TestResult> {
  if (!input.to) return { ok: false, message: MEDIUM_MESSAGES.phone };
  if (!input.text || !input.dlt_template_id) return { ok: false, message: MEDIUM_MESSAGES.test_text };
  const form = new URLSearchParams({
    method: 'SendMessage',
    send_to: `91${input.to}`,
    msg: input.text,
    msg_type: 'TEXT',
    userid: str(settings.user_id),
    auth_scheme: 'plain',
    password: str(settings.password),
    v: '1.1',
    format: 'text',
    mask: str(settings.sender_id),
    principalEntityId: str(settings.dlt_entity_id),
    dltTemplateId: input.dlt_template_id,
  });
  try {
    const response = await fetch(str(settings.api_url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = (await response.text()).trim();
    // Gupshup answers 'success | 91XXXXXXXXXX | <id>' or 'error | <code> | <reason>'.
    const [status, , detail] = text.split('|').map((part) => part.trim());
    if (response.ok && status === 'success')
      return { ok: true, message: `Sent to ${input.to} (id ${detail}).` };
    return { ok: false, message: `The SMS provider answered: ${detail || text || response.status}` };
  } catch (error) {
    return { ok: false, message: `The SMS provider could not be reached: ${(error as Error).message}` };
  }
}

/** Push: the VAPID private key is the public key's pair (P-256), so browsers will accept the signatures. */
export function testPush(settings: OpenedMedium): TestResult {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(str(settings.vapid_private_key), 'base64url'));
    const publicKey = ecdh.getPublicKey().toString('base64url');
    return publicKey === settings.vapid_public_key
      ? { ok: true, message: 'The VAPID keys are a valid pair.' }
      : { ok: false, message: MEDIUM_MESSAGES.vapid_pair };
  } catch {
    return { ok: false, message: MEDIUM_MESSAGES.vapid_key };
  }
}

/** A new VAPID key pair (P-256, URL-safe base64, as the Push API and web-push take them). */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}
