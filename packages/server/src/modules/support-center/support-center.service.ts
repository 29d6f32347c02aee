import {
  EMPTY_SUPPORT_HOURS,
  SUPPORT_CENTER_MESSAGES,
  type SupportCenterInput,
  type SupportCenterOutput,
} from '@b2b/domain/api/whatsapp-support';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './support-center.queries.ts';

/**
 * The support center (issue 24; /campaign-configuration/support-center): how buyers reach the
 * company (phone, e-mail, WhatsApp), its hours per weekday and its FAQ in order. Staff save it
 * whole; buyers read it on the storefront API.
 */

const recordSupportCenterHistory = historyWriter('support_center');

function present(row: queries.SupportCenterRow | undefined): SupportCenterOutput {
  if (!row)
    return {
      phone: null,
      email: null,
      whatsapp_number: null,
      hours: EMPTY_SUPPORT_HOURS,
      faqs: [],
      updated_at: null,
      updated_by_name: null,
    };
  const name = [row.updated_by_first_name, row.updated_by_last_name].filter(Boolean).join(' ');
  return {
    phone: row.phone,
    email: row.email,
    whatsapp_number: row.whatsapp_number,
    hours: row.hours.length === 7 ? (row.hours as SupportCenterOutput['hours']) : EMPTY_SUPPORT_HOURS,
    faqs: row.faqs,
    updated_at: row.updated_at,
    updated_by_name: name || null,
  };
}

export async function readSupportCenter(db: Executor, companyId: number): Promise<SupportCenterOutput> {
  return present(await queries.findSupportCenter(db, companyId));
}

/** What the company's buyers see: the same, without who edited it. */
export async function storefrontSupportCenter(db: Executor, companyId: number) {
  const { updated_at: _at, updated_by_name: _by, ...visible } = await readSupportCenter(db, companyId);
  return visible;
}

export async function saveSupportCenter(options: {
  db: Database;
  actor: Principal;
  input: SupportCenterInput;
}): Promise<{ detail: string; support_center: SupportCenterOutput }> {
  const { db, actor, input } = options;
  await inTransaction(db, async (tx) => {
    await queries.saveSupportCenter(tx, {
      company_id: actor.companyId,
      phone: input.phone,
      email: input.email,
      whatsapp_number: input.whatsapp_number,
      hours: JSON.stringify(input.hours),
      faqs: JSON.stringify(input.faqs),
      updated_by: actor.userId,
      updated_at: new Date(),
    });
    // Entity ids are numbers: the company's one support center is entity 1.
    await recordSupportCenterHistory(tx, actor, 1, 'updated', {
      phone: input.phone,
      email: input.email,
      whatsapp_number: input.whatsapp_number,
      hours: input.hours.map((d) =>
        d.is_open ? `${d.weekday} ${d.opens}-${d.closes}` : `${d.weekday} closed`,
      ),
      faqs: input.faqs.length,
    });
  });
  return {
    detail: SUPPORT_CENTER_MESSAGES.saved,
    support_center: await readSupportCenter(db, actor.companyId),
  };
}
