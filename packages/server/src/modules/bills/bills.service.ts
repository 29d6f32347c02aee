import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import {
  BILL_ATTACHMENT_MESSAGES,
  BILL_MESSAGES,
  type BillAction,
  type BillInput,
  type BillOutput,
  type BillStatus,
  billNumberTakenMessage,
  billRefusal,
  billSupplyType,
  computeBill,
  sellerStateCode,
} from '@b2b/domain/bills';
import { mulDivRounded } from '@b2b/domain/gst';
import { GST_TREATMENT_MESSAGES } from '@b2b/domain/gst/gst-treatment';
import { financialYearOf } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { PURCHASE_RETURN_MESSAGES } from '@b2b/domain/purchase-returns';
import { quantityInThousandths } from '@b2b/domain/sales-pricing';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { findBranch } from '../branches/branches.queries.ts';
import { assertDocumentPeriodOpen, assertGstPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { historyWriter } from '../history/history.service.ts';
import { receiveStockLines } from '../inventory/inventory.service.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { billPurchaseOrder, releasePurchaseOrder } from '../purchase-orders/purchase-order-billing.ts';
import { hasLiveReturns } from '../purchase-returns/purchase-returns.queries.ts';
import { liveProducts } from '../quotations/quotation-pricing.queries.ts';
import { dayOrThrow, decimal } from '../sales-documents/sales-document.ts';
import { findSeller } from '../sellers/sellers.queries.ts';
import {
  assertBillUnitsOnHand,
  checkIncomingSerialNumbers,
  moveSerialNumbersByStock,
  voidBillSerialNumbers,
} from '../serial-numbers/serial-numbers.service.ts';
import { findWarehouse } from '../warehouses/warehouses.queries.ts';
import { assertVisible, BILL_ENTITY, billNotFound, getBill } from './bill-reads.ts';
import * as queries from './bills.queries.ts';

/**
 * Bills: purchase invoices from sellers (issue 19). The input GST is worked out by computeBill
 * (domain) and stored with the bill; receiving brings the goods in through the stock ledger at the
 * bill's cost; voiding a received bill takes them out again.
 *
 * LOCK ORDER of every bill change (the purchases side of db/lock-order.ts): (0) the request's
 * Idempotency-Key row, when it has one; (1) the bill's row, FOR UPDATE (lockBill); (2) the stock
 * levels its lines move, one movement per line in product id order (then line order), each level
 * row locked by the movement itself, as the sales documents do (inventory stockLines); (2b) its
 * serial-numbered units (receive, void), after the stock levels (level 3b). A bill
 * never takes a lock of the sales side's money path (buyers, invoices, counters), so the two
 * sides share only the stock level rows, which both take in product order: no cycle.
 */

const recordBillHistory = historyWriter(BILL_ENTITY);

const notFound = billNotFound;

// ---------------------------------------------------------------------------------------------
// Entering a bill

/** A 400 of one line's field or a 409 of its stock, pointed at `items.<index>.` (the form's line). */
function atItem(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'conflict') {
    return new AppError('conflict', error.message, {
      errors: { [`items.${index}.quantity`]: [error.message] },
    });
  }
  if (error.code === 'validation_error' && error.errors) {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.errors)) {
      const name = field === 'expires_on' ? 'expiry_date' : field === 'batch' ? 'batch_number' : field;
      errors[`items.${index}.${name}`] = messages;
    }
    return new AppError('validation_error', error.message, { errors });
  }
  return error;
}

/** A bill's lines as the serial rules see them, pointed at the form's `items.<index>`. */
const serialLinesOfBill = (
  items: readonly { product: number; quantity: number; serial_numbers?: readonly string[] | undefined }[],
) =>
  items.map((item, index) => ({
    field: `items.${index}`,
    productId: item.product,
    quantity: item.quantity,
    serialNumbers: item.serial_numbers,
  }));

/**
 * Checks the references of the input and works the bill out: the seller (active), the branch
 * (active, the user's), the warehouse (active, of that branch), the products (live), the states on
 * both sides, the dates, and the figures (computeBill). Throws a 400 on the field at fault.
 */
