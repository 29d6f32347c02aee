import type { Executor } from '../../db/transaction.ts';

/** The company's marketing switch (false for no company). */
export async function isMarketingEnabled(db: Executor, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('is_marketing_enabled')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.is_marketing_enabled ?? false;
}
