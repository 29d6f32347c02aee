import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { OffersTable } from '../src/db/schema.ts';
import { type SignedUpCompany, unique, validGstin } from './factories.ts';
import { createProduct, dbOf, firstWarehouse, type ProductOptions } from './inventory-fixtures.ts';

/**
 * Test data for the sales areas (quotations, orders, invoices): taxed products, buyers with
 * addresses, coupons, quotations and orders made through the API.
 */

export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A date `days` from today (India), YYYY-MM-DD. */
export function daysFromToday(days: number) {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The company's seeded tax of a type and rate (GST 0, 0.25, 3, 5, 12, 18, 28, 40; cess 1, 3, 5, 12, 15, 22). */
export async function taxIdOf(company: SignedUpCompany, type: 'gst' | 'cess', rate: number) {
  const tax = await dbOf(company)
    .selectFrom('taxes')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('type', '=', type)
    .where('rate', '=', rate)
    .executeTakeFirstOrThrow();
  return tax.id;
}

export interface TaxedProductOptions extends ProductOptions {
  /** GST per cent (18 unless given); null for a product without a tax. */
  gstRate?: number | null;
  /** Compensation cess per cent, none unless given. */
  cessRate?: number;
  /** Tax-inclusive selling price in rupees (118 unless given); MRP is at least this. */
  sellingPrice?: number;
  hsn?: string | null;
  maxQuantityPerTransaction?: number;
}

/** A product with a GST rate (and cess), HSN and selling price, made through the API. */
export async function createTaxedProduct(company: SignedUpCompany, options: TaxedProductOptions = {}) {
  const { gstRate = 18, cessRate, sellingPrice = 118, hsn = '8471', maxQuantityPerTransaction } = options;
  return createProduct(company, {
    ...options,
    fields: {
      selling_price: sellingPrice,
      mrp: Math.max(sellingPrice, 100),
      ...(gstRate === null ? {} : { tax: await taxIdOf(company, 'gst', gstRate) }),
      ...(cessRate === undefined ? {} : { cess_tax: await taxIdOf(company, 'cess', cessRate) }),
      ...(hsn === null ? {} : { hsn }),
      ...(maxQuantityPerTransaction === undefined
        ? {}
        : { max_quantity_per_transaction: maxQuantityPerTransaction }),
      ...options.fields,
    },
  });
}

export interface BuyerOptions {
  name?: string;
  /** State of the billing address (27, Maharashtra, like the sign-up branch, unless given). */
  stateId?: number;
  /** State of the shipping address (the billing state unless given): the place of supply. */
  shippingStateId?: number;
  /** Rupees; no limit unless given. */
  creditLimit?: number;
  /** Any other fields of the buyer's body. */
  fields?: Record<string, unknown>;
}

const addressIn = (stateId: number, line: string) => ({
  address_line_1: line,
  city: stateId === 27 ? 'Pune' : 'Elsewhere',
  state_id: stateId,
  pincode: '560001',
});

/**
 * A registered buyer (GSTIN of its billing state) with a billing and a shipping address, made
 * through the API. Returns the buyer and the two address ids.
 */
export async function createBuyerWithAddress(company: SignedUpCompany, options: BuyerOptions = {}) {
  const stateId = options.stateId ?? 27;
  const shippingStateId = options.shippingStateId ?? stateId;
  const res = await company.api.post(`companies/${company.companyId}/buyers`, {
    name: options.name ?? `Buyer ${unique()}`,
    gst_number: validGstin(String(stateId).padStart(2, '0')),
    billing_address: addressIn(stateId, '1 Billing Street'),
    shipping_address: addressIn(shippingStateId, '2 Shipping Lane'),
    ...(options.creditLimit === undefined ? {} : { credit_limit: options.creditLimit }),
    ...options.fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const addresses = res.body.addresses as { id: number; address_type: string }[];
  const billing = addresses.find((a) => a.address_type === 'billing_address');
  const shipping = addresses.find((a) => a.address_type === 'shipping_address');
  if (!billing || !shipping) throw new Error('the buyer was made without both addresses');
  return {
    id: res.body.id as number,
    name: res.body.name as string,
    billingAddressId: billing.id,
    shippingAddressId: shipping.id,
  };
}

export type Buyer = Awaited<ReturnType<typeof createBuyerWithAddress>>;

/**
 * A coupon offer written straight into the database: a cart offer, flat ₹50 off, active, undated,
 * with one shared code (`coupon_code`, or a fresh one), unless overridden.
 */
export async function createOffer(
  company: SignedUpCompany,
  overrides: Partial<Omit<Insertable<OffersTable>, 'company_id'>> & { coupon_code?: string | null } = {},
) {
  const { coupon_code: givenCode, ...columns } = overrides;
  const percentage = columns.discount_type === 'percentage';
  const code = givenCode === undefined ? `CPN${unique()}`.slice(0, 20).toUpperCase() : givenCode;
  const db = dbOf(company);
  const offer = await db
    .insertInto('offers')
    .values({
      company_id: company.companyId,
      title: `Offer ${unique()}`,
      discount_type: 'flat',
      coupon_mode: code === null ? 'none' : 'shared',
      ...(percentage ? { discount_percent: 10 } : { discount_paise: 5000 }),
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (code !== null) {
    await db
      .insertInto('offer_coupon_codes')
      .values({
        company_id: company.companyId,
        offer_id: offer.id,
        code,
        max_uses: offer.coupon_mode === 'unique' ? 1 : null,
      })
      .execute();
  }
  return { ...offer, coupon_code: code };
}

export interface QuotationLine {
  product: number;
  quantity: number;
  /** The first warehouse unless given. */
  warehouse?: number;
  rate?: number;
  discount?: number;
}

/** A body for POST admin/companies/{companyId}/generate_quotation. */
export async function quotationBody(
  company: SignedUpCompany,
  buyer: Buyer,
  lines: readonly QuotationLine[],
  overrides: Record<string, unknown> = {},
) {
  const warehouse = (await firstWarehouse(company)).id;
  return {
    buyer: buyer.id,
    branch: company.branchId,
    billing_address: buyer.billingAddressId,
    shipping_address: buyer.shippingAddressId,
    items: lines.map((line) => ({ warehouse, ...line })),
    ...overrides,
  };
}

/** A draft quotation made through the API; expects 201 and returns its body. */
export async function createQuotation(
  company: SignedUpCompany,
  buyer: Buyer,
  lines: readonly QuotationLine[],
  overrides: Record<string, unknown> = {},
) {
  const res = await company.api.post(
    `admin/companies/${company.companyId}/generate_quotation`,
    await quotationBody(company, buyer, lines, overrides),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Turns a quotation into an order (instant: invoiced at once); expects 201 and returns the order. */
export async function generateOrder(company: SignedUpCompany, quotationId: number, instant = false) {
  const res = await company.api.post(
    `admin/quotations/${quotationId}/generate_order/`,
    instant ? { instant } : {},
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Confirms an order (reserving its stock); expects 200 and returns the order. */
export async function confirmOrder(company: SignedUpCompany, orderId: number) {
  const res = await company.api.post(`admin/orders/${orderId}/confirm/`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export interface OrderOptions {
  /** A new buyer in Maharashtra unless given. */
  buyer?: Buyer;
  /** One line of a new 18% product with 100 in stock unless given. */
  lines?: readonly QuotationLine[];
  /** Quotation fields (coupons are applied separately). */
  fields?: Record<string, unknown>;
  /** Confirm after ordering (when the company does not auto-confirm). */
  confirm?: boolean;
}

/** An order through quotation and generate_order (and confirm); returns order, quotation and buyer. */
export async function createOrder(company: SignedUpCompany, options: OrderOptions = {}) {
  const buyer = options.buyer ?? (await createBuyerWithAddress(company));
  const lines = options.lines ?? [
    { product: (await createTaxedProduct(company, { openingStock: 100 })).id, quantity: 2 },
  ];
  const quotation = await createQuotation(company, buyer, lines, options.fields);
  let order = await generateOrder(company, quotation.id);
  if (options.confirm && order.status === 'new') order = await confirmOrder(company, order.id);
  return { order, quotation, buyer };
}

/** Sets the company's order switches (auto-confirm, credit limit restriction) through the API. */
export async function setCompanyFlags(
  company: SignedUpCompany,
  flags: { is_order_auto_confirm?: boolean; apply_credit_limit_restriction?: boolean },
) {
  const res = await company.api.patch(`companies/${company.companyId}`, flags);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Turns the branch's round-off on or off. */
export async function setRoundOff(company: SignedUpCompany, enabled: boolean, branchId = company.branchId) {
  const res = await company.api.patch(`branches/${branchId}`, { round_off_enabled: enabled });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Invoices the given quantities of the order's lines, in line order (all that is left when
 * omitted); expects 201 and returns the invoice.
 */
export async function invoiceOrder(
  company: SignedUpCompany,
  order: { id: number; order_items: { id: number; invoiceable_quantity: number }[] },
  quantities?: readonly number[],
  extra: Record<string, unknown> = {},
) {
  const items = order.order_items
    .map((item, index) => ({
      order_item: item.id,
      quantity: quantities ? quantities[index] : item.invoiceable_quantity,
    }))
    .filter((item) => (item.quantity ?? 0) > 0);
  const res = await company.api.post(`admin/orders/${order.id}/generate_invoice/`, { items, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * A confirmed order invoiced in full (or by `quantities`): returns the order as it is now, its
 * invoice and its buyer. One 18% product with 100 in stock, 2 ordered, unless `options` say otherwise.
 */
export async function createInvoicedOrder(
  company: SignedUpCompany,
  options: OrderOptions & { quantities?: readonly number[] } = {},
) {
  const { order, buyer } = await createOrder(company, { ...options, confirm: true });
  const invoice = await invoiceOrder(company, order, options.quantities);
  const current = await company.api.get(`admin/orders/${order.id}`);
  expect(current.status).toBe(200);
  return { order: current.body, invoice, buyer };
}