async function priceBill(tx: Tx, actor: Principal, input: BillInput) {
  const { companyId } = actor;
  const seller = await findSeller(tx, companyId, input.seller);
  if (!seller) throw validationError('seller', 'Seller Not Found');
  if (!seller.is_active) throw validationError('seller', `Seller ${seller.name} is inactive.`);
  const branch = await findBranch(tx, companyId, input.branch);
  if (!branch) throw validationError('branch', 'Branch Not Found');
  assertBranchAccess(actor, branch.id);
  if (!branch.is_active) throw validationError('branch', branchInactiveMessage(branch.name));
  const warehouse = await findWarehouse(tx, companyId, input.warehouse);
  if (!warehouse) throw validationError('warehouse', 'Warehouse Not Found');
  if (warehouse.branch_id !== branch.id)
    throw validationError('warehouse', BILL_MESSAGES.warehouse_not_of_branch);
  if (!warehouse.is_active) throw validationError('warehouse', `Warehouse ${warehouse.name} is inactive.`);
  if (input.bill_date > todayInIndia()) throw validationError('bill_date', BILL_MESSAGES.bill_date_future);

  const products = new Map(
    (await liveProducts(tx, companyId, [...new Set(input.items.map((item) => item.product))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const lines = input.items.map((item, index) => {
    const product = products.get(item.product);
    if (!product) throw validationError(`items.${index}.product`, 'Product Not Found');
    const cessRate = Number(product.cess_rate ?? 0);
    // A nil-rated, exempt or non-GST line bears no cess (the product's cess tax would add it).
    if (item.gst_treatment && item.gst_treatment !== 'taxable' && cessRate !== 0) {
      throw validationError(
        `items.${index}.gst_treatment`,
        GST_TREATMENT_MESSAGES.line_cess_not_allowed(item.gst_treatment, product.name),
      );
    }
    return { item, product, cessRate };
  });
  // A tracked product's units: one serial each, none the product has already (issue 22).
  await checkIncomingSerialNumbers(tx, { companyId, lines: serialLinesOfBill(input.items) });

  const [company, branchAddress, sellerAddress] = await Promise.all([
    queries.companyBillSettings(tx, companyId),
    queries.addressStateCode(tx, companyId, 'branch', branch.id),
    queries.addressStateCode(tx, companyId, 'seller', seller.id),
  ]);
  // Our state: the branch's address, else its GSTIN's, else the company's (as sales documents do).
  const branchState =
    branchAddress?.gst_code ?? branch.gstin?.slice(0, 2) ?? company.gstin?.slice(0, 2) ?? null;
  const sellerState = sellerStateCode(seller.gst_number, sellerAddress?.gst_code);
  const supplyType = billSupplyType(sellerState, branchState);

  const computation = worthAtMost(() =>
    computeBill({
      intraState: supplyType === 'intra',
      isTaxInclusive: input.is_tax_inclusive,
      isReverseCharge: input.is_reverse_charge,
      freightChargesPaise: toPaise(input.freight_charges ?? 0),
      otherChargesPaise: toPaise(input.other_charges ?? 0),
      roundOff: branch.round_off_enabled,
      lines: lines.map(({ item, cessRate }) => ({
        quantity: item.quantity,
        ratePaise: toPaise(item.rate),
        discountPercent: item.discount_percent ?? 0,
        gstRatePercent: item.tax_rate,
        cessRatePercent: cessRate,
        itcEligible: item.itc_eligible,
      })),
    }),
  );
  const financialYear = financialYearOf(input.bill_date);
  const bill = {
    company_id: companyId,
    seller_id: seller.id,
    branch_id: branch.id,
    warehouse_id: warehouse.id,
    bill_number: input.bill_number,
    financial_year: financialYear.code,
    bill_date: input.bill_date,
    // The seller's payment terms, unless the bill says otherwise; without terms, due on its date.
    due_date: input.due_date ?? addDays(input.bill_date, Number(seller.payment_term_days ?? 0)),
    seller_gstin: seller.gst_number,
    seller_state_code: sellerState,
    branch_state_code: branchState,
    is_intra_state: supplyType === 'intra',
    is_reverse_charge: input.is_reverse_charge,
    is_tax_inclusive: input.is_tax_inclusive,
    freight_charges_paise: toPaise(input.freight_charges ?? 0),
    other_charges_paise: toPaise(input.other_charges ?? 0),
    taxable_paise: computation.totals.taxablePaise,
    cgst_paise: computation.totals.cgstPaise,
    sgst_paise: computation.totals.sgstPaise,
    igst_paise: computation.totals.igstPaise,
    cess_paise: computation.totals.cessPaise,
    itc_paise: computation.totals.itcPaise,
    reverse_charge_tax_paise: computation.totals.reverseChargeTaxPaise,
    round_off_paise: computation.totals.roundOffPaise,
    total_paise: computation.totals.totalPaise,
    notes: input.notes ?? null,
  };
  const items = lines.map(({ item, product, cessRate }, index) => {
    const figures = computation.lines[index];
    return {
      company_id: companyId,
      position: index + 1,
      product_id: product.id,
      product_name: product.name,
      sku: product.sku,
      hsn: item.hsn_code ?? product.hsn,
      unit: product.unit,
      quantity: decimal(item.quantity),
      rate_paise: toPaise(item.rate),
      rate_exclusive_paise: figures.rateExclusivePaise,
      discount_percent: String(item.discount_percent ?? 0),
      gst_rate: String(item.tax_rate),
      cess_rate: String(cessRate),
      taxable_paise: figures.taxablePaise,
      cgst_paise: figures.cgstPaise,
      sgst_paise: figures.sgstPaise,
      igst_paise: figures.igstPaise,
      cess_paise: figures.cessPaise,
      total_paise: figures.totalPaise,
      itc_eligible: item.itc_eligible,
      batch_number: item.batch_number ?? null,
      expiry_date: item.expiry_date ?? null,
      serial_numbers: item.serial_numbers ?? [],
      // Left out: the database takes the product's (0% lines) or 'taxable' (migration 0085).
      ...(item.gst_treatment && { gst_treatment: item.gst_treatment }),
    };
  });
  return { bill, items, financialYear, autoReceive: company.is_bill_auto_received };
}

/**
 * The attachments an edit names must be the bill's own: files are added and removed through their
 * own routes (bill-attachments.ts), so the list only confirms what the form shows.
 */
async function assertOwnAttachments(tx: Tx, companyId: number, billId: number, ids: number[] | undefined) {
  if (!ids?.length) return;
  const own = new Set((await queries.attachmentsOf(tx, companyId, billId)).map((a) => a.id));
  const index = ids.findIndex((attachmentId) => !own.has(attachmentId));
  if (index >= 0) throw validationError(`attachments.${index}`, BILL_ATTACHMENT_MESSAGES.not_found);
}

/** The amounts past what a bill may be worth are a 400 on the items, not a failed sum. */
function worthAtMost<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError) throw validationError('items', BILL_MESSAGES.too_large);
    throw error;
  }
}

/** A repeated bill number of the seller in the financial year: 400 on bill_number, nothing written. */
async function assertNumberFree(
  tx: Tx,
  companyId: number,
  bill: { seller_id: number; financial_year: string; bill_number: string; bill_date: string },
  exceptId?: number,
) {
  const taken = await queries.findBillNumber(tx, companyId, {
    sellerId: bill.seller_id,
    financialYear: bill.financial_year,
    billNumber: bill.bill_number,
    ...(exceptId === undefined ? {} : { exceptId }),
  });
  if (taken) throw validationError('bill_number', billNumberTakenMessage(bill.bill_number, bill.bill_date));
}

/** The unique key catches the same number entered by two users at once: the same 400. */
async function numberedWrite<T>(input: BillInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (queries.isBillNumberTaken(error)) {
      throw validationError('bill_number', billNumberTakenMessage(input.bill_number, input.bill_date));
    }
    throw error;
  }
}

