import {
  type GenerateInvoiceInput,
  INVOICE_FORM_MESSAGES,
  type InvoiceOutput,
  type InvoicePreviewOutput,
} from '@b2b/domain/api/invoices';
import { financialYearOf, formatInvoiceNumber } from '@b2b/domain/invoices';
import { toRupees } from '@b2b/domain/money';
import { orderRefusal, paymentStatusOf } from '@b2b/domain/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import {
  invoiceCounterKey,
  nextInSeries,
  recordInvoiceSeriesUse,
} from '../document-numbers/document-numbers.service.ts';
import { assertGstPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { allocateBuyerCredit, lockBuyerCreditFirst } from '../payments/buyer-credit.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { countActiveInvoices } from '../sales-orders/order-fulfilment.ts';
import { sellInvoiceSerialNumbers } from '../serial-numbers/serial-numbers.service.ts';
import {
  addDays,
  INVOICE_ENTITY,
  INVOICE_REFUSALS_HERE,
  type InvoiceContext,
  leftToInvoice,
} from './invoice-context.ts';
import type { BuyerSnapshot } from './invoice-document-of.ts';
import {
  assertInSeriesDateOrder,
  branchWithSeries,
  chooseLines,
  issueGoods,
  itemRows,
  priceLines,
  sellerSnapshot,
  settleOrder,
} from './invoice-lines.ts';
import * as orderQueries from './invoice-order.queries.ts';
import { getInvoice } from './invoice-reads.ts';
import { presentPricedTotals } from './invoices.present.ts';
import * as queries from './invoices.queries.ts';

/** Issuing an invoice of an order: the form's first read (initiate_invoice) and generate_invoice. */

async function orderFacts(
  db: Executor,
  companyId: number,
  order: {
    id: number;
    status: string;
    total_quantity: number;
    total_quantity_invoiced: number;
    total_quantity_shipped: number;
    total_quantity_cancelled: number;
  },
) {
  return {
    status: order.status as Parameters<typeof orderRefusal>[0]['status'],
    // What was cancelled of the lines (migration 0099) is no longer ordered.
    totalQuantity: Number(order.total_quantity) - Number(order.total_quantity_cancelled),
    quantityInvoiced: Number(order.total_quantity_invoiced),
    quantityShipped: Number(order.total_quantity_shipped),
    activeInvoices: await countActiveInvoices(db, companyId, order.id),
  };
}

/** GET admin/orders/{id}/initiate_invoice/: what can be invoiced now, refused as generate would be. */
export async function initiateInvoice(db: Executor, companyId: number, orderId: number) {
  const order = await orderQueries.findOrder(db, companyId, orderId);
  if (!order) throw new AppError('not_found', 'Order Not Found');
  const refusal = orderRefusal(await orderFacts(db, companyId, order), 'invoice');
  if (refusal) throw conflict(refusal);
  const invoiceDate = todayInIndia();
  const items = await orderQueries.orderItemsOf(db, companyId, orderId);
  return {
    order: { id: order.id, order_number: order.order_number, status: order.status },
    invoice_date: invoiceDate,
    due_date: addDays(invoiceDate, order.payment_term_days ?? 0),
    items: items
      .filter((item) => leftToInvoice(item) > 0)
      .map((item) => ({
        order_item: item.id,
        product: { id: item.product_id, name: item.product_name, sku: item.sku },
        warehouse: { id: item.warehouse_id, name: item.warehouse_name },
        quantity: Number(item.quantity),
        quantity_invoiced: Number(item.quantity_invoiced),
        invoiceable_quantity: leftToInvoice(item),
        rate: toRupees(Number(item.rate_paise)),
        discount: Number(item.discount_percent),
        gst_rate: Number(item.gst_rate),
        unit: item.unit,
      })),
  };
}

/**
 * The chosen lines priced as an invoice of the order: the first active invoice of the order carries
 * its shipping and other charges. Generating and its preview both price here, so the preview's
 * figures are the invoice's to the paisa.
 */
async function priceOrderInvoice(
  db: Executor,
  companyId: number,
  order: {
    id: number;
    is_intra_state: boolean;
    shipping_charges_paise: number;
    other_charges_paise: number;
  },
  chosen: ReturnType<typeof chooseLines>,
  roundOff: boolean,
) {
  const carriesCharges = !(await orderQueries.chargesCarried(db, companyId, order.id));
  const priced = await priceLines(db, companyId, chosen, {
    shippingChargesPaise: carriesCharges ? Number(order.shipping_charges_paise) : 0,
    otherChargesPaise: carriesCharges ? Number(order.other_charges_paise) : 0,
    intraState: order.is_intra_state,
    roundOff,
  });
  return { ...priced, carriesCharges };
}

/**
 * POST admin/orders/{id}/preview_invoice: the totals generate_invoice would give these quantities
 * now (taxable value, each tax, the charges with their tax, round-off, total); writes nothing and
 * takes no lock, refused as generate_invoice would refuse it.
 */
export async function previewInvoice(
  db: Executor,
  companyId: number,
  orderId: number,
  input: GenerateInvoiceInput,
): Promise<InvoicePreviewOutput> {
  const order = await orderQueries.findOrder(db, companyId, orderId);
  if (!order) throw new AppError('not_found', 'Order Not Found');
  const refusal = orderRefusal(await orderFacts(db, companyId, order), 'invoice');
  if (refusal) throw conflict(refusal);
  const chosen = chooseLines(await orderQueries.orderItemsToPrice(db, companyId, orderId), input.items);
  const branch = await queries.findBranch(db, companyId, order.branch_id);
  if (!branch) throw new AppError('not_found', 'Branch Not Found');
  const { columns, carriesCharges } = await priceOrderInvoice(
    db,
    companyId,
    order,
    chosen,
    branch.round_off_enabled,
  );
  return {
    totals: presentPricedTotals(
      {
        ...columns,
        shipping_charges_paise: carriesCharges ? Number(order.shipping_charges_paise) : 0,
        other_charges_paise: carriesCharges ? Number(order.other_charges_paise) : 0,
      },
      order,
    ),
  };
}

export interface InvoiceOrderOptions {
  companyId: number;
  orderId: number;
  userId: number | null;
  input: GenerateInvoiceInput;
}

/**
 * Invoices part or all of an order inside the caller's transaction; returns the invoice's id and
 * number. The order row is locked first, then its lines; a refusal (order state, quantities,
 * stock) throws before anything is kept.
 */
export async function invoiceOrder(
  tx: Tx,
  options: InvoiceOrderOptions,
): Promise<{ id: number; invoiceNumber: string }> {
  const { companyId, orderId, userId, input } = options;
  const order = await orderQueries.lockOrder(tx, companyId, orderId);
  if (!order) throw new AppError('not_found', 'Order Not Found');
  const items = await orderQueries.lockOrderItems(tx, companyId, orderId);
  const facts = await orderFacts(tx, companyId, order);
  const refusal = orderRefusal(facts, 'invoice');
  if (refusal) throw conflict(refusal);
  const chosen = chooseLines(items, input.items);

  const invoiceDate = input.invoice_date ?? todayInIndia();
  if (invoiceDate < order.order_date)
    throw validationError('invoice_date', INVOICE_REFUSALS_HERE.before_order);
  const dueDate = input.due_date ?? addDays(invoiceDate, order.payment_term_days ?? 0);
  if (dueDate < invoiceDate) throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);

  const branch = await branchWithSeries(tx, companyId, order.branch_id);
  await assertGstPeriodOpen(tx, companyId, branch.id, invoiceDate);
  const { lines, columns, carriesCharges } = await priceOrderInvoice(
    tx,
    companyId,
    order,
    chosen,
    branch.round_off_enabled,
  );

  const id = await queries.nextInvoiceId(tx);
  const document = { companyId, documentId: id, userId };
  await issueGoods(
    tx,
    order,
    document,
    lines.map((line) => ({
      productId: line.item.product_id,
      warehouseId: line.item.warehouse_id,
      quantity: line.quantity,
    })),
  );
  const settled = await settleOrder(
    tx,
    companyId,
    order,
    lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity, amountPaise: line.amountPaise })),
    facts.activeInvoices + 1,
    items,
  );

  const [seller, buyer, terms] = await Promise.all([
    sellerSnapshot(tx, companyId, branch),
    queries.findBuyer(tx, companyId, order.buyer_id),
    queries.termsOf(tx, companyId),
  ]);
  if (!buyer) throw new AppError('not_found', 'Buyer Not Found');
  const buyerSnapshot: BuyerSnapshot = {
    name: buyer.name,
    gstin: buyer.gst_number,
    email: buyer.email,
    phone: buyer.phone,
  };

  const totalPaise = Number(columns.total_paise);
  // Near the end: the series counter stays locked until commit, so it is held as briefly as possible.
  const financialYear = financialYearOf(invoiceDate);
  const sequence = await nextInSeries(
    tx,
    companyId,
    invoiceCounterKey(branch.invoice_series, financialYear.code),
    branch.invoice_series,
  );
  const invoiceNumber = formatInvoiceNumber(branch.invoice_series, financialYear.code, sequence);
  await assertInSeriesDateOrder(
    tx,
    companyId,
    invoiceDate,
    sequence === 1 ? null : formatInvoiceNumber(branch.invoice_series, financialYear.code, sequence - 1),
  );
  if (branch.claimsSeries) {
    await recordInvoiceSeriesUse(tx, {
      companyId,
      series: branch.invoice_series,
      branchId: branch.id,
      firstInvoiceNumber: invoiceNumber,
    });
  }
  try {
    await queries.insertInvoice(tx, {
      id,
      company_id: companyId,
      order_id: orderId,
      branch_id: branch.id,
      buyer_id: order.buyer_id,
      invoice_number: invoiceNumber,
      financial_year: financialYear.label,
      invoice_date: invoiceDate,
      due_date: dueDate,
      status: 'generated',
      payment_status: paymentStatusOf({ totalPaise, paidPaise: 0, writtenOffPaise: 0, cancelled: false }),
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(buyerSnapshot),
      billing_address: JSON.stringify(order.billing_address),
      shipping_address: JSON.stringify(order.shipping_address),
      place_of_supply_state_id: order.place_of_supply_state_id,
      reference_number: input.reference ?? order.reference_number,
      notes: input.notes ?? null,
      terms_and_conditions: terms,
      shipping_charges_paise: carriesCharges ? Number(order.shipping_charges_paise) : 0,
      other_charges_paise: carriesCharges ? Number(order.other_charges_paise) : 0,
      created_by: userId,
      ...columns,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_company_id_invoice_number_key')) {
      throw conflict(INVOICE_REFUSALS_HERE.number_taken(invoiceNumber));
    }
    throw error;
  }
  await queries.insertInvoiceItems(tx, itemRows(companyId, id, lines));
  await sellInvoiceSerialNumbers(tx, { companyId, userId, invoiceId: id, asked: input.items });
  if (totalPaise > 0) {
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: order.buyer_id,
      type: 'invoice',
      debitPaise: totalPaise,
      entryDate: invoiceDate,
      branchId: branch.id,
      referenceNumber: invoiceNumber,
      documentType: INVOICE_ENTITY,
      documentId: id,
      userId,
    });
  }
  const invoiced = lines.map((line) => ({ order_item: line.item.id, quantity: line.quantity }));
  await documentHistory.invoice(tx, { companyId, userId }, id, 'generated', {
    invoice_number: invoiceNumber,
    order: order.order_number,
    items: invoiced,
    total: toRupees(totalPaise),
  });
  await documentHistory.order(tx, { companyId, userId }, orderId, 'invoiced', {
    invoice: id,
    invoice_number: invoiceNumber,
    items: invoiced,
    status: settled.status,
  });
  return { id, invoiceNumber };
}

