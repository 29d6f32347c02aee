// Mail out: the SMTP implementation is mail/mailer.ts; tests capture with a real SMTP server.

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
  /** Lets go of kept connections (the SMTP pool) when the server stops. */
  close?(): Promise<void>;
}
