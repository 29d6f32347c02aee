import type { Transporter } from 'nodemailer';
import type { OpenedMedium } from '../../marketing-mediums/medium-tests.ts';
import type { MediumChannel, MessageSender, OutgoingMessage, SendOutcome } from './sender.ts';

/**
 * E-mail through SMTP (nodemailer, pooled connections): the company's own server (mode 'smtp') or
 * the app's SMTP_URL (mode 'platform', handed in by the send loop as platform_smtp_url). Every
 * message has a Message-ID made from its idempotency key, so a message sent again after a crash is
 * the same message to the receiving servers; List-Unsubscribe with one-click POST (RFC 8058); the
 * HTML and its plain-text part, each with an unsubscribe line at the foot.
 */
const str = (value: unknown) => (value == null ? '' : String(value));
const TIMEOUT_MS = 20_000;
export const EMAIL_POOL_CONNECTIONS = 5;

function transportOptions(settings: OpenedMedium) {
  const pool = {
    pool: true,
    maxConnections: EMAIL_POOL_CONNECTIONS,
    maxMessages: 1000,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
  if (settings.mode === 'platform') {
    const url = new URL(str(settings.platform_smtp_url));
    const secure = url.protocol === 'smtps:';
    return {
      ...pool,
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 587)),
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
    };
  }
  return {
    ...pool,
    host: str(settings.smtp_host),
    port: Number(settings.smtp_port ?? 587),
    secure: settings.smtp_security === 'tls',
    requireTLS: settings.smtp_security === 'starttls',
    ignoreTLS: settings.smtp_security === 'none',
    auth: settings.smtp_username
      ? { user: str(settings.smtp_username), pass: str(settings.smtp_password) }
      : undefined,
  };
}

/** The sender's address: the company's, or on the platform's server the platform's with the company's name. */
function fromOf(settings: OpenedMedium, templateFromName: unknown) {
  const name = str(templateFromName) || str(settings.from_name);
  if (settings.mode === 'platform') {
    const platform = str(settings.platform_mail_from);
    const address = /<([^>]+)>/.exec(platform)?.[1] ?? platform;
    return {
      from: { name, address },
      replyTo: str(settings.reply_to) || str(settings.from_email) || undefined,
    };
  }
  return {
    from: { name, address: str(settings.from_email) },
    replyTo: str(settings.reply_to) || undefined,
  };
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The foot every campaign e-mail carries: how to stop them. */
export function withUnsubscribeFooter(html: string, text: string, url: string) {
  const footer = `<p style="margin-top:24px;font-size:12px;color:#666">You receive this because you are a customer of ours. <a href="${escapeAttr(url)}">Unsubscribe</a></p>`;
  const body = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : `${html}${footer}`;
  return { html: body, text: `${text.trimEnd()}\n\n--\nUnsubscribe: ${url}\n` };
}

/** SMTP replies: 4xx and lost connections are worth another try; 5xx is final for the address. */
export function outcomeOfSmtpError(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
  const text = (e.response || e.message || String(error)).slice(0, 500);
  const code = e.responseCode;
  if (!code || code < 500) return { kind: 'temporary', error: text };
  const enhanced = /\b5\.1\.(\d)\b/.exec(text)?.[1];
  if (code === 553 || code === 501 || enhanced === '3')
    return { kind: 'permanent', error: text, skipReason: 'invalid' };
  if (code === 550 || code === 551 || enhanced === '1' || enhanced === '0')
    return { kind: 'permanent', error: text, skipReason: 'bounced' };
  return { kind: 'permanent', error: text };
}

export function emailMessageOf(settings: OpenedMedium, message: OutgoingMessage) {
  const { from, replyTo } = fromOf(settings, message.template.from_name);
  const domain = from.address.split('@')[1] || 'b2b.local';
  const footed = withUnsubscribeFooter(
    message.rendered.html ?? '',
    message.rendered.text ?? '',
    message.unsubscribeUrl,
  );
  return {
    from,
    replyTo,
    to: message.recipient,
    subject: message.rendered.subject ?? '',
    html: footed.html,
    text: footed.text,
    messageId: `<${message.idempotencyKey}@${domain}>`,
    headers: {
      'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Campaign-Message': message.idempotencyKey,
    },
  };
}

export const emailSender: MessageSender = {
  medium: 'email',
  async open(settings) {
    if (settings.mode === 'platform' && !settings.platform_smtp_url)
      throw new Error("The platform's mail server is not configured (SMTP_URL).");
    const nodemailer = (await import('nodemailer')).default;
    const transport: Transporter = nodemailer.createTransport(transportOptions(settings));
    const channel: MediumChannel = {
      async send(message) {
        try {
          const info = await transport.sendMail(emailMessageOf(settings, message));
          if (info.rejected && info.rejected.length > 0)
            return { kind: 'permanent', error: `Rejected: ${info.response ?? ''}`, skipReason: 'invalid' };
          return { kind: 'sent', providerMessageId: info.messageId ?? null, providerStatus: 'Submitted' };
        } catch (error) {
          return outcomeOfSmtpError(error);
        }
      },
      async close() {
        transport.close();
      },
    };
    return channel;
  },
};
