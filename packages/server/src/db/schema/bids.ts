import type { BidStatus } from '@b2b/domain/buyer-prices';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Timestamp } from './column-types.ts';

/** A product's price for a buyer group (migration 0046). */
export interface BuyerGroupPricesTable {
  company_id: number;
  buyer_group_id: number;
  product_id: number;
  price_paise: Paise;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A rate proposed for a product of a quotation below its buyer price (migration 0046). */
export interface QuotationBidsTable {
  id: Auto<number>;
  company_id: number;
  quotation_id: number;
  product_id: number;
  buyer_id: number;
  proposed_rate_paise: Paise;
  buyer_price_paise: Paise;
  floor_paise: Paise;
  status: ColumnType<BidStatus, BidStatus, BidStatus>;
  decided_by: number | null;
  decided_at: Date | string | null;
  reason: string | null;
  created_by: number | null;
  created_at: Timestamp;
  /** Migration 0051: the sales channel a buyer placed the bid through (created_by is then null). */
  sales_channel_id: ColumnType<number | null, number | null | undefined, number | null>;
}
