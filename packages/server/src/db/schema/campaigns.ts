import type { MessageStatus, RecurringFrequency, SkipReason } from '@b2b/domain/campaigns';
import type { CampaignMedium, CampaignStatus, CampaignType, RunStatus } from '@b2b/domain/statuses';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** Campaigns, their per-recipient messages, recurring campaigns and sending rules (migration 0075, issue 23). */
export interface MarketingSettingsTable {
  company_id: number;
  /** 'HH:MM:SS' as PostgreSQL prints a time. */
  quiet_hours_start: Auto<string>;
  quiet_hours_end: Auto<string>;
  email_per_minute: Auto<number>;
  sms_per_minute: Auto<number>;
  whatsapp_per_minute: Auto<number>;
  push_notification_per_minute: Auto<number>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface RecurringCampaignsTable {
  id: Auto<number>;
  company_id: number;
  title: string;
  purpose: CampaignType;
  medium: CampaignMedium;
  template_id: number;
  sales_channel_id: number | null;
  status: Auto<RunStatus>;
  frequency: RecurringFrequency;
  /** Dates: select them through a day() formatter (as referrals do); the driver parses a date as a Date. */
  start_date: string;
  end_date: string | null;
  send_time: Auto<string>;
  dates: Auto<string[]>;
  settings: Json<Record<string, number>>;
  /** bigint[]: node-postgres hands int8 arrays as strings; map them with Number. */
  list_ids: Auto<number[]>;
  buyer_group_ids: Auto<number[]>;
  variables: Json<Record<string, string>>;
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignsTable {
  id: Auto<number>;
  company_id: number;
  title: string;
  medium: CampaignMedium;
  campaign_type: Auto<CampaignType>;
  template_id: number;
  sales_channel_id: number | null;
  list_ids: Auto<number[]>;
  buyer_group_ids: Auto<number[]>;
  variables: Json<Record<string, string>>;
  status: Auto<CampaignStatus>;
  scheduled_at: Date | null;
  recurring_campaign_id: number | null;
  audience_size: Auto<number>;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  failure_reason: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignMessagesTable {
  id: Auto<number>;
  company_id: number;
  campaign_id: number;
  contact_id: number;
  medium: CampaignMedium;
  recipient: string | null;
  variables: Json<Record<string, string>>;
  status: Auto<MessageStatus>;
  skip_reason: SkipReason | null;
  provider_status: string | null;
  provider_message_id: string | null;
  attempts: Auto<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  claimed_at: Date | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  first_clicked_at: Date | null;
  click_count: Auto<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A receipt that came before its message's provider id was recorded (migration 0079). */
export interface CampaignEarlyReceiptsTable {
  id: Auto<number>;
  company_id: number;
  medium: CampaignMedium;
  provider_message_id: string;
  receipt: Json<{
    to: 'sent' | 'delivered' | 'read' | 'failed';
    providerStatus: string;
    at: string;
    error?: string;
    complaint?: boolean;
  }>;
  received_at: Timestamp;
}
