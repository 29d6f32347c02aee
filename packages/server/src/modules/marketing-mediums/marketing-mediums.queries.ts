import type { MarketingMedium } from '@b2b/domain/api/marketing-mediums';
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

type Settings = Record<string, string | number | boolean | null>;

/** The company's saved mediums with the name of who saved each last. */
export const mediumsOf = (db: Executor, companyId: number) =>
  db
    .selectFrom('marketing_mediums as m')
    .leftJoin('users as u', 'u.id', 'm.updated_by')
    .select([
      'm.medium',
      'm.settings',
      'm.sealed_secrets',
      'm.is_enabled',
      'm.last_test_ok',
      'm.last_test_message',
      'm.last_tested_at',
      'm.updated_at',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('updated_by_name'),
    ])
    .where('m.company_id', '=', companyId)
    .execute();

export type MediumRow = Awaited<ReturnType<typeof mediumsOf>>[number];

/** The row of one medium, locked for a change (nothing to lock when there is none yet). */
export const lockMedium = (db: Executor, companyId: number, medium: MarketingMedium) =>
  db
    .selectFrom('marketing_mediums')
    .select(['settings', 'sealed_secrets', 'is_enabled'])
    .where('company_id', '=', companyId)
    .where('medium', '=', medium)
    .forUpdate()
    .executeTakeFirst();

export const saveMedium = (
  db: Executor,
  values: {
    companyId: number;
    medium: MarketingMedium;
    settings: Settings;
    sealedSecrets: Record<string, string>;
    isEnabled: boolean;
    userId: number;
  },
) =>
  db
    .insertInto('marketing_mediums')
    .values({
      company_id: values.companyId,
      medium: values.medium,
      settings: JSON.stringify(values.settings),
      sealed_secrets: JSON.stringify(values.sealedSecrets),
      is_enabled: values.isEnabled,
      updated_by: values.userId,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'medium']).doUpdateSet({
        settings: JSON.stringify(values.settings),
        sealed_secrets: JSON.stringify(values.sealedSecrets),
        is_enabled: values.isEnabled,
        updated_by: values.userId,
        updated_at: sql`now()`,
        // A changed configuration has not been tested yet.
        last_test_ok: null,
        last_test_message: null,
        last_tested_at: null,
      }),
    )
    .execute();

export const deleteMedium = (db: Executor, companyId: number, medium: MarketingMedium) =>
  db
    .deleteFrom('marketing_mediums')
    .where('company_id', '=', companyId)
    .where('medium', '=', medium)
    .executeTakeFirst();

export const recordTest = (
  db: Executor,
  companyId: number,
  medium: MarketingMedium,
  result: { ok: boolean; message: string },
) =>
  db
    .updateTable('marketing_mediums')
    .set({ last_test_ok: result.ok, last_test_message: result.message, last_tested_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('medium', '=', medium)
    .execute();
