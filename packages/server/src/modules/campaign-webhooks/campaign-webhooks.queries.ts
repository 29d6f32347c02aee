import type { CampaignMedium } from '@b2b/domain/statuses';
import type { Updateable } from 'kysely';
import type { CampaignMessagesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The company's message a provider's id names, locked for its receipt. A receipt naming another
 * company's message finds nothing: the company is always part of the key.
 */
export const lockMessageByProviderId = (
  db: Executor,
  companyId: number,
  medium: CampaignMedium,
  providerMessageId: string,
) =>
  db
    .selectFrom('campaign_messages')
    .select([
      'id',
      'contact_id',
      'status',
      'sent_at',
      'delivered_at',
      'read_at',
      'failed_at',
      'provider_status',
    ])
    .where('medium', '=', medium)
    .where('provider_message_id', '=', providerMessageId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

export type ReceiptTarget = NonNullable<Awaited<ReturnType<typeof lockMessageByProviderId>>>;

export const updateMessage = (
  db: Executor,
  companyId: number,
  id: number,
  patch: Updateable<CampaignMessagesTable>,
) =>
  db
    .updateTable('campaign_messages')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/**
 * The company's live contacts a number belongs to for a medium: SMS by the phone, WhatsApp by the
 * WhatsApp number (or the phone when none is given).
 */
export const contactsWithNumber = (
  db: Executor,
  companyId: number,
  medium: 'sms' | 'whatsapp',
  number: string,
) => {
  const query = db
    .selectFrom('contacts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  return (
    medium === 'sms'
      ? query.where('phone', '=', number)
      : query.where((eb) =>
          eb.or([
            eb('whatsapp_number', '=', number),
            eb.and([eb('whatsapp_number', 'is', null), eb('phone', '=', number)]),
          ]),
        )
  )
    .orderBy('id')
    .limit(100)
    .execute()
    .then((rows) => rows.map((r) => r.id));
};
