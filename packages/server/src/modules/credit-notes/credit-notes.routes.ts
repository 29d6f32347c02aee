import { idParam } from '@b2b/domain/api/common';
import {
  applyCreditNoteInput,
  type CREDIT_NOTE_ORDERINGS,
  cancelCreditNoteInput,
  createCreditNoteInput,
  creditNoteFromReturnInput,
  creditNoteListQuery,
  creditNoteOutput,
  creditNoteSummaryOutput,
  initiateCreditNoteOutput,
  openInvoicesOutput,
  refundCreditNoteInput,
} from '@b2b/domain/api/credit-notes';
import { CREDIT_NOTE_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { type ListQuery, valueList } from '@b2b/domain/api/list-query';
import { CREDIT_NOTE_MESSAGES, CREDIT_NOTE_STATUSES } from '@b2b/domain/credit-notes';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { KeysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import { withdrawLinksAfterCommit } from '../razorpay/withdraw-links-routes.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import { documentHistoryRoute, documentPermissions } from '../sales-documents/document-routes.ts';
import {
  applyCreditNote,
  cancelApplication,
  cancelCreditNote,
  refundCreditNote,
} from './credit-note-money.ts';
import {
  creditNoteHistory,
  creditNotePdf,
  getCreditNote,
  initiateCreditNote,
  listCreditNotes,
  openInvoices,
} from './credit-note-reads.ts';
import type { CreditNoteFilter } from './credit-notes.queries.ts';
import { createCreditNote, creditNoteFromReturn } from './issue-credit-note.ts';

const tags = ['credit notes'];
const idParams = z.object({ id: idParam });

/** API ordering field -> SQL expression over the credit notes alias `cn` and its type (for cursors). */
const ORDERING: Record<(typeof CREDIT_NOTE_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  credit_note_date: { expression: 'cn.credit_note_date', type: 'date' },
  created_at: { expression: 'cn.created_at', type: 'timestamptz' },
  credit_note_number: { expression: 'cn.credit_note_number', type: 'text' },
  total: { expression: 'cn.total_paise', type: 'bigint' },
};

const listFilters = creditNoteListQuery.extend({ status__in: valueList(CREDIT_NOTE_STATUSES) });

const filterOf = (q: z.infer<typeof listFilters> & ListQuery): CreditNoteFilter => ({
  search: q.search,
  invoiceId: q.invoice,
  orderId: q.order,
  buyerId: q.buyer,
  salesReturnId: q.sales_return,
  statuses: q.status__in,
  isCancelled: q.is_cancelled === undefined ? undefined : q.is_cancelled === 'true',
  startDate: q.start_date,
  endDate: q.end_date,
});

const { VIEW, CREATE, UPDATE } = documentPermissions('credit_note', CREDIT_NOTE_MESSAGES);

/**
 * Credit notes (spec calls admin/orders/{id}/credit_notes and admin/companies/{companyId}/
 * credit_notes filtered by invoice and is_cancelled=false); issuing, applying and cancelling one
 * follow the API's style.
 */
export async function creditNotesRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/admin/invoices/:id/initiate_credit_note',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'Each invoice line with its figures and what is left to credit; the invoice’s returns without a credit note.',
        params: idParams,
        response: { 200: initiateCreditNoteOutput },
      },
    },
    async (request) => initiateCreditNote(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/invoices/:id/credit_notes',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'Issues a credit note against the invoice (from one of its sales returns or directly): quantity and additional discount per line, tax reversed at the invoice’s rates.',
        params: idParams,
        body: createCreditNoteInput,
        response: { 201: creditNoteOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createCreditNote({
          db,
          actor: requirePrincipal(request),
          invoiceId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/admin/sales_returns/:id/credit_note',
    {
      config: CREATE,
      schema: {
        tags,
        description: 'Issues the credit note of a sales return: its lines at 100% unless items are given.',
        params: idParams,
        body: creditNoteFromReturnInput.optional(),
        response: { 201: creditNoteOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await creditNoteFromReturn({
          db,
          actor: requirePrincipal(request),
          returnId: request.params.id,
          input: request.body ?? {},
        }),
      ),
  );

  documentListRoutes(app, {
    documents: 'credit_notes',
    csv: { filename: 'credit-notes', columns: CREDIT_NOTE_CSV_COLUMNS },
    tags,
    config: VIEW,
    description:
      'Credit notes, newest date first; search by number, reference, invoice number or buyer; filters invoice, order, buyer, sales_return, status__in, is_cancelled, start_date, end_date.',
    output: creditNoteSummaryOutput,
    filters: listFilters,
    filterOf,
    ordering: ORDERING,
    defaultOrdering: '-credit_note_date',
    list: (companyId, filter, sort, window) => listCreditNotes(db, companyId, filter, sort, window),
    ofOrder: (orderId): CreditNoteFilter => ({ orderId }),
  });

  app.get(
    '/admin/credit_notes/:id',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: creditNoteOutput } },
    },
    async (request) => getCreditNote(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/admin/credit_notes/:id/pdf',
    {
      config: VIEW,
      schema: { tags, description: 'The GST credit note as a PDF download.', params: idParams },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await creditNotePdf(db, requirePrincipal(request).companyId, request.params.id, app.ctx.storage),
      ),
  );

  documentHistoryRoute(app, {
    path: '/admin/credit_notes',
    tags,
    config: VIEW,
    history: (companyId, id) => creditNoteHistory(db, companyId, id),
  });

  app.get(
    '/admin/credit_notes/:id/open_invoices',
    {
      config: VIEW,
      schema: {
        tags,
        description:
          'The invoices of the note’s buyer with an amount due, oldest first, and the note’s balance.',
        params: idParams,
        response: { 200: openInvoicesOutput },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return openInvoices(db, principal.companyId, request.params.id, branchScope(principal));
    },
  );

  app.post(
    '/admin/credit_notes/:id/apply',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Applies amounts of the note to open invoices of its buyer (never more than its balance, nor more than an invoice’s due).',
        params: idParams,
        body: applyCreditNoteInput,
        response: { 200: creditNoteOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const note = await applyCreditNote({ db, actor, creditNoteId: request.params.id, input: request.body });
      // After the commit: a live Razorpay link on an invoice this credited in full is withdrawn.
      await withdrawLinksAfterCommit(app.ctx, request, actor, { buyerId: note.buyer.id });
      return note;
    },
  );

  app.post(
    '/admin/credit_notes/:id/applications/:applicationId/cancel',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Removes an application: the invoice is due that much again and the note’s balance grows back.',
        params: idParams.extend({ applicationId: idParam }),
        response: { 200: creditNoteOutput },
      },
    },
    async (request) =>
      cancelApplication({
        db,
        actor: requirePrincipal(request),
        creditNoteId: request.params.id,
        applicationId: request.params.applicationId,
      }),
  );

  app.post(
    '/admin/credit_notes/:id/refund',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Pays part or all of the note’s balance back to the buyer (a refund record; never more than the balance).',
        params: idParams,
        body: refundCreditNoteInput,
        response: { 200: creditNoteOutput },
      },
    },
    async (request) =>
      refundCreditNote({
        db,
        actor: requirePrincipal(request),
        creditNoteId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/admin/credit_notes/:id/cancel',
    {
      config: UPDATE,
      schema: {
        tags,
        description: 'Cancels a credit note while nothing of it is applied or refunded (409 otherwise).',
        params: idParams,
        body: cancelCreditNoteInput.optional(),
        response: { 200: creditNoteOutput },
      },
    },
    async (request) =>
      cancelCreditNote({
        db,
        actor: requirePrincipal(request),
        creditNoteId: request.params.id,
        reason: request.body?.reason,
      }),
  );
}
