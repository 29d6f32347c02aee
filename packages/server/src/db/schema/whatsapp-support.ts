import type { ColumnType } from 'kysely';
import type { Auto, Json, Timestamp } from './column-types.ts';

type OptionalTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A WhatsApp number of a customer talking to the company (migration 0083, issue 24). */
export interface WhatsappConversationsTable {
  id: Auto<number>;
  company_id: number;
  wa_number: string;
  profile_name: string | null;
  buyer_id: number | null;
  contact_id: number | null;
  status: Auto<'open' | 'closed'>;
  assigned_user_id: number | null;
  unread_count: Auto<number>;
  last_message_at: OptionalTime;
  last_message_preview: string | null;
  last_incoming_at: OptionalTime;
  closed_at: OptionalTime;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SupportMessageStatus = 'received' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

/** One message of a conversation, either way. */
export interface WhatsappMessagesTable {
  id: Auto<number>;
  company_id: number;
  conversation_id: number;
  direction: 'incoming' | 'outgoing';
  wa_message_id: string | null;
  message_type: string;
  body: string;
  template_id: number | null;
  status: SupportMessageStatus;
  error: string | null;
  sent_by: number | null;
  sent_at: Timestamp;
  delivered_at: OptionalTime;
  read_at: OptionalTime;
  failed_at: OptionalTime;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportHoursRow {
  weekday: string;
  is_open: boolean;
  opens: string | null;
  closes: string | null;
}

export interface SupportFaqRow {
  question: string;
  answer: string;
}

/** The company's support contacts, hours and FAQ (one row per company). */
export interface SupportCentersTable {
  company_id: number;
  phone: string | null;
  email: string | null;
  whatsapp_number: string | null;
  hours: Json<SupportHoursRow[]>;
  faqs: Json<SupportFaqRow[]>;
  updated_by: number | null;
  updated_at: Timestamp;
}
