import type { FastifyRequest } from 'fastify';
import type { ReportedUser } from '../core/ports/error-reporter.ts';

/**
 * Hands an unexpected error (a 5xx) to the error-reporting service with the signed-in user's id,
 * name and e-mail, after the answer has gone: the user never waits for the report. Nothing when no
 * service is configured.
 */
export function reportUnexpected(request: FastifyRequest, error: Error): void {
  const ctx = request.server.ctx;
  const reporter = ctx?.errorReporter;
  if (!reporter?.configured) return;
  const principal = request.principal;
  void (async () => {
    const user = principal ? await reportedUser(request, principal.companyId, principal.userId) : null;
    await reporter.report({
      error,
      user,
      companyId: principal?.companyId ?? null,
      request: { method: request.method, url: request.url.split('?')[0] ?? request.url, id: request.id },
    });
  })().catch((failure) => request.log.warn({ err: failure }, 'could not report an error'));
}

/**
 * The user's name and e-mail. Read here, below the modules, because the error handler is the one
 * place every request's failure passes; a failed read reports the id alone.
 */
async function reportedUser(
  request: FastifyRequest,
  companyId: number,
  userId: number,
): Promise<ReportedUser> {
  const row = await request.server.ctx.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
    .catch(() => undefined);
  const name = row ? `${row.first_name} ${row.last_name ?? ''}`.trim() : '';
  return { id: userId, name, email: row?.email ?? null };
}
