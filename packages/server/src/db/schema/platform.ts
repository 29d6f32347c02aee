import type { AddressOwnerType } from '@b2b/domain/api/addresses';
import type { ConfigurationType } from '@b2b/domain/api/companies';
import type { NotificationType } from '@b2b/domain/statuses';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** Platform tables (migration 0001): companies, their branches, warehouses, users and sessions, configurations, history, comments and notifications. */

export interface StatesTable {
  id: number;
  name: string;
  gst_code: string;
}

export interface CitiesTable {
  id: Auto<number>;
  state_id: number;
  name: string;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Auto<Date>;
}

export interface CompaniesTable {
  /** Migration 0049: bumped with every change to the company's offers (the offer rules cache). */
  offers_version: Auto<number>;
  id: Auto<number>;
  name: string;
  display_name: string | null;
  gstin: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  logo: string | null;
  /** Migration 0099: the signature image the documents print (a file-storage key). */
  print_signature: ColumnType<string | null, string | null | undefined, string | null>;
  is_verified: Auto<boolean>;
  is_order_auto_confirm: Auto<boolean>;
  is_bill_auto_received: Auto<boolean>;
  apply_credit_limit_restriction: Auto<boolean>;
  is_marketing_enabled: Auto<boolean>;
  sales_order: Json;
  tds_configuration: Json;
  /** Migration 0084: the UTM parameters of the sign-up (each key's unique values, comma-joined). */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_ad: string | null;
  utm_adgp: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AddressesTable {
  id: Auto<number>;
  company_id: number;
  owner_type: AddressOwnerType;
  owner_id: number;
  address_type: ColumnType<string, string | undefined, string>;
  address_line_1: string;
  address_line_2: string | null;
  landmark: string | null;
  city: string;
  state_id: number;
  pincode: string;
  is_visible: Auto<boolean>;
  is_deleted: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BranchesTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  gstin: string | null;
  contact_person_name: string | null;
  contact_person_email: string | null;
  contact_person_phone: string | null;
  is_active: Auto<boolean>;
  round_off_enabled: Auto<boolean>;
  /** The branch's invoice series (MUM -> MUM/2627/00001); given at its first invoice when unset. */
  invoice_series: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WarehousesTable {
  id: Auto<number>;
  company_id: number;
  branch_id: number;
  name: string;
  tally_warehouse_name: string | null;
  contact_person_name: string | null;
  contact_person_phone: string | null;
  position: Auto<number>;
  is_active: Auto<boolean>;
  is_private: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Auto<number>;
  company_id: number;
  display_name: string;
  description: Auto<string>;
  is_admin: Auto<boolean>;
  is_active: Auto<boolean>;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Auto<number>;
  company_id: number;
  first_name: string;
  last_name: Auto<string>;
  email: string;
  phone: string | null;
  password_hash: string;
  role_id: number;
  is_active: Auto<boolean>;
  last_login_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserBranchesTable {
  company_id: number;
  user_id: number;
  branch_id: number;
  created_at: Timestamp;
}

export interface AuthSessionsTable {
  id: string;
  company_id: number;
  user_id: number;
  created_at: Timestamp;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  company_id: number;
  expires_at: Date;
  rotated_at: Date | null;
  created_at: Timestamp;
}

export type OneTimeCodePurpose = 'signup_verify' | 'login' | 'reset_password';

export interface OneTimeCodesTable {
  id: Auto<number>;
  user_id: number;
  purpose: OneTimeCodePurpose;
  verification_token_hash: string;
  code_hash: string;
  attempts: Auto<number>;
  expires_at: Date;
  consumed_at: Date | null;
  verified_at: Date | null;
  reset_token_hash: string | null;
  created_at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Date;
  hits: Auto<number>;
}

export type { ConfigurationType };

export interface CompanyConfigurationsTable {
  id: Auto<number>;
  company_id: number;
  configuration_type: ConfigurationType;
  configurations: Json;
  is_enabled: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TermsAndConditionsTable {
  id: Auto<number>;
  company_id: number;
  terms: Auto<string>;
  /** Migration 0084: the Policy page's privacy policy. */
  privacy_policy: Auto<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationContactsTable {
  id: Auto<number>;
  company_id: number;
  branch_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  created_at: Timestamp;
}

export interface HistoryTable {
  id: Auto<number>;
  company_id: number;
  entity_type: string;
  entity_id: number;
  action: string;
  user_id: number | null;
  changes: Json;
  created_at: Timestamp;
}

export interface DocumentSequencesTable {
  company_id: number;
  document_type: string;
  prefix: string;
  next_value: Auto<number>;
  updated_at: Timestamp;
}

/** Notifications of the bell panel (migration 0019); open while resolved_at is null. */
export interface NotificationsTable {
  id: Auto<number>;
  company_id: number;
  /** The spec's "timestamp", at millisecond precision. */
  created_at: Timestamp;
  service: string;
  notification_type: NotificationType;
  message: string;
  dedupe_key: string | null;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: number | null;
  /** Only holders of this permission see it (migration 0082); null: every user of the company. */
  permission: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommentsTable {
  id: Auto<number>;
  company_id: number;
  entity_type: string;
  entity_id: number;
  comment: string;
  user_id: number | null;
  created_at: Timestamp;
}
