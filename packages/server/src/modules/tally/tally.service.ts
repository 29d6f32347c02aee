import {
  TALLY_MESSAGES,
  type TallyExportBody,
  type TallyPost,
  type TallyRangeQuery,
  type TallyStatus,
} from '@b2b/domain/api/tally';
import {
  ENVELOPE_END,
  envelopeStart,
  parseTallyResponse,
  type TallyAction,
  anyVoucherXml as voucherXml,
} from '@b2b/domain/tally/tally-xml';
import { AppError, conflict, notFound } from '../../core/errors.ts';
import type { TallyClient } from '../../core/ports/tally.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { withCallLog } from '../integration-calls/integration-call-log.ts';
import * as queries from './tally.queries.ts';
import { branchNames, preparedBatches, rangeOf, refuseIncomplete, runCheck } from './tally-documents.ts';
import { mastersXml } from './tally-masters.ts';

/**
 * The Tally export (issue 22): a branch's invoices, credit notes, bills, payments received,
 * payments made, inventory adjustments and transfers (stock journals) of a date range as Tally
 * vouchers, the masters they name, a check that lists every
 * document whose party, item, godown or ledger has no Tally name (before an export, never skipped
 * silently), and posting straight to a running Tally.
 *
 * Every voucher carries a GUID (and REMOTEID) made from the company, the document's kind and its id,
 * and ACTION Create the first time it goes out, Alter after, Cancel once the document is cancelled;
 * tally_exports remembers what went out, so importing a file again never duplicates a voucher.
 */

const recordPostHistory = historyWriter('tally_post');

export async function checkTally(options: { db: Database; actor: Principal; query: TallyRangeQuery }) {
  const { db, actor, query } = options;
  const names = await branchNames(db, actor, query);
  return runCheck(db, names, rangeOf(names, query));
}

// ---- Export (a file) ----------------------------------------------------------------------

export function exportFileName(body: TallyExportBody) {
  return `tally-${body.part}-${body.start_date}-to-${body.end_date}.xml`;
}

/**
 * The export file, streamed: masters, or vouchers after the check passes (409 with the count when a
 * document lacks a Tally name). A voucher file is a hand-over to Tally: each batch written is
 * recorded (tally_exports), so the next file alters what this one created.
 */
export async function exportTally(options: { db: Database; actor: Principal; body: TallyExportBody }) {
  const { db, actor, body } = options;
  const names = await branchNames(db, actor, body);
  const range = rangeOf(names, body);
  const filename = exportFileName(body);
  if (body.part === 'masters') {
    return {
      filename,
      chunks: (async function* () {
        yield envelopeStart('All Masters', names.company);
        yield* mastersXml(db, names, range);
        yield ENVELOPE_END;
      })(),
    };
  }
  await refuseIncomplete(db, names, range);
  const post = await inTransaction(db, async (tx) => {
    const row = await queries.insertPost(tx, {
      company_id: actor.companyId,
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      mode: 'download',
      created_by: actor.userId,
    });
    await recordPostHistory(tx, actor, row.id, 'downloaded', {
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
    });
    return row;
  });
  return {
    filename,
    chunks: (async function* () {
      const counts = {
        documents: 0,
        created: 0,
        altered: 0,
        cancelled: 0,
        errors: 0,
        master_errors: [] as string[],
      };
      yield envelopeStart('Vouchers', names.company);
      for await (const batch of preparedBatches(db, names, range)) {
        const done: queries.ExportedDocument[] = [];
        let text = '';
        for (const doc of batch) {
          if (!doc.voucher) continue;
          text += voucherXml(doc.voucher);
          done.push({
            kind: doc.kind,
            id: doc.head.id,
            guid: doc.guid,
            number: doc.head.number,
            action: doc.action,
          });
          counts.documents += 1;
          if (doc.action === 'Create') counts.created += 1;
          else if (doc.action === 'Alter') counts.altered += 1;
          else counts.cancelled += 1;
        }
        await queries.recordExports(db, actor.companyId, names.branchId, done, null);
        yield text;
      }
      yield ENVELOPE_END;
      await queries.finishPost(db, actor.companyId, post.id, counts);
    })(),
  };
}

// ---- Post (to a running Tally) ------------------------------------------------------------

const RESULT_OF: Record<TallyAction, 'created' | 'altered' | 'cancelled'> = {
  Create: 'created',
  Alter: 'altered',
  Cancel: 'cancelled',
};

async function send(tally: TallyClient, xml: string) {
  try {
    return parseTallyResponse(await tally.importXml(xml));
  } catch {
    return null;
  }
}

