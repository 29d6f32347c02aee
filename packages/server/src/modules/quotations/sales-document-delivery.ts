import { documentSendMessages } from '@b2b/domain/api/document-sharing';
import type { QuotationOutput } from '@b2b/domain/api/sales-orders';
import {
  quotationValidUntil,
  SHARED_DOCUMENT_TITLES,
  type SharedDocumentKind,
  whatsappNumber,
} from '@b2b/domain/document-sharing';
import { formatMoney } from '@b2b/domain/money';
import { conflict } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { findBranchOrFail } from '../branches/branch-checks.ts';
import { getBuyerRow } from '../buyers/buyer-reads.ts';
import { getTerms } from '../companies/companies.service.ts';
import { printLayoutFor } from '../companies/print-settings.ts';
import { mailDocument } from '../invoice-documents/mail-document.ts';
import { renderSalesDocumentPdf, type SalesDocument } from '../invoice-documents/sales-document-pdf.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { printedMoney, printedParties } from '../invoices/invoice-document-of.ts';
import { sellerSnapshot } from '../invoices/invoice-lines.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { sharedLinkToken } from './shared-document-link.ts';

/**
 * A quotation or a sales order sent to the buyer: its PDF (the tax invoice's layout, titled for
 * what it is), mailed with the PDF attached, or shared on WhatsApp with a signed link to the PDF
 * (shared-document-link.ts). Quotations and orders each read their own rows (`read`); the rest
 * is shared here. The seller prints as it is today (a quotation keeps no seller of its own; an
 * invoice keeps the seller it was issued by).
 */

/** What a quotation or an order gives to be printed: its answer's terms, and its stored money. */
export interface SalesDocumentSource {
  kind: SharedDocumentKind;
  id: number;
  number: string;
  date: string;
  relatedNumber: string | null;
  cancelled: boolean;
  terms: Pick<
    QuotationOutput,
    | 'buyer'
    | 'branch'
    | 'billing_address'
    | 'shipping_address'
    | 'place_of_supply'
    | 'payment_terms'
    | 'shipment_date'
    | 'reference_number'
    | 'notes'
    | 'totals'
  >;
  money: Parameters<typeof printedMoney>[0];
  items: Parameters<typeof printedMoney>[1];
}

export type ReadSalesDocument = (tx: Tx, companyId: number, id: number) => Promise<SalesDocumentSource>;

/** The document with its seller and buyer, read in one transaction so the PDF is of one moment. */
async function printedDocument(db: Database, companyId: number, id: number, read: ReadSalesDocument) {
  return inTransaction(db, async (tx) => {
    const source = await read(tx, companyId, id);
    const { terms } = source;
    const [branch, buyer, companyTerms] = await Promise.all([
      findBranchOrFail(tx, companyId, terms.branch.id),
      getBuyerRow(tx, companyId, terms.buyer.id),
      getTerms(tx, companyId),
    ]);
    const seller = await sellerSnapshot(tx, companyId, branch);
    const buyerSnapshot = {
      name: terms.buyer.name,
      gstin: terms.buyer.gst_number,
      email: buyer.email,
      phone: buyer.phone,
    };
    const parties = printedParties({
      seller,
      buyer: buyerSnapshot,
      billing_address: terms.billing_address,
      shipping_address: terms.shipping_address,
    });
    const document: SalesDocument = {
      ...parties,
      ...printedMoney(source.money, source.items),
      kind: source.kind,
      number: source.number,
      date: source.date,
      validUntil: source.kind === 'quotation' ? quotationValidUntil(source.date) : null,
      relatedNumber: source.relatedNumber,
      referenceNumber: terms.reference_number,
      paymentTermsDays: terms.payment_terms,
      shipmentDate: terms.shipment_date,
      placeOfSupply: { state: terms.place_of_supply.name, stateCode: terms.place_of_supply.gst_code },
      intraState: terms.totals.is_intra_state,
      notes: terms.notes,
      termsAndConditions: companyTerms?.terms ?? null,
      cancelled: source.cancelled,
    };
    return { source, document, buyer: buyerSnapshot };
  });
}

