import type {
  AvailableSerialNumbers,
  InvoiceSerialNumbers,
  SerialNumberOutput,
  SerialNumberTrace,
} from '@b2b/domain/api/serial-numbers';
import {
  normaliseSerialNumber,
  repeatedAcrossLines,
  SERIAL_NUMBER_MESSAGES,
  type SerialNumberStatus,
  serialLineProblem,
  serialNumberEventLabel,
} from '@b2b/domain/serial-numbers';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { BRANCH_FORBIDDEN } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import * as queries from './serial-numbers.queries.ts';

/**
 * Serial numbers (issue 22): the units of products that track them. The documents that move stock
 * call in here, inside their own transaction, after their stock movement: goods in (bills,
 * inventory adjustments) create the units, an invoice marks them sold, cancelling or editing it
 * puts them back, a sales return or credit note with goods back marks them returned. Every change
 * writes an event: the serial's trace. A refusal throws, so the document is not written either.
 */

type Product = Awaited<ReturnType<typeof queries.productsOf>>[number];

async function productsById(tx: Executor, companyId: number, productIds: number[]) {
  return new Map((await queries.productsOf(tx, companyId, productIds)).map((p) => [Number(p.id), p]));
}

/** A line of a document as the serial rules see it: `field` is where its refusal points. */
export interface SerialLineInput {
  field: string;
  productId: number;
  /** Signed for an adjustment: below zero takes units out. */
  quantity: number;
  serialNumbers?: readonly string[] | undefined;
}

/** Count, whole units, duplicates: the same rules as the forms (domain serial-numbers.ts). */
function checkLines(lines: readonly SerialLineInput[], products: Map<number, Product>) {
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) continue;
    const problem = serialLineProblem({
      productName: product.name,
      quantity: line.quantity,
      tracksSerialNumbers: product.tracks_serial_numbers,
      serialNumbers: line.serialNumbers,
    });
    if (problem) throw validationError(`${line.field}.serial_numbers`, problem);
  }
  const repeated = repeatedAcrossLines(
    lines.map((line) => ({ productId: line.productId, serialNumbers: line.serialNumbers })),
  );
  if (repeated) throw validationError(`${lines[repeated.index]?.field}.serial_numbers`, repeated.message);
}

const eventRows = (
  companyId: number,
  rows: { id: number; warehouse_id: number }[],
  event: string,
  document: { type: string; id: number | null; userId: number | null },
): queries.SerialEvent[] =>
  rows.map((row) => ({
    company_id: companyId,
    serial_number_id: Number(row.id),
    event,
    warehouse_id: Number(row.warehouse_id),
    document_type: document.type,
    document_id: document.id,
    user_id: document.userId,
  }));

/**
 * Goods in or out of a warehouse by a bill or an inventory adjustment: a positive line of a tracked
 * product brings its serials in (409 for a serial the product already has, unless it was removed
 * earlier and is found again, or went back to the seller and is bought again), a negative one takes sellable serials of that warehouse out.
 */
export async function moveSerialNumbersByStock(
  tx: Tx,
  options: {
    companyId: number;
    userId: number | null;
    warehouseId: number;
    document: { type: 'bill' | 'inventory_adjustment'; id: number };
    lines: readonly SerialLineInput[];
  },
) {
  const { companyId, userId, warehouseId, document } = options;
  const products = await productsById(
    tx,
    companyId,
    options.lines.map((line) => line.productId),
  );
  checkLines(options.lines, products);
  const events: queries.SerialEvent[] = [];
  const who = { type: document.type, id: document.id, userId };
  for (const line of options.lines) {
    const product = products.get(line.productId);
    if (!product?.tracks_serial_numbers) continue;
    const serials = (line.serialNumbers ?? []).map(normaliseSerialNumber);
    if (line.quantity < 0) {
      const taken = await queries.takeSellable(
        tx,
        companyId,
        { productId: line.productId, warehouseId, serials },
        { status: 'removed', documentType: document.type, documentId: document.id },
      );
      refuseMissing(serials, taken, product, `${line.field}.serial_numbers`);
      events.push(...eventRows(companyId, taken, 'removed', who));
      continue;
    }
    const restored = await queries.restoreRemoved(tx, companyId, line.productId, serials, {
      warehouseId,
      documentType: document.type,
      documentId: document.id,
    });
    const restoredSet = new Set(restored.map((row) => row.serial_number));
    const fresh = serials.filter((serial) => !restoredSet.has(serial));
    const inserted = await queries.insertSerials(
      tx,
      fresh.map((serial) => ({
        company_id: companyId,
        product_id: line.productId,
        serial_number: serial,
        warehouse_id: warehouseId,
        came_in_document_type: document.type,
        came_in_document_id: document.id,
      })),
    );
    const insertedSet = new Set(inserted.map((row) => row.serial_number));
    const existing = fresh.find((serial) => !insertedSet.has(serial));
    if (existing) {
      throw conflict(SERIAL_NUMBER_MESSAGES.exists(existing, product.name), `${line.field}.serial_numbers`);
    }
    events.push(
      ...eventRows(
        companyId,
        [...restored, ...inserted].map((row) => ({ id: row.id, warehouse_id: warehouseId })),
        'received',
        who,
      ),
    );
  }
  await queries.insertEvents(tx, events);
}

