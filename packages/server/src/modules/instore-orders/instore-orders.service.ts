import type {
  CounterContextOutput,
  CounterOffersInput,
  CounterOffersOutput,
  CounterProductOutput,
  InstoreOrderInput,
  InstoreOrderOutput,
} from '@b2b/domain/api/instore-orders';
import { INSTORE_MESSAGES, settleTenders, type TenderKind, tenderKindOf } from '@b2b/domain/instore-orders';
import { toPaise, toRupees } from '@b2b/domain/money';
import { priceLineBeforeOrderDiscount } from '@b2b/domain/sales-pricing';
import { STORE_MESSAGES } from '@b2b/domain/stores';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { insertAddress } from '../addresses/addresses.service.ts';
import {
  type FeedbackOutbox,
  requestFeedbackAfterInstoreSale,
} from '../customer-feedback/customer-feedback.service.ts';
import { recordHistory } from '../history/history.service.ts';
import type { InvoiceContext } from '../invoices/invoice-context.ts';
import { getInvoice } from '../invoices/invoice-reads.ts';
import { offersForOrder } from '../offer-redemptions/offer-redemptions.service.ts';
import { recordPayment } from '../payments/record-payment.ts';
import { liveProducts } from '../quotations/quotation-pricing.queries.ts';
import { placeInstantOrder } from '../sales-orders/place-order.ts';
import { shipInvoice } from '../shipments/create-shipment.ts';
import { activeStoresFor, getStore, storeForSale } from '../stores/stores.service.ts';
import * as queries from './instore-orders.queries.ts';

/**
 * The instore counter (point of sale). A sale is one transaction: the buyer (given, or a walk-in
 * customer found or created, with the counter's address so that the place of supply is the
 * counter's state), an instant order confirmed and invoiced in full (placeInstantOrder: stock,
 * numbering, GST and history as for any order), then one payment per tender against that order
 * (recordPayment: allocation to the invoice, the buyer ledger, the payment statuses), and the
 * goods handed over (a self-delivered shipment, delivered at once: the order is complete). The tenders
 * are checked by the domain's settleTenders against the invoice's own total, so any refusal
 * (stock, payment short) rolls everything back: nothing half-written.
 */

// ---------------------------------------------------------------------------------------------
// The counter

