import { TEMPLATE_SYNC_MESSAGES, type TemplateStatusSyncOutput } from '@b2b/domain/api/templates';
import type { WhatsappTemplateStatus } from '@b2b/domain/templates';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fetchCloudTemplates } from '../campaigns/senders/whatsapp.sender.ts';
import { type HistoryActor, historyWriter } from '../history/history.service.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import { openedMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import * as queries from './templates.queries.ts';
import { TEMPLATE_ENTITY } from './templates.service.ts';

/**
 * WhatsApp templates' review statuses read back from Meta (issue 23). Meta reviews every template
 * before a business may send it, and may later pause or disable it for low quality; the campaigns
 * refuse a template that is not 'approved' (campaigns.service templateOf). The statuses come from
 * the Cloud API's template list of the company's WhatsApp Business Account (whatsapp.sender.ts
 * fetchCloudTemplates), matched by Meta template name and language. Run from the template page's
 * 'Sync status' button and every 30 minutes by templates.jobs.ts.
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;

const recordTemplateHistory = historyWriter(TEMPLATE_ENTITY);

/** Meta's status words as the template's status; a word not listed leaves the status as it is. */
const META_STATUSES: Record<string, WhatsappTemplateStatus> = {
  APPROVED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
};

export const metaTemplateStatus = (status: string): WhatsappTemplateStatus | null =>
  META_STATUSES[status.toUpperCase()] ?? null;

/** Meta's rejection reason codes, said as sentences. */
const REJECTION_REASONS: Record<string, string> = {
  ABUSIVE_CONTENT: 'Meta found abusive content in it.',
  INVALID_FORMAT: 'Meta found the format invalid (variables, length or formatting).',
  PROMOTIONAL: 'Meta judged it promotional for its category.',
  TAG_CONTENT_MISMATCH: 'Its content does not match its category.',
  INCORRECT_CATEGORY: 'Its category does not fit its content.',
  SCAM: 'Meta judged it a possible scam.',
};

/** The rejection reason shown with a rejected template; none when Meta gives none. */
export function rejectionReason(code: string | null): string | null {
  const word = code?.trim().toUpperCase();
  if (!word || word === 'NONE') return null;
  return REJECTION_REASONS[word] ?? `Meta rejected it: ${word.toLowerCase().replaceAll('_', ' ')}.`;
}

/**
 * Reads the company's template list from Meta and records each WhatsApp template's status (and
 * the reason of a rejection) where it changed, with a history row each, in one transaction.
 * WhatsApp not configured: 409 with a sentence; Meta unreachable or refusing: 502 with its answer.
 */
export async function syncWhatsappStatuses(options: {
  ctx: Context;
  companyId: number;
  actor: HistoryActor;
}): Promise<TemplateStatusSyncOutput> {
  const { ctx, companyId, actor } = options;
  const settings = await openedMedium(ctx, companyId, 'whatsapp');
  if (!settings?.is_enabled || !settings.business_account_id || !settings.access_token)
    throw new AppError('conflict', TEMPLATE_SYNC_MESSAGES.not_configured);
  // Read before the transaction: no lock is held while Meta answers.
  const subject = { companyId, integration: 'whatsapp', operation: 'sync_template_statuses' };
  const answer = await loggedIntegrationCall(ctx.db, subject, async () => {
    const read = await fetchCloudTemplates(settings);
    if ('error' in read) throw new AppError('bad_gateway', read.error);
    return read;
  });
  const atMeta = new Map(answer.templates.map((t) => [`${t.name}\u0000${t.language}`, t]));

  return inTransaction(ctx.db, async (tx) => {
    const ours = await queries.lockWhatsappTemplates(tx, companyId);
    const notFound: string[] = [];
    let changed = 0;
    for (const template of ours) {
      const meta = atMeta.get(`${template.meta_template_name}\u0000${template.language}`);
      const status = meta ? metaTemplateStatus(meta.status) : null;
      if (!meta || !status) {
        if (!meta) notFound.push(`${template.meta_template_name} (${template.language})`);
        continue;
      }
      const reason = status === 'rejected' ? rejectionReason(meta.rejected_reason) : null;
      if (status === template.whatsapp_status && reason === template.rejection_reason) continue;
      await queries.setWhatsappStatus(tx, companyId, template.id, status, reason);
      await recordTemplateHistory(tx, actor, template.id, 'whatsapp_status_synced', {
        whatsapp_status: { from: template.whatsapp_status, to: status },
        ...(reason !== null && { rejection_reason: reason }),
        meta_status: meta.status,
      });
      changed += 1;
    }
    return {
      checked: ours.length,
      changed,
      not_found: notFound,
      message: TEMPLATE_SYNC_MESSAGES.synced(ours.length, changed),
    };
  });
}

/**
 * The job's round: every company with live WhatsApp templates and WhatsApp configured. A company
 * whose medium is not set up is passed over; one whose sync fails is logged and the next goes on.
 */
export async function syncAllWhatsappStatuses(ctx: Context): Promise<{ companies: number; failed: number }> {
  const companies = await queries.companiesWithWhatsappTemplates(ctx.db);
  let synced = 0;
  let failed = 0;
  for (const companyId of companies) {
    try {
      await syncWhatsappStatuses({ ctx, companyId, actor: { companyId, userId: null } });
      synced += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') continue;
      failed += 1;
      console.error(`[templates] WhatsApp status sync of company ${companyId}:`, (error as Error).message);
    }
  }
  return { companies: synced, failed };
}
