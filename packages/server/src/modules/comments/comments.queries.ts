import type { Executor } from '../../db/transaction.ts';

export interface CommentValues {
  companyId: number;
  /** The document commented on: 'sales_order', 'invoice', ... */
  entityType: string;
  entityId: number;
  comment: string;
  userId: number;
}

export const insertComment = (db: Executor, values: CommentValues) =>
  db
    .insertInto('comments')
    .values({
      company_id: values.companyId,
      entity_type: values.entityType,
      entity_id: values.entityId,
      comment: values.comment,
      user_id: values.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const commentSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('comments as c')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'c.company_id').onRef('u.id', '=', 'c.user_id'),
    )
    .select(['c.id', 'c.comment', 'c.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name'])
    .where('c.company_id', '=', companyId);

export type CommentRow = Awaited<ReturnType<typeof findComment>>;

/** A document's comments, newest first (at most the spec's large-list 1000). */
export const commentsOf = (db: Executor, companyId: number, entityType: string, entityId: number) =>
  commentSelect(db, companyId)
    .where('c.entity_type', '=', entityType)
    .where('c.entity_id', '=', entityId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1000)
    .execute();

export const findComment = (db: Executor, companyId: number, id: number) =>
  commentSelect(db, companyId).where('c.id', '=', id).executeTakeFirstOrThrow();
