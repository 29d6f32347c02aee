/**
 * /logs-and-errors (issue 26): what failed and what changed. The labels of the audit log's areas
 * (history rows' entity types) and of the background jobs' queues, and where a row's document is
 * shown, written once for the server's answers and the web app's filters.
 */

/** Areas of the audit log: a history row's entity_type, its label, and its document's screen. */
export const AUDIT_AREAS: readonly { entityType: string; label: string; path?: string }[] = [
  { entityType: 'quotation', label: 'Quotation', path: '/quotations/{id}' },
  { entityType: 'sales_order', label: 'Sales Order', path: '/orders/{id}' },
  { entityType: 'invoice', label: 'Invoice', path: '/invoices/{id}' },
  { entityType: 'shipment', label: 'Shipment', path: '/shipments/{id}' },
  { entityType: 'sales_return', label: 'Sales Return', path: '/sales-returns/{id}' },
  { entityType: 'credit_note', label: 'Credit Note', path: '/credit-notes/{id}' },
  { entityType: 'delivery_challan', label: 'Delivery Challan', path: '/delivery-challans/{id}' },
  { entityType: 'payment', label: 'Payment Received', path: '/payments-received/{id}' },
  { entityType: 'refund', label: 'Refund' },
  { entityType: 'bill', label: 'Bill', path: '/bills/{id}' },
  { entityType: 'purchase_order', label: 'Purchase Order', path: '/purchase-orders/{id}' },
  { entityType: 'payment_made', label: 'Payment Made', path: '/payments-made/{id}' },
  { entityType: 'purchase_return', label: 'Purchase Return', path: '/purchase-returns/{id}' },
  { entityType: 'debit_note', label: 'Debit Note', path: '/debit-notes/{id}' },
  { entityType: 'inventory_adjustment', label: 'Inventory Adjustment', path: '/inventory-adjustments/{id}' },
  { entityType: 'inventory_transfer', label: 'Inventory Transfer', path: '/inventory-transfers/{id}' },
  { entityType: 'product', label: 'Product', path: '/products/{id}' },
  { entityType: 'product_group', label: 'Product Group' },
  { entityType: 'grouped_product', label: 'Grouped Product' },
  { entityType: 'variant_group', label: 'Variant Group' },
  { entityType: 'product_collection', label: 'Product Collection' },
  { entityType: 'category', label: 'Category' },
  { entityType: 'brand', label: 'Brand' },
  { entityType: 'offer', label: 'Offer' },
  { entityType: 'buyer', label: 'Buyer', path: '/buyers/{id}' },
  { entityType: 'buyer_group', label: 'Buyer Group', path: '/buyer-groups/{id}' },
  { entityType: 'seller', label: 'Seller', path: '/sellers/{id}' },
  { entityType: 'lead', label: 'Lead', path: '/leads/{id}' },
  { entityType: 'bid', label: 'Bid' },
  { entityType: 'campaign', label: 'Campaign', path: '/campaigns/{id}' },
  { entityType: 'recurring_campaign', label: 'Recurring Campaign', path: '/recurring-campaigns/{id}' },
  { entityType: 'template', label: 'Template' },
  { entityType: 'short_link', label: 'Short Link', path: '/shorten-url/{id}' },
  { entityType: 'referral', label: 'Referral' },
  { entityType: 'referral_program', label: 'Referral Program' },
  { entityType: 'feedback_form', label: 'Feedback Form' },
  { entityType: 'feedback_request', label: 'Feedback Request' },
  { entityType: 'marketing_medium', label: 'Campaign Medium' },
  { entityType: 'marketing_settings', label: 'Marketing Settings' },
  { entityType: 'ad_account', label: 'Ads Account' },
  { entityType: 'company', label: 'Company' },
  { entityType: 'user', label: 'User' },
  { entityType: 'role', label: 'Role' },
  { entityType: 'branch', label: 'Branch', path: '/branches/{id}' },
  { entityType: 'warehouse', label: 'Warehouse', path: '/warehouses/{id}' },
  { entityType: 'store', label: 'Store' },
  { entityType: 'shipping_rule', label: 'Shipping Charge' },
  { entityType: 'sales_channel', label: 'Sales Channel' },
  { entityType: 'payment_method', label: 'Payment Method' },
  { entityType: 'bank_account', label: 'Bank Account' },
  { entityType: 'account', label: 'Account' },
  { entityType: 'tax', label: 'Tax' },
  { entityType: 'unit', label: 'Unit' },
  { entityType: 'tally_post', label: 'Tally Post' },
  { entityType: 'gst_filed_period', label: 'GST Return Period' },
  { entityType: 'background_job', label: 'Background Job' },
];

const AREAS_BY_TYPE = new Map(AUDIT_AREAS.map((area) => [area.entityType, area]));

/** 'sales_order' -> 'Sales Order'; an entity type not listed is humanised. */
export function auditAreaLabel(entityType: string): string {
  return AREAS_BY_TYPE.get(entityType)?.label ?? humanise(entityType);
}

/** The screen of a history row's record ('/invoices/12'), or null where none shows one record. */
export function auditRecordPath(entityType: string, entityId: number): string | null {
  const path = AREAS_BY_TYPE.get(entityType)?.path;
  return path && entityId > 0 ? path.replace('{id}', String(entityId)) : null;
}

/** 'e_invoice_generated' -> 'E Invoice Generated'. */
export function humanise(name: string): string {
  return name
    .split(/[_.-]/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** What each background job queue does, as the Failed background work tab names it. */
export const JOB_QUEUE_LABELS: Readonly<Record<string, string>> = {
  'mail.send': 'Mail',
  'campaign-send': 'Campaign send',
  'campaign-due': 'Scheduled campaigns',
  'contacts.import': 'Contact import',
  'products-ads.import': 'Ad figures import',
  'products-ads.daily-sync': 'Ad platforms sync',
  'buyer-groups.evaluate': 'Buyer group rules',
  'templates.whatsapp-status-sync': 'WhatsApp template sync',
  'recurring-campaigns.run': 'Recurring campaign run',
};

export function jobQueueLabel(queue: string): string {
  return JOB_QUEUE_LABELS[queue] ?? humanise(queue);
}

/** The integrations whose calls the Integration calls tab lists, with their labels. */
export const INTEGRATION_LABELS: Readonly<Record<string, string>> = {
  payment_gateway: 'Payment gateway',
  razorpay: 'Razorpay',
  courier: 'Courier',
  irp: 'E-invoice portal (IRP)',
  ewb: 'E-way bill portal',
  tally: 'Tally',
  google_ads: 'Google Ads',
  meta: 'Meta Ads',
  whatsapp: 'WhatsApp',
  zoho_books: 'Zoho Books',
  amazon_sp: 'Amazon Seller',
};

export function integrationLabel(integration: string): string {
  return INTEGRATION_LABELS[integration] ?? humanise(integration);
}

/** The sentence a retry of a job that is no longer failed answers with. */
export const LOGS_MESSAGES = {
  job_not_found: 'Background Job Not Found',
  retried: 'The job is queued again.',
  not_failed: 'The job is no longer failed; it was not queued again.',
  date_order: 'The end date must not be before the start date.',
} as const;
