import type { Principal } from '../../core/principal.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { type CommentOutput, commentById, commentsOf, writeComment } from '../comments/comments.service.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './debit-notes.queries.ts';
import { assertNoteVisible, DEBIT_NOTE_ENTITY, debitNoteNotFound } from './debit-notes.reads.ts';

/** Notes a team leaves on a debit note ('seller agreed to refund by NEFT next week'), as on a bill. */

const recordNoteHistory = historyWriter(DEBIT_NOTE_ENTITY);

/** GET admin/debit_notes/{id}/comments: newest first. */
export async function debitNoteComments(
  db: Executor,
  actor: Principal,
  id: number,
): Promise<CommentOutput[]> {
  const note = await queries.ownerOfNote(db, actor.companyId, id);
  if (!note) throw debitNoteNotFound();
  assertNoteVisible(actor, note.branch_id);
  const comments = await commentsOf(db, actor.companyId, DEBIT_NOTE_ENTITY, id);
  return comments.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || b.id - a.id);
}

/**
 * POST admin/debit_notes/{id}/comments: under the note's row lock (a comment takes no seller, bill or
 * counter lock, so it waits on no money path in a cycle), kept in its history too.
 */
export function addDebitNoteComment(options: {
  db: Executor;
  actor: Principal;
  id: number;
  comment: string;
}): Promise<CommentOutput> {
  const { db, actor, id, comment } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const note = await queries.lockDebitNote(tx, companyId, id);
    if (!note) throw debitNoteNotFound();
    assertNoteVisible(actor, note.branch_id);
    const commentId = await writeComment(tx, {
      companyId,
      entityType: DEBIT_NOTE_ENTITY,
      entityId: id,
      comment,
      userId: actor.userId,
    });
    await recordNoteHistory(tx, actor, id, 'commented', { comment });
    return commentById(tx, companyId, commentId);
  });
}
