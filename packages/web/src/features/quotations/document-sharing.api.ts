import type { DocumentShareOutput, SendDocumentInput } from '@b2b/domain/api/document-sharing';
import { documentSendMessages } from '@b2b/domain/api/document-sharing';
import { documentShareText, type SharedDocumentKind, whatsappShareUri } from '@b2b/domain/document-sharing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { Detail } from '../../api/types';
import { salesOrderKeys } from '../sales-orders/sales-orders.api';

/** A quotation or a sales order sent to the buyer: its PDF, mailing it, and its WhatsApp link. */

export interface SharedDocument {
  kind: SharedDocumentKind;
  id: number;
  number: string;
}

const pathOf = ({ kind, id }: Pick<SharedDocument, 'kind' | 'id'>) =>
  kind === 'quotation' ? `admin/quotations/${id}` : `admin/orders/${id}`;

export const sharingKeys = {
  share: (document: Pick<SharedDocument, 'kind' | 'id'>) =>
    ['document-sharing', document.kind, document.id] as const,
};

export const downloadDocumentPdf = (document: SharedDocument) =>
  downloadFile(`${pathOf(document)}/pdf`, {}, `${document.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);

/** The buyer's e-mail address and mobile number, and the WhatsApp message with its wa.me link. */
export const documentShareQuery = (document: Pick<SharedDocument, 'kind' | 'id'>) =>
  queryOptions({
    queryKey: sharingKeys.share(document),
    queryFn: ({ signal }) => api.get<DocumentShareOutput>(`${pathOf(document)}/share`, undefined, signal),
    staleTime: 0,
  });

/**
 * The WhatsApp link of the document: the domain's message (number, amount, seller) with the signed
 * link to its PDF, which the buyer opens without a login, addressed to the buyer's mobile number.
 */
export function whatsappUrlOf(kind: SharedDocumentKind, share: DocumentShareOutput): string {
  // The API is served under /api of the app's own origin (api/client.ts).
  const pdfUrl = `${window.location.origin}/api/${share.pdf_path}`;
  const text = documentShareText({
    kind,
    number: share.number,
    total: share.total,
    buyerName: share.buyer_name,
    sellerName: share.seller_name,
    pdfUrl,
  });
  return whatsappShareUri({ phone: share.phone, text });
}

/** Mails the PDF; the order's history shows it (a quotation has no history tab). */
export function useSendDocument(document: SharedDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendDocumentInput) => api.post<Detail>(`${pathOf(document)}/send`, body),
    onSuccess: () => {
      if (document.kind === 'sales_order')
        void queryClient.invalidateQueries({ queryKey: salesOrderKeys.history(document.id) });
    },
    meta: { errorMessage: documentSendMessages(document.kind).send_failed },
  });
}
