import type { ShippingRuleKind } from '@b2b/domain/shipping-charges';
import type { Auto, Json, Paise, Timestamp } from './column-types.ts';

/** A slab as stored: its start in grams (by weight) or paise (by order value). */
export interface StoredShippingSlab {
  from: number;
  charge_paise: number;
}

export interface StoredPincodeZone {
  name: string;
  prefixes: string[];
  charge_paise: number;
}

/** A shipping charge rule (migration 0092, issue 26); domain shipping-charges.ts evaluates them. */
export interface ShippingRulesTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  /** null: every sales channel. */
  sales_channel_id: number | null;
  kind: ShippingRuleKind;
  charge_paise: Paise | null;
  slabs: Json<StoredShippingSlab[]>;
  zones: Json<StoredPincodeZone[]>;
  free_above_paise: Paise | null;
  position: Auto<number>;
  is_active: Auto<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
