import type { TemplateMedium, WhatsappTemplateStatus } from '@b2b/domain/templates';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { TemplatesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/** A template as the API shows it, with the names of who created and last changed it. */
const templateSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('templates as t')
    .leftJoin('users as cu', 'cu.id', 't.created_by')
    .leftJoin('users as uu', 'uu.id', 't.updated_by')
    .selectAll('t')
    .select([
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'uu.first_name as updated_by_first_name',
      'uu.last_name as updated_by_last_name',
    ])
    .where('t.company_id', '=', companyId);

export type TemplateRow = Awaited<ReturnType<ReturnType<typeof templateSelect>['executeTakeFirstOrThrow']>>;

/** A template of the company, archived or not. */
export const findTemplate = (db: Executor, companyId: number, id: number) =>
  templateSelect(db, companyId).where('t.id', '=', id).executeTakeFirst();

/** Holds a live template until the transaction ends: its edits and its archiving take turns. */
export const lockTemplate = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** Another live template of the medium with this name, in any case. */
export const templateWithName = (
  db: Executor,
  companyId: number,
  medium: TemplateMedium,
  name: string,
  exceptId?: number,
) =>
  db
    .selectFrom('templates')
    .select('id')
    .where('company_id', '=', companyId)
    .where('medium', '=', medium)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where('archived_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();

export type TemplateValues = Omit<Insertable<TemplatesTable>, 'company_id' | 'id'>;

export const insertTemplate = (db: Executor, companyId: number, values: TemplateValues) =>
  db
    .insertInto('templates')
    .values({ ...values, company_id: companyId, buttons: JSON.stringify(values.buttons ?? []) })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateTemplate = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<TemplatesTable>,
) =>
  db
    .updateTable('templates')
    .set({
      ...values,
      ...(values.buttons !== undefined && { buttons: JSON.stringify(values.buttons) }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const archiveTemplate = (db: Executor, companyId: number, id: number, userId: number | null) =>
  db
    .updateTable('templates')
    .set({ archived_at: sql`now()`, is_active: false, updated_by: userId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export interface TemplateFilter {
  search?: string;
  medium?: TemplateMedium;
  isActive?: boolean;
  whatsappStatus?: WhatsappTemplateStatus;
  archived?: boolean;
}

function filtered(db: Executor, companyId: number, filter: TemplateFilter) {
  return templateSelect(db, companyId)
    .$if(!filter.archived, (q) => q.where('t.archived_at', 'is', null))
    .$if(filter.archived === true, (q) => q.where('t.archived_at', 'is not', null))
    .$if(filter.medium !== undefined, (q) => q.where('t.medium', '=', filter.medium as TemplateMedium))
    .$if(filter.isActive !== undefined, (q) => q.where('t.is_active', '=', filter.isActive as boolean))
    .$if(filter.whatsappStatus !== undefined, (q) =>
      q.where('t.whatsapp_status', '=', filter.whatsappStatus as WhatsappTemplateStatus),
    )
    .$if(!!filter.search, (q) =>
      q.where((eb) =>
        eb.or([
          eb('t.name', 'ilike', containing(filter.search as string)),
          eb('t.subject', 'ilike', containing(filter.search as string)),
          eb('t.meta_template_name', 'ilike', containing(filter.search as string)),
        ]),
      ),
    );
}

/** The count of the filter's templates and one window of them in the sort's order. */
export async function listTemplates(
  db: Executor,
  companyId: number,
  filter: TemplateFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let rows = filtered(db, companyId, filter);
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  const [count, results] = await Promise.all([
    filtered(db, companyId, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('t.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(count.n), results };
}

/** The company's live WhatsApp templates, held until the transaction ends (a status sync). */
export const lockWhatsappTemplates = (db: Executor, companyId: number) =>
  db
    .selectFrom('templates')
    .select(['id', 'meta_template_name', 'language', 'whatsapp_status', 'rejection_reason'])
    .where('company_id', '=', companyId)
    .where('medium', '=', 'whatsapp')
    .where('archived_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();

/** A status read back from Meta: not an edit, so who last changed the template stays. */
export const setWhatsappStatus = (
  db: Executor,
  companyId: number,
  id: number,
  status: WhatsappTemplateStatus,
  rejectionReason: string | null,
) =>
  db
    .updateTable('templates')
    .set({ whatsapp_status: status, rejection_reason: rejectionReason, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** The companies with live WhatsApp templates (the periodic status sync goes through them). */
export async function companiesWithWhatsappTemplates(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('templates')
    .select('company_id')
    .distinct()
    .where('medium', '=', 'whatsapp')
    .where('archived_at', 'is', null)
    .execute();
  return rows.map((r) => Number(r.company_id));
}
