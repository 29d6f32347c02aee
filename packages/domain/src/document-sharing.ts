import { formatMoney } from './money.ts';

/**
 * Sending a quotation or a sales order to the buyer: what each is called on paper and in a
 * message, how long a quotation's prices hold, and the WhatsApp share link (wa.me), which opens
 * WhatsApp on the user's phone or computer with the message typed in; the user presses send.
 */

export type SharedDocumentKind = 'quotation' | 'sales_order';

/** The document's name as its PDF, mail and message print it; neither is a tax invoice. */
export const SHARED_DOCUMENT_TITLES: Record<SharedDocumentKind, string> = {
  quotation: 'Quotation',
  sales_order: 'Sales Order',
};

/**
 * How long a quotation's prices and stock hold, counted from its date. A quotation has no expiry
 * of its own yet, so every quotation prints this validity (Zoho and Tally quotations print one).
 */
export const QUOTATION_VALIDITY_DAYS = 15;

/** The last day a quotation dated `date` ('YYYY-MM-DD') holds: 2026-04-01 -> 2026-04-16. */
export function quotationValidUntil(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + QUOTATION_VALIDITY_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * A phone number as wa.me takes it: the country code and number, digits only. A 10-digit Indian
 * mobile number (what buyers' phones hold) gets 91; one written with 0, +91 or 91 in front keeps
 * its 10 digits after 91. Anything else cannot be addressed: null.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national =
    digits.length === 10
      ? digits
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : digits.length === 12 && digits.startsWith('91')
          ? digits.slice(2)
          : null;
  // Indian mobile numbers start with 6, 7, 8 or 9; a landline cannot take a WhatsApp message.
  return national && /^[6-9]/.test(national) ? `91${national}` : null;
}

/** The message sent with the document: its name and number, the amount, who sends it, and the PDF link when there is one. */
export function documentShareText(options: {
  kind: SharedDocumentKind;
  number: string;
  /** Rupees. */
  total: number;
  buyerName: string;
  sellerName: string;
  pdfUrl?: string | null;
}): string {
  const title = SHARED_DOCUMENT_TITLES[options.kind];
  const lines = [
    `Dear ${options.buyerName},`,
    `${title} ${options.number} for ${formatMoney(options.total)} from ${options.sellerName}.`,
  ];
  if (options.pdfUrl) lines.push(`PDF: ${options.pdfUrl}`);
  return lines.join('\n');
}

/**
 * https://wa.me/<number>?text=<message>. Without a number WhatsApp asks the user which chat to
 * send the message to (https://wa.me/?text=...), so a buyer without a mobile number can still be sent it.
 */
export function whatsappShareUri(options: { phone: string | null | undefined; text: string }): string {
  const number = whatsappNumber(options.phone) ?? '';
  return `https://wa.me/${number}?text=${encodeURIComponent(options.text)}`;
}
