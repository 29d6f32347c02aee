import { sql } from 'kysely';
import type { OneTimeCodePurpose } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export const insertSession = (db: Executor, values: { id: string; company_id: number; user_id: number }) =>
  db.insertInto('auth_sessions').values(values).execute();

export const insertRefreshToken = (
  db: Executor,
  values: { token_hash: string; session_id: string; company_id: number; expires_at: Date },
) => db.insertInto('refresh_tokens').values(values).execute();

/** Locks the token row so two refreshes of the same token cannot both rotate it. */
export const lockRefreshToken = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('refresh_tokens as t')
    .innerJoin('auth_sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', (j) =>
      j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'),
    )
    .select([
      't.token_hash',
      't.session_id',
      't.expires_at',
      't.rotated_at',
      's.user_id',
      's.company_id',
      's.revoked_at',
      'u.is_active as user_active',
    ])
    .where('t.token_hash', '=', tokenHash)
    .forUpdate('t')
    .executeTakeFirst();

export const markRefreshTokenRotated = (db: Executor, tokenHash: string) =>
  db
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .execute();

export const revokeSession = (db: Executor, sessionId: string, reason: string) =>
  db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

/** Every live session of the user, except `keepSessionId` when given (the one making a change). */
export const revokeSessionsOfUser = (
  db: Executor,
  companyId: number,
  userId: number,
  reason: string,
  keepSessionId?: string,
) =>
  db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keepSessionId !== undefined, (q) => q.where('id', '!=', keepSessionId as string))
    .execute();

export const insertOneTimeCode = (
  db: Executor,
  values: {
    user_id: number;
    purpose: OneTimeCodePurpose;
    verification_token_hash: string;
    code_hash: string;
    expires_at: Date;
  },
) => db.insertInto('one_time_codes').values(values).execute();

export const countRecentCodes = (db: Executor, userId: number, since: Date) =>
  db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();

export const lockCodeByToken = (db: Executor, verificationTokenHash: string) =>
  db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('verification_token_hash', '=', verificationTokenHash)
    .forUpdate()
    .executeTakeFirst();

/** The newest live sign-up code of a user: e-mail + OTP verification has no token to name it by. */
export const lockLatestCode = (db: Executor, userId: number, purpose: OneTimeCodePurpose) =>
  db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export const lockCodeByResetToken = (db: Executor, resetTokenHash: string) =>
  db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('reset_token_hash', '=', resetTokenHash)
    .forUpdate()
    .executeTakeFirst();

export const countFailedAttempt = (db: Executor, id: number) =>
  db
    .updateTable('one_time_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();

export const consumeCode = (db: Executor, id: number) =>
  db.updateTable('one_time_codes').set({ consumed_at: sql`now()` }).where('id', '=', id).execute();

/** Any older live codes of the same purpose die when a new one is sent. */
export const retireCodes = (db: Executor, userId: number, purpose: OneTimeCodePurpose) =>
  db
    .updateTable('one_time_codes')
    .set({ consumed_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();

export const markCodeVerified = (db: Executor, id: number, resetTokenHash: string) =>
  db
    .updateTable('one_time_codes')
    .set({ verified_at: sql`now()`, reset_token_hash: resetTokenHash })
    .where('id', '=', id)
    .execute();

export const findMe = (db: Executor, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'),
    )
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.is_active',
      'u.company_id',
      'c.name as company_name',
      'c.is_verified',
      'c.is_marketing_enabled',
      'r.id as role_id',
      'r.display_name as role_name',
      'r.is_admin',
      'r.is_active as role_active',
      'r.permissions',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();

export async function pruneExpiredCredentials(db: Executor, before: Date) {
  await db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute();
}
