import { z } from 'zod';
import { SHARED_DOCUMENT_TITLES, type SharedDocumentKind } from '../document-sharing.ts';
import { isEmail, MESSAGES } from '../validation.ts';

/** Mailing a quotation or a sales order as a PDF (POST admin/quotations/{id}/send, admin/orders/{id}/send). */

/** At most this many recipients in one send: a quotation goes to a buyer, not to a mailing list. */
export const MAX_DOCUMENT_RECIPIENTS = 10;

/** One to ten e-mail addresses; one message for the list, naming the address that is wrong. */
export const documentRecipients = z
  .array(z.string().trim())
  .min(1, 'Enter at least one e-mail address.')
  .max(MAX_DOCUMENT_RECIPIENTS, `Send to at most ${MAX_DOCUMENT_RECIPIENTS} e-mail addresses at a time.`)
  .superRefine((addresses, ctx) => {
    const wrong = addresses.find((address) => !isEmail(address));
    if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: `${wrong}: ${MESSAGES.email}` });
  });

/** The addresses to send to; none given: the buyer's e-mail address. */
export const sendDocumentInput = z.object({ to: documentRecipients.optional() });
export type SendDocumentInput = z.input<typeof sendDocumentInput>;

/** The sentences of sending a document, by its kind ('Quotation sent.'). */
export function documentSendMessages(kind: SharedDocumentKind) {
  const title = SHARED_DOCUMENT_TITLES[kind];
  const noun = title.toLowerCase();
  return {
    sent: `${title} sent by e-mail.`,
    no_recipient: `The buyer has no e-mail address to send the ${noun} to; enter one.`,
    mail_failed: `The ${noun} could not be mailed; please try again.`,
    /** Ours: the spec names no failure to download or send a quotation or an order. */
    pdf_failed: `Failed to download ${title}`,
    send_failed: `Failed to send ${title}`,
  };
}

/**
 * GET admin/quotations/{id}/share, admin/orders/{id}/share: where to send the document and what
 * its WhatsApp message says (the app words it with documentShareText and whatsappShareUri).
 */
export const documentShareOutput = z.object({
  /** The buyer's e-mail address, to prefill the send dialog (none: the user types one). */
  emails: z.array(z.string()),
  /** The buyer's mobile number, when WhatsApp can address it. */
  phone: z.string().nullable(),
  number: z.string(),
  /** Rupees. */
  total: z.number(),
  buyer_name: z.string(),
  seller_name: z.string(),
  /** The PDF for someone without a login, under the API's base: 'shared/quotations/<token>'. */
  pdf_path: z.string(),
  /** When that link stops working. */
  link_expires_at: z.string(),
});
export type DocumentShareOutput = z.infer<typeof documentShareOutput>;
