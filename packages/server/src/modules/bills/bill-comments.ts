import type { Principal } from '../../core/principal.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { type CommentOutput, commentById, commentsOf, writeComment } from '../comments/comments.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { assertVisible, BILL_ENTITY, billNotFound } from './bill-reads.ts';
import * as queries from './bills.queries.ts';

/** Notes a team leaves on a bill ('seller promised a credit note for the damaged carton'). */

const recordBillHistory = historyWriter(BILL_ENTITY);

/** GET admin/bills/{id}/comments: newest first. */
export async function billComments(db: Executor, actor: Principal, id: number): Promise<CommentOutput[]> {
  const bill = await queries.findBill(db, actor.companyId, id);
  if (!bill) throw billNotFound();
  assertVisible(actor, bill.branch_id);
  const comments = await commentsOf(db, actor.companyId, BILL_ENTITY, id);
  return comments.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || b.id - a.id);
}

/** POST admin/bills/{id}/comments: under the bill's lock (with its changes), kept in its history too. */
export async function addBillComment(options: {
  db: Executor;
  actor: Principal;
  id: number;
  comment: string;
}): Promise<CommentOutput> {
  const { db, actor, id, comment } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const bill = await queries.lockBill(tx, companyId, id);
    if (!bill) throw billNotFound();
    assertVisible(actor, bill.branch_id);
    const commentId = await writeComment(tx, {
      companyId,
      entityType: BILL_ENTITY,
      entityId: id,
      comment,
      userId: actor.userId,
    });
    await recordBillHistory(tx, actor, id, 'commented', { comment });
    return commentById(tx, companyId, commentId);
  });
}
