import type { TaxType } from '@b2b/domain/reference-data';
import type { SalesChannelType } from '@b2b/domain/sales-channels';
import type { Auto, Timestamp } from './column-types.ts';

/** Reference data (migration 0002): taxes, units, payment terms and methods, shipping methods, sales channels. */

export interface TaxesTable {
  id: Auto<number>;
  company_id: number;
  type: TaxType;
  display_name: string;
  rate: number;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UnitsTable {
  id: Auto<number>;
  company_id: number;
  code: string;
  name: string;
  /** The GST Unique Quantity Code the unit is reported as (migration 0036). */
  uqc: string;
}

export interface PaymentTermsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  days: number;
}

export interface PaymentMethodsTable {
  id: Auto<number>;
  company_id: number;
  code: string;
  name: string;
  position: Auto<number>;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShippingMethodsTable {
  id: Auto<number>;
  company_id: number;
  code: string;
  name: string;
  is_active: Auto<boolean>;
}

export interface SalesChannelsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  display_name: string;
  /** admin, instore, web_store, mobile_app, whatsapp, marketplace or other (migration 0100). */
  channel_type: Auto<SalesChannelType>;
  is_active: Auto<boolean>;
  is_marketing_enabled: Auto<boolean>;
  /** Credentials of the channel's requests (migration 0048): the secret's SHA-256 only. */
  client_id: string | null;
  client_secret_hash: string | null;
  credentials_created_at: Timestamp | null;
  credentials_created_by: number | null;
  cart_abandon_after_hours: Auto<number>;
}