/** GET admin/quotations/{id}/pdf, admin/orders/{id}/pdf: the document as a PDF download. */
export async function salesDocumentPdf(
  db: Database,
  companyId: number,
  id: number,
  read: ReadSalesDocument,
  storage?: FileStorage,
) {
  const { source, document } = await printedDocument(db, companyId, id, read);
  const layout = await printLayoutFor({ db, storage, companyId, branchId: source.terms.branch.id });
  return { filename: pdfFileName(document.number), pdf: await renderSalesDocumentPdf(document, layout) };
}

/**
 * GET admin/quotations/{id}/share, admin/orders/{id}/share: where the document can be sent (the
 * buyer's e-mail address and mobile number), what its message says, and a signed link to its PDF
 * for the buyer, who has no login (shared-document-link.ts).
 */
export async function salesDocumentShare(options: {
  db: Database;
  companyId: number;
  id: number;
  read: ReadSalesDocument;
  /** The shared link's path under the API: 'shared/quotations'. */
  sharedPath: string;
  serverSecret: string;
}) {
  const { companyId, id } = options;
  const { source, document, buyer } = await printedDocument(options.db, companyId, id, options.read);
  const link = sharedLinkToken({ kind: source.kind, companyId, id }, options.serverSecret);
  return {
    emails: buyer.email ? [buyer.email] : [],
    phone: whatsappNumber(buyer.phone) ? buyer.phone : null,
    number: source.number,
    total: source.terms.totals.total,
    buyer_name: buyer.name,
    seller_name: document.seller.name,
    pdf_path: `${options.sharedPath}/${link.token}`,
    link_expires_at: link.expiresAt,
  };
}

const HISTORY = { quotation: documentHistory.quotation, sales_order: documentHistory.order };

/**
 * POST admin/quotations/{id}/send, admin/orders/{id}/send: mails the PDF to the addresses given,
 * else to the buyer's e-mail address, and notes it in the document's history.
 */
export async function sendSalesDocument(options: {
  db: Database;
  mailer: Mailer;
  /** Where the logo and signature images are; without it the PDF prints text only. */
  storage: FileStorage | undefined;
  actor: Principal;
  id: number;
  to: string[] | undefined;
  read: ReadSalesDocument;
}) {
  const { db, mailer, storage, actor, id } = options;
  const { source, document, buyer } = await printedDocument(db, actor.companyId, id, options.read);
  const messages = documentSendMessages(source.kind);
  const title = SHARED_DOCUMENT_TITLES[source.kind];
  if (source.cancelled) throw conflict(`A cancelled ${title.toLowerCase()} cannot be sent.`);
  const to = options.to ?? (buyer.email ? [buyer.email] : []);
  if (to.length === 0) throw conflict(messages.no_recipient, 'to');
  const seller = document.seller.name;
  const validity = document.validUntil ? `\nIt is valid until ${document.validUntil}.` : '';
  await mailDocument(
    mailer,
    {
      to: to.join(', '),
      subject: `${title} ${source.number} from ${seller}`,
      text:
        `Dear ${buyer.name},\n\nPlease find attached ${title.toLowerCase()} ${source.number} dated ${source.date}: ` +
        `${formatMoney(source.terms.totals.total)} (${document.amountInWords}).${validity}\n\nRegards,\n${seller}`,
      documentNumber: source.number,
      // As printed: the print settings of its branch, with the logo and signature.
      pdf: await renderSalesDocumentPdf(
        document,
        await printLayoutFor({ db, storage, companyId: actor.companyId, branchId: source.terms.branch.id }),
      ),
    },
    messages.mail_failed,
  );
  await HISTORY[source.kind](db, actor, id, 'emailed', { to });
  return { detail: messages.sent };
}