/** POST admin/orders/{id}/generate_invoice/ */
export async function generateInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  orderId: number;
  input: GenerateInvoiceInput;
}): Promise<InvoiceOutput> {
  const { ctx, actor } = options;
  const { companyId } = actor;
  const { id } = await inTransaction(ctx.db, async (tx) => {
    // The buyer first (db/lock-order.ts), then its credit before the order (see
    // lockBuyerCreditFirst), which is put on the new invoice.
    const buyerId = await lockBuyerOf(tx, companyId, 'sales_orders', options.orderId);
    const hasCredit = buyerId !== undefined && (await lockBuyerCreditFirst(tx, companyId, buyerId));
    const invoice = await invoiceOrder(tx, {
      companyId,
      orderId: options.orderId,
      userId: actor.userId,
      input: options.input,
    });
    if (hasCredit) await allocateBuyerCredit(tx, companyId, buyerId, invoice.id, actor.userId);
    return invoice;
  });
  return getInvoice(ctx, companyId, id);
}

/**
 * Invoices everything an order has left to invoice, inside the caller's transaction (an instant
 * order is invoiced in the transaction that places it). Returns the invoice's id and number.
 */
export async function invoiceWholeOrder(
  tx: Tx,
  options: { companyId: number; orderId: number; userId: number | null },
): Promise<{ id: number; invoiceNumber: string }> {
  // The order first, then its lines, as invoiceOrder takes them (it takes them again, harmlessly).
  await orderQueries.lockOrder(tx, options.companyId, options.orderId);
  const items = await orderQueries.lockOrderItems(tx, options.companyId, options.orderId);
  const input: GenerateInvoiceInput = {
    items: items
      .filter((item) => leftToInvoice(item) > 0)
      .map((item) => ({ order_item: item.id, quantity: leftToInvoice(item) })),
  };
  // Nothing left to invoice: invoiceOrder refuses with the domain's sentence.
  return invoiceOrder(tx, { ...options, input });
}
