/**
 * The database as Kysely sees it, one table interface per table, kept by hand beside the
 * migrations (db/schema.test.ts compares it with the migrated database). The tables are declared
 * by area in db/schema/; importers keep importing from here.
 */

import type {
  AmazonConnectionsTable,
  AmazonListingsTable,
  AmazonOrdersTable,
  AmazonSyncLogsTable,
} from './schema/amazon.ts';
import type { BuyerGroupPricesTable, QuotationBidsTable } from './schema/bids.ts';
import type { BiActionMarksTable } from './schema/business-intelligence.ts';
import type {
  CampaignEarlyReceiptsTable,
  CampaignMessagesTable,
  CampaignsTable,
  MarketingSettingsTable,
  RecurringCampaignsTable,
} from './schema/campaigns.ts';
import type { CartItemsTable, CartsTable } from './schema/carts.ts';
import type { ContraAdjustmentLinesTable, ContraAdjustmentsTable } from './schema/contra-adjustments.ts';
import type { CourierAccountsTable } from './schema/courier-accounts.ts';
import type {
  FeedbackFormsTable,
  FeedbackRequestsTable,
  FeedbackSettingsTable,
} from './schema/customer-feedback.ts';
import type { EWayBillsTable } from './schema/e-way-bills.ts';
import type { GstFiledPeriodsTable } from './schema/gst-returns.ts';
import type { IntegrationCallsTable } from './schema/integration-calls.ts';
import type {
  BatchStockTable,
  InventoryAdjustmentLinesTable,
  InventoryAdjustmentsTable,
  InventoryTransferLinesTable,
  InventoryTransfersTable,
  ProductBatchesTable,
  StockLedgerTable,
  StockLevelsTable,
} from './schema/inventory.ts';
import type {
  LeadInventoryExposureProductsTable,
  LeadInventoryExposuresTable,
  LeadsTable,
  LeadTransactionsTable,
  LeadVisitsTable,
} from './schema/leads.ts';
import type {
  BulkJobsTable,
  ContactConsentsTable,
  ContactListMembersTable,
  ContactListsTable,
  ContactsTable,
} from './schema/marketing.ts';
import type { MarketingMediumsTable } from './schema/marketing-mediums.ts';
import type {
  AccountGroupsTable,
  AccountsTable,
  AccountTypesTable,
  BankAccountsTable,
  BranchConfigurationsTable,
  BranchTallySettingsTable,
  BuyerGroupBranchesTable,
  BuyerGroupBuyersTable,
  BuyerGroupsTable,
  BuyerLedgerEntriesTable,
  BuyerSalesChannelsTable,
  BuyersTable,
  CashpointBalancesTable,
  CashpointEntriesTable,
  SellersTable,
  WarehouseBuyersTable,
} from './schema/parties.ts';
import type {
  IdempotencyKeysTable,
  PaymentAllocationsTable,
  PaymentsTable,
  RefundsTable,
} from './schema/payments.ts';
import type { PaymentMadeAllocationsTable, PaymentsMadeTable } from './schema/payments-made.ts';
import type {
  AddressesTable,
  AuthSessionsTable,
  BranchesTable,
  CitiesTable,
  CommentsTable,
  CompaniesTable,
  CompanyConfigurationsTable,
  DocumentSequencesTable,
  HistoryTable,
  NotificationContactsTable,
  NotificationsTable,
  OneTimeCodesTable,
  RateLimitCountersTable,
  RefreshTokensTable,
  RolesTable,
  ServerSecretsTable,
  StatesTable,
  TermsAndConditionsTable,
  UserBranchesTable,
  UsersTable,
  WarehousesTable,
} from './schema/platform.ts';
import type {
  BrandsTable,
  CategoriesTable,
  GroupedProductItemsTable,
  GroupedProductsTable,
  ProductAttributesTable,
  ProductCollectionItemsTable,
  ProductCollectionsTable,
  ProductFilesTable,
  ProductGroupsTable,
  ProductImagesTable,
  ProductsTable,
  RelatedProductsTable,
  SeoUrlsTable,
  VariantGroupProductsTable,
  VariantGroupsTable,
} from './schema/products.ts';
import type {
  AdAccountsTable,
  AdCompetitorPricesTable,
  AdDailyFactsTable,
  AdDailyTotalsTable,
  AdImpressionSharesTable,
  AdMonthlyFactsTable,
} from './schema/products-ads.ts';
import type { PurchaseOrderItemsTable, PurchaseOrdersTable } from './schema/purchase-orders.ts';
import type {
  DebitNoteApplicationsTable,
  DebitNoteItemsTable,
  DebitNoteRefundsTable,
  DebitNotesTable,
  PurchaseReturnItemsTable,
  PurchaseReturnsTable,
} from './schema/purchase-returns.ts';
import type { BillAttachmentsTable, BillItemsTable, BillsTable } from './schema/purchases.ts';
import type { PushSubscriptionsTable } from './schema/push-subscriptions.ts';
import type { RazorpayAccountsTable, RazorpayPaymentLinksTable } from './schema/razorpay.ts';
import type {
  PaymentMethodsTable,
  PaymentTermsTable,
  SalesChannelsTable,
  ShippingMethodsTable,
  TaxesTable,
  UnitsTable,
} from './schema/reference-data.ts';
import type { ReferralCodesTable, ReferralProgramsTable, ReferralsTable } from './schema/referrals.ts';
import type {
  InvoiceItemsTable,
  InvoicesTable,
  InvoiceWriteOffsTable,
  OfferBuyerGroupsTable,
  OfferCouponCodesTable,
  OfferRedemptionsTable,
  OffersTable,
  OfferTargetsTable,
  QuotationItemsTable,
  QuotationsTable,
  SalesOrderItemsTable,
  SalesOrdersTable,
  UsedInvoiceSeriesTable,
} from './schema/sales-documents.ts';
import type { InvoiceDueSharesTable, SalesLinesTable } from './schema/sales-lines.ts';
import type {
  CreditNoteApplicationsTable,
  CreditNoteItemsTable,
  CreditNotesTable,
  SalesReturnItemsTable,
  SalesReturnsTable,
} from './schema/sales-returns.ts';
import type { ProductSerialNumberEventsTable, ProductSerialNumbersTable } from './schema/serial-numbers.ts';
import type {
  DeliveryChallanItemsTable,
  DeliveryChallansTable,
  ShipmentItemsTable,
  ShipmentsTable,
} from './schema/shipments.ts';
import type { ShippingRulesTable } from './schema/shipping-rules.ts';
import type { ShortLinkClicksTable, ShortLinksTable } from './schema/short-links.ts';
import type { StoresTable } from './schema/stores.ts';
import type { TallyExportsTable, TallyPostsTable } from './schema/tally.ts';
import type { TemplatesTable } from './schema/templates.ts';
import type {
  SupportCentersTable,
  WhatsappConversationsTable,
  WhatsappMessagesTable,
} from './schema/whatsapp-support.ts';
import type { ZohoConnectionsTable, ZohoRecordsTable, ZohoSyncLogTable } from './schema/zoho.ts';

