import type { ColumnType } from 'kysely';
import type { Auto, Paise, Timestamp } from './column-types.ts';

/** A calendar day: written as 'YYYY-MM-DD'; read it with to_char (the driver would make a Date). */
type Day = ColumnType<string, string, string>;
type OptionalDay = ColumnType<string | null, string | null | undefined, string | null>;

/** A prospective buyer worked by a sales person (migration 0081). */
export interface LeadsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  contact_person_name: string | null;
  phone: string | null;
  email: string | null;
  gst_number: string | null;
  source: Auto<'campaign' | 'url' | 'walk_in' | 'referral' | 'import'>;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_ad: string | null;
  utm_adgp: string | null;
  sales_person_id: number | null;
  status: Auto<string>;
  next_follow_up_date: OptionalDay;
  notes: string | null;
  buyer_id: number | null;
  /** The existing buyer this lead follows up (a lapsed buyer to call back, migration 0088). */
  existing_buyer_id: number | null;
  converted_at: Date | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LeadVisitsTable {
  id: Auto<number>;
  company_id: number;
  lead_id: number;
  visited_at: Timestamp;
  location: string | null;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  outcome: string;
  notes: string | null;
  next_step: string | null;
  next_follow_up_date: OptionalDay;
  created_by: number | null;
  created_at: Timestamp;
}

export interface LeadTransactionsTable {
  id: Auto<number>;
  company_id: number;
  lead_id: number;
  kind: 'sample_order' | 'payment';
  amount_paise: Paise;
  transaction_date: Day;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface LeadInventoryExposuresTable {
  id: Auto<number>;
  company_id: number;
  lead_id: number;
  token: string;
  expires_on: Day;
  created_by: number | null;
  created_at: Timestamp;
}

export interface LeadInventoryExposureProductsTable {
  company_id: number;
  exposure_id: number;
  product_id: number;
}