/**
 * Sends the masters (in batches) and then each voucher to Tally's HTTP XML server, and records
 * Tally's answer per document. Each voucher goes in its own request, so an error Tally reports
 * belongs to exactly one document; the documents are still read from the database in batches.
 */
export async function postToTally(options: {
  db: Database;
  actor: Principal;
  tally: TallyClient | undefined;
  body: TallyRangeQuery;
}): Promise<TallyPost> {
  const { db, actor, body } = options;
  const tally = withCallLog(
    db,
    { companyId: actor.companyId, integration: 'tally', target: 'post' },
    options.tally,
  );
  const names = await branchNames(db, actor, body);
  if (!tally) throw conflict(TALLY_MESSAGES.not_configured);
  const range = rangeOf(names, body);
  await refuseIncomplete(db, names, range);
  const company = tally.company ?? names.company;

  const masterErrors: string[] = [];
  for await (const chunk of mastersXml(db, names, range)) {
    if (!chunk) continue;
    const answer = await send(tally, `${envelopeStart('All Masters', company)}${chunk}${ENVELOPE_END}`);
    if (!answer) throw new AppError('service_unavailable', TALLY_MESSAGES.unreachable);
    masterErrors.push(...answer.lineErrors.slice(0, 50 - masterErrors.length));
  }

  const post = await inTransaction(db, async (tx) => {
    const row = await queries.insertPost(tx, {
      company_id: actor.companyId,
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      mode: 'post',
      created_by: actor.userId,
    });
    return row;
  });
  const counts = {
    documents: 0,
    created: 0,
    altered: 0,
    cancelled: 0,
    errors: 0,
    master_errors: masterErrors,
  };
  let reachable = true;
  for await (const batch of preparedBatches(db, names, range)) {
    const done: queries.ExportedDocument[] = [];
    for (const doc of batch) {
      if (!doc.voucher) continue;
      counts.documents += 1;
      const answer = reachable
        ? await send(tally, `${envelopeStart('Vouchers', company)}${voucherXml(doc.voucher)}${ENVELOPE_END}`)
        : null;
      if (!answer) reachable = false;
      const refused =
        !answer || answer.errors > 0 || answer.created + answer.altered + answer.cancelled === 0;
      const error = !answer
        ? TALLY_MESSAGES.unreachable
        : refused
          ? answer.lineErrors.join(' ') || 'Tally did not import the voucher.'
          : null;
      if (refused) counts.errors += 1;
      else counts[RESULT_OF[doc.action]] += 1;
      done.push({
        kind: doc.kind,
        id: doc.head.id,
        guid: doc.guid,
        number: doc.head.number,
        action: doc.action,
        result: refused ? 'error' : RESULT_OF[doc.action],
        error,
      });
    }
    await queries.recordExports(db, actor.companyId, names.branchId, done, post.id);
  }
  await inTransaction(db, async (tx) => {
    await queries.finishPost(tx, actor.companyId, post.id, counts);
    await recordPostHistory(tx, actor, post.id, 'posted', {
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      documents: counts.documents,
      created: counts.created,
      altered: counts.altered,
      cancelled: counts.cancelled,
      errors: counts.errors,
    });
  });
  const status = await tallyStatus({ db, actor, tally, branchId: names.branchId });
  return status.last_post as TallyPost;
}

export async function tallyStatus(options: {
  db: Database;
  actor: Principal;
  tally: TallyClient | undefined;
  branchId: number;
}): Promise<TallyStatus> {
  const { db, actor, tally, branchId } = options;
  const branch = await queries.findBranch(db, actor.companyId, branchId);
  if (!branch) throw notFound('Branch');
  assertBranchAccess(actor, branch.id);
  const post = await queries.lastPost(db, actor.companyId, branch.id);
  if (!post) return { configured: tally !== undefined, last_post: null };
  const results = await queries.postResults(db, actor.companyId, post.id);
  return {
    configured: tally !== undefined,
    last_post: {
      id: post.id,
      branch_id: post.branch_id,
      start_date: post.start_date,
      end_date: post.end_date,
      documents: post.documents,
      created: post.created,
      altered: post.altered,
      cancelled: post.cancelled,
      errors: post.errors,
      master_errors: post.master_errors,
      posted_by: post.posted_by_name,
      posted_at: post.created_at,
      results: results.map((r) => ({
        document_kind: r.document_kind,
        document_id: r.document_id,
        voucher_number: r.voucher_number,
        action: r.last_action,
        result: r.last_result,
        error: r.last_error,
      })),
    },
  };
}
