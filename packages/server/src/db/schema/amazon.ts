import type { Auto, Json, Timestamp } from './column-types.ts';

/** A company's Amazon seller account (migration 0098); the refresh token sealed (core/secret-box.ts). */
export interface AmazonConnectionsTable {
  company_id: number;
  status: 'pending' | 'connected' | 'disconnected';
  selling_partner_id: string | null;
  refresh_token_sealed: string | null;
  oauth_state_hash: string | null;
  oauth_state_expires_at: Timestamp | null;
  sales_channel_id: number | null;
  buyer_id: number | null;
  warehouse_id: number | null;
  orders_imported_through: Timestamp | null;
  last_stock_push_at: Timestamp | null;
  connected_at: Timestamp | null;
  connected_by: number | null;
  updated_at: Timestamp;
}

/** An Amazon order imported, with the order it became: the import's idempotency key. */
export interface AmazonOrdersTable {
  company_id: number;
  amazon_order_id: string;
  order_id: number;
  purchase_date: Timestamp | null;
  imported_at: Timestamp;
}

/** A product sold on Amazon under its SKU, whose stock is pushed back. */
export interface AmazonListingsTable {
  company_id: number;
  product_id: number;
  sku: string;
  last_pushed_quantity: number | null;
  last_pushed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AmazonSyncLogsTable {
  id: Auto<number>;
  company_id: number;
  kind: 'import_orders' | 'push_stock';
  trigger: 'manual' | 'schedule' | 'stock_change';
  ok: Auto<boolean>;
  orders_imported: Auto<number>;
  orders_skipped: Auto<number>;
  orders_failed: Auto<number>;
  listings_pushed: Auto<number>;
  listings_failed: Auto<number>;
  problems: Json<string[]>;
  error: string | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}
