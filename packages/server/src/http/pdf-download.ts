import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './csv.ts';

/** Sends a rendered document (tax invoice, credit note) as a PDF download, never cached. */
export function sendPdf(reply: FastifyReply, document: { filename: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(document.filename))
    .header('cache-control', 'no-store')
    .send(document.pdf);
}
