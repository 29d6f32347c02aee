import { sql } from 'kysely';
import type { ConfigurationType } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export const insertCompany = (
  db: Executor,
  values: {
    name: string;
    gstin?: string | null;
    email: string;
    phone?: string | null;
    is_verified?: boolean;
  } & Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_ad' | 'utm_adgp', string | null>>,
) => db.insertInto('companies').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();

export const findCompany = (db: Executor, companyId: number) =>
  db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();

export const findCompanyForUpdate = (db: Executor, companyId: number) =>
  db.selectFrom('companies').selectAll().where('id', '=', companyId).forUpdate().executeTakeFirst();

export const markCompanyVerified = (db: Executor, companyId: number) =>
  db
    .updateTable('companies')
    .set({ is_verified: true, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .execute();

export type CompanyChanges = Partial<{
  name: string;
  display_name: string | null;
  gstin: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  is_order_auto_confirm: boolean;
  is_bill_auto_received: boolean;
  apply_credit_limit_restriction: boolean;
  is_marketing_enabled: boolean;
  sales_order: string;
  tds_configuration: string;
}>;

export const updateCompany = (db: Executor, companyId: number, changes: CompanyChanges) =>
  db
    .updateTable('companies')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const listNotificationContacts = (db: Executor, companyId: number) =>
  db
    .selectFrom('notification_contacts')
    .select(['id', 'name', 'email', 'phone'])
    .where('company_id', '=', companyId)
    .where('branch_id', 'is', null)
    .orderBy('id')
    .execute();

export async function replaceNotificationContacts(
  db: Executor,
  companyId: number,
  contacts: { name: string; email?: string | null; phone?: string | null }[],
) {
  await db
    .deleteFrom('notification_contacts')
    .where('company_id', '=', companyId)
    .where('branch_id', 'is', null)
    .execute();
  if (contacts.length) {
    await db
      .insertInto('notification_contacts')
      .values(
        contacts.map((c) => ({
          company_id: companyId,
          name: c.name,
          email: c.email ?? null,
          phone: c.phone ?? null,
        })),
      )
      .execute();
  }
}

const configurationColumns = ['id', 'configuration_type', 'configurations', 'is_enabled'] as const;

export const listConfigurations = (db: Executor, companyId: number, type?: ConfigurationType) => {
  let query = db
    .selectFrom('company_configurations')
    .select(configurationColumns)
    .where('company_id', '=', companyId);
  if (type) query = query.where('configuration_type', '=', type);
  return query.orderBy('id').execute();
};

export const insertConfiguration = (
  db: Executor,
  companyId: number,
  values: {
    configuration_type: ConfigurationType;
    configurations: Record<string, unknown>;
    is_enabled: boolean;
  },
) =>
  db
    .insertInto('company_configurations')
    .values({ company_id: companyId, ...values, configurations: JSON.stringify(values.configurations) })
    .onConflict((oc) => oc.columns(['company_id', 'configuration_type']).doNothing())
    .returning(configurationColumns)
    .executeTakeFirst();

export const updateConfiguration = (
  db: Executor,
  companyId: number,
  id: number,
  changes: { configurations?: Record<string, unknown>; is_enabled?: boolean },
) =>
  db
    .updateTable('company_configurations')
    .set({
      ...(changes.configurations ? { configurations: JSON.stringify(changes.configurations) } : {}),
      ...(changes.is_enabled !== undefined ? { is_enabled: changes.is_enabled } : {}),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(configurationColumns)
    .executeTakeFirst();

export const findTerms = (db: Executor, companyId: number) =>
  db
    .selectFrom('terms_and_conditions')
    .select(['id', 'terms', 'updated_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export const upsertTerms = (db: Executor, companyId: number, terms: string) =>
  db
    .insertInto('terms_and_conditions')
    .values({ company_id: companyId, terms })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ terms, updated_at: sql`now()` }))
    .returning(['id', 'terms', 'updated_at'])
    .executeTakeFirstOrThrow();

/** The Policy page's texts: the terms and the privacy policy (one row per company, shared with the terms). */
export const findPolicy = (db: Executor, companyId: number) =>
  db
    .selectFrom('terms_and_conditions')
    .select(['terms', 'privacy_policy', 'updated_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export const upsertPolicy = (
  db: Executor,
  companyId: number,
  policy: { terms: string; privacy_policy: string },
) =>
  db
    .insertInto('terms_and_conditions')
    .values({ company_id: companyId, ...policy })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...policy, updated_at: sql`now()` }))
    .returning(['terms', 'privacy_policy', 'updated_at'])
    .executeTakeFirstOrThrow();

/** The company's logo, or the signature image print_configuration prints (migration 0099): a file-storage key. */
export const setCompanyImage = (
  db: Executor,
  companyId: number,
  column: 'logo' | 'print_signature',
  key: string | null,
) =>
  db
    .updateTable('companies')
    .set({ [column]: key, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .execute();

const contactColumns = ['id', 'name', 'email', 'phone'] as const;

export const insertNotificationContact = (
  db: Executor,
  companyId: number,
  contact: { name: string; email?: string | null; phone?: string | null },
) =>
  db
    .insertInto('notification_contacts')
    .values({
      company_id: companyId,
      name: contact.name,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
    })
    .returning(contactColumns)
    .executeTakeFirstOrThrow();

export const updateNotificationContact = (
  db: Executor,
  companyId: number,
  id: number,
  changes: { name?: string; email?: string | null; phone?: string | null },
) =>
  db
    .updateTable('notification_contacts')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('branch_id', 'is', null)
    .returning(contactColumns)
    .executeTakeFirst();

export const findNotificationContact = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('notification_contacts')
    .select(contactColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('branch_id', 'is', null)
    .executeTakeFirst();

export const deleteNotificationContact = (db: Executor, companyId: number, id: number) =>
  db
    .deleteFrom('notification_contacts')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('branch_id', 'is', null)
    .executeTakeFirst();