export type * from './schema/amazon.ts';
export type * from './schema/bids.ts';
export type * from './schema/business-intelligence.ts';
export type * from './schema/campaigns.ts';
export type * from './schema/contra-adjustments.ts';
export type * from './schema/courier-accounts.ts';
export type * from './schema/customer-feedback.ts';
export type * from './schema/e-way-bills.ts';
export type * from './schema/gst-returns.ts';
export type * from './schema/integration-calls.ts';
export type * from './schema/inventory.ts';
export type * from './schema/leads.ts';
export type * from './schema/marketing-mediums.ts';
export type * from './schema/parties.ts';
export type * from './schema/payments.ts';
export type * from './schema/payments-made.ts';
export type * from './schema/platform.ts';
export type * from './schema/products.ts';
export type * from './schema/purchase-orders.ts';
export type * from './schema/purchase-returns.ts';
export type * from './schema/purchases.ts';
export type * from './schema/push-subscriptions.ts';
export type * from './schema/razorpay.ts';
export type * from './schema/reference-data.ts';
export type * from './schema/referrals.ts';
export type * from './schema/sales-documents.ts';
export type * from './schema/sales-lines.ts';
export type * from './schema/sales-returns.ts';
export type * from './schema/serial-numbers.ts';
export type * from './schema/shipments.ts';
export type * from './schema/shipping-rules.ts';
export type * from './schema/short-links.ts';
export type * from './schema/stores.ts';
export type * from './schema/tally.ts';
export type * from './schema/templates.ts';
export type * from './schema/whatsapp-support.ts';
export type * from './schema/zoho.ts';

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
  carts: CartsTable;
  cart_items: CartItemsTable;
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
  product_serial_numbers: ProductSerialNumbersTable;
  product_serial_number_events: ProductSerialNumberEventsTable;
  document_sequences: DocumentSequencesTable;
  used_invoice_series: UsedInvoiceSeriesTable;
  inventory_adjustments: InventoryAdjustmentsTable;
  inventory_adjustment_lines: InventoryAdjustmentLinesTable;
  inventory_transfers: InventoryTransfersTable;
  inventory_transfer_lines: InventoryTransferLinesTable;
  leads: LeadsTable;
  lead_visits: LeadVisitsTable;
  lead_transactions: LeadTransactionsTable;
  lead_inventory_exposures: LeadInventoryExposuresTable;
  lead_inventory_exposure_products: LeadInventoryExposureProductsTable;
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
  offer_coupon_codes: OfferCouponCodesTable;
  offer_buyer_groups: OfferBuyerGroupsTable;
  offer_targets: OfferTargetsTable;
  offer_redemptions: OfferRedemptionsTable;
  quotations: QuotationsTable;
  quotation_items: QuotationItemsTable;
  quotation_bids: QuotationBidsTable;
  buyer_group_prices: BuyerGroupPricesTable;
  sales_orders: SalesOrdersTable;
  sales_order_items: SalesOrderItemsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  invoice_write_offs: InvoiceWriteOffsTable;
  comments: CommentsTable;
  shipments: ShipmentsTable;
  shipment_items: ShipmentItemsTable;
  delivery_challans: DeliveryChallansTable;
  e_way_bills: EWayBillsTable;
  delivery_challan_items: DeliveryChallanItemsTable;
  bills: BillsTable;
  bill_items: BillItemsTable;
  bill_attachments: BillAttachmentsTable;
  payments_made: PaymentsMadeTable;
  payment_made_allocations: PaymentMadeAllocationsTable;
  contra_adjustments: ContraAdjustmentsTable;
  contra_adjustment_lines: ContraAdjustmentLinesTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_items: PurchaseOrderItemsTable;
  purchase_returns: PurchaseReturnsTable;
  purchase_return_items: PurchaseReturnItemsTable;
  debit_notes: DebitNotesTable;
  debit_note_items: DebitNoteItemsTable;
  debit_note_applications: DebitNoteApplicationsTable;
  debit_note_refunds: DebitNoteRefundsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  refunds: RefundsTable;
  idempotency_keys: IdempotencyKeysTable;
  sales_returns: SalesReturnsTable;
  sales_return_items: SalesReturnItemsTable;
  credit_notes: CreditNotesTable;
  credit_note_items: CreditNoteItemsTable;
  credit_note_applications: CreditNoteApplicationsTable;
  referral_programs: ReferralProgramsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  sales_lines: SalesLinesTable;
  invoice_due_shares: InvoiceDueSharesTable;
  tally_posts: TallyPostsTable;
  tally_exports: TallyExportsTable;
  gst_filed_periods: GstFiledPeriodsTable;
  contacts: ContactsTable;
  contact_consents: ContactConsentsTable;
  contact_lists: ContactListsTable;
  contact_list_members: ContactListMembersTable;
  bulk_jobs: BulkJobsTable;
  templates: TemplatesTable;
  marketing_mediums: MarketingMediumsTable;
  marketing_settings: MarketingSettingsTable;
  recurring_campaigns: RecurringCampaignsTable;
  campaigns: CampaignsTable;
  campaign_messages: CampaignMessagesTable;
  campaign_early_receipts: CampaignEarlyReceiptsTable;
  push_subscriptions: PushSubscriptionsTable;
  short_links: ShortLinksTable;
  short_link_clicks: ShortLinkClicksTable;
  bi_action_marks: BiActionMarksTable;
  feedback_forms: FeedbackFormsTable;
  feedback_requests: FeedbackRequestsTable;
  feedback_settings: FeedbackSettingsTable;
  whatsapp_conversations: WhatsappConversationsTable;
  whatsapp_messages: WhatsappMessagesTable;
  support_centers: SupportCentersTable;
  ad_accounts: AdAccountsTable;
  ad_daily_facts: AdDailyFactsTable;
  ad_monthly_facts: AdMonthlyFactsTable;
  ad_daily_totals: AdDailyTotalsTable;
  ad_impression_shares: AdImpressionSharesTable;
  ad_competitor_prices: AdCompetitorPricesTable;
  stores: StoresTable;
  integration_calls: IntegrationCallsTable;
  razorpay_accounts: RazorpayAccountsTable;
  razorpay_payment_links: RazorpayPaymentLinksTable;
  shipping_rules: ShippingRulesTable;
  amazon_connections: AmazonConnectionsTable;
  amazon_orders: AmazonOrdersTable;
  amazon_listings: AmazonListingsTable;
  amazon_sync_logs: AmazonSyncLogsTable;
  courier_accounts: CourierAccountsTable;
  zoho_connections: ZohoConnectionsTable;
  zoho_records: ZohoRecordsTable;
  zoho_sync_log: ZohoSyncLogTable;
}