function refuseMissing(
  asked: string[],
  taken: { serial_number: string }[],
  product: Product,
  field: string,
): void {
  const got = new Set(taken.map((row) => row.serial_number));
  const missing = asked.find((serial) => !got.has(serial));
  if (missing) throw conflict(SERIAL_NUMBER_MESSAGES.not_in_stock(missing, product.name), field);
}

/**
 * Marks the serials an invoice's lines name as sold on it, after its lines are written: each must
 * be a sellable unit of the line's product in the line's warehouse. `asked` are the request's
 * items (by order item), whose index the refusal points at (`items.<i>.serial_numbers`).
 */
export async function sellInvoiceSerialNumbers(
  tx: Tx,
  options: {
    companyId: number;
    userId: number | null;
    invoiceId: number;
    asked: readonly { order_item: number; serial_numbers?: readonly string[] | undefined }[];
  },
) {
  const { companyId, userId, invoiceId } = options;
  const written = await queries.invoiceLines(tx, companyId, invoiceId);
  const askedIndex = new Map(options.asked.map((item, index) => [item.order_item, index]));
  const lines = written.map((line) => {
    const index = askedIndex.get(Number(line.order_item_id)) ?? 0;
    return {
      line,
      input: {
        field: `items.${index}`,
        productId: Number(line.product_id),
        quantity: Number(line.quantity),
        serialNumbers: options.asked[index]?.serial_numbers,
      },
    };
  });
  const products = await productsById(
    tx,
    companyId,
    lines.map(({ input }) => input.productId),
  );
  checkLines(
    lines.map(({ input }) => input),
    products,
  );
  const events: queries.SerialEvent[] = [];
  for (const { line, input } of lines) {
    const product = products.get(input.productId);
    if (!product?.tracks_serial_numbers) continue;
    const serials = (input.serialNumbers ?? []).map(normaliseSerialNumber);
    const taken = await queries.takeSellable(
      tx,
      companyId,
      { productId: input.productId, warehouseId: Number(line.warehouse_id), serials },
      { status: 'sold', invoiceId, invoiceItemId: Number(line.id) },
    );
    refuseMissing(serials, taken, product, `${input.field}.serial_numbers`);
    events.push(...eventRows(companyId, taken, 'sold', { type: 'invoice', id: invoiceId, userId }));
  }
  await queries.insertEvents(tx, events);
}

/** The invoice is cancelled, or its lines are about to be replaced: its units go back in stock. */
export async function releaseInvoiceSerialNumbers(
  tx: Tx,
  options: { companyId: number; userId: number | null; invoiceId: number },
) {
  const released = await queries.releaseInvoice(tx, options.companyId, options.invoiceId);
  await queries.insertEvents(
    tx,
    eventRows(options.companyId, released, 'sale_cancelled', {
      type: 'invoice',
      id: options.invoiceId,
      userId: options.userId,
    }),
  );
}

