import type { ColumnType, Generated } from 'kysely';

/** Column written by the database (default or identity) and read back as T. */
type Auto<T> = Generated<T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = Record<string, unknown>> = ColumnType<T, string | T | undefined, string | T>;

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
  id: Auto<number>;
  name: string;
  display_name: string | null;
  gstin: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  logo: string | null;
  is_verified: Auto<boolean>;
  is_order_auto_confirm: Auto<boolean>;
  is_bill_auto_received: Auto<boolean>;
  apply_credit_limit_restriction: Auto<boolean>;
  is_marketing_enabled: Auto<boolean>;
  sales_order: Json;
  tds_configuration: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AddressesTable {
  id: Auto<number>;
  company_id: number;
  owner_type: 'company' | 'branch' | 'warehouse' | 'buyer' | 'seller' | 'user' | 'role' | 'lead';
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

export type ConfigurationType =
  | 'auto_cancel_partially_invoiced_orders'
  | 'zoho'
  | 'batch_configuration'
  | 'terms_and_conditions'
  | 'print_configuration'
  | 'back_dated_invoices';

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

export interface TaxesTable {
  id: Auto<number>;
  company_id: number;
  type: 'gst' | 'cess';
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
  is_active: Auto<boolean>;
  is_marketing_enabled: Auto<boolean>;
}

export interface SeoUrlsTable {
  company_id: number;
  url: string;
  owner_type: 'category' | 'product';
  owner_id: number;
}

export interface CategoriesTable {
  id: Auto<number>;
  company_id: number;
  parent_id: number | null;
  is_root: Auto<boolean>;
  name: string;
  description: string | null;
  image: string | null;
  is_active: Auto<boolean>;
  is_included_in_menu: Auto<boolean>;
  search_keywords: string | null;
  also_known_name: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BrandsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  logo: string | null;
  is_active: Auto<boolean>;
  ignore_for_bi: Auto<boolean>;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type Quantity = ColumnType<number, number | string | undefined, number | string>;

export interface ProductsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  display_name: string | null;
  sku: string | null;
  sales_channel_id: number | null;
  category_id: number;
  brand_id: number | null;
  unit_id: number | null;
  upc: string | null;
  weight_kg: number | null;
  mrp_paise: number;
  selling_price_paise: number;
  cost_price_paise: number | null;
  tax_id: number | null;
  /** Compensation cess (a tax of type cess) charged beside GST. */
  cess_tax_id: number | null;
  hsn: string | null;
  buyer_group_id: number | null;
  seller_id: number | null;
  warehouse_id: number | null;
  expose_inventory: Auto<boolean>;
  max_quantity_per_transaction: Quantity;
  margin: number | null;
  max_bidding_percentage: number | null;
  priority: Auto<number>;
  opening_stock: Quantity;
  opening_rate_paise: number | null;
  reorder_point: Quantity;
  is_visible_to_buyer: Auto<boolean>;
  allow_back_ordering: Auto<boolean>;
  is_active: Auto<boolean>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  short_description: string | null;
  description: string | null;
  item_box: string | null;
  highlights: ColumnType<string[], string[] | undefined, string[]>;
  video_url: string | null;
  features: Json<unknown[]>;
  specifications: Json<unknown[]>;
  attributes: Json<unknown[]>;
  tally_product_name: string | null;
  meta_title: string | null;
  meta_description: string | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImagesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  file_key: string;
  position: Auto<number>;
  created_at: Timestamp;
}

export interface ProductFilesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Timestamp;
}

export type RelatedProductKind =
  | 'variant'
  | 'frequently_bought_together'
  | 'similar'
  | 'sponsored'
  | 'accessory';

export interface RelatedProductsTable {
  company_id: number;
  product_id: number;
  related_product_id: number;
  kind: RelatedProductKind;
  position: Auto<number>;
}

export interface StockLevelsTable {
  company_id: number;
  product_id: number;
  warehouse_id: number;
  available_stock: Quantity;
  df_quantity: Quantity;
  updated_at: Timestamp;
}

export interface StockLedgerTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  warehouse_id: number;
  /** Change to stock on hand (available_stock). */
  quantity: Quantity;
  balance_after: Quantity;
  /** Change to stock reserved for orders (df_quantity); migration 0016. */
  reserved_quantity: Quantity;
  reserved_after: Quantity;
  rate_paise: number | null;
  reason: string;
  document_type: string | null;
  document_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
  /** The batch moved (migration 0018); null for stock not in a batch. */
  batch_id: Generated<number | null>;
}

