import { AppError } from '../../core/errors.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import { pdfFileName } from './tax-document-pdf.ts';

/**
 * Mails a rendered document (a tax invoice, a quotation, a sales order) as a PDF attachment named
 * by its number. Sent at once rather than queued, so the user is told whether it went: a mail
 * server that refuses or cannot be reached answers 503 with `failure`.
 */
export async function mailDocument(
  mailer: Mailer,
  message: { to: string; subject: string; text: string; documentNumber: string; pdf: Buffer },
  failure: string,
): Promise<void> {
  try {
    await mailer.send({
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: [
        {
          filename: pdfFileName(message.documentNumber),
          content: message.pdf,
          contentType: 'application/pdf',
        },
      ],
    });
  } catch {
    throw new AppError('service_unavailable', failure);
  }
}
