import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

// Carts of the sales channels (migration 0048).

export type CartStatus = 'open' | 'checked_out' | 'abandoned';

export interface CartsTable {
  id: Auto<number>;
  company_id: number;
  sales_channel_id: number;
  buyer_id: number;
  status: Auto<CartStatus>;
  coupon_code: string | null;
  value_paise: Paise;
  last_activity_at: Timestamp;
  abandoned_at: Timestamp | null;
  checked_out_at: Timestamp | null;
  order_id: number | null;
  checkout_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: Auto<number>;
  company_id: number;
  cart_id: number;
  product_id: number;
  quantity: Quantity;
  created_at: Timestamp;
  updated_at: Timestamp;
}
