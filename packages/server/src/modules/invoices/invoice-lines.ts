import {
  type GenerateInvoiceInput,
  INVOICE_FORM_MESSAGES,
  INVOICE_LINE_QUANTITY_MESSAGE,
} from '@b2b/domain/api/invoices';
import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import { gstinPan } from '@b2b/domain/gstin';
import { defaultInvoiceSeries, seriesDateRefusal } from '@b2b/domain/invoices';
import { roundQuantity } from '@b2b/domain/products';
import { invoiceShareOfLine, priceInvoice } from '@b2b/domain/sales-pricing';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { addressRowsOf } from '../addresses/addresses.service.ts';
import { backDatingAllowed } from '../companies/companies.service.ts';
import {
  invoiceSeriesOwner,
  lockInvoiceSeriesClaims,
  usedInvoiceSeries,
} from '../document-numbers/document-numbers.service.ts';
import { stockLines } from '../inventory/inventory.service.ts';
import { decimal, documentAddress, totalsColumns } from '../sales-documents/sales-document.ts';
import { recordInvoiced } from '../sales-orders/order-fulfilment.ts';
import { INVOICE_REFUSALS_HERE, leftToInvoice, thousandths } from './invoice-context.ts';
import type { SellerSnapshot } from './invoice-document-of.ts';
import * as orderQueries from './invoice-order.queries.ts';
import * as queries from './invoices.queries.ts';

/**
 * What issuing and editing an invoice share: choosing the order's lines and quantities, pricing
 * them (GST, discounts and charges apportioned), the seller branch and its series, the goods that
 * leave or come back, and what the order records of it (sales-orders/order-fulfilment.ts).
 */

interface ChosenLine {
  item: orderQueries.LockedOrderItem;
  quantity: number;
}

/**
 * The lines asked for, checked against the order: each an item of the order, once, and no more
 * than is left to invoice of it (plus, when editing, what this invoice already holds). All the
 * problems are answered together, each at its line.
 */