/**
 * POST admin/companies/{companyId}/bills: a draft, or received at once when the company receives
 * bills automatically (is_bill_auto_received). `db` is the Idempotency-Key's transaction when the
 * request has one.
 */
export function createBill(options: {
  db: Executor;
  actor: Principal;
  input: BillInput;
}): Promise<BillOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  return numberedWrite(input, () =>
    withinTransaction(db, async (tx) => {
      const { bill, items, autoReceive } = await priceBill(tx, actor, input);
      // GSTR-3B takes its ITC from the bills of the month: none is entered into a filed one.
      await assertGstPeriodOpen(tx, companyId, bill.branch_id, bill.bill_date);
      // Files are attached to a bill once it exists (POST admin/bills/{id}/attachments).
      if (input.attachments?.length)
        throw validationError('attachments.0', BILL_ATTACHMENT_MESSAGES.not_found);
      await assertNumberFree(tx, companyId, bill);
      const { id } = await queries.insertBill(tx, { ...bill, status: 'draft', created_by: actor.userId });
      await queries.insertItems(
        tx,
        items.map((item) => ({ ...item, bill_id: id })),
      );
      // Made from a purchase order: its lines' billed quantities, under the order's lock.
      await billPurchaseOrder(
        tx,
        actor,
        { id, billNumber: bill.bill_number, sellerId: bill.seller_id },
        input,
      );
      await recordBillHistory(tx, actor, id, 'created', {
        bill_number: bill.bill_number,
        seller: bill.seller_id,
        total: toRupees(bill.total_paise),
      });
      if (autoReceive) {
        const locked = await queries.lockBill(tx, companyId, id);
        if (!locked) throw notFound();
        await receiveLocked(tx, actor, locked, 'auto_received');
      }
      return getBill(tx, companyId, id);
    }),
  );
}

