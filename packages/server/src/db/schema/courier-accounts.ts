import type { Auto, Timestamp } from './column-types.ts';

/** A company's courier account (migration 0100, issue 26); the token is sealed (core/secret-box.ts). */
export interface CourierAccountsTable {
  id: Auto<number>;
  company_id: number;
  courier_name: string;
  api_base_url: string;
  sealed_api_token: string;
  is_active: Auto<boolean>;
  last_checked_at: Timestamp | null;
  last_check_ok: boolean | null;
  last_check_message: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
