import { listQuery } from '@b2b/domain/api/list-query';
import { commentInput, commentOutput, historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  applyDebitNoteInput,
  DEBIT_NOTE_CSV_COLUMNS,
  DEBIT_NOTE_MESSAGES,
  DEBIT_NOTE_ORDERINGS,
  debitNoteInput,
  debitNoteListQuery,
  debitNoteOpenBillsOutput,
  debitNoteOutput,
  debitNoteRefundInput,
  debitNoteSummaryOutput,
} from '@b2b/domain/debit-notes';
import { toRupees } from '@b2b/domain/money';
import { z } from 'zod';
import { validationError } from '../../core/errors.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import { route } from '../../http/route.ts';
import { billBalancePaise } from '../bills/bills.queries.ts';
import { dayOrThrow } from '../sales-documents/sales-document.ts';
import { addDebitNoteComment, debitNoteComments } from './debit-note-comments.ts';
import { debitNotePdf } from './debit-note-pdf.ts';
import { SORTABLE } from './debit-notes.queries.ts';
import * as reads from './debit-notes.reads.ts';
import * as service from './debit-notes.service.ts';

const tags = ['debit notes'];
const VIEW = 'view_debit_note';
const ORDERING = Object.fromEntries(DEBIT_NOTE_ORDERINGS.map((key) => [key, SORTABLE[key]]));

/**
 * Debit notes (issue 19): the list (with `format=csv`), a note without goods, one note with its
 * applications and refunds, applying it to the seller's bills, recording the seller's refund
 * (Idempotency-Key), its void, its PDF and its history.
 */
export async function debitNotesRoutes(app: Api) {
  const { db } = app.ctx;

  listRoute(
    app,
    '/admin/companies/:companyId/debit_notes',
    {
      permission: VIEW,
      tags,
      description:
        'Debit notes, newest first; search by note or bill number or seller name; filters seller, branch, bill, status, start_date and end_date (note date).',
      params: companyParams,
      querystring: listQuery.extend(debitNoteListQuery.shape),
      item: debitNoteSummaryOutput,
      order: [ORDERING, '-debit_note_date,-created_at'],
      csv: { name: 'debit-notes', columns: DEBIT_NOTE_CSV_COLUMNS },
    },
    (request, sort, window, actor) => {
      const { query } = request;
      if (query.start_date && query.end_date && query.start_date > query.end_date)
        throw validationError('end_date', DEBIT_NOTE_MESSAGES.date_range);
      return reads.listDebitNotes(
        db,
        actor.companyId,
        {
          branches: branchScope(actor),
          search: query.search,
          sellerId: query.seller,
          branchId: query.branch,
          billId: query.bill,
          status: query.status,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        sort,
        window,
      );
    },
  );

  app.post(
    '/admin/companies/:companyId/debit_notes',
    {
      config: { permission: 'add_debit_note' },
      schema: {
        tags,
        description:
          'Raises a debit note without goods (a rate difference, a shortage): against a bill’s lines (taxed at their rates, applied to the bill up to its balance unless `apply_to_bill` is false) or, without a bill, products with their GST rates. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: debitNoteInput,
        response: { 201: debitNoteOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createDebitNote({ db: executor, actor, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/debit_notes/:id',
    { permission: VIEW, cache: true, tags, params: recordParams, response: debitNoteOutput },
    async (request, actor) => reads.getDebitNote(db, actor.companyId, request.params.id, actor),
  );

  route(
    app,
    'GET /admin/debit_notes/:id/open_bills',
    {
      permission: VIEW,
      tags,
      description: 'The seller’s received bills with a balance, that the note may be applied to.',
      params: recordParams,
      response: debitNoteOpenBillsOutput,
    },
    async (request, actor) => {
      const note = await reads.getDebitNote(db, actor.companyId, request.params.id, actor);
      const scope = branchScope(actor);
      let query = db
        .selectFrom('bills')
        .select(['id', 'bill_number', 'bill_date', 'total_paise', 'amount_paid_paise', 'credited_paise'])
        .where('company_id', '=', actor.companyId)
        .where('seller_id', '=', note.seller.id)
        .where('status', 'in', ['open', 'partially_paid']);
      if (scope) query = query.where('branch_id', 'in', scope);
      const rows = await query.orderBy('bill_date').orderBy('id').limit(200).execute();
      return {
        results: rows.map((b) => ({
          id: b.id,
          bill_number: b.bill_number,
          bill_date: dayOrThrow(b.bill_date),
          total: toRupees(Number(b.total_paise)),
          balance_due: toRupees(billBalancePaise(b)),
        })),
      };
    },
  );

  route(
    app,
    'POST /admin/debit_notes/:id/apply',
    {
      permission: 'change_debit_note',
      tags,
      description:
        'Applies what is left on the note to open bills of the same seller: the chosen `applications`, or the note’s own bill and then the oldest bills.',
      params: recordParams,
      body: applyDebitNoteInput,
      response: debitNoteOutput,
    },
    async (request, actor) =>
      service.applyDebitNote({ db, actor, id: request.params.id, input: request.body }),
  );

  app.post(
    '/admin/debit_notes/:id/record_refund',
    {
      config: { permission: 'change_debit_note' },
      schema: {
        tags,
        description:
          'Records money the seller paid back on the note (at most what is left on it). Send an `Idempotency-Key` header to make retries safe.',
        params: recordParams,
        body: debitNoteRefundInput,
        response: { 200: debitNoteOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 200,
        body: await service.refundDebitNote({
          db: executor,
          actor,
          id: request.params.id,
          input: request.body,
        }),
      }));
    },
  );

  route(
    app,
    'POST /admin/debit_notes/:id/void',
    {
      permission: 'change_debit_note',
      tags,
      description:
        'Voids a note raised without goods: its credit comes off the bills it was applied to. A purchase return’s note is voided with its return; a refunded note cannot be voided.',
      params: recordParams,
      response: debitNoteOutput,
    },
    async (request, actor) => service.voidDebitNote({ db, actor, id: request.params.id }),
  );

  app.get(
    '/admin/debit_notes/:id/pdf',
    {
      config: { permission: VIEW },
      schema: { tags, description: 'The debit note as a PDF download.', params: recordParams },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return sendPdf(
        reply,
        await debitNotePdf(db, actor.companyId, request.params.id, (branchId) =>
          reads.assertNoteVisible(actor, branchId),
        ),
      );
    },
  );

  route(
    app,
    'GET /admin/debit_notes/:id/comments',
    { permission: VIEW, cache: true, tags, params: recordParams, response: z.array(commentOutput) },
    async (request, actor) => debitNoteComments(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/debit_notes/:id/comments',
    {
      permission: 'change_debit_note',
      tags,
      description: 'Adds a comment to the debit note (kept in its history too).',
      params: recordParams,
      body: commentInput,
      status: 201,
      response: commentOutput,
    },
    async (request, actor) =>
      addDebitNoteComment({ db, actor, id: request.params.id, comment: request.body.comment }),
  );

  route(
    app,
    'GET /admin/debit_notes/:id/history',
    { permission: VIEW, cache: true, tags, params: recordParams, response: historyPageOutput },
    async (request, actor) => reads.debitNoteHistory(db, actor.companyId, request.params.id, actor),
  );
}