/** PATCH admin/bills/{id}: a draft is entered again in full (its items replaced). */
export function editBill(options: { db: Executor; actor: Principal; id: number; input: BillInput }) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  return numberedWrite(input, () =>
    withinTransaction(db, async (tx) => {
      const locked = await lockFor(tx, actor, id, 'edit');
      const before = await queries.findBill(tx, companyId, id);
      const { bill, items } = await priceBill(tx, actor, input);
      // Neither out of a filed period (the date it has) nor into one (the date it is given).
      await assertDocumentPeriodOpen(tx, companyId, 'bill', id);
      await assertGstPeriodOpen(tx, companyId, bill.branch_id, bill.bill_date);
      await assertOwnAttachments(tx, companyId, id, input.attachments);
      await assertNumberFree(tx, companyId, bill, id);
      const { company_id: _company, ...changes } = bill;
      await queries.updateBill(tx, companyId, id, changes);
      const orderBill = { id, billNumber: bill.bill_number, sellerId: bill.seller_id };
      await releasePurchaseOrder(tx, actor, orderBill, { unlink: true, reason: 'bill_edited' });
      await queries.deleteItems(tx, companyId, id);
      await queries.insertItems(
        tx,
        items.map((item) => ({ ...item, bill_id: id })),
      );
      await billPurchaseOrder(tx, actor, orderBill, input);
      await recordBillHistory(tx, actor, id, 'edited', {
        ...(before?.bill_number !== bill.bill_number && {
          bill_number: { from: before?.bill_number, to: bill.bill_number },
        }),
        total: { from: toRupees(Number(before?.total_paise ?? 0)), to: toRupees(bill.total_paise) },
        items: items.length,
        status: locked.status,
      });
      return getBill(tx, companyId, id);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Receiving and voiding

/** Lock order step 1: the bill's row; then the rule of the action (409 with its sentence). */
async function lockFor(tx: Tx, actor: Principal, id: number, action: BillAction) {
  const bill = await queries.lockBill(tx, actor.companyId, id);
  if (!bill) throw notFound();
  assertVisible(actor, bill.branch_id);
  const refusal = billRefusal(
    { status: bill.status as BillStatus, settledPaise: queries.billSettledPaise(bill) },
    action,
  );
  if (refusal) throw conflict(refusal);
  return bill;
}

/** The items of a bill in the stock lock order: product id, then line. */
const inLockOrder = (items: queries.BillItemRow[]) =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.product_id - b.item.product_id || a.item.position - b.item.position);

/**
 * The cost per unit the goods come in at: the line's taxable value (after its discount, without
 * GST) per unit, plus its GST when the credit may not be claimed (blocked input tax is part of
 * what the goods cost us). Freight and other charges stay on the bill.
 */
function unitCostPaise(item: queries.BillItemRow): number {
  const tax =
    Number(item.cgst_paise) + Number(item.sgst_paise) + Number(item.igst_paise) + Number(item.cess_paise);
  const cost = Number(item.taxable_paise) + (item.itc_eligible ? 0 : tax);
  return mulDivRounded(cost, 1000, quantityInThousandths(Number(item.quantity)));
}

async function receiveLocked(
  tx: Tx,
  actor: Principal,
  bill: queries.LockedBill,
  action: 'received' | 'auto_received',
) {
  const items = await queries.itemsOf(tx, actor.companyId, bill.id);
  await receiveStockLines(
    tx,
    { companyId: actor.companyId, documentType: BILL_ENTITY, documentId: bill.id, userId: actor.userId },
    items.map((item) => ({
      productId: item.product_id,
      warehouseId: bill.warehouse_id,
      quantity: Number(item.quantity),
      ratePaise: unitCostPaise(item),
      batch:
        item.batch_number === null
          ? undefined
          : {
              batchNumber: item.batch_number,
              expiresOn: item.expiry_date === null ? null : dayOrThrow(item.expiry_date),
            },
    })),
    atItem,
  );
  // Lock order 3b, after the stock levels: the units come into the bill's warehouse.
  await moveSerialNumbersByStock(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    warehouseId: bill.warehouse_id,
    document: { type: 'bill', id: bill.id },
    lines: serialLinesOfBill(
      items.map((item) => ({
        product: item.product_id,
        quantity: Number(item.quantity),
        serial_numbers: item.serial_numbers,
      })),
    ),
  });
  await queries.updateBill(tx, actor.companyId, bill.id, { status: 'open', received_at: new Date() });
  await recordBillHistory(tx, actor, bill.id, action, {
    status: { from: bill.status, to: 'open' },
    warehouse: bill.warehouse_id,
    items: items.map((item) => ({ product: item.product_id, quantity: Number(item.quantity) })),
  });
}

/** POST admin/bills/{id}/receive: draft -> open; the goods come into the bill's warehouse at its cost. */
export function receiveBill(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  return withinTransaction(db, async (tx) => {
    const bill = await lockFor(tx, actor, id, 'receive');
    // A received bill is in GSTR-3B's ITC (a draft is not): not into a filed period.
    await assertDocumentPeriodOpen(tx, actor.companyId, 'bill', id);
    await receiveLocked(tx, actor, bill, 'received');
    return getBill(tx, actor.companyId, id);
  });
}

/**
 * POST admin/bills/{id}/void: a draft or an unpaid open bill becomes void. A received bill's goods
 * leave the warehouse again (from the batch they came in with), taking only stock that is not
 * reserved for orders: when that is no longer there, 409 naming the product and the quantities,
 * and nothing changes.
 */
export function voidBill(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const bill = await lockFor(tx, actor, id, 'void');
    await assertDocumentPeriodOpen(tx, companyId, 'bill', id);
    // Goods already sent back (a live purchase return) cannot leave twice: void the return first.
    if (await hasLiveReturns(tx, companyId, id)) throw conflict(PURCHASE_RETURN_MESSAGES.bill_void_returned);
    // The purchase order it was made from gets its quantities back (its lock before the stock's).
    await releasePurchaseOrder(
      tx,
      actor,
      { id, billNumber: bill.bill_number },
      { unlink: false, reason: 'bill_voided' },
    );
    const received = bill.status !== 'draft';
    if (received) {
      // A unit sold since is named before the stock is touched (issue 22).
      await assertBillUnitsOnHand(tx, { companyId, billId: id, warehouseId: bill.warehouse_id });
      const items = await queries.itemsOf(tx, companyId, id);
      for (const { item, index } of inLockOrder(items)) {
        try {
          await postStockMovement(tx, {
            companyId,
            productId: item.product_id,
            warehouseId: bill.warehouse_id,
            quantity: -Number(item.quantity),
            reason: 'bill_void',
            documentType: BILL_ENTITY,
            documentId: id,
            userId: actor.userId,
            keepReserved: true,
            batch: item.batch_number === null ? undefined : { batchNumber: item.batch_number },
          });
        } catch (error) {
          throw atItem(error, index);
        }
      }
      await voidBillSerialNumbers(tx, {
        companyId,
        userId: actor.userId,
        billId: id,
        warehouseId: bill.warehouse_id,
      });
    }
    await queries.updateBill(tx, companyId, id, { status: 'void', voided_at: new Date() });
    await recordBillHistory(tx, actor, id, 'voided', {
      status: { from: bill.status, to: 'void' },
      ...(received && { stock_reversed: true }),
    });
    return getBill(tx, companyId, id);
  });
}