/** A product's lot (migration 0018): the same number and dates in every warehouse. */
export interface ProductBatchesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  batch_number: string;
  manufactured_on: ColumnType<string | null, string | null | undefined, string | null>;
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** How much of a batch is on hand in a warehouse, in step with the ledger rows naming it. */
export interface BatchStockTable {
  company_id: number;
  product_id: number;
  warehouse_id: number;
  batch_id: number;
  quantity: Quantity;
  received_at: Timestamp;
  updated_at: Timestamp;
}

/** A series that has issued an invoice, and the branch it belongs to for good (issue 16). */
export interface UsedInvoiceSeriesTable {
  company_id: number;
  series: string;
  branch_id: number;
  first_invoice_number: string;
  first_used_at: Timestamp;
}

export interface DocumentSequencesTable {
  company_id: number;
  document_type: string;
  prefix: string;
  next_value: Auto<number>;
  updated_at: Timestamp;
}

export interface InventoryAdjustmentsTable {
  id: Auto<number>;
  company_id: number;
  number: string;
  warehouse_id: number;
  reason: string;
  adjusted_on: ColumnType<string, string, string>;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface InventoryAdjustmentLinesTable {
  id: Auto<number>;
  company_id: number;
  adjustment_id: number;
  product_id: number;
  quantity: Quantity;
  stock_before: Quantity;
  stock_after: Quantity;
  /** The batch the line moved (migration 0018); null when not by batch. */
  batch_id: Generated<number | null>;
}

export interface InventoryTransfersTable {
  id: Auto<number>;
  company_id: number;
  number: string;
  source_warehouse_id: number;
  destination_warehouse_id: number;
  status: ColumnType<string, string | undefined, string>;
  notes: string | null;
  dispatched_at: Date | null;
  dispatched_by: number | null;
  received_at: Date | null;
  cancelled_at: Date | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryTransferLinesTable {
  id: Auto<number>;
  company_id: number;
  transfer_id: number;
  product_id: number;
  quantity: Quantity;
  received_quantity: ColumnType<number, number | string | undefined, number | string>;
}

export interface GroupedProductsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  sku: string;
  description: string | null;
  mrp_paise: number;
  selling_price_paise: number;
  is_active: Auto<boolean>;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface GroupedProductItemsTable {
  company_id: number;
  grouped_product_id: number;
  product_id: number;
  quantity: Quantity;
  position: Auto<number>;
}
export interface ProductCollectionsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  sales_channel_id: number | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ProductCollectionItemsTable {
  company_id: number;
  collection_id: number;
  product_id: number;
  position: number;
}

export interface ProductGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductAttributesTable {
  id: Auto<number>;
  company_id: number;
  product_group_id: number;
  name: string;
  type: 'text' | 'number' | 'boolean' | 'select';
  options: ColumnType<string[], string[] | undefined, string[]>;
  is_required: Auto<boolean>;
  position: Auto<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  attribute: string;
  options: string[];
  primary_attribute: string | null;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantGroupProductsTable {
  company_id: number;
  variant_group_id: number;
  product_id: number;
  option_value: string;
}

export interface BranchConfigurationsTable {
  company_id: number;
  branch_id: number;
  configuration_type: string;
  configurations: Json;
  is_enabled: Auto<boolean>;
  updated_at: Timestamp;
}

export interface BranchTallySettingsTable {
  company_id: number;
  branch_id: number;
  voucher_types: Json<Record<string, string>>;
  ledger_mappings: Json<Record<string, string>>;
  updated_at: Timestamp;
}

export interface BankAccountsTable {
  id: Auto<number>;
  company_id: number;
  branch_id: number;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  ifsc_code: string;
  bank_branch_name: string | null;
  account_type: ColumnType<
    'current' | 'savings' | 'overdraft' | 'cash_credit',
    'current' | 'savings' | 'overdraft' | 'cash_credit' | undefined,
    'current' | 'savings' | 'overdraft' | 'cash_credit'
  >;
  upi_id: string | null;
  is_default: Auto<boolean>;
  account_id: number | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BuyerType = 'regular' | 'composition' | 'unregistered' | 'consumer' | 'overseas' | 'sez';

export interface BuyersTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  contact_person_name: string | null;
  email: string | null;
  phone: string | null;
  gst_number: string | null;
  pan: string | null;
  buyer_type: ColumnType<BuyerType, BuyerType | undefined, BuyerType>;
  payment_term_id: number | null;
  credit_limit_paise: number | null;
  opening_balance_paise: Auto<number>;
  /** Debits minus credits of the buyer ledger; only the ledger writer changes it. */
  outstanding_paise: Auto<number>;
  is_active: Auto<boolean>;
  is_inventory_exposed: Auto<boolean>;
  ignore_for_bi: Auto<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerSalesChannelsTable {
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  is_enabled: Auto<boolean>;
  created_at: Timestamp;
}

export type BuyerLedgerEntryType =
  | 'opening_balance'
  | 'invoice'
  | 'payment'
  | 'credit_note'
  | 'debit_adjustment'
  | 'credit_adjustment'
  | 'refund';

export interface BuyerLedgerEntriesTable {
  id: Auto<number>;
  company_id: number;
  buyer_id: number;
  entry_date: ColumnType<string, string | undefined, string>;
  entry_type: BuyerLedgerEntryType;
  debit_paise: Auto<number>;
  credit_paise: Auto<number>;
  balance_after_paise: number;
  payment_method_id: number | null;
  account_id: number | null;
  branch_id: number | null;
  reference_number: string | null;
  notes: string | null;
  document_type: string | null;
  document_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface CashpointBalancesTable {
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  balance: Quantity;
  updated_at: Timestamp;
}

export type CashpointTransactionType = 'credited' | 'debited' | 'redeemed' | 'expired';

export interface CashpointEntriesTable {
  id: Auto<number>;
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  transaction_type: CashpointTransactionType;
  amount: Quantity;
  expired_on: ColumnType<string | null, string | null | undefined, string | null>;
  remaining: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  order_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface SellersTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  contact_person_name: string | null;
  email: string | null;
  phone: string | null;
  gst_number: string | null;
  pan: string | null;
  tally_ledger_name: string | null;
  is_active: Auto<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  is_active: Auto<boolean>;
  is_dynamic_group: Auto<boolean>;
  dynamic_group_sale_condition: Json<{ min_amount: number; max_amount: number | null }> | null;
  dynamic_group_time_condition: Json<{ last_days: number }> | null;
  evaluated_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerGroupBuyersTable {
  company_id: number;
  buyer_group_id: number;
  buyer_id: number;
  created_at: Timestamp;
}

export interface BuyerGroupBranchesTable {
  company_id: number;
  buyer_group_id: number;
  branch_id: number;
  created_at: Timestamp;
}

export interface WarehouseBuyersTable {
  id: Auto<number>;
  company_id: number;
  warehouse_id: number;
  buyer_id: number;
  priority: Auto<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AccountNature = 'assets' | 'liabilities' | 'equity' | 'income' | 'expenses';

export interface AccountGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  nature: AccountNature;
  position: Auto<number>;
}

export interface AccountTypesTable {
  id: Auto<number>;
  company_id: number;
  account_group_id: number;
  name: string;
  code: string;
}

export interface AccountsTable {
  id: Auto<number>;
  company_id: number;
  account_type_id: number;
  parent_account_id: number | null;
  branch_id: number | null;
  name: string;
  code: string | null;
  description: string | null;
  is_system: Auto<boolean>;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Notifications of the bell panel (migration 0019); open while resolved_at is null. */
export interface NotificationsTable {
  id: Auto<number>;
  company_id: number;
  /** The spec's "timestamp", at millisecond precision. */
  created_at: Timestamp;
  service: string;
  notification_type: 'info' | 'warning' | 'error';
  message: string;
  dedupe_key: string | null;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: number | null;
}

// ---------------------------------------------------------------------------------------------
// Sales: coupons, quotations, sales orders, invoices (migration 0020)

export type OrderStatus =
  | 'new'
  | 'confirmed'
  | 'processing'
  | 'complete'
  | 'cancelled'
  | 'on_hold'
  | 'has_new_version';
export type PaymentStatus = 'paid' | 'pending' | 'unpaid' | 'partially_paid' | 'cancelled';
export type InvoiceStatus = 'generated' | 'ready_to_ship' | 'processed' | 'cancelled';
type Paise = ColumnType<number, number | string | undefined, number | string>;

export interface OffersTable {
  id: Auto<number>;
  company_id: number;
  title: string;
  description: string | null;
  coupon_code: string | null;
  discount_type: 'flat' | 'percentage';
  discount_paise: number | null;
  discount_percent: Quantity | null;
  max_discount_paise: number | null;
  min_order_paise: Auto<number>;
  uses_per_buyer: number | null;
  start_date: string | null;
  end_date: string | null;
  is_active: Auto<boolean>;
  is_visible_to_customers: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  offer_id: number | null;
  coupon_code: string | null;
  coupon_discount_paise: Paise;
  additional_discount_paise: Paise;
  shipping_charges_paise: Paise;
  other_charges_paise: Paise;
}

export interface QuotationsTable extends DocumentTotals, DocumentTerms {
  id: Auto<number>;
  company_id: number;
  quotation_number: string;
  status: ColumnType<'draft' | 'submitted' | 'ordered', 'draft' | 'submitted' | 'ordered' | undefined>;
  purpose: ColumnType<'new' | 'edit_order' | 'reorder', 'new' | 'edit_order' | 'reorder' | undefined>;
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
  id: Auto<number>;
  company_id: number;
  quotation_id: number;
  position: number;
}

export interface SalesOrdersTable extends DocumentTotals, DocumentTerms {
  id: Auto<number>;
  company_id: number;
  order_number: string;
  version: Auto<number>;
  previous_order_id: number | null;
  quotation_id: number | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined>;
  status_before_hold: OrderStatus | null;
  is_stock_reserved: Auto<boolean>;
  is_instant: Auto<boolean>;
  auto_processed_order: Auto<boolean>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined>;
  billing_address_id: number | null;
  shipping_address_id: number | null;
  billing_address: Json;
  shipping_address: Json;
  place_of_supply_state_id: number;
  order_date: string;
  total_items: number;
  total_quantity: Quantity;
  total_quantity_invoiced: Quantity;
  total_quantity_shipped: Quantity;
  /** Migration 0023: goods in delivered shipments. */
  total_quantity_delivered: Quantity;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SalesOrderItemsTable extends PricedLineColumns {
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
  seller: Json;
  buyer: Json;
  billing_address: Json;
  shipping_address: Json;
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

export interface CommentsTable {
  id: Auto<number>;
  company_id: number;
  entity_type: string;
  entity_id: number;
  comment: string;
  user_id: number | null;
  created_at: Timestamp;
}

export type ShipmentStatus =
  | 'scheduled'
  | 'picked_up'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'rto_initiated'
  | 'cancellation_requested'
  | 'rto_delivered'
  | 'lost'
  | 'pickup_error'
  | 'undelivered'
  | 'damaged'
  | 'rto_ndr'
  | 'disposed'
  | 'rto_shipped';

/** Migration 0023. */
export interface ShipmentsTable {
  id: Auto<number>;
  company_id: number;
  shipment_number: string;
  financial_year: string;
  order_id: number;
  invoice_id: number;
  buyer_id: number;
  branch_id: number;
  direction: ColumnType<'outgoing' | 'incoming', 'outgoing' | 'incoming' | undefined>;
  status: ColumnType<ShipmentStatus, ShipmentStatus | undefined>;
  carrier: ColumnType<'self_delivery' | 'other', 'self_delivery' | 'other' | undefined>;
  carrier_name: string | null;
  integration_code: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
  shipping_method_id: number | null;
  shipment_date: string;
  expected_delivery_date: string | null;
  delivered_at: Date | string | null;
  total_items: number;
  total_quantity: Quantity;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShipmentItemsTable {
  id: Auto<number>;
  company_id: number;
  shipment_id: number;
  invoice_item_id: number;
  order_item_id: number;
  product_id: number;
  position: number;
  quantity: Quantity;
}

/** Migration 0026. */
export interface DeliveryChallansTable {
  id: Auto<number>;
  company_id: number;
  challan_number: string;
  financial_year: string;
  challan_date: string;
  purpose: 'job_work' | 'supply_on_approval' | 'branch_transfer' | 'other';
  status: ColumnType<
    'open' | 'delivered' | 'returned' | 'invoiced' | 'cancelled',
    'open' | undefined,
    'open' | 'delivered' | 'returned' | 'invoiced' | 'cancelled'
  >;
  branch_id: number;
  warehouse_id: number;
  buyer_id: number | null;
  buyer_address_id: number | null;
  buyer_address: Json | null;
  destination_warehouse_id: number | null;
  reference_number: string | null;
  vehicle_number: string | null;
  notes: string | null;
  total_items: number;
  total_quantity: Quantity;
  total_value_paise: Paise;
  order_id: number | null;
  invoice_id: number | null;
  delivered_at: Date | string | null;
  closed_at: Date | string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryChallanItemsTable {
  id: Auto<number>;
  company_id: number;
  challan_id: number;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: Quantity;
  rate_paise: Paise;
  value_paise: Paise;
  quantity_invoiced: Quantity;
}

/** Migration 0024: payments received, their allocations to invoices, refunds, Idempotency-Key answers. */
export type PaymentRecordStatus = 'pending' | 'completed' | 'cancelled';

export interface PaymentsTable {
  id: Auto<number>;
  company_id: number;
  payment_number: string;
  financial_year: string;
  buyer_id: number;
  order_id: number | null;
  branch_id: number;
  payment_date: string;
  amount_paise: Paise;
  /** Buyer credit left on the payment: neither allocated nor refunded. */
  unallocated_paise: Paise;
  refunded_paise: Paise;
  payment_method_id: number | null;
  reference_number: string | null;
  notes: string | null;
  status: ColumnType<PaymentRecordStatus, PaymentRecordStatus | undefined>;
  initiated_at: Date | string | null;
  gateway_payment_id: string | null;
  gateway_status: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface PaymentAllocationsTable {
  id: Auto<number>;
  company_id: number;
  payment_id: number;
  invoice_id: number;
  amount_paise: Paise;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
}

export interface RefundsTable {
  id: Auto<number>;
  company_id: number;
  refund_number: string;
  financial_year: string;
  buyer_id: number;
  payment_id: number | null;
  credit_note_id: number | null;
  branch_id: number;
  refund_date: string;
  amount_paise: Paise;
  payment_method_id: number | null;
  reference_number: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  company_id: number;
  user_id: number;
  route: string;
  idempotency_key: string;
  request_hash: string;
  state: ColumnType<'running' | 'done', 'running' | 'done' | undefined>;
  response_status: number | null;
  response_body: Json<unknown> | null;
  locked_at: Timestamp;
  created_at: Timestamp;
}

/** Migration 0025: sales returns and credit notes. */
export type SalesReturnStatus = 'received' | 'credited' | 'cancelled';
export type CreditNoteStatus = 'open' | 'partially_applied' | 'applied' | 'refunded' | 'cancelled';

export interface SalesReturnsTable {
  id: Auto<number>;
  company_id: number;
  return_number: string;
  financial_year: string;
  invoice_id: number;
  order_id: number;
  buyer_id: number;
  branch_id: number;
  return_date: string;
  return_reference_no: string | null;
  reason: string | null;
  disposition: 'restock' | 'damaged';
  warehouse_id: number | null;
  adjustments_paise: Paise;
  status: ColumnType<SalesReturnStatus, SalesReturnStatus | undefined>;
  total_items: number;
  total_quantity: Quantity;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface SalesReturnItemsTable {
  id: Auto<number>;
  company_id: number;
  sales_return_id: number;
  invoice_item_id: number;
  order_item_id: number;
  product_id: number;
  warehouse_id: number | null;
  position: number;
  quantity: Quantity;
}

export interface CreditNotesTable {
  id: Auto<number>;
  company_id: number;
  credit_note_number: string;
  financial_year: string;
  invoice_id: number;
  order_id: number;
  sales_return_id: number | null;
  buyer_id: number;
  branch_id: number;
  credit_note_date: string;
  place_of_supply_state_id: number;
  is_intra_state: boolean;
  reference: string | null;
  reason: string | null;
  lines_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  adjustments_paise: Paise;
  round_off_paise: Paise;
  total_paise: Paise;
  tax_summary: Json;
  amount_applied_paise: Paise;
  amount_refunded_paise: Paise;
  status: ColumnType<CreditNoteStatus, CreditNoteStatus | undefined>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface CreditNoteItemsTable {
  id: Auto<number>;
  company_id: number;
  credit_note_id: number;
  invoice_item_id: number;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  unit: string | null;
  hsn: string | null;
  quantity: Quantity;
  additional_discount: ColumnType<number, number | string, number | string>;
  credit_units: Paise;
  gst_rate: ColumnType<number, number | string, number | string>;
  cess_rate: ColumnType<number, number | string | undefined, number | string>;
  amount_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
}

export interface CreditNoteApplicationsTable {
  id: Auto<number>;
  company_id: number;
  credit_note_id: number;
  invoice_id: number;
  amount_paise: Paise;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface DB {
  product_groups: ProductGroupsTable;
  product_attributes: ProductAttributesTable;
  variant_groups: VariantGroupsTable;
  variant_group_products: VariantGroupProductsTable;
  states: StatesTable;
  cities: CitiesTable;
  server_secrets: ServerSecretsTable;
  companies: CompaniesTable;
  addresses: AddressesTable;
  branches: BranchesTable;
  warehouses: WarehousesTable;
  roles: RolesTable;
  users: UsersTable;
  user_branches: UserBranchesTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  rate_limit_counters: RateLimitCountersTable;
  company_configurations: CompanyConfigurationsTable;
  terms_and_conditions: TermsAndConditionsTable;
  notification_contacts: NotificationContactsTable;
  history: HistoryTable;
  taxes: TaxesTable;
  units: UnitsTable;
  payment_terms: PaymentTermsTable;
  payment_methods: PaymentMethodsTable;
  shipping_methods: ShippingMethodsTable;
  sales_channels: SalesChannelsTable;
  seo_urls: SeoUrlsTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_files: ProductFilesTable;
  related_products: RelatedProductsTable;
  stock_levels: StockLevelsTable;
  stock_ledger: StockLedgerTable;
  product_batches: ProductBatchesTable;
  batch_stock: BatchStockTable;
  document_sequences: DocumentSequencesTable;
  used_invoice_series: UsedInvoiceSeriesTable;
  inventory_adjustments: InventoryAdjustmentsTable;
  inventory_adjustment_lines: InventoryAdjustmentLinesTable;
  inventory_transfers: InventoryTransfersTable;
  inventory_transfer_lines: InventoryTransferLinesTable;
  grouped_products: GroupedProductsTable;
  grouped_product_items: GroupedProductItemsTable;
  product_collections: ProductCollectionsTable;
  product_collection_items: ProductCollectionItemsTable;
  branch_configurations: BranchConfigurationsTable;
  branch_tally_settings: BranchTallySettingsTable;
  bank_accounts: BankAccountsTable;
  buyers: BuyersTable;
  buyer_sales_channels: BuyerSalesChannelsTable;
  buyer_ledger_entries: BuyerLedgerEntriesTable;
  cashpoint_balances: CashpointBalancesTable;
  cashpoint_entries: CashpointEntriesTable;
  sellers: SellersTable;
  buyer_groups: BuyerGroupsTable;
  buyer_group_buyers: BuyerGroupBuyersTable;
  buyer_group_branches: BuyerGroupBranchesTable;
  warehouse_buyers: WarehouseBuyersTable;
  account_groups: AccountGroupsTable;
  account_types: AccountTypesTable;
  accounts: AccountsTable;
  notifications: NotificationsTable;
  offers: OffersTable;
  quotations: QuotationsTable;
  quotation_items: QuotationItemsTable;
  sales_orders: SalesOrdersTable;
  sales_order_items: SalesOrderItemsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  invoice_write_offs: InvoiceWriteOffsTable;
  comments: CommentsTable;
  shipments: ShipmentsTable;
  shipment_items: ShipmentItemsTable;
  delivery_challans: DeliveryChallansTable;
  delivery_challan_items: DeliveryChallanItemsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  refunds: RefundsTable;
  idempotency_keys: IdempotencyKeysTable;
  sales_returns: SalesReturnsTable;
  sales_return_items: SalesReturnItemsTable;
  credit_notes: CreditNotesTable;
  credit_note_items: CreditNoteItemsTable;
  credit_note_applications: CreditNoteApplicationsTable;
}
