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
  const { smtpUrl } = options;
  // nodemailer loads with the first mail, not at start-up (resident memory, issue 18).
  let transport: Promise<Transporter> | undefined;
  return {
    configured: true,
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, ...message });
    },
  };
}
