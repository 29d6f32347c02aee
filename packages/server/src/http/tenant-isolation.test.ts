import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
} from '../../test/factories.ts';
import { createCreditNote, createSalesReturn } from '../../test/returns-fixtures.ts';
import { REACHING_BODIES } from '../../test/route-bodies.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createQuotation,
  createTaxedProduct,
  generateOrder,
} from '../../test/sales-fixtures.ts';

/**
 * For every route that names an id, company A's admin asks for company B's id and must get 404
 * and none of B's data. A new route with a new kind of id fails here until it is listed below,
 * so nobody adds a route without thinking about tenants.
 */
async function idsOf(company: SignedUpCompany) {
  const c = company.companyId;
  const staff = await createUserWithPermissions(company, ['view_order']);
  const config = await company.api.post('company_configurations', {
    configuration_type: 'zoho',
    configurations: { secret: `B-${c}` },
  });
  const tax = (await company.api.get(`companies/${c}/taxes`)).body.results[0];
  const method = (await company.api.get(`companies/${c}/payment_methods`)).body.results[0];
  const contact = await company.api.post(`companies/${c}/notification_contacts`, { name: `B-${c}` });
  const category = await company.api.post(`companies/${c}/categories`, { name: `B-${c}` });
  const brand = await company.api.post(`companies/${c}/brands`, { name: `B-${c}` });
  const product = await company.api.post(`companies/${c}/products`, {
    name: `B-${c}`,
    category: category.body.id,
    mrp: 100,
    selling_price: 90,
  });
  const product2 = await company.api.post(`companies/${c}/products`, {
    name: `B2-${c}`,
    category: category.body.id,
    mrp: 50,
    selling_price: 40,
  });
  const groupedProduct = await company.api.post(`companies/${c}/grouped_products`, {
    name: `B-${c}`,
    sku: `B-${c}`,
    items: [
      { product: product.body.id, quantity: 1 },
      { product: product2.body.id, quantity: 2 },
    ],
    selling_price: 150,
  });
  const collection = await company.api.post(`companies/${c}/product_collections`, { name: `B-${c}` });
  await company.api.post(`product_collections/${collection.body.id}/products`, {
    products: [product.body.id],
  });
  const productUpload = async (kind: 'images' | 'files', bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${company.t.baseUrl}/products/${product.body.id}/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.api.token}` },
      body: form,
    });
    return ((await res.json()) as { id: number }).id;
  };
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const productGroup = await company.api.post(`companies/${c}/product_groups`, {
    name: `B-${c}`,
    attributes: [{ name: `B-${c}`, type: 'text' }],
  });
  const variantGroup = await company.api.post(`companies/${c}/variant_groups`, {
    name: `B-${c}`,
    attribute: 'Colour',
    options: ['Red'],
  });
  const imageId = await productUpload('images', png, 'b.png');
  const fileId = await productUpload('files', Buffer.from('%PDF-1.4\n%%EOF\n'), 'b.pdf');
  const bankAccount = await company.api.post(`v1/branches/${company.branchId}/bank_accounts`, {
    bank_name: 'HDFC Bank',
    account_holder_name: `B-${c}`,
    account_number: `9${String(c).padStart(10, '0')}`,
    ifsc_code: 'HDFC0001234',
  });
  const branchContact = await company.api.post(`branches/${company.branchId}/notification_contacts`, {
    name: `B-${c}`,
  });
  const branchAddress = (await company.api.get(`branches/${company.branchId}?expand=addresses`)).body
    .addresses[0];
  const warehouse = await company.api.post(`branches/${company.branchId}/warehouses`, {
    name: `B-${c}`,
    address: { address_line_1: `B-${c}`, city: 'Pune', state_id: 27, pincode: '411001' },
  });
  const warehouseBuyer = await company.api.post(`warehouses/${warehouse.body.id}/assign_buyers`, {
    buyers: [(await insertBuyer(c, { name: `B-${c}` })).id],
  });
  const seller = await company.api.post(`companies/${c}/sellers`, {
    name: `B-${c}`,
    billing_address: { address_line_1: `B-${c}`, city: 'Pune', state_id: 27, pincode: '411001' },
  });
  await company.api.post(`v1/sellers/${seller.body.id}/assign_products`, { products: [product.body.id] });
  const cashType = (await company.api.get(`v1/admin/companies/${c}/account_groups`)).body.results
    .flatMap((g: { account_types: { id: number; code: string }[] }) => g.account_types)
    .find((t: { code: string }) => t.code === 'cash');
  const account = await company.api.post(`admin/companies/${c}/accounts`, {
    name: `B-${c}`,
    account_type: cashType.id,
  });
  const buyer = await insertBuyer(c, { name: `B-${c}`, sales_channels: ['admin'] });
  await company.api.post(`buyers/${buyer.id}/credit_cash_points`, {
    amount: 10,
    expired_on: '2099-12-31',
  });
  const buyerGroup = await company.api.post(`companies/${c}/buyer_groups`, {
    name: `B-${c}`,
    branches: [company.branchId],
  });
  await company.api.post(`buyer_groups/${buyerGroup.body.id}/buyers/`, { buyer: buyer.id });
  // In the sign-up warehouse, so the warehouse above keeps no stock rows.
  const signUpWarehouse = (await company.api.get(`companies/${c}/warehouses?limit=-1`)).body.results.find(
    (w: { id: number }) => w.id !== warehouse.body.id,
  );
  // Below its reorder point after the adjustment: B gets a reorder notification.
  await company.api.patch(`products/${product.body.id}`, { reorder_point: 5 });
  const inventoryAdjustment = await company.api.post(`companies/${c}/inventory_adjustments`, {
    warehouse: signUpWarehouse.id,
    reason: 'extra_inventory_found',
    notes: `B-${c}`,
    lines: [{ product: product.body.id, quantity: 1 }],
  });
  const inventoryTransfer = await company.api.post(`companies/${c}/inventory_transfers`, {
    source_warehouse: signUpWarehouse.id,
    destination_warehouse: warehouse.body.id,
    notes: `B-${c}`,
    lines: [{ product: product.body.id, quantity: 1 }],
  });
  const salesBuyer = await createBuyerWithAddress(company, { name: `B-${c} sales` });
  const quotation = await createQuotation(company, salesBuyer, [{ product: product.body.id, quantity: 1 }], {
    reference: `B-${c}`,
  });
  const orderQuotation = await createQuotation(
    company,
    salesBuyer,
    [{ product: product.body.id, quantity: 1 }],
    {
      reference: `B-${c}`,
    },
  );
  const order = await generateOrder(company, orderQuotation.id);
  // A bid waiting for approval on the open quotation (its product takes no bids: below ₹90 waits).
  const bid = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
    product: product.body.id,
    rate: 80,
  });
  expect(bid.status, JSON.stringify(bid.body)).toBe(201);
  const invoiced = await createOrder(company, {
    buyer: salesBuyer,
    lines: [{ product: (await createTaxedProduct(company, { openingStock: 5 })).id, quantity: 2 }],
    confirm: true,
  });
  const invoice = await company.api.post(`admin/orders/${invoiced.order.id}/generate_invoice/`, {
    items: [{ order_item: invoiced.order.order_items[0].id, quantity: 1 }],
  });
  // A shipment of a second invoice (the first stays generated for the invoice routes).
  const shipped = await company.api.post(`admin/orders/${invoiced.order.id}/generate_invoice/`, {
    items: [{ order_item: invoiced.order.order_items[0].id, quantity: 1 }],
  });
  const shipment = await company.api.post(`admin/invoices/${shipped.body.id}/shipments`, {
    items: [{ invoice_item: shipped.body.items[0].id, quantity: 1 }],
  });
  // Payments: all credit (no invoice chosen), part of it refunded.
  const payment = await company.api.post(`admin/companies/${c}/payments`, {
    buyer: salesBuyer.id,
    amount: 50,
    allocations: [],
    reference_number: `B-${c}`,
  });
  const refund = await company.api.post(`admin/companies/${c}/refunds`, {
    payment: payment.body.id,
    amount: 1,
  });
  const salesReturn = await createSalesReturn(company, shipped.body);
  const creditNote = await createCreditNote(company, shipped.body, [[1, 10]]);
  const challan = await company.api.post(`admin/companies/${c}/delivery_challans`, {
    purpose: 'job_work',
    warehouse: signUpWarehouse.id,
    buyer: salesBuyer.id,
    reference_number: `B-${c}`,
    items: [{ product: (await createTaxedProduct(company, { openingStock: 2 })).id, quantity: 1 }],
  });
  const bill = await company.api.post(`admin/companies/${c}/bills`, {
    seller: seller.body.id,
    branch: company.branchId,
    warehouse: signUpWarehouse.id,
    bill_number: `B-${c}`,
    bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [{ product: product.body.id, quantity: 1, rate: 10, tax_rate: 18 }],
  });
  const purchaseOrder = await company.api.post(`admin/companies/${c}/purchase_orders`, {
    seller: seller.body.id,
    branch: company.branchId,
    warehouse: signUpWarehouse.id,
    order_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [{ product: product.body.id, quantity: 1, rate: 10, tax_rate: 18 }],
  });
  expect(purchaseOrder.status, JSON.stringify(purchaseOrder.body)).toBe(201);
  // A payment made: a second bill, received, paid in part.
  const paidBill = await company.api.post(`admin/companies/${c}/bills`, {
    seller: seller.body.id,
    branch: company.branchId,
    warehouse: signUpWarehouse.id,
    bill_number: `P-${c}`,
    bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    items: [{ product: product.body.id, quantity: 1, rate: 10, tax_rate: 18 }],
  });
  await company.api.post(`admin/bills/${paidBill.body.id}/receive`);
  const paymentMade = await company.api.post(`admin/companies/${c}/payments_made`, {
    seller: seller.body.id,
    amount: 5,
    payment_method: method.id,
    reference_number: `B-${c}`,
  });
  expect(paymentMade.status, JSON.stringify(paymentMade.body)).toBe(201);
  // A purchase return of the received bill, with its debit note.
  const purchaseReturn = await company.api.post(`admin/companies/${c}/purchase_returns`, {
    bill: paidBill.body.id,
    items: [{ bill_item: paidBill.body.items[0].id, quantity: 1 }],
  });
  expect(purchaseReturn.status, JSON.stringify(purchaseReturn.body)).toBe(201);
  const offer = await company.api.post(`companies/${c}/offers`, {
    kind: 'cart',
    title: `B-${c}`,
    coupon_mode: 'shared',
    coupon_code: `B-${c}`,
    discount_type: 'flat',
    discount_value: 10,
  });
  // A referral of B's buyer: the program on, an invite recorded.
  const program = await company.api.put(`companies/${c}/referral-program`, {
    is_active: true,
    referrer_reward: { type: 'cashpoints', points: 10, validity_days: 30 },
    referred_reward: { type: 'none' },
  });
  expect(program.status, JSON.stringify(program.body)).toBe(200);
  const referral = await company.api.post(`companies/${c}/referrals`, {
    referrer: buyer.id,
    contact_name: `B-${c}`,
    contact_phone: '9876543210',
  });
  expect(referral.status, JSON.stringify(referral.body)).toBe(201);
  // Marketing (issue 23): B's contact, contact list and import job.
  await company.api.patch(`companies/${c}`, { is_marketing_enabled: true });
  const marketingContact = await company.api.post(`companies/${c}/contacts`, {
    name: `B-${c}`,
    phone: '9876543210',
  });
  expect(marketingContact.status, JSON.stringify(marketingContact.body)).toBe(201);
  const contactList = await company.api.post(`companies/${c}/contact_lists`, {
    name: `B-${c}`,
    kind: 'static',
    contacts: [marketingContact.body.id],
  });
  expect(contactList.status, JSON.stringify(contactList.body)).toBe(201);
  const template = await company.api.post(`v1/admin/companies/${c}/templates`, {
    medium: 'sms',
    name: `B ${c}`,
    body: 'Dear {buyer_name}',
    sender_header: 'ACMEDI',
    dlt_template_id: '1207161234567890123',
    dlt_entity_id: '1201159876543210987',
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const lead = await company.api.post(`admin/companies/${c}/leads`, { name: `B ${c}`, phone: '9876500001' });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  // Written straight in: creating one through the API needs a configured medium.
  const recurringCampaign = await company.t.server.ctx.db
    .insertInto('recurring_campaigns')
    .values({
      company_id: c,
      title: `B-${c}`,
      purpose: 'never_purchased',
      medium: 'sms',
      template_id: template.body.id,
      frequency: 'daily',
      start_date: '2026-04-01',
      settings: '{}',
      variables: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shortLink = await company.api.post(`admin/companies/${c}/short_links`, {
    target_url: `https://b-${c}.example.in/`,
  });
  expect(shortLink.status, JSON.stringify(shortLink.body)).toBe(201);
  const bulkJob = await company.t.server.ctx.db
    .insertInto('bulk_jobs')
    .values({ company_id: c, kind: 'create_contact', file_name: `B-${c}.csv`, created_by: company.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Customer feedback (issue 24): a form, and a request of it for B's buyer.
  const feedbackForm = await company.api.post(`admin/companies/${c}/feedback_forms`, { title: `B ${c}` });
  expect(feedbackForm.status, JSON.stringify(feedbackForm.body)).toBe(201);
  const feedbackRequest = await company.api.post(`admin/companies/${c}/feedback_requests`, {
    form: feedbackForm.body.form.id,
    buyer: buyer.id,
    send_email: false,
  });
  expect(feedbackRequest.status, JSON.stringify(feedbackRequest.body)).toBe(201);
  // WhatsApp support (issue 24): a conversation written straight in (customers' messages come by Meta's webhook).
  const whatsappConversation = await company.t.server.ctx.db
    .insertInto('whatsapp_conversations')
    .values({ company_id: c, wa_number: '919876500009', last_incoming_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A one-time campaign written straight in, as the recurring one is (no configured medium here).
  const campaign = await company.t.server.ctx.db
    .insertInto('campaigns')
    .values({ company_id: c, title: `B-${c}`, medium: 'sms', template_id: template.body.id, variables: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Product ads (issue 25): an ad account written straight in (connecting needs an ad platform).
  const adAccount = await company.t.server.ctx.db
    .insertInto('ad_accounts')
    .values({ company_id: c, platform: 'google_ads', external_account_id: '1234567890', status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Stores and shipping charge rules (issue 26).
  const store = await company.api.post(`companies/${c}/stores`, {
    name: `B store ${c}`,
    branch: company.branchId,
    warehouse: warehouse.body.id,
  });
  expect(store.status, JSON.stringify(store.body)).toBe(201);
  const shippingRule = await company.api.post(`admin/companies/${c}/shipping_rules`, {
    name: `B rule ${c}`,
    kind: 'flat',
    charge: 40,
  });
  expect(shippingRule.status, JSON.stringify(shippingRule.body)).toBe(201);
  const courierAccount = await company.api.post(`companies/${c}/courier_accounts`, {
    courier_name: `B courier ${c}`,
    api_base_url: 'http://127.0.0.1:9',
    api_token: 'b-token',
  });
  expect(courierAccount.status, JSON.stringify(courierAccount.body)).toBe(201);
  return {
    courierAccountId: courierAccount.body.id as number,
    storeId: store.body.id as number,
    shippingRuleId: shippingRule.body.id as number,
    adAccountId: adAccount.id,
    campaignId: campaign.id,
    whatsappConversationId: whatsappConversation.id,
    marketingContactId: marketingContact.body.id as number,
    contactListId: contactList.body.id as number,
    bulkJobId: bulkJob.id,
    templateId: template.body.id as number,
    shortLinkId: shortLink.body.id as number,
    recurringCampaignId: recurringCampaign.id,
    leadId: lead.body.id as number,
    feedbackFormId: feedbackForm.body.form.id as number,
    feedbackRequestId: feedbackRequest.body.request.id as number,
    companyId: c,
    userId: staff.user.id,
    roleId: staff.role.id,
    configId: config.body.id,
    taxId: tax.id,
    methodId: method.id,
    contactId: contact.body.id,
    categoryId: category.body.id,
    brandId: brand.body.id,
    productId: product.body.id,
    groupedProductId: groupedProduct.body.id,
    collectionId: collection.body.id,
    productGroupId: productGroup.body.id,
    attributeId: productGroup.body.attributes[0].id,
    variantGroupId: variantGroup.body.id,
    imageId,
    fileId,
    buyerId: buyer.id,
    buyerGroupId: buyerGroup.body.id,
    sellerId: seller.body.id,
    accountId: account.body.id,
    bankAccountId: bankAccount.body.id,
    branchContactId: branchContact.body.id,
    addressId: branchAddress.id,
    branchId: company.branchId,
    warehouseId: warehouse.body.id,
    warehouseBuyerId: warehouseBuyer.body.results[0].id,
    inventoryAdjustmentId: inventoryAdjustment.body.id,
    inventoryTransferId: inventoryTransfer.body.id,
    quotationId: quotation.id,
    bidId: bid.body.id as number,
    orderId: order.id,
    invoiceId: invoice.body.id,
    offerId: offer.body.id,
    referralId: referral.body.id as number,
    paymentId: payment.body.id,
    refundId: refund.body.id,
    shipmentId: shipment.body.id,
    salesReturnId: salesReturn.id,
    creditNoteId: creditNote.id,
    challanId: challan.body.id,
    billId: bill.body.id,
    purchaseOrderId: purchaseOrder.body.id as number,
    paymentMadeId: paymentMade.body.id as number,
    purchaseReturnId: purchaseReturn.body.id as number,
    debitNoteId: purchaseReturn.body.debit_note.id as number,
    salesChannelId: (await company.api.get('admin/all_sales_channel/')).body.results[0].id as number,
  };
}

type Ids = Awaited<ReturnType<typeof idsOf>>;

/** Which of B's ids goes into `:id` for a route, by the route's first path segment. */
function idFor(url: string, ids: Ids): number {
  if (url.includes('/taxes/:id')) return ids.taxId;
  if (url.includes('/payment_methods/:id')) return ids.methodId;
  if (/^\/api\/(v\d\/)?(admin\/)?buyers\/:id/.test(url)) return ids.buyerId;
  if (url.includes('/companies/:companyId/buyers/:id')) return ids.buyerId;
  if (url.includes('/v1/buyer_groups/:id')) return ids.buyerGroupId;
  if (url.includes('/v1/bank_accounts/:id')) return ids.bankAccountId;
  if (url.includes('/v1/branches/:id')) return ids.branchId;
  if (/^\/api\/(v\d\/)?sellers\/:id/.test(url)) return ids.sellerId;
  if (/^\/api\/(v\d\/)?(admin\/)?accounts\/:id/.test(url)) return ids.accountId;
  if (url.startsWith('/api/admin/warehouses/:id/')) return ids.warehouseId;
  if (/^\/api\/(v\d\/)?(admin\/)?quotations\/:id/.test(url)) return ids.quotationId;
  if (/^\/api\/(v\d\/)?(admin\/)?orders\/:id/.test(url)) return ids.orderId;
  if (/^\/api\/(v\d\/)?(admin\/)?invoices\/:id/.test(url)) return ids.invoiceId;
  if (/^\/api\/admin\/(order_)?payments\/:id/.test(url)) return ids.paymentId;
  // E-way bills name their document (issue 22).
  if (/^\/api\/admin\/companies\/:companyId\/invoices\/:id\/e_way_bill/.test(url)) return ids.invoiceId;
  if (/^\/api\/admin\/companies\/:companyId\/delivery_challans\/:id\/e_way_bill/.test(url))
    return ids.challanId;
  if (/^\/api\/admin\/companies\/:companyId\/inventory_transfers\/:id\/e_way_bill/.test(url))
    return ids.inventoryTransferId;
  if (url.startsWith('/api/admin/refunds/:id')) return ids.refundId;
  if (url.startsWith('/api/admin/shipments/:id')) return ids.shipmentId;
  if (url.startsWith('/api/admin/sales_returns/:id')) return ids.salesReturnId;
  if (url.startsWith('/api/admin/credit_notes/:id')) return ids.creditNoteId;
  if (url.startsWith('/api/admin/delivery_challans/:id')) return ids.challanId;
  if (url.startsWith('/api/admin/bills/:id')) return ids.billId;
  if (url.startsWith('/api/admin/purchase_orders/:id')) return ids.purchaseOrderId;
  if (url.startsWith('/api/admin/payments_made/:id')) return ids.paymentMadeId;
  if (url.startsWith('/api/admin/purchase_returns/:id')) return ids.purchaseReturnId;
  if (url.startsWith('/api/admin/debit_notes/:id')) return ids.debitNoteId;
  if (url.startsWith('/api/admin/sellers/:id')) return ids.sellerId;
  if (url.startsWith('/api/admin/bids/:id')) return ids.bidId;
  // B has no contra adjustment here (it needs a party that is buyer and seller at once): the walk
  // checks the route answers 404 to an id A does not own; seller-ledger.test.ts uses a real one.
  if (url.startsWith('/api/admin/contra_adjustments/:id')) return ids.invoiceId;
  // A filed GST period is reached through B's company path, which alone answers 404 to A (issue 22);
  // gstr3b.test.ts reopens another company's real period id.
  if (url.includes('/gst_returns/filed_periods/:id')) return ids.invoiceId;
  // Serial numbers (issue 22): an invoice's by the invoice, the picker by the product; a serial's
  // trace is reached through B's company path, which alone answers 404 to A.
  if (/^\/api\/admin\/companies\/:companyId\/invoices\/:id\/serial_numbers/.test(url)) return ids.invoiceId;
  if (url.includes('/products/:id/serial_numbers')) return ids.productId;
  if (url.includes('/serial_numbers/:id')) return ids.invoiceId;
  if (url.startsWith('/api/v1/admin/templates/:id')) return ids.templateId;
  if (url.startsWith('/api/admin/short_links/:id')) return ids.shortLinkId;
  if (url.startsWith('/api/v1/admin/recurring_campaigns/:id')) return ids.recurringCampaignId;
  if (url.startsWith('/api/admin/campaigns/:id')) return ids.campaignId;
  if (url.startsWith('/api/admin/leads/:id')) return ids.leadId;
  if (url.startsWith('/api/admin/whatsapp_conversations/:id')) return ids.whatsappConversationId;
  if (url.startsWith('/api/admin/ads_accounts/:id')) return ids.adAccountId;
  if (url.startsWith('/api/stores/:id')) return ids.storeId;
  if (url.startsWith('/api/admin/shipping_rules/:id')) return ids.shippingRuleId;
  if (url.startsWith('/api/courier_accounts/:id')) return ids.courierAccountId;
  if (url.startsWith('/api/admin/feedback_forms/:id')) return ids.feedbackFormId;
  if (url.startsWith('/api/admin/feedback_requests/:id')) return ids.feedbackRequestId;
  const resource = url.replace(/^\/api\//, '').split('/')[0];
  const byResource: Record<string, number> = {
    users: ids.userId,
    roles: ids.roleId,
    company_configurations: ids.configId,
    notification_contacts: ids.contactId,
    categories: ids.categoryId,
    brands: ids.brandId,
    products: ids.productId,
    grouped_products: ids.groupedProductId,
    product_collections: ids.collectionId,
    product_groups: ids.productGroupId,
    attributes: ids.attributeId,
    variant_groups: ids.variantGroupId,
    buyers: ids.buyerId,
    buyer_groups: ids.buyerGroupId,
    addresses: ids.addressId,
    branches: ids.branchId,
    warehouses: ids.warehouseId,
    warehouse_buyers: ids.warehouseBuyerId,
    inventory_adjustments: ids.inventoryAdjustmentId,
    inventory_transfers: ids.inventoryTransferId,
    offers: ids.offerId,
    referrals: ids.referralId,
    sales_channels: ids.salesChannelId,
    contacts: ids.marketingContactId,
    contact_lists: ids.contactListId,
    bulk_jobs: ids.bulkJobId,
  };
  const id = byResource[resource];
  if (!id) throw new Error(`tenant-isolation test: say which id to use for ${url}`);
  return id;
}

describe('tenant isolation', () => {
  it("every route answers 404 for another company's ids and leaks nothing", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    // A marketing route answers 403 to a company without marketing before it looks for the id.
    await a.api.patch(`companies/${a.companyId}`, { is_marketing_enabled: true });
    const bIds = await idsOf(b);
    const routes = a.t.server.app.routeTable.filter((r) => !r.public && r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url
        .replace(':companyId', String(bIds.companyId))
        .replace(':id', route.url.includes(':id') ? String(idFor(route.url, bIds)) : '')
        .replace(':imageId', String(bIds.imageId))
        .replace(':fileId', String(bIds.fileId))
        .replace(':contactId', String(bIds.branchContactId))
        .replace(':applicationId', '1')
        .replace(/^\/api\//, '');
      const body =
        REACHING_BODIES[`${route.method} ${route.url}`] ?? (route.method === 'GET' ? undefined : {});
      const res = await a.api.request(route.method, path, body);
      const text = JSON.stringify(res.body ?? '');
      if (res.status !== 404 || text.includes(b.email) || text.includes(`B-${bIds.companyId}`)) {
        failures.push(`${route.method} ${route.url} -> ${res.status} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await b.api.get(`grouped_products/${bIds.groupedProductId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      item_count: 2,
    });
    expect((await b.api.get(`product_collections/${bIds.collectionId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      product_count: 1,
    });
    // B's data is untouched by A's attempts.
    expect((await b.api.get(`v2/sellers/${bIds.sellerId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      product_count: 1,
      addresses: [expect.objectContaining({ address_line_1: `B-${bIds.companyId}` })],
    });
    expect((await b.api.get(`v2/accounts/${bIds.accountId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
    });
    const bBranch = (await b.api.get(`branches/${bIds.branchId}?expand=addresses`)).body;
    expect(bBranch).toMatchObject({ name: 'Pune', is_active: true });
    expect(bBranch.addresses).toEqual([
      expect.objectContaining({ id: bIds.addressId, city: 'Pune', is_visible: true }),
    ]);
    expect((await b.api.get(`v1/bank_accounts/${bIds.bankAccountId}`)).body).toMatchObject({
      bank_name: 'HDFC Bank',
      account_holder_name: `B-${bIds.companyId}`,
    });
    expect((await b.api.get(`branches/${bIds.branchId}/notification_contacts`)).body).toEqual([
      expect.objectContaining({ id: bIds.branchContactId, name: `B-${bIds.companyId}` }),
    ]);
    expect((await b.api.get(`v1/branches/${bIds.branchId}/tally-voucher-types`)).body.updated_at).toBeNull();
    expect((await b.api.get(`branches/${bIds.branchId}/configurations`)).body).toEqual([]);
    expect((await b.api.get(`users/${bIds.userId}`)).body.is_active).toBe(true);
    expect((await b.api.get(`roles/${bIds.roleId}`)).body.permissions).toEqual(['view_order']);
    const bCompany = (await b.api.get(`companies/${bIds.companyId}`)).body;
    expect(bCompany.notification_contacts).toEqual([
      expect.objectContaining({ id: bIds.contactId, name: `B-${bIds.companyId}` }),
    ]);
    expect((await b.api.get(`categories/${bIds.categoryId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      image: null,
    });
    expect((await b.api.get(`brands/${bIds.brandId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      ignore_for_bi: false,
    });
    expect((await b.api.get(`product_groups/${bIds.productGroupId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      attributes: [expect.objectContaining({ id: bIds.attributeId, name: `B-${bIds.companyId}` })],
    });
    expect((await b.api.get(`variant_groups/${bIds.variantGroupId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      options: ['Red'],
    });
    expect((await b.api.get(`warehouses/${bIds.warehouseId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      is_private: false,
      addresses: [expect.objectContaining({ address_line_1: `B-${bIds.companyId}` })],
    });
    expect((await b.api.get(`warehouses/${bIds.warehouseId}/buyers`)).body.results).toEqual([
      expect.objectContaining({ id: bIds.warehouseBuyerId, priority: 0 }),
    ]);
    expect((await b.api.get(`warehouses/${bIds.warehouseId}/product_inventory`)).body.count).toBe(0);
    expect((await b.api.get(`products/${bIds.productId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      images: [expect.objectContaining({ id: bIds.imageId })],
      files: [expect.objectContaining({ id: bIds.fileId })],
    });
    expect((await b.api.get(`admin/buyers/${bIds.buyerId}/cash_point`)).body).toMatchObject({
      total_cashpoints: 10,
    });
    expect((await b.api.get(`v2/buyers/${bIds.buyerId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      is_inventory_exposed: true,
      ignore_for_bi: false,
      credit_limit: null,
      addresses: [],
      sales_channels: [expect.objectContaining({ name: 'admin', is_enabled: true })],
    });
    expect((await b.api.get(`buyer_groups/${bIds.buyerGroupId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      buyer_count: 1,
      branches: [expect.objectContaining({ id: bIds.branchId })],
    });
    expect((await b.api.get(`admin/quotations/${bIds.quotationId}`)).body).toMatchObject({
      status: 'draft',
      coupon_code: null,
      reference_number: `B-${bIds.companyId}`,
    });
    expect((await b.api.get(`admin/orders/${bIds.orderId}`)).body).toMatchObject({
      status: 'new',
      version: 1,
      reference_number: `B-${bIds.companyId}`,
      comments: [],
    });
    expect((await b.api.get(`admin/invoices/${bIds.invoiceId}`)).body).toMatchObject({
      status: 'generated',
      notes: null,
      write_off_amount: 0,
      bank_charges: 0,
      shipping_charges_paid_by_company: false,
      comments: [],
    });
    expect((await b.api.get(`offers/${bIds.offerId}`)).body).toMatchObject({
      title: `B-${bIds.companyId}`,
      coupon_code: `B-${bIds.companyId}`,
      is_active: true,
    });
    // B's reorder notification stays open; A's resolve call with B's timestamp finds nothing.
    const bNotes = (await b.api.get(`companies/${bIds.companyId}/notifications`)).body.results;
    expect(bNotes).toEqual([
      expect.objectContaining({
        service: 'inventory',
        message: expect.stringContaining(`B-${bIds.companyId}`),
      }),
    ]);
    const resolve = `notifications?timestamp=${encodeURIComponent(bNotes[0].timestamp)}&service=inventory`;
    expect((await a.api.delete(`companies/${a.companyId}/${resolve}`)).status).toBe(404);
    expect((await b.api.get(`companies/${bIds.companyId}/notifications`)).body.results).toEqual(bNotes);
  }, 180_000);

  it('lists never include another company', async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const users = await a.api.get(`companies/${a.companyId}/users?limit=-1`);
    expect(JSON.stringify(users.body)).not.toContain(b.email);
    const channels = await a.api.get('admin/all_sales_channel/');
    const bChannels = await b.api.get('admin/all_sales_channel/');
    const aIds = new Set(channels.body.results.map((c: { id: number }) => c.id));
    expect(bChannels.body.results.some((c: { id: number }) => aIds.has(c.id))).toBe(false);
  });
});