/** Whether a product may start tracking serial numbers: every unit on hand must have one. */
export async function assertSerialTrackingFits(
  tx: Executor,
  options: {
    companyId: number;
    productId: number;
    productName: string;
    turningOn: boolean;
  },
) {
  if (!options.turningOn) return;
  const { on_hand, serials } = await queries.stockAndSerialsOf(tx, options.companyId, options.productId);
  const without = Number(on_hand) - Number(serials);
  if (without > 0) {
    throw validationError(
      'tracks_serial_numbers',
      `${options.productName} has ${without} ${without === 1 ? 'unit' : 'units'} in stock without serial numbers: take them out by an inventory adjustment, then turn serial numbers on and bring them back in with their serial numbers.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Reads

/** GET invoices/{id}/serial_numbers: another company's or branch's invoice is not found. */
export async function invoiceSerialNumbers(
  db: Executor,
  companyId: number,
  invoiceId: number,
  branches: BranchScope,
): Promise<InvoiceSerialNumbers> {
  const invoice = await queries.findInvoice(db, companyId, invoiceId);
  if (!invoice || (branches && !branches.includes(Number(invoice.branch_id)))) throw notFound('Invoice');
  const [lines, serials] = await Promise.all([
    queries.invoiceLines(db, companyId, invoiceId),
    queries.serialsOfInvoice(db, companyId, invoiceId),
  ]);
  const byLine = new Map<number, string[]>();
  for (const row of serials) {
    const key = Number(row.sold_invoice_item_id);
    byLine.set(key, [...(byLine.get(key) ?? []), row.serial_number]);
  }
  return {
    invoice: { id: Number(invoice.id), invoice_number: invoice.invoice_number, status: invoice.status },
    count: serials.length,
    lines: lines
      .filter((line) => byLine.has(Number(line.id)))
      .map((line) => ({
        invoice_item_id: Number(line.id),
        position: line.position,
        product: { id: Number(line.product_id), name: line.product_name, sku: line.sku },
        quantity: Number(line.quantity),
        serial_numbers: byLine.get(Number(line.id)) ?? [],
      })),
  };
}

/** Serials by invoice line, for documents that print them (the invoice PDF). */
export async function serialNumbersByInvoiceItem(
  db: Executor,
  companyId: number,
  invoiceIds: number[],
): Promise<Map<number, string[]>> {
  const byLine = new Map<number, string[]>();
  for (const row of await queries.serialsOfInvoiceItems(db, companyId, invoiceIds)) {
    const key = Number(row.sold_invoice_item_id);
    byLine.set(key, [...(byLine.get(key) ?? []), row.serial_number]);
  }
  return byLine;
}

const DOCUMENT_LABEL: Record<string, string> = {
  bill: 'Bill',
  inventory_adjustment: 'Inventory Adjustment',
  opening: 'Opening Stock',
};

const present = (row: queries.SerialRow): SerialNumberOutput => ({
  id: Number(row.id),
  serial_number: row.serial_number,
  status: row.status as SerialNumberStatus,
  product: { id: Number(row.product_id), name: row.product_name, sku: row.product_sku },
  warehouse: { id: Number(row.warehouse_id), name: row.warehouse_name },
  came_in: {
    type: row.came_in_document_type,
    id: row.came_in_document_id === null ? null : Number(row.came_in_document_id),
    number: row.came_in_number ?? DOCUMENT_LABEL[row.came_in_document_type] ?? null,
  },
  sold_on:
    row.invoice_id !== null && row.invoice_number !== null
      ? { id: Number(row.invoice_id), invoice_number: row.invoice_number, buyer: row.buyer_name ?? '' }
      : null,
  updated_at: row.updated_at,
});

export async function listSerialNumbers(
  db: Executor,
  companyId: number,
  filter: queries.SerialFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listSerials(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function traceSerialNumber(
  db: Executor,
  companyId: number,
  serialId: number,
  branches: BranchScope,
): Promise<SerialNumberTrace> {
  const row = await queries.findSerial(db, companyId, serialId);
  if (!row) throw notFound('Serial Number');
  if (branches) {
    const warehouse = await queries.findWarehouse(db, companyId, Number(row.warehouse_id));
    if (!warehouse || !branches.includes(Number(warehouse.branch_id))) throw notFound('Serial Number');
  }
  const events = await queries.eventsOf(db, companyId, serialId);
  return {
    ...present(row),
    events: events.map((event) => ({
      id: Number(event.id),
      event: event.event,
      label: serialNumberEventLabel(event.event),
      warehouse: { id: Number(event.warehouse_id), name: event.warehouse_name },
      document: {
        type: event.document_type,
        id: event.document_id === null ? null : Number(event.document_id),
        number: event.document_number,
      },
      party: event.party,
      user:
        event.user_id !== null
          ? {
              id: Number(event.user_id),
              first_name: event.first_name ?? '',
              last_name: event.last_name ?? '',
            }
          : null,
      created_at: event.created_at,
    })),
  };
}

export async function availableSerialNumbers(
  db: Executor,
  companyId: number,
  productId: number,
  query: { warehouse_id: number; search?: string | undefined; limit: number },
  branches: BranchScope,
): Promise<AvailableSerialNumbers> {
  const product = await queries.findProduct(db, companyId, productId);
  if (!product) throw notFound('Product');
  const warehouse = await queries.findWarehouse(db, companyId, query.warehouse_id);
  if (!warehouse) throw notFound('Warehouse');
  // The user chose a warehouse of another branch (http/branch-guard.ts's rule for ids in a query).
  if (branches && !branches.includes(Number(warehouse.branch_id))) {
    throw new AppError('permission_denied', BRANCH_FORBIDDEN);
  }
  const [{ n }, rows] = await queries.availableSerials(db, companyId, {
    productId,
    warehouseId: query.warehouse_id,
    search: query.search,
    limit: query.limit,
  });
  return {
    product: {
      id: Number(product.id),
      name: product.name,
      sku: product.sku,
      tracks_serial_numbers: product.tracks_serial_numbers,
    },
    count: Number(n),
    results: rows.map((row) => ({ id: Number(row.id), serial_number: row.serial_number })),
  };
}

/** A document's `lines` (product, signed quantity, serials) as the serial rules see them. */
export const serialLinesOf = (
  lines: readonly { product: number; quantity: number; serial_numbers?: readonly string[] | undefined }[],
  field = 'lines',
): SerialLineInput[] =>
  lines.map((line, index) => ({
    field: `${field}.${index}`,
    productId: line.product,
    quantity: line.quantity,
    serialNumbers: line.serial_numbers,
  }));

/**
 * Goods of an invoice coming back on a sales return: the serials of a tracked product's line come
 * back ('returned', sellable again, in the return's warehouse; or 'removed' when damaged). A line
 * returned whole may leave its serials out (they are the ones sold on it); a part of a line names
 * its units, each one sold on this invoice's line.
 */
export async function returnInvoiceSerialNumbers(
  tx: Tx,
  options: {
    companyId: number;
    userId: number | null;
    invoiceId: number;
    document: { type: 'sales_return'; id: number };
    lines: readonly {
      field: string;
      invoiceItemId: number;
      productId: number;
      /** Null: damaged goods, written off where they are. */
      warehouseId: number | null;
      quantity: number;
      serialNumbers?: readonly string[] | undefined;
    }[];
  },
) {
  const { companyId, userId, invoiceId, document } = options;
  const products = await productsById(
    tx,
    companyId,
    options.lines.map((line) => line.productId),
  );
  const events: queries.SerialEvent[] = [];
  for (const line of options.lines) {
    const product = products.get(line.productId);
    if (!product) continue;
    const sold = (await queries.soldOnLine(tx, companyId, invoiceId, line.invoiceItemId)).map(
      (row) => row.serial_number,
    );
    // A whole line returned without naming its units returns the units sold on it.
    const named =
      line.serialNumbers === undefined && product.tracks_serial_numbers && sold.length === line.quantity
        ? sold
        : line.serialNumbers;
    checkLines([{ ...line, serialNumbers: named }], products);
    if (!product.tracks_serial_numbers) continue;
    const serials = (named ?? []).map(normaliseSerialNumber);
    const stranger = serials.find((serial) => !sold.includes(serial));
    if (stranger) {
      throw conflict(
        SERIAL_NUMBER_MESSAGES.not_on_invoice(stranger, product.name),
        `${line.field}.serial_numbers`,
      );
    }
    const back = await queries.returnFromInvoice(
      tx,
      companyId,
      { invoiceId, productId: line.productId, warehouseId: line.warehouseId, serials },
      document,
    );
    events.push(...eventRows(companyId, back, 'returned', { ...document, userId }));
  }
  await queries.insertEvents(tx, events);
}

/**
 * A sales return is cancelled: its units are sold on the invoice again. A unit sold again since
 * (or taken out) is no longer there to give back: 409, as the return's stock refuses it.
 */
export async function cancelReturnSerialNumbers(
  tx: Tx,
  options: {
    companyId: number;
    userId: number | null;
    invoiceId: number;
    document: { type: 'sales_return'; id: number };
    /** The return's lines: which invoice line each product came back from. */
    items: readonly { productId: number; invoiceItemId: number }[];
  },
) {
  const { companyId, userId, invoiceId } = options;
  const units = await queries.unitsOfReturn(tx, companyId, options.document);
  const gone = units.find((unit) => unit.status !== 'returned' && unit.status !== 'removed');
  if (gone) throw conflict(SERIAL_NUMBER_MESSAGES.not_in_stock(gone.serial_number, gone.product_name));
  const lineOf = new Map(options.items.map((item) => [item.productId, item.invoiceItemId]));
  for (const unit of units) {
    const invoiceItemId = lineOf.get(Number(unit.product_id));
    if (invoiceItemId !== undefined)
      await queries.resell(tx, companyId, Number(unit.id), invoiceId, invoiceItemId);
  }
  await queries.insertEvents(
    tx,
    eventRows(companyId, units, 'sold', { type: 'invoice', id: invoiceId, userId }),
  );
}

/** A sales return's chosen lines as returnInvoiceSerialNumbers takes them, pointed at `items.<i>`. */
export function serialLinesOfReturn<L extends { id: number; product_id: number }>(
  asked: readonly { invoice_item: number; serial_numbers?: readonly string[] | undefined }[],
  chosen: readonly { line: L; quantity: number }[],
  warehouseOf: (line: L) => number | null,
) {
  const index = new Map(asked.map((item, i) => [item.invoice_item, i]));
  return chosen.map(({ line, quantity }) => {
    const at = index.get(line.id) ?? 0;
    return {
      field: `items.${at}`,
      invoiceItemId: line.id,
      productId: line.product_id,
      warehouseId: warehouseOf(line),
      quantity,
      serialNumbers: asked[at]?.serial_numbers,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Bills and purchase returns

/**
 * The serials of a bill's lines as they are entered (a draft, or before it is received): the
 * count, whole units and repeats (400), and a serial the product already has (409 naming it; a
 * removed one, or one returned to the seller, may come back). Reads only: the units are made when the bill is received
 * (moveSerialNumbersByStock), whose insert refuses a serial another document took meanwhile.
 */
export async function checkIncomingSerialNumbers(
  db: Executor,
  options: { companyId: number; lines: readonly SerialLineInput[] },
) {
  const products = await productsById(
    db,
    options.companyId,
    options.lines.map((line) => line.productId),
  );
  checkLines(options.lines, products);
  for (const line of options.lines) {
    const product = products.get(line.productId);
    if (!product?.tracks_serial_numbers) continue;
    const serials = (line.serialNumbers ?? []).map(normaliseSerialNumber);
    const [taken] = await queries.existingSerials(db, options.companyId, line.productId, serials);
    if (taken) {
      throw conflict(
        SERIAL_NUMBER_MESSAGES.exists(taken.serial_number, product.name),
        `${line.field}.serial_numbers`,
      );
    }
  }
}

/**
 * Before a received bill is voided (an unlocked read, so the refusal names the unit even when its
 * stock is gone too): every unit it brought in must still be in stock where it came in. A unit
 * sold (or returned by a buyer, sent back, taken out) is a 409 naming it and the invoice.
 */
export async function assertBillUnitsOnHand(
  db: Executor,
  options: { companyId: number; billId: number; warehouseId: number },
) {
  const units = await queries.unitsOfBill(db, options.companyId, options.billId);
  const gone = units.find(
    (unit) => unit.status !== 'in_stock' || Number(unit.warehouse_id) !== options.warehouseId,
  );
  if (gone) {
    throw conflict(
      SERIAL_NUMBER_MESSAGES.bill_unit_gone(
        gone.serial_number,
        gone.product_name,
        gone.status === 'sold' ? gone.invoice_number : null,
      ),
    );
  }
  return units.length;
}

/**
 * A received bill is voided, after its goods left the stock levels (lock order 3b): its units
 * leave stock ('removed', event 'bill_voided'). A unit sold since the check above is not taken,
 * and the count refuses the void.
 */
export async function voidBillSerialNumbers(
  tx: Tx,
  options: { companyId: number; userId: number | null; billId: number; warehouseId: number },
) {
  const { companyId, userId, billId, warehouseId } = options;
  const expected = await assertBillUnitsOnHand(tx, options);
  const removed = await queries.removeUnitsOfBill(tx, companyId, billId, warehouseId);
  if (removed.length !== expected) await assertBillUnitsOnHand(tx, options);
  await queries.insertEvents(
    tx,
    eventRows(companyId, removed, 'bill_voided', { type: 'bill', id: billId, userId }),
  );
}

/** A purchase return's line as the serial rules see it. */
export interface SellerReturnLine extends SerialLineInput {
  billId: number;
  warehouseId: number;
}

/**
 * The units a purchase return sends back, checked and locked (lock order 3b, after the stock
 * levels, before the return's number): each named, bought on the bill, on hand in its warehouse.
 * Answers the units, for sendSerialNumbersToSeller once the return is written.
 */
export async function lockUnitsForSeller(
  tx: Tx,
  options: { companyId: number; lines: readonly SellerReturnLine[] },
) {
  const { companyId } = options;
  const products = await productsById(
    tx,
    companyId,
    options.lines.map((line) => line.productId),
  );
  checkLines(options.lines, products);
  const units: { id: number; warehouse_id: number }[] = [];
  for (const line of options.lines) {
    const product = products.get(line.productId);
    if (!product?.tracks_serial_numbers) continue;
    const serials = (line.serialNumbers ?? []).map(normaliseSerialNumber);
    const locked = await queries.lockUnitsFromBill(tx, companyId, {
      billId: line.billId,
      productId: line.productId,
      warehouseId: line.warehouseId,
      serials,
    });
    const got = new Set(locked.map((row) => row.serial_number));
    const missing = serials.find((serial) => !got.has(serial));
    if (missing) {
      throw conflict(
        SERIAL_NUMBER_MESSAGES.not_from_bill(missing, product.name),
        `${line.field}.serial_numbers`,
      );
    }
    units.push(...locked.map((row) => ({ id: Number(row.id), warehouse_id: Number(row.warehouse_id) })));
  }
  return units;
}

/** The units bought on a bill still on hand in its warehouse, by product (the return form's picker). */
export async function serialNumbersOnHandFromBill(
  db: Executor,
  options: { companyId: number; billId: number; warehouseId: number },
): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  for (const row of await queries.onHandFromBill(
    db,
    options.companyId,
    options.billId,
    options.warehouseId,
  )) {
    const key = Number(row.product_id);
    byProduct.set(key, [...(byProduct.get(key) ?? []), row.serial_number]);
  }
  return byProduct;
}

/** The locked units go back to the seller on the purchase return. */
export async function sendSerialNumbersToSeller(
  tx: Tx,
  options: {
    companyId: number;
    userId: number | null;
    purchaseReturnId: number;
    units: readonly { id: number; warehouse_id: number }[];
  },
) {
  const { companyId, userId, purchaseReturnId, units } = options;
  await queries.sendToSeller(
    tx,
    companyId,
    units.map((unit) => unit.id),
    { id: purchaseReturnId },
  );
  await queries.insertEvents(
    tx,
    eventRows(companyId, [...units], 'returned_to_seller', {
      type: 'purchase_return',
      id: purchaseReturnId,
      userId,
    }),
  );
}

/**
 * A purchase return is voided, after its goods came back to the stock levels: its units are in
 * stock, unless one came in again since (409 naming it and the bill).
 */
export async function voidSellerReturnSerialNumbers(
  tx: Tx,
  options: { companyId: number; userId: number | null; purchaseReturnId: number },
) {
  const { companyId, userId, purchaseReturnId } = options;
  // A unit the seller sent back that a later bill received is here already, on that bill: the
  // void would count it in twice (the stock levels and the unit), so it is refused.
  const [since] = await queries.unitsBackFromSellerSince(tx, companyId, purchaseReturnId);
  if (since) {
    throw conflict(
      SERIAL_NUMBER_MESSAGES.seller_return_unit_back(
        since.serial_number,
        since.product_name,
        since.bill_number,
      ),
    );
  }
  const back = await queries.backFromSeller(tx, companyId, purchaseReturnId);
  await queries.insertEvents(
    tx,
    eventRows(companyId, back, 'seller_return_voided', {
      type: 'purchase_return',
      id: purchaseReturnId,
      userId,
    }),
  );
}
