import type { ColumnType } from 'kysely';
import type { Auto, Timestamp } from './column-types.ts';

/** Migration 0047: the referral program, buyers' referral codes and referrals. */

export type ReferralRewardType = 'none' | 'cashpoints' | 'coupon';
export type ReferralStatusColumn =
  | 'invited'
  | 'signed_up'
  | 'first_order'
  | 'rewarded'
  | 'expired'
  | 'cancelled';

type Day = ColumnType<string | null, string | null | undefined, string | null>;
type Points = ColumnType<number | null, number | string | null | undefined, number | string | null>;

export interface ReferralProgramsTable {
  company_id: number;
  is_active: Auto<boolean>;
  referrer_reward_type: ColumnType<ReferralRewardType, ReferralRewardType | undefined, ReferralRewardType>;
  referrer_points: Points;
  referrer_validity_days: number | null;
  referrer_offer_id: number | null;
  referred_reward_type: ColumnType<ReferralRewardType, ReferralRewardType | undefined, ReferralRewardType>;
  referred_points: Points;
  referred_validity_days: number | null;
  referred_offer_id: number | null;
  min_first_order_paise: Auto<number>;
  start_date: Day;
  end_date: Day;
  code_prefix: string | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferralCodesTable {
  company_id: number;
  buyer_id: number;
  code: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface ReferralsTable {
  id: Auto<number>;
  company_id: number;
  referrer_buyer_id: number;
  referral_code: string;
  referred_buyer_id: number | null;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  status: ColumnType<ReferralStatusColumn, ReferralStatusColumn | undefined, ReferralStatusColumn>;
  order_id: number | null;
  referrer_points: Points;
  referrer_cashpoint_entry_id: number | null;
  referrer_coupon_code: string | null;
  referred_points: Points;
  referred_cashpoint_entry_id: number | null;
  referred_coupon_code: string | null;
  invited_at: Timestamp;
  signed_up_at: Timestamp | null;
  first_order_at: Timestamp | null;
  rewarded_at: Timestamp | null;
  closed_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
