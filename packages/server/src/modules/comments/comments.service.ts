import type { commentOutput } from '@b2b/domain/api/sales-orders';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/transaction.ts';
import * as queries from './comments.queries.ts';

/**
 * Comments on documents (orders, invoices, and the documents that follow): one table, one shape.
 * The document's own service locks the document and records the history in the same transaction.
 */
export type CommentOutput = z.infer<typeof commentOutput>;

function present(row: queries.CommentRow): CommentOutput {
  return {
    id: row.id,
    comment: row.comment,
    created_at: row.created_at,
    user:
      row.user_id === null
        ? null
        : { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
  };
}

/** Writes the comment inside the caller's transaction; returns its id. */
export async function writeComment(tx: Tx, values: queries.CommentValues): Promise<number> {
  return (await queries.insertComment(tx, values)).id;
}

export async function commentsOf(
  db: Executor,
  companyId: number,
  entityType: string,
  entityId: number,
): Promise<CommentOutput[]> {
  return (await queries.commentsOf(db, companyId, entityType, entityId)).map(present);
}

export async function commentById(db: Executor, companyId: number, id: number): Promise<CommentOutput> {
  return present(await queries.findComment(db, companyId, id));
}
