import type { DocumentAddressOutput, QuotationPurpose, QuotationStatus } from '@b2b/domain/api/sales-orders';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { InvoiceStatus } from '@b2b/domain/invoices';
import type { PaymentStatus, SalesOrderStatus } from '@b2b/domain/sales-orders';
import type { DiscountType } from '@b2b/domain/statuses';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Quantity, Timestamp } from './column-types.ts';

/** Sales documents (migration 0020): offers, quotations, sales orders and invoices, and the invoice series used. */

/** A series that has issued an invoice, and the branch it belongs to for good (issue 16). */
export interface UsedInvoiceSeriesTable {
  company_id: number;
  series: string;
  branch_id: number;
  first_invoice_number: string;
  first_used_at: Timestamp;
}

export type { InvoiceStatus, PaymentStatus };

/** What an invoice keeps of its seller when it is generated (the `seller` column). */
export interface SellerSnapshot {
  /** The company's registered (legal) name. */
  company_name: string;
  /** The name it trades under, when it has one besides. */
  trade_name: string | null;
  branch_id: number;
  branch_name: string;
  gstin: string | null;
  pan: string | null;
  address: DocumentAddressOutput | null;
  phone: string | null;
  email: string | null;
  bank: {
    account_name: string;
    bank_name: string;
    account_number: string;
    ifsc: string;
    branch: string | null;
    upi_id: string | null;
  } | null;
}

/** What an invoice keeps of its buyer (the `buyer` column). */
export interface BuyerSnapshot {
  name: string;
  gstin: string | null;
  email: string | null;
  phone: string | null;
}

export type OfferKind = 'product' | 'cart';
export type CouponMode = 'none' | 'shared' | 'unique';
export type OfferRewardType = 'discount' | 'cashpoints';

/** Migration 0020, extended by 0045 (the promotions engine; codes moved to offer_coupon_codes). */
export interface OffersTable {
  id: Auto<number>;
  company_id: number;
  kind: ColumnType<OfferKind, OfferKind | undefined, OfferKind>;
  title: string;
  description: string | null;
  terms: string | null;
  sales_channel_id: number | null;
  discount_type: DiscountType;
  discount_paise: number | null;
  discount_percent: Quantity | null;
  max_discount_paise: number | null;
  min_order_paise: Auto<number>;
  min_quantity: Quantity | null;
  first_order_only: Auto<boolean>;
  uses_per_buyer: number | null;
  max_amount_per_transaction_paise: Paise | null;
  max_amount_per_buyer_paise: Paise | null;
  total_uses_limit: number | null;
  budget_paise: Paise | null;
  coupon_mode: ColumnType<CouponMode, CouponMode | undefined, CouponMode>;
  coupon_length: number | null;
  coupon_prefix: string | null;
  coupon_suffix: string | null;
  reward_type: ColumnType<OfferRewardType, OfferRewardType | undefined, OfferRewardType>;
  cashpoint_min_discount_paise: Paise | null;
  start_date: string | null;
  end_date: string | null;
  is_active: Auto<boolean>;
  is_visible_to_customers: Auto<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OfferCouponCodesTable {
  id: Auto<number>;
  company_id: number;
  offer_id: number;
  code: string;
  max_uses: number | null;
  created_at: Timestamp;
}

export interface OfferBuyerGroupsTable {
  company_id: number;
  offer_id: number;
  buyer_group_id: number;
}

export type OfferTargetType = 'product' | 'category' | 'brand';

export interface OfferTargetsTable {
  company_id: number;
  offer_id: number;
  target_type: OfferTargetType;
  target_id: number;
}

export type RedemptionStatus = 'redeemed' | 'released';
export type RedemptionReleaseReason = 'order_cancelled' | 'order_edited' | 'credit_note';

export interface OfferRedemptionsTable {
  id: Auto<number>;
  company_id: number;
  offer_id: number;
  coupon_code_id: number | null;
  buyer_id: number;
  sales_order_id: number;
  quotation_id: number;
  sales_channel_id: number | null;
  discount_paise: Paise;
  cashpoints_paise: Paise;
  order_value_paise: Paise;
  status: ColumnType<RedemptionStatus, RedemptionStatus | undefined, RedemptionStatus>;
  released_reason: RedemptionReleaseReason | null;
  created_at: Timestamp;
  released_at: Timestamp | null;
}

/** The priced totals every sales document keeps (paise). */
interface DocumentTotals {
  is_intra_state: boolean;
  subtotal_paise: Paise;
  line_discount_paise: Paise;
  order_discount_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  charges_paise: Paise;
  round_off_paise: Paise;
  total_paise: Paise;
  /** The priced charges and the HSN-wise summary. */
  tax_summary: Json;
}

/** A priced line of a quotation, order or invoice (paise; rates in percent). */
interface PricedLineColumns {
  product_id: number;
  warehouse_id: number;
  quantity: Quantity;
  rate_paise: Paise;
  discount_percent: Quantity;
  gst_rate: Quantity;
  cess_rate: Quantity;
  hsn: string | null;
  gross_paise: Paise;
  line_discount_paise: Paise;
  order_discount_paise: Paise;
  amount_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
}

/** What the buyer is asked to pay before tax is worked out: discounts and charges. */
interface DocumentTerms {
  buyer_id: number;
  branch_id: number;
  sales_channel_id: number | null;
  sales_person_id: number | null;
  shipping_method_id: number | null;
  payment_method_id: number | null;
  payment_term_days: number | null;
  shipment_date: string | null;
  reference_number: string | null;
  minimum_item_value_paise: Paise | null;
  notes: string | null;
  /** The cart offer the document got (automatic or by coupon). */
  offer_id: number | null;
  coupon_code: string | null;
  /** Migration 0045: the code row of the coupon applied. */
  coupon_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The cart offer's discount (the column's name predates automatic offers). */
  coupon_discount_paise: Paise;
  additional_discount_paise: Paise;
  shipping_charges_paise: Paise;
  other_charges_paise: Paise;
}

