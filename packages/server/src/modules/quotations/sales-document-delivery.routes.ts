import { detailResponse, idParam } from '@b2b/domain/api/common';
import { documentShareOutput, sendDocumentInput } from '@b2b/domain/api/document-sharing';
import { SHARED_DOCUMENT_TITLES, type SharedDocumentKind } from '@b2b/domain/document-sharing';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import {
  type ReadSalesDocument,
  salesDocumentPdf,
  salesDocumentShare,
  sendSalesDocument,
} from './sales-document-delivery.ts';
import { readSharedLinkToken } from './shared-document-link.ts';

const params = z.object({ id: idParam });
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * GET <path>/{id}/pdf, GET <path>/{id}/share and POST <path>/{id}/send of a quotation or a sales
 * order: the PDF, where to send it with its WhatsApp link, and mailing it. Reading needs the view
 * permission; sending, which leaves a history row, the change permission (as the invoice's resend).
 * The branch guard (http/branch-guard.ts) scopes the id as on every other route of the document.
 * GET shared/<documents>/{token} serves the PDF without a login to whoever holds the signed link
 * the share route gives (the buyer, through WhatsApp).
 */
export function salesDocumentDeliveryRoutes(
  app: Api,
  options: {
    kind: SharedDocumentKind;
    /** '/admin/quotations' */
    path: string;
    /** The PDF's signed link for the buyer, without a login: '/shared/quotations'. */
    sharedPath: string;
    /** 'Quotation Not Found': a link that is wrong or has ended. */
    notFound: string;
    tags: string[];
    view: { permission: string; forbidden?: string };
    change: { permission: string; forbidden?: string };
    read: ReadSalesDocument;
  },
) {
  const { db } = app.ctx;
  const { kind, path, tags, read } = options;
  const noun = SHARED_DOCUMENT_TITLES[kind].toLowerCase();

  app.get(
    `${path}/:id/pdf`,
    {
      config: options.view,
      schema: { tags, description: `The ${noun} as a PDF download.`, params },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await salesDocumentPdf(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          read,
          app.ctx.storage,
        ),
      ),
  );

  app.get(
    `${path}/:id/share`,
    {
      config: options.view,
      schema: {
        tags,
        description: `Where the ${noun} can be sent (the buyer's e-mail address and mobile number) and its WhatsApp message with the wa.me link.`,
        params,
        response: { 200: documentShareOutput },
      },
    },
    async (request) =>
      salesDocumentShare({
        db,
        companyId: requirePrincipal(request).companyId,
        id: request.params.id,
        read,
        sharedPath: options.sharedPath.replace(/^\//, ''),
        serverSecret: app.ctx.secrets.jwt,
      }),
  );

  app.get(
    `${options.sharedPath}/:token`,
    {
      config: { public: true },
      schema: {
        tags,
        description: `The ${noun} as a PDF, for the holder of the signed link its share route gives (no login); 404 once the link has ended.`,
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const ref = readSharedLinkToken(request.params.token, kind, app.ctx.secrets.jwt);
      if (!ref) throw new AppError('not_found', options.notFound);
      return sendPdf(reply, await salesDocumentPdf(db, ref.companyId, ref.id, read, app.ctx.storage));
    },
  );

  app.post(
    `${path}/:id/send`,
    {
      config: options.change,
      schema: {
        tags,
        description: `Mails the ${noun} PDF to the addresses given, else to the buyer's e-mail address; 409 when there is none.`,
        params,
        body: sendDocumentInput,
        response: { 200: detailResponse },
      },
    },
    async (request) =>
      sendSalesDocument({
        db,
        mailer: app.ctx.mailer,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        id: request.params.id,
        to: request.body.to,
        read,
      }),
  );
}
