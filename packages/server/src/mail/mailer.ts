import type { Transporter } from 'nodemailer';
import type { Mailer } from '../core/ports/mailer.ts';

/** SMTP when `SMTP_URL` is set; otherwise mail is written to the server log (and the UI says so). */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: (line: string) => void;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      configured: false,
      async send(message) {
        options.log(
          `[mail not configured; SMTP_URL unset] to=${message.to} subject="${message.subject}"` +
            `${message.attachments?.length ? ` attachments=${message.attachments.map((a) => a.filename).join(',')}` : ''}\n${message.text}`,
        );
      },
    };
  }
  const smtpUrl = pooled(options.smtpUrl);
  // nodemailer loads with the first mail, not at start-up (resident memory, issue 18).
  let transport: Promise<Transporter> | undefined;
  return {
    configured: true,
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/**
 * SMTP connections are kept open and reused (nodemailer's pool), unless SMTP_URL says `pool=false`:
 * a new session per mail pays the handshake, and the server's greeting delay, every time (100 ms with
 * the smtp-server package), which a campaign or a queue of invoices pays thousands of times.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
