import {
  type TemplateCreate,
  type TemplateOutput,
  type TemplatePreviewOutput,
  type TemplateUpdate,
  templateCreate,
} from '@b2b/domain/api/templates';
import {
  dltTemplateText,
  htmlToText,
  metaTemplateNameOf,
  renderTemplate,
  SAMPLE_VALUES,
  TEMPLATE_MESSAGES,
  type TemplateContent,
  templateVariables,
  type WhatsappButton,
  whatsappPositional,
} from '@b2b/domain/templates';
import type { z } from 'zod';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import { sanitizeRichText } from '../../core/rich-text.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import * as queries from './templates.queries.ts';

export const TEMPLATE_ENTITY = 'template';
/** A template's history row, written in the transaction of the change. */
const recordTemplateHistory = historyWriter(TEMPLATE_ENTITY);

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

function present(row: queries.TemplateRow): TemplateOutput {
  return {
    id: row.id,
    medium: row.medium,
    name: row.name,
    is_active: row.is_active,
    subject: row.subject,
    html_body: row.html_body,
    text_body: row.text_body,
    from_name: row.from_name,
    body: row.body,
    sender_header: row.sender_header,
    dlt_template_id: row.dlt_template_id,
    dlt_entity_id: row.dlt_entity_id,
    meta_template_name: row.meta_template_name,
    language: row.language,
    category: row.category,
    header_text: row.header_text,
    footer: row.footer,
    buttons: row.buttons,
    whatsapp_status: row.whatsapp_status,
    rejection_reason: row.rejection_reason,
    title: row.title,
    link_url: row.link_url,
    icon_url: row.icon_url,
    variables: templateVariables(row),
    archived_at: row.archived_at,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    updated_by: person(row.updated_by, row.updated_by_first_name, row.updated_by_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getTemplate(db: Executor, companyId: number, id: number): Promise<TemplateOutput> {
  const row = await queries.findTemplate(db, companyId, id);
  if (!row) throw notFound('Template');
  return present(row);
}

export async function listTemplates(
  db: Executor,
  companyId: number,
  filter: queries.TemplateFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const { count, results } = await queries.listTemplates(db, companyId, filter, sort, window);
  return { count, results: results.map(present) };
}

export async function templateHistory(db: Executor, companyId: number, id: number) {
  await getTemplate(db, companyId, id);
  return historyPage(db, companyId, TEMPLATE_ENTITY, id);
}

/** The stored columns of a checked template: its medium's fields, the others null. */
function columnsOf(input: TemplateCreate) {
  const none = {
    subject: null,
    html_body: null,
    text_body: null,
    from_name: null,
    body: null,
    sender_header: null,
    dlt_template_id: null,
    dlt_entity_id: null,
    meta_template_name: null,
    language: null,
    category: null,
    header_text: null,
    footer: null,
    buttons: [] as WhatsappButton[],
    title: null,
    link_url: null,
    icon_url: null,
  };
  const base = { ...none, medium: input.medium, name: input.name, is_active: input.is_active ?? true };
  switch (input.medium) {
    case 'email':
      return {
        ...base,
        subject: input.subject,
        html_body: input.html_body,
        // The plain-text part: as written, or made from the HTML (mail clients without HTML show it).
        text_body: input.text_body ?? htmlToText(input.html_body),
        from_name: input.from_name ?? null,
      };
    case 'sms':
      return {
        ...base,
        body: input.body,
        sender_header: input.sender_header,
        dlt_template_id: input.dlt_template_id,
        dlt_entity_id: input.dlt_entity_id,
      };
    case 'whatsapp':
      return {
        ...base,
        meta_template_name: input.meta_template_name ?? metaTemplateNameOf(input.name),
        language: input.language,
        category: input.category,
        header_text: input.header_text ?? null,
        body: input.body,
        footer: input.footer ?? null,
        buttons: input.buttons ?? [],
      };
    case 'push_notification':
      return {
        ...base,
        title: input.title,
        body: input.body,
        link_url: input.link_url ?? null,
        icon_url: input.icon_url ?? null,
      };
    default: {
      const unreachable: never = input;
      return unreachable;
    }
  }
}

type Columns = ReturnType<typeof columnsOf>;
type StoredTemplate = NonNullable<Awaited<ReturnType<typeof queries.lockTemplate>>>;

/** A stored template as the create schema takes it, for laying a PATCH over it. */
function inputOf(row: StoredTemplate): Record<string, unknown> {
  const common = { medium: row.medium, name: row.name, is_active: row.is_active };
  switch (row.medium) {
    case 'email':
      return {
        ...common,
        subject: row.subject,
        html_body: row.html_body,
        text_body: row.text_body,
        from_name: row.from_name,
      };
    case 'sms':
      return {
        ...common,
        body: row.body,
        sender_header: row.sender_header,
        dlt_template_id: row.dlt_template_id,
        dlt_entity_id: row.dlt_entity_id,
      };
    case 'whatsapp':
      return {
        ...common,
        meta_template_name: row.meta_template_name,
        language: row.language,
        category: row.category,
        header_text: row.header_text,
        body: row.body,
        footer: row.footer,
        buttons: row.buttons,
      };
    default:
      return { ...common, title: row.title, body: row.body, link_url: row.link_url, icon_url: row.icon_url };
  }
}

/** A template that fails its medium's schema: 400 with each field's first sentence. */
function checked(value: unknown): TemplateCreate {
  const parsed = templateCreate.safeParse(value);
  if (!parsed.success) throw refusal(parsed.error);
  return cleanHtml(parsed.data);
}

/**
 * An e-mail's HTML keeps only the markup the editor makes (core/rich-text.ts): the preview shows
 * it in the app, and mail clients get no script, style or foreign element from it.
 */
function cleanHtml(input: TemplateCreate): TemplateCreate {
  if (input.medium !== 'email') return input;
  const html = sanitizeRichText(input.html_body);
  if (html === null) throw validationError('html_body', TEMPLATE_MESSAGES.html_required);
  return { ...input, html_body: html };
}

function refusal(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'non_field_errors';
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  return new AppError('validation_error', error.issues[0]?.message ?? 'Field is invalid', { errors });
}

/** The unique key guards a race between two saves; the loser gets the same sentence. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error, 'templates_name_key'))
    throw validationError('name', TEMPLATE_MESSAGES.name_taken);
  throw error;
}

async function assertNameFree(tx: Executor, companyId: number, columns: Columns, exceptId?: number) {
  if (await queries.templateWithName(tx, companyId, columns.medium, columns.name, exceptId))
    throw validationError('name', TEMPLATE_MESSAGES.name_taken);
}

export async function createTemplate(options: {
  db: Database;
  actor: Principal;
  input: TemplateCreate;
}): Promise<TemplateOutput> {
  const { db, actor, input } = options;
  const columns = columnsOf(cleanHtml(input));
  const id = await inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.companyId, columns);
    const { id } = await queries
      .insertTemplate(tx, actor.companyId, {
        ...columns,
        // Until a provider reviews it at Meta, a WhatsApp template is pending.
        whatsapp_status: columns.medium === 'whatsapp' ? 'pending' : null,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .catch(uniqueRefusal);
    await recordTemplateHistory(tx, actor, id, 'created', columns);
    return id;
  });
  return getTemplate(db, actor.companyId, id);
}

/** JSON with sorted keys: jsonb gives the stored buttons back with their keys reordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields whose change sends an approved WhatsApp template back to Meta's review. */
const REVIEWED_FIELDS = ['language', 'category', 'header_text', 'body', 'footer', 'buttons'] as const;

export async function updateTemplate(options: {
  db: Database;
  actor: Principal;
  templateId: number;
  changes: TemplateUpdate;
}): Promise<TemplateOutput> {
  const { db, actor, templateId, changes } = options;
  await inTransaction(db, async (tx) => {
    const before = await queries.lockTemplate(tx, actor.companyId, templateId);
    if (!before) throw notFound('Template');
    if (changes.medium !== undefined && changes.medium !== before.medium)
      throw validationError('medium', TEMPLATE_MESSAGES.medium_fixed);
    const stored = inputOf(before);
    const merged: Record<string, unknown> = { ...stored, ...changes, medium: before.medium };
    // A plain-text part made from the HTML is made again from the new HTML; one written by hand stays.
    if (
      before.medium === 'email' &&
      changes.html_body !== undefined &&
      changes.text_body === undefined &&
      before.text_body === htmlToText(before.html_body ?? '')
    )
      merged.text_body = null;
    const after = columnsOf(checked(merged));
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      const old = (before as Record<string, unknown>)[key];
      if (canonical(value) !== canonical(old)) changed[key] = value;
    }
    if (Object.keys(changed).length === 0) return;
    if (changed.name !== undefined) await assertNameFree(tx, actor.companyId, after, templateId);
    const resubmit = before.medium === 'whatsapp' && REVIEWED_FIELDS.some((k) => k in changed);
    const review = resubmit ? { whatsapp_status: 'pending' as const, rejection_reason: null } : {};
    await queries
      .updateTemplate(tx, actor.companyId, templateId, { ...changed, ...review, updated_by: actor.userId })
      .catch(uniqueRefusal);
    await recordTemplateHistory(tx, actor, templateId, 'updated', { ...changed, ...review });
  });
  return getTemplate(db, actor.companyId, templateId);
}

/**
 * DELETE archives: the template leaves the lists and frees its name, but stays readable by id, so
 * the campaigns that sent it (issue 23's campaigns, later) keep naming what they sent.
 */
export async function archiveTemplate(options: { db: Database; actor: Principal; templateId: number }) {
  const { db, actor, templateId } = options;
  await inTransaction(db, async (tx) => {
    const before = await queries.lockTemplate(tx, actor.companyId, templateId);
    if (!before) throw notFound('Template');
    await queries.archiveTemplate(tx, actor.companyId, templateId, actor.userId);
    await recordTemplateHistory(tx, actor, templateId, 'archived');
  });
}

/** A template as the form holds it, filled with the sample contact's values (and any given). */
export function previewTemplate(
  template: TemplateCreate,
  values: Record<string, string> = {},
): TemplatePreviewOutput {
  const content: TemplateContent = template;
  const rendered = renderTemplate(content, { ...SAMPLE_VALUES, ...values });
  return {
    ...rendered,
    variables: templateVariables(content),
    whatsapp_positional: template.medium === 'whatsapp' ? whatsappPositional(template.body) : null,
    dlt_text: template.medium === 'sms' ? dltTemplateText(template.body) : null,
  };
}