export function chooseLines(
  items: orderQueries.LockedOrderItem[],
  asked: GenerateInvoiceInput['items'],
  options: { held?: Map<number, number>; onlyHeld?: boolean } = {},
): ChosenLine[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: ChosenLine[] = [];
  asked.forEach((line, index) => {
    const item = byId.get(line.order_item);
    if (!item) {
      errors[`items.${index}.order_item`] = [INVOICE_FORM_MESSAGES.item_not_in_order];
      return;
    }
    if (options.onlyHeld && !options.held?.has(item.id)) {
      errors[`items.${index}.order_item`] = [INVOICE_REFUSALS_HERE.item_not_in_invoice];
      return;
    }
    if (seen.has(item.id)) {
      errors[`items.${index}.order_item`] = [INVOICE_FORM_MESSAGES.item_repeated];
      return;
    }
    seen.add(item.id);
    const invoiceable = leftToInvoice(item) + (options.held?.get(item.id) ?? 0);
    if (!Number.isFinite(line.quantity) || thousandths(line.quantity) > thousandths(invoiceable)) {
      errors[`items.${index}.quantity`] = [INVOICE_LINE_QUANTITY_MESSAGE];
      return;
    }
    chosen.push({ item, quantity: roundQuantity(line.quantity) });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation_error', first, { errors });
  // Invoice lines follow the order's.
  return chosen.sort((a, b) => a.item.position - b.item.position);
}

/**
 * The invoice's lines priced: each takes its share of the order line's amount (the last invoice
 * of a line exactly the rest), and of its discounts the same way; the shares are re-taxed as an
 * invoice (priceInvoice), with the order's charges when this invoice carries them.
 */
export async function priceLines(
  tx: Executor,
  companyId: number,
  chosen: ChosenLine[],
  options: {
    shippingChargesPaise: number;
    otherChargesPaise: number;
    intraState: boolean;
    roundOff: boolean;
    exceptInvoiceId?: number;
  },
) {
  const taken = new Map(
    (
      await orderQueries.discountsInvoiced(
        tx,
        companyId,
        chosen.map((line) => line.item.id),
        options.exceptInvoiceId,
      )
    ).map((row) => [row.order_item_id, row]),
  );
  const lines = chosen.map(({ item, quantity }) => {
    const share = (linePaise: number, invoicedPaise: number) =>
      invoiceShareOfLine({
        lineQuantity: Number(item.quantity),
        lineAmountPaise: Number(linePaise),
        invoicedQuantity: Number(item.quantity_invoiced),
        invoicedAmountPaise: Number(invoicedPaise),
        quantity,
      });
    const before = taken.get(item.id);
    const amountPaise = share(item.amount_paise, item.amount_invoiced_paise);
    const lineDiscountPaise = share(item.line_discount_paise, before?.line_discount_paise ?? 0);
    const orderDiscountPaise = share(item.order_discount_paise, before?.order_discount_paise ?? 0);
    return {
      item,
      quantity,
      amountPaise,
      lineDiscountPaise,
      orderDiscountPaise,
      grossPaise: amountPaise + lineDiscountPaise + orderDiscountPaise,
      gstRatePercent: Number(item.gst_rate),
      cessRatePercent: Number(item.cess_rate),
      hsn: item.hsn,
    };
  });
  const pricing = priceInvoice({
    lines,
    shippingChargesPaise: options.shippingChargesPaise,
    otherChargesPaise: options.otherChargesPaise,
    intraState: options.intraState,
    roundOff: options.roundOff,
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const columns = totalsColumns(
    {
      lines: [],
      charges: pricing.charges,
      hsnSummary: pricing.hsnSummary,
      totals: {
        ...pricing.totals,
        subtotalPaise: sum((line) => line.grossPaise),
        lineDiscountPaise: sum((line) => line.lineDiscountPaise),
        orderDiscountPaise: sum((line) => line.orderDiscountPaise),
      },
    },
    options.intraState,
  );
  return { lines: pricing.lines, columns };
}

export function itemRows(
  companyId: number,
  invoiceId: number,
  lines: Awaited<ReturnType<typeof priceLines>>['lines'],
) {
  return lines.map((line, index) => ({
    company_id: companyId,
    invoice_id: invoiceId,
    order_item_id: line.item.id,
    position: index + 1,
    product_id: line.item.product_id,
    warehouse_id: line.item.warehouse_id,
    product_name: line.item.product_name,
    sku: line.item.sku,
    unit: line.item.unit,
    quantity: decimal(line.quantity),
    rate_paise: Number(line.item.rate_paise),
    discount_percent: Number(line.item.discount_percent),
    gst_rate: line.gstRatePercent,
    cess_rate: line.cessRatePercent,
    hsn: line.hsn,
    gross_paise: line.grossPaise,
    line_discount_paise: line.lineDiscountPaise,
    order_discount_paise: line.orderDiscountPaise,
    amount_paise: line.amountPaise,
    taxable_paise: line.taxablePaise,
    cgst_paise: line.cgstPaise,
    sgst_paise: line.sgstPaise,
    igst_paise: line.igstPaise,
    cess_paise: line.cessPaise,
  }));
}

/**
 * The seller branch with its invoice series. A series that has issued an invoice belongs to its
 * branch for good (issue 16), so a branch invoicing with a series it already owns goes straight
 * on. Otherwise (no series yet, or a series not used yet) the choice is made under the company's
 * lock on series claims and the branch's row lock, held to commit, so the series cannot be
 * given to another branch before this invoice records it (`claimsSeries`: the caller records it
 * with the number it takes). A branch left holding a series another branch has used (by the bug of
 * issue 16, before series were recorded) is given a free default series instead of being unable to
 * invoice, as is a branch without a series.
 */
export async function branchWithSeries(tx: Tx, companyId: number, branchId: number) {
  const branch = await queries.findBranch(tx, companyId, branchId);
  if (!branch) throw new AppError('not_found', 'Branch Not Found');
  // The spec: an inactive branch blocks all operations.
  if (!branch.is_active) throw conflict(branchInactiveMessage(branch.name));
  if (branch.invoice_series) {
    const owner = await invoiceSeriesOwner(tx, companyId, branch.invoice_series);
    if (owner?.branchId === branchId) {
      return { ...branch, invoice_series: branch.invoice_series, claimsSeries: false };
    }
  }
  await lockInvoiceSeriesClaims(tx, companyId);
  const locked = await queries.lockBranch(tx, companyId, branchId);
  const current = locked?.invoice_series ?? null;
  const owner = current ? await invoiceSeriesOwner(tx, companyId, current) : null;
  if (current && (owner === null || owner.branchId === branchId)) {
    return { ...branch, invoice_series: current, claimsSeries: owner === null };
  }
  const taken = new Set([
    ...(await queries.seriesTaken(tx, companyId)),
    ...(await usedInvoiceSeries(tx, companyId)),
  ]);
  const series = defaultInvoiceSeries(branch.name, taken);
  await queries.setBranchSeries(tx, companyId, branchId, series);
  return { ...branch, invoice_series: series, claimsSeries: true };
}

/**
 * Keeps a series in date order (issue 16): the invoice may not be dated before the invoice that
 * took the number before its own, unless the company allows back-dating. Run after the number is
 * taken, under the series counter's lock, so the last invoice is committed and cannot change.
 */
export async function assertInSeriesDateOrder(
  tx: Tx,
  companyId: number,
  invoiceDate: string,
  previousNumber: string | null,
) {
  if (previousNumber === null) return;
  const previous = await queries.findInvoiceDateByNumber(tx, companyId, previousNumber);
  const refusal = seriesDateRefusal({
    date: invoiceDate,
    last: previous ? { number: previous.invoice_number, date: previous.invoice_day } : null,
    backDatingAllowed: false,
  });
  if (refusal && !(await backDatingAllowed(tx, companyId))) throw validationError('invoice_date', refusal);
}

/** What the invoice prints of its seller, as it is today. */
export async function sellerSnapshot(
  tx: Tx,
  companyId: number,
  branch: {
    id: number;
    name: string;
    gstin: string | null;
    contact_person_email: string | null;
    contact_person_phone: string | null;
  },
): Promise<SellerSnapshot> {
  const [company, address, bank] = await Promise.all([
    queries.findCompany(tx, companyId),
    addressRowsOf(tx, companyId, 'branch', branch.id).then((rows) => rows[0]),
    queries.defaultBankAccount(tx, companyId, branch.id),
  ]);
  const gstin = branch.gstin ?? company.gstin;
  return {
    company_name: company.name,
    trade_name: company.display_name && company.display_name !== company.name ? company.display_name : null,
    branch_id: branch.id,
    branch_name: branch.name,
    gstin,
    pan: gstin ? gstinPan(gstin) : null,
    address: address ? documentAddress(address) : null,
    phone: branch.contact_person_phone ?? company.phone,
    email: branch.contact_person_email ?? company.email,
    bank: bank
      ? {
          account_name: bank.account_holder_name,
          bank_name: bank.bank_name,
          account_number: bank.account_number,
          ifsc: bank.ifsc_code,
          branch: bank.bank_branch_name,
          upi_id: bank.upi_id,
        }
      : null,
  };
}

type StockKind = Parameters<typeof stockLines>[1];

/** Moves stock for the invoice's lines, in product order (stockLines); nothing for no lines. */
async function moveStock(
  tx: Tx,
  kind: StockKind,
  document: { companyId: number; documentType: string; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  const moving = lines.filter((line) => line.quantity > 0);
  if (moving.length) await stockLines(tx, kind, document, moving);
}

/**
 * Issues invoiced goods: out of the order's reservation, or (an order that holds none) reserved
 * and issued at once, so the shortage refusal is the reservation's.
 */
export async function issueGoods(
  tx: Tx,
  order: orderQueries.LockedOrder,
  document: { companyId: number; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  const invoiceDocument = { ...document, documentType: 'invoice' };
  if (!order.is_stock_reserved) await moveStock(tx, 'reserve', invoiceDocument, lines);
  await moveStock(tx, 'issue', invoiceDocument, lines);
}

/** An order keeps its reservation while open: goods back from a cancelled or reduced invoice are reserved again. */
const keepsReservation = (order: orderQueries.LockedOrder) =>
  order.is_stock_reserved && ['confirmed', 'processing', 'complete', 'on_hold'].includes(order.status);

export async function returnGoods(
  tx: Tx,
  order: orderQueries.LockedOrder,
  document: { companyId: number; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  await moveStock(tx, 'return', { ...document, documentType: 'invoice' }, lines);
  if (keepsReservation(order)) {
    await moveStock(tx, 'reserve', { ...document, documentType: 'sales_order', documentId: order.id }, lines);
  }
}

/**
 * Refuses to take an order line's invoiced quantity below what has shipped, then has the order
 * record its invoiced quantities and status after its invoices changed by `delta` lines.
 */
export async function settleOrder(
  tx: Tx,
  companyId: number,
  order: orderQueries.LockedOrder,
  deltas: { itemId: number; quantity: number; amountPaise: number }[],
  activeInvoicesAfter: number,
  items: orderQueries.LockedOrderItem[],
) {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const delta of deltas) {
    const item = byId.get(delta.itemId);
    // Never below what has shipped: shipped goods come back by a sales return, not by the invoice.
    if (
      item &&
      thousandths(Number(item.quantity_invoiced) + delta.quantity) <
        thousandths(Number(item.quantity_shipped))
    ) {
      throw conflict(INVOICE_REFUSALS_HERE.shipped);
    }
  }
  return recordInvoiced(tx, { companyId, order, deltas, activeInvoicesAfter });
}
