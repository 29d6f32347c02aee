import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an invoice PDF); kept in memory, so keep them small. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
}

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
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
