import type { ColumnType } from 'kysely';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** A question of a form as stored (domain customer-feedback.ts FeedbackQuestion). */
interface StoredQuestion {
  key: string;
  kind: 'text' | 'single_choice' | 'yes_no';
  label: string;
  required: boolean;
  options: string[];
}

interface StoredAnswer {
  key: string;
  kind: 'text' | 'single_choice' | 'yes_no';
  label: string;
  answer: string | boolean | null;
}

/** A feedback form: the rating and its questions (migration 0082). */
export interface FeedbackFormsTable {
  id: Auto<number>;
  company_id: number;
  title: string;
  intro: string | null;
  questions: Json<StoredQuestion[]>;
  is_active: Auto<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One buyer's (or contact's) link to answer a form, and its answer once given. */
export interface FeedbackRequestsTable {
  id: Auto<number>;
  company_id: number;
  form_id: number;
  form_title: string;
  form_intro: string | null;
  questions: Json<StoredQuestion[]>;
  token: string;
  source: 'delivery' | 'manual' | 'campaign' | 'instore';
  buyer_id: number | null;
  contact_id: number | null;
  invoice_id: number | null;
  shipment_id: number | null;
  /** A campaign's request: the campaign and the message that carries its link (migration 0089). */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
  campaign_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  recipient_email: string | null;
  email_queued: Auto<boolean>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  rating: number | null;
  answers: ColumnType<StoredAnswer[] | null, string | null | undefined, string | null>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: Timestamp;
}

/** A company's feedback settings; no row means the defaults. */
export interface FeedbackSettingsTable {
  company_id: number;
  send_after_delivery: Auto<boolean>;
  /** Ask the buyer of a counter (in-store) sale, in the sale's transaction (migration 0089). */
  send_after_instore_sale: Auto<boolean>;
  default_form_id: number | null;
  low_rating_threshold: Auto<number>;
  link_valid_days: Auto<number>;
  google_review_url: string | null;
  updated_by: number | null;
  updated_at: Timestamp;
}
