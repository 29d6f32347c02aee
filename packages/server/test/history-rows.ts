import type { SignedUpCompany } from './factories.ts';

type HistoryColumn = 'action' | 'user_id' | 'changes';

/** The history rows of one entity of the company's, oldest first, with the columns a test reads. */
export const historyRows = <Column extends HistoryColumn>(
  company: SignedUpCompany,
  entityType: string,
  entityId: number,
  columns: readonly Column[],
) =>
  company.t.server.ctx.db
    .selectFrom('history')
    .select(columns)
    .where('company_id', '=', company.companyId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