export interface QuotationsTable extends DocumentTotals, DocumentTerms {
  id: Auto<number>;
  company_id: number;
  quotation_number: string;
  status: ColumnType<QuotationStatus, QuotationStatus | undefined>;
  /** Migration 0034: direct_order, the record of an order placed without a quotation. */
  purpose: ColumnType<QuotationPurpose, QuotationPurpose | undefined>;
  source_order_id: number | null;
  billing_address_id: number;
  shipping_address_id: number;
  quotation_date: string;
  order_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuotationItemsTable extends PricedLineColumns {
  /** Migration 0045: the product offer of the line; its discount is part of line_discount_paise. */
  offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  offer_discount_paise: ColumnType<number, number | undefined, number>;
  id: Auto<number>;
  company_id: number;
  quotation_id: number;
  position: number;
  /** Migration 0085: the product's GST treatment when the line was priced (set by the database). */
  gst_treatment: Auto<GstTreatment>;
}

export interface SalesOrdersTable extends DocumentTotals, DocumentTerms {
  id: Auto<number>;
  company_id: number;
  order_number: string;
  version: Auto<number>;
  previous_order_id: number | null;
  quotation_id: number | null;
  status: ColumnType<SalesOrderStatus, SalesOrderStatus | undefined>;
  status_before_hold: SalesOrderStatus | null;
  is_stock_reserved: Auto<boolean>;
  is_instant: Auto<boolean>;
  auto_processed_order: Auto<boolean>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined>;
  billing_address_id: number | null;
  shipping_address_id: number | null;
  /** The addresses as they were when the order was placed. */
  billing_address: Json<DocumentAddressOutput>;
  shipping_address: Json<DocumentAddressOutput>;
  place_of_supply_state_id: number;
  order_date: string;
  total_items: number;
  total_quantity: Quantity;
  total_quantity_invoiced: Quantity;
  total_quantity_shipped: Quantity;
  /** Migration 0023: goods in delivered shipments. */
  total_quantity_delivered: Quantity;
  /** Migration 0099: lines' quantity cancelled without being invoiced (auto_cancel_partially_invoiced_orders). */
  total_quantity_cancelled: Quantity;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SalesOrderItemsTable extends PricedLineColumns {
  /** Migration 0045: the product offer of the line; its discount is part of line_discount_paise. */
  offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  offer_discount_paise: ColumnType<number, number | undefined, number>;
  id: Auto<number>;
  company_id: number;
  order_id: number;
  position: number;
  product_name: string;
  sku: string | null;
  unit: string | null;
  quantity_invoiced: Quantity;
  quantity_shipped: Quantity;
  /** Migration 0023: goods in delivered shipments. */
  quantity_delivered: Quantity;
  amount_invoiced_paise: Paise;
  /** Migration 0099: cancelled without being invoiced; left to invoice = quantity - invoiced - cancelled. */
  quantity_cancelled: Quantity;
  /**
   * Migration 0085: the quotation line's GST treatment, else (null on insert) the product's when
   * the line was priced (set by the database).
   */
  gst_treatment: ColumnType<GstTreatment, GstTreatment | null | undefined, GstTreatment>;
}

export interface InvoicesTable extends DocumentTotals {
  id: Auto<number>;
  company_id: number;
  order_id: number;
  branch_id: number;
  buyer_id: number;
  invoice_number: string;
  financial_year: string;
  invoice_date: string;
  due_date: string | null;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined>;
  seller: Json<SellerSnapshot>;
  buyer: Json<BuyerSnapshot>;
  billing_address: Json<DocumentAddressOutput>;
  shipping_address: Json<DocumentAddressOutput>;
  place_of_supply_state_id: number;
  reference_number: string | null;
  notes: string | null;
  terms_and_conditions: string | null;
  shipping_charges_paise: Paise;
  other_charges_paise: Paise;
  amount_paid_paise: Paise;
  credited_paise: Paise;
  write_off_paise: Paise;
  expense_ledger_name: string | null;
  bank_charges_paise: Paise;
  is_payment_mode_emi: Auto<boolean>;
  shipping_charges_paid_by_company: Auto<boolean>;
  irn: string | null;
  /** Migration 0027: the IRN cancelled at the IRP with the invoice. */
  irn_cancelled_at: Date | string | null;
  ack_number: string | null;
  ack_date: Date | string | null;
  signed_qr_code: string | null;
  signed_invoice: string | null;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceItemsTable extends PricedLineColumns {
  id: Auto<number>;
  company_id: number;
  invoice_id: number;
  order_item_id: number;
  position: number;
  product_name: string;
  sku: string | null;
  unit: string | null;
  /** Migration 0066: the product's GST treatment when the line was written (set by the database). */
  gst_treatment: Auto<GstTreatment>;
}

export interface InvoiceWriteOffsTable {
  id: Auto<number>;
  company_id: number;
  invoice_id: number;
  amount_paise: Paise;
  expense_ledger_name: string;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}
