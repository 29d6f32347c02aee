import type { Auto, Timestamp } from './column-types.ts';

/** A web store browser's Web Push subscription (migration 0076). */
export interface PushSubscriptionsTable {
  id: Auto<number>;
  company_id: number;
  contact_id: number | null;
  buyer_id: number | null;
  sales_channel_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_success_at: Date | null;
  expired_at: Date | null;
}
