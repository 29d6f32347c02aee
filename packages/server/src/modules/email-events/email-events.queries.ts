import type { Executor } from '../../db/transaction.ts';

/** The company's e-mail message with that Message-ID, locked for its report, with its contact. */
export const lockEmailMessage = (db: Executor, companyId: number, messageId: string) =>
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
    .where('medium', '=', 'email')
    .where('provider_message_id', '=', messageId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