/** GET instore/counter: the company, the warehouses a counter can sell from, the tenders. */
export async function counterContext(
  db: Executor,
  companyId: number,
  /** The caller's branches: a counter sells from their warehouses (null: every branch). */
  branches: BranchScope,
): Promise<CounterContextOutput> {
  const [company, warehouses, methods, stores] = await Promise.all([
    queries.companyOf(db, companyId),
    queries.counterWarehouses(db, companyId, branches),
    queries.activePaymentMethods(db, companyId),
    activeStoresFor(db, companyId, branches),
  ]);
  const addresses = await queries.branchAddresses(db, companyId, [
    ...new Set(warehouses.map((w) => w.branch_id)),
  ]);
  return {
    company: { id: company.id, name: company.display_name ?? company.name, gstin: company.gstin },
    warehouses: warehouses.map((warehouse) => {
      const address = addresses.find((a) => a.owner_id === warehouse.branch_id);
      return {
        id: warehouse.id,
        name: warehouse.name,
        branch: {
          id: warehouse.branch_id,
          name: warehouse.branch_name,
          gstin: warehouse.branch_gstin,
          round_off_enabled: warehouse.round_off_enabled,
          address: address
            ? {
                address_line_1: address.address_line_1,
                address_line_2: address.address_line_2,
                city: address.city,
                state: { id: address.state_id, name: address.state_name, gst_code: address.gst_code },
                pincode: address.pincode,
              }
            : null,
        },
      };
    }),
    payment_methods: methods.map((method) => ({
      id: method.id,
      name: method.name,
      code: method.code,
      kind: tenderKindOf(method.code),
    })),
    stores: stores.map((store) => ({
      id: store.id,
      name: store.name,
      warehouse_id: store.warehouse.id,
      branch_id: store.branch.id,
      receipt_width_mm: store.receipt_width_mm,
      sales_channel: store.sales_channel
        ? { id: store.sales_channel.id, display_name: store.sales_channel.display_name }
        : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Products

function presentProduct(row: queries.CounterProductRow): CounterProductOutput {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    upc: row.upc,
    hsn: row.hsn,
    unit: row.unit,
    price: toRupees(Number(row.selling_price_paise)),
    gst_rate: Number(row.gst_rate ?? 0),
    cess_rate: Number(row.cess_rate ?? 0),
    sellable_stock: Number(row.sellable_stock),
    allow_back_ordering: row.allow_back_ordering,
  };
}

async function counterWarehouse(db: Executor, companyId: number, warehouseId: number, field = 'warehouse') {
  const warehouse = await queries.findCounterWarehouse(db, companyId, warehouseId);
  if (!warehouse) throw validationError(field, INSTORE_MESSAGES.warehouse_not_found);
  return warehouse;
}

/** GET instore/product_lookup: the product whose UPC or SKU is the code; 404 otherwise. */
export async function lookupProduct(db: Executor, companyId: number, code: string, warehouseId: number) {
  await counterWarehouse(db, companyId, warehouseId);
  const [row] = await queries.productByCode(db, companyId, warehouseId, code);
  if (!row) throw notFound('Product');
  return presentProduct(row);
}

/** GET instore/products: products whose name, SKU or UPC contains the text. */
export async function searchProducts(
  db: Executor,
  companyId: number,
  options: { search: string; warehouseId: number; limit: number },
) {
  await counterWarehouse(db, companyId, options.warehouseId);
  const rows = await queries.searchProducts(
    db,
    companyId,
    options.warehouseId,
    options.search,
    options.limit,
  );
  return { results: rows.map(presentProduct) };
}

// ---------------------------------------------------------------------------------------------
// The buyer

type Buyer = { id: number; name: string; phone: string | null; is_active: boolean };

const samePlace = (
  a: { address_line_1: string; city: string; state_id: number; pincode: string },
  b: queries.CounterAddress,
) =>
  a.address_line_1 === b.address_line_1 &&
  a.city === b.city &&
  a.state_id === b.state_id &&
  a.pincode === b.pincode;

/** The buyer's address at the counter: one it has already, or a copy of the counter's added now. */
async function counterAddressOf(
  tx: Tx,
  companyId: number,
  buyerId: number,
  counter: queries.CounterAddress,
  addressType: 'billing_address' | 'shipping_address',
) {
  const addresses = await queries.buyerAddresses(tx, companyId, buyerId);
  const found = addresses.find((address) => samePlace(address, counter));
  if (found) return { id: found.id, addresses };
  const { id } = await insertAddress(
    tx,
    { companyId, ownerType: 'buyer', ownerId: buyerId },
    { ...counter, address_type: addressType },
  );
  return { id, addresses };
}

/**
 * Who buys, and the addresses of the sale. A buyer chosen at the counter keeps its billing address
 * (its GSTIN's state) and takes the goods at the counter (shipping address = the counter's). A
 * walk-in customer is the consumer buyer with that phone, or the company's anonymous walk-in
 * customer; created on first sale, with the counter's address for both.
 */
async function buyerOfSale(
  tx: Tx,
  actor: Principal,
  input: InstoreOrderInput,
  counter: queries.CounterAddress,
) {
  const { companyId } = actor;
  if (input.buyer !== undefined) {
    const buyer = await queries.findBuyer(tx, companyId, input.buyer);
    if (!buyer) throw validationError('buyer', 'Buyer Not Found');
    const shipping = await counterAddressOf(tx, companyId, buyer.id, counter, 'shipping_address');
    const billing = shipping.addresses.find((address) => address.address_type === 'billing_address');
    return { buyer, billingAddressId: billing?.id ?? shipping.id, shippingAddressId: shipping.id };
  }
  const phone = input.walk_in?.phone ?? null;
  const name = input.walk_in?.name ?? null;
  await queries.lockWalkIn(tx, companyId, phone);
  let buyer: Buyer | undefined = phone
    ? await queries.findConsumerByPhone(tx, companyId, phone)
    : await queries.findAnonymousWalkIn(tx, companyId, INSTORE_MESSAGES.walk_in_name);
  if (!buyer) {
    buyer = await queries.insertConsumer(tx, {
      company_id: companyId,
      // Without a phone the customer cannot be found again: the anonymous walk-in customer it is.
      name: (phone ? name : null) ?? INSTORE_MESSAGES.walk_in_name,
      phone,
      created_by: actor.userId,
    });
    await recordHistory(tx, {
      companyId,
      entityType: 'buyer',
      entityId: buyer.id,
      action: 'created',
      userId: actor.userId,
      changes: { name: buyer.name, phone, buyer_type: 'consumer', source: 'instore_order' },
    });
  }
  const { id } = await counterAddressOf(tx, companyId, buyer.id, counter, 'billing_address');
  return { buyer, billingAddressId: id, shippingAddressId: id };
}

// ---------------------------------------------------------------------------------------------
// The sale

interface TenderMethod {
  id: number;
  name: string;
  kind: TenderKind;
}

async function tenderMethods(
  tx: Executor,
  companyId: number,
  input: InstoreOrderInput,
): Promise<TenderMethod[]> {
  const rows = await queries.paymentMethodsByIds(
    tx,
    companyId,
    input.tenders.map((tender) => tender.payment_method),
  );
  return input.tenders.map((tender, index) => {
    const method = rows.find((row) => row.id === tender.payment_method);
    if (!method) throw validationError(`tenders.${index}.payment_method`, 'Payment Method Not Found');
    if (!method.is_active) {
      throw validationError(`tenders.${index}.payment_method`, 'This payment method is inactive.');
    }
    return { id: method.id, name: method.name, kind: tenderKindOf(method.code) };
  });
}

/**
 * POST admin/companies/{companyId}/instore_orders. `ctx.db` may be the transaction that holds the
 * request's Idempotency-Key: the sale and its answer are then made in it (see http/idempotency.ts).
 */
export async function createInstoreOrder(options: {
  ctx: InvoiceContext;
  actor: Principal;
  input: InstoreOrderInput;
  /** Given, the sale asks its buyer for feedback when the company wants it (customer feedback). */
  feedback?: FeedbackOutbox;
}): Promise<InstoreOrderOutput> {
  const { ctx, actor, input } = options;
  const { companyId } = actor;
  return withinTransaction(ctx.db, async (tx) => {
    // A store sells from its own warehouse (and so its branch) under its sales channel.
    const store = input.store === undefined ? null : await storeForSale(tx, actor, input.store);
    if (store && input.warehouse !== undefined && input.warehouse !== store.warehouse.id) {
      throw validationError('warehouse', STORE_MESSAGES.store_warehouse_mismatch);
    }
    const warehouseId = store?.warehouse.id ?? input.warehouse;
    if (warehouseId === undefined) throw validationError('store', STORE_MESSAGES.store_or_warehouse);
    const warehouse = await counterWarehouse(tx, companyId, warehouseId, store ? 'store' : 'warehouse');
    const methods = await tenderMethods(tx, companyId, input);
    const counter = await queries.branchAddress(tx, companyId, warehouse.branch_id);
    if (!counter) throw conflict(INSTORE_MESSAGES.branch_without_address);
    const { buyer, billingAddressId, shippingAddressId } = await buyerOfSale(tx, actor, input, counter);
    const channel = store?.sales_channel ?? (await queries.instoreChannel(tx, companyId));
    const walkInName =
      input.buyer === undefined && !input.walk_in?.phone ? (input.walk_in?.name ?? null) : null;
    const notes = [walkInName ? `Walk-in customer: ${walkInName}` : null, input.notes ?? null]
      .filter(Boolean)
      .join('\n');
    // The tenders pay now: only what they leave unpaid counts against the buyer's credit limit.
    const paidNowPaise = input.tenders.reduce((sum, tender) => sum + toPaise(tender.amount), 0);
    const { order, invoice } = await placeInstantOrder(
      tx,
      actor,
      {
        buyerId: buyer.id,
        branchId: warehouse.branch_id,
        salesChannelId: channel?.id ?? null,
        billingAddressId,
        shippingAddressId,
        salesPersonId: null,
        shippingMethodId: null,
        paymentMethodId: methods[0]?.id ?? null,
        paymentTermDays: null,
        date: todayInIndia(),
        shipmentDate: null,
        reference: null,
        minimumItemValuePaise: null,
        notes: notes === '' ? null : notes,
        additionalDiscountPaise: 0,
        shippingChargesPaise: 0,
        otherChargesPaise: 0,
        couponCode: input.coupon_code ?? null,
        items: input.items.map((item) => ({
          productId: item.product,
          warehouseId: warehouse.id,
          quantity: item.quantity,
          ratePaise: null,
          discountPercent: item.discount ?? 0,
        })),
      },
      { paidNowPaise },
    );

    // The invoice's own total is what the tenders must settle (the branch's round-off included).
    const totalPaise = Number((await queries.invoiceTotal(tx, companyId, invoice.id)).total_paise);
    const tendered = input.tenders.map((tender, index) => ({
      kind: methods[index].kind,
      amountPaise: toPaise(tender.amount),
    }));
    const settlement = settleTenders(totalPaise, tendered);
    if (!settlement.ok) {
      const errors: Record<string, string[]> = {};
      for (const problem of settlement.problems) {
        const field = problem.index === null ? 'tenders' : `tenders.${problem.index}.amount`;
        errors[field] = [...(errors[field] ?? []), problem.message];
      }
      throw new AppError('validation_error', settlement.problems[0].message, { errors });
    }

    const payments: InstoreOrderOutput['payments'] = [];
    for (const [index, tender] of input.tenders.entries()) {
      const paid = settlement.paidPaise[index];
      if (paid === 0) continue;
      const id = await recordPayment(tx, {
        companyId,
        userId: actor.userId,
        buyerId: buyer.id,
        orderId: order.id,
        branchId: warehouse.branch_id,
        amountPaise: paid,
        date: todayInIndia(),
        paymentMethodId: tender.payment_method,
        referenceNumber: tender.reference_number ?? null,
        notes: `Instore sale ${order.number}`,
        scope: { buyerId: buyer.id, orderId: order.id },
      });
      payments.push({
        id,
        payment_number: '',
        payment_method: { id: methods[index].id, name: methods[index].name },
        kind: methods[index].kind,
        tendered: tender.amount,
        amount: toRupees(paid),
        reference_number: tender.reference_number ?? null,
      });
    }
    // The goods leave with the customer: a self-delivered shipment, delivered now, so that the
    // order is complete (invoiced, paid and delivered) and no shipment is left to make.
    const handedOver = await queries.invoiceLines(tx, companyId, invoice.id);
    await shipInvoice(tx, {
      companyId,
      invoiceId: invoice.id,
      userId: actor.userId,
      input: {
        status: 'delivered',
        carrier: 'self_delivery',
        notes: 'Handed over at the counter.',
        items: handedOver.map((line) => ({ invoice_item: line.id, quantity: Number(line.quantity) })),
      },
    });
    // Asked in the sale's transaction (its e-mail queued in it too): no sale, no request.
    if (options.feedback)
      await requestFeedbackAfterInstoreSale(tx, options.feedback, {
        companyId,
        invoiceId: invoice.id,
        userId: actor.userId,
      });

    const numbers = await queries.paymentNumbers(
      tx,
      companyId,
      payments.map((payment) => payment.id),
    );
    for (const payment of payments) {
      payment.payment_number = numbers.find((row) => row.id === payment.id)?.payment_number ?? '';
    }
    return {
      order: { id: order.id, order_number: order.number },
      store: store && { id: store.id, name: store.name, receipt_width_mm: store.receipt_width_mm },
      buyer: { id: buyer.id, name: buyer.name, phone: buyer.phone },
      invoice: await getInvoice({ ...ctx, db: tx }, companyId, invoice.id),
      payments,
      tendered: toRupees(tendered.reduce((sum, tender) => sum + tender.amountPaise, 0)),
      change_due: toRupees(settlement.changeDuePaise),
    };
  });
}

/**
 * What the counter's cart gets from the offers (POST admin/companies/{companyId}/instore/offers):
 * the sale's own rule, the counter's sales channel, the buyer (none: a walk-in customer), the
 * products' selling prices less each line's discount. A coupon that does not apply is a 400 saying
 * why. Reads only.
 */
export async function counterOffers(
  db: Executor,
  companyId: number,
  input: CounterOffersInput,
): Promise<CounterOffersOutput> {
  const ids = [...new Set(input.items.map((item) => item.product))];
  const store =
    input.store === undefined
      ? null
      : await getStore(db, companyId, input.store).catch(() => {
          throw validationError('store', STORE_MESSAGES.not_found);
        });
  const [products, channel] = await Promise.all([
    liveProducts(db, companyId, ids),
    store?.sales_channel ?? queries.instoreChannel(db, companyId),
  ]);
  const prices = new Map(
    products.map((product) => [Number(product.id), Number(product.selling_price_paise)]),
  );
  const lines = input.items.map((item, index) => {
    const ratePaise = prices.get(item.product);
    if (ratePaise === undefined) throw validationError(`items.${index}.product`, 'Product Not Found');
    const { netPaise } = priceLineBeforeOrderDiscount({
      quantity: item.quantity,
      ratePaise,
      discountPercent: item.discount ?? 0,
    });
    return { productId: item.product, quantity: item.quantity, netPaise };
  });
  const { evaluation } = await offersForOrder(db, companyId, {
    buyerId: input.buyer ?? 0,
    salesChannelId: channel?.id ?? null,
    lines,
    couponCode: input.coupon_code ?? null,
    exceptOrderNumber: null,
  });
  const titles = new Map(evaluation.applied.map((offer) => [offer.offerId, offer.title]));
  return {
    lines: evaluation.lines.map((line) => ({
      offer: line.offerId === null ? null : { id: line.offerId, title: titles.get(line.offerId) ?? '' },
      offer_discount: toRupees(line.discountPaise),
    })),
    coupon_discount: toRupees(evaluation.cart?.discountPaise ?? 0),
    offers: evaluation.applied.map((offer) => ({
      id: offer.offerId,
      kind: offer.kind,
      title: offer.title,
      reward_type: offer.rewardType,
      by_coupon: offer.byCoupon,
      discount: toRupees(offer.discountPaise),
      cashpoints: toRupees(offer.cashpointsPaise),
    })),
  };
}
