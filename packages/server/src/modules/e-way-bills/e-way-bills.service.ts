import { DELIVERY_CHALLAN_MESSAGES } from '@b2b/domain/api/delivery-challans';
import {
  belowThresholdMessage,
  buildEwbRequest,
  type EWayBillOutput,
  type EWayBillStateOutput,
  EWB_CANCEL_WINDOW_HOURS,
  EWB_DEFAULT_THRESHOLD_RUPEES,
  EWB_MESSAGES,
  type EwbCancelInput,
  type EwbDocumentKind,
  type EwbExtendInput,
  type EwbGenerateInput,
  type EwbLine,
  type EwbPartBEntry,
  type EwbParty,
  type EwbSource,
  type EwbVehicleInput,
  ewbExtendRefusal,
  ewbSourceProblems,
  goodsValuePaise,
} from '@b2b/domain/eway-bill';
import { toPaise, toRupees } from '@b2b/domain/money';
import { AppError, conflict, type FieldErrors } from '../../core/errors.ts';
import { type EwbClient, EwbError, type EwbGenerated } from '../../core/ports/eway-bill.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { recordHistoryEntries } from '../history/history.service.ts';
import { withCallLog } from '../integration-calls/integration-call-log.ts';
import { invoiceDocumentOf } from '../invoices/invoice-document-of.ts';
import { invoiceWithItems } from '../invoices/invoice-reads.ts';
import * as queries from './e-way-bills.queries.ts';
import { EWB_DUPLICATE, parseEwbTime } from './ewb-client.ts';

/**
 * E-way bills of invoices, delivery challans and inventory transfers: one implementation for the
 * three documents. The portal is called outside any transaction: a 'pending' row is committed
 * first (the unique live index makes it the document's only one), the portal is asked, and the
 * answer is stored after. A retry of a pending row (a crash, a lost answer) asks the portal for the
 * e-way bill it holds for the document before generating, so none is generated twice.
 */

export const EWB_ENTITY = 'e_way_bill';
/** A pending row younger than this is another request still waiting for the portal. */
const PENDING_FRESH_MS = 60_000;
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

const DOCUMENT_ENTITY: Record<EwbDocumentKind, string> = {
  invoice: 'invoice',
  delivery_challan: 'delivery_challan',
  inventory_transfer: 'inventory_transfer',
};

interface LoadedDocument {
  number: string;
  source: EwbSource;
  /** Why no e-way bill can be made for it now, or null. */
  blocked: string | null;
}

interface EwbAction {
  db: Database;
  ewb: EwbClient | undefined;
  actor: Principal;
  kind: EwbDocumentKind;
  id: number;
}

// ---------------------------------------------------------------------------------------------
// The documents as part A

const partyOf = (
  name: string,
  gstin: string | null,
  place:
    | {
        address_line_1: string;
        address_line_2: string | null;
        city: string;
        pincode: string;
        gst_code: string;
      }
    | undefined,
): EwbParty => ({
  gstin: gstin?.trim() || null,
  name,
  address1: place?.address_line_1 ?? '',
  address2: place?.address_line_2 ?? null,
  place: place?.city ?? '',
  pincode: place?.pincode ?? '',
  stateCode: place?.gst_code ?? '',
});

/** A challan's or transfer's goods: their value, no tax (they are not sales). */
const untaxedLine = (line: {
  name: string;
  hsn: string | null;
  unit: string | null;
  quantity: number;
  value_paise: number;
}): EwbLine => ({
  name: line.name,
  hsn: line.hsn,
  quantity: Number(line.quantity),
  unit: line.unit,
  taxablePaise: Number(line.value_paise),
  gstRatePercent: 0,
  cessRatePercent: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  cessPaise: 0,
});

async function invoiceDocument(db: Executor, companyId: number, id: number): Promise<LoadedDocument> {
  const { row, items } = await invoiceWithItems(db, companyId, id);
  const document = invoiceDocumentOf(row, items);
  const goods = document.lines.filter((line) => !line.isService);
  const lines: EwbLine[] = goods.map((line) => ({
    name: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.unit,
    taxablePaise: line.taxablePaise,
    gstRatePercent: line.gstRatePercent,
    cessRatePercent: line.cessRatePercent,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    cessPaise: line.cessPaise,
  }));
  const address = (party: typeof document.buyer) => ({
    address_line_1: party.address.line1,
    address_line_2: party.address.line2,
    city: party.address.city,
    pincode: party.address.pincode,
    gst_code: party.address.stateCode,
  });
  return {
    number: document.invoiceNumber,
    blocked: document.status === 'cancelled' ? EWB_MESSAGES.cancelled_document : null,
    source: {
      docType: 'INV',
      subSupplyType: '1',
      number: document.invoiceNumber,
      date: document.invoiceDate,
      from: partyOf(
        document.seller.legalName || document.seller.name,
        document.seller.gstin,
        address(document.seller),
      ),
      to: partyOf(document.buyer.name, document.buyer.gstin, address(document.shipTo)),
      lines,
      // Charges, services and round-off: the invoice's total less its goods.
      otherPaise: document.totals.totalPaise - goodsValuePaise(lines),
      intraState: document.intraState,
    },
  };
}

const CHALLAN_SUPPLY: Record<string, Pick<EwbSource, 'subSupplyType' | 'subSupplyDesc'>> = {
  job_work: { subSupplyType: '4' },
  branch_transfer: { subSupplyType: '5' },
  supply_on_approval: { subSupplyType: '8', subSupplyDesc: 'Supply on approval' },
  other: { subSupplyType: '8', subSupplyDesc: 'Others' },
};

async function challanDocument(db: Executor, companyId: number, id: number): Promise<LoadedDocument> {
  const row = await queries.challanSource(db, companyId, id);
  if (!row) throw new AppError('not_found', DELIVERY_CHALLAN_MESSAGES.not_found);
  const [items, from, destination] = await Promise.all([
    queries.challanLines(db, companyId, id),
    queries.warehousePlace(db, companyId, row.warehouse_id),
    row.destination_warehouse_id
      ? queries.warehousePlace(db, companyId, row.destination_warehouse_id)
      : undefined,
  ]);
  const to = row.destination_warehouse_id
    ? partyOf(row.company_name, row.destination_gstin ?? row.branch_gstin, destination)
    : partyOf(
        row.buyer_name ?? '',
        row.buyer_gstin,
        row.buyer_address ? { ...row.buyer_address, gst_code: row.buyer_address.state.gst_code } : undefined,
      );
  return {
    number: row.challan_number,
    blocked: row.status === 'cancelled' ? EWB_MESSAGES.cancelled_document : null,
    source: {
      docType: 'CHL',
      ...(CHALLAN_SUPPLY[row.purpose] ?? CHALLAN_SUPPLY.other),
      number: row.challan_number,
      date: row.challan_date,
      from: partyOf(row.company_name, row.branch_gstin, from),
      to,
      lines: items.map((item) => untaxedLine({ ...item, name: item.product_name })),
      otherPaise: 0,
    },
  };
}

async function transferDocument(db: Executor, companyId: number, id: number): Promise<LoadedDocument> {
  const row = await queries.transferSource(db, companyId, id);
  if (!row) throw new AppError('not_found', 'Inventory Transfer Not Found');
  const [lines, from, to] = await Promise.all([
    queries.transferLines(db, companyId, id),
    queries.warehousePlace(db, companyId, row.source_warehouse_id),
    queries.warehousePlace(db, companyId, row.destination_warehouse_id),
  ]);
  const sameGstin = (row.destination_gstin ?? row.source_gstin) === row.source_gstin;
  return {
    number: row.number,
    blocked: row.status === 'cancelled' ? EWB_MESSAGES.cancelled_document : null,
    source: {
      docType: 'CHL',
      // Within one registration the goods move for own use; to another GSTIN, 'Others'.
      ...(sameGstin
        ? { subSupplyType: '5' as const }
        : { subSupplyType: '8' as const, subSupplyDesc: 'Branch transfer' }),
      number: row.number,
      date: row.created_day,
      from: partyOf(row.company_name, row.source_gstin, from),
      to: partyOf(row.company_name, row.destination_gstin ?? row.source_gstin, to),
      lines: lines.map(untaxedLine),
      otherPaise: 0,
    },
  };
}

/** The document as part A; 404 when it is not the company's. */
function loadDocument(db: Executor, companyId: number, kind: EwbDocumentKind, id: number) {
  if (kind === 'invoice') return invoiceDocument(db, companyId, id);
  if (kind === 'delivery_challan') return challanDocument(db, companyId, id);
  return transferDocument(db, companyId, id);
}

/** The goods value above which an e-way bill is required, in rupees (₹50,000 unless configured). */
export async function thresholdRupees(db: Executor, companyId: number): Promise<number> {
  const saved = await queries.findEWayBillConfiguration(db, companyId);
  const value = (saved?.configurations as Record<string, unknown> | undefined)?.threshold_rupees;
  return saved?.is_enabled !== false && typeof value === 'number' && value >= 0
    ? value
    : EWB_DEFAULT_THRESHOLD_RUPEES;
}

// ---------------------------------------------------------------------------------------------
// Presenting

/** A date column as 'YYYY-MM-DD' (pg reads a date as local midnight). */
function dayOf(value: string | Date | null): string | null {
  if (value === null) return null;
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

const canCancel = (row: queries.EWayBillRow, now = Date.now()) =>
  row.status === 'generated' &&
  row.ewb_date !== null &&
  now - new Date(row.ewb_date).getTime() <= EWB_CANCEL_WINDOW_HOURS * 3_600_000;

export function presentEWayBill(row: queries.EWayBillRow): EWayBillOutput {
  return {
    id: row.id,
    status: row.status,
    ewb_no: row.ewb_no,
    ewb_date: row.ewb_date,
    valid_until: row.valid_until,
    total_value: toRupees(Number(row.total_value_paise)),
    voluntary: row.voluntary,
    trans_mode: row.trans_mode,
    trans_distance: row.trans_distance,
    vehicle_no: row.vehicle_no,
    vehicle_type: row.vehicle_type,
    transporter_id: row.transporter_id,
    transporter_name: row.transporter_name,
    trans_doc_no: row.trans_doc_no,
    trans_doc_date: dayOf(row.trans_doc_date),
    part_b_history: row.part_b_history ?? [],
    error: row.error,
    cancel_reason: row.cancel_reason,
    cancel_remark: row.cancel_remark,
    cancelled_at: row.cancelled_at,
    can_cancel: canCancel(row),
    extend_refusal:
      row.status === 'generated' ? ewbExtendRefusal(row.valid_until) : EWB_MESSAGES.not_generated,
    created_at: row.created_at,
  };
}

/** GET .../e_way_bill: the document's e-way bill and whether one is needed; writes nothing. */
export async function eWayBillState(options: Omit<EwbAction, 'actor'> & { companyId: number }) {
  const { db, ewb, companyId, kind, id } = options;
  const document = await loadDocument(db, companyId, kind, id);
  const [threshold, row] = await Promise.all([
    thresholdRupees(db, companyId),
    queries.latestEWayBill(db, companyId, kind, id),
  ]);
  const goods = goodsValuePaise(document.source.lines);
  const problems = ewbSourceProblems(document.source);
  const state: EWayBillStateOutput = {
    configured: ewb !== undefined,
    document_number: document.number,
    goods_value: toRupees(goods),
    threshold,
    required: goods > toPaise(threshold),
    blocked_reason: document.blocked ?? problems[0]?.message ?? null,
    e_way_bill: row ? presentEWayBill(row) : null,
  };
  return state;
}

// ---------------------------------------------------------------------------------------------
// Changing

const historyEntries = (
  actor: Principal,
  kind: EwbDocumentKind,
  documentId: number,
  ewbId: number,
  action: string,
  changes: Record<string, unknown>,
) => [
  {
    companyId: actor.companyId,
    entityType: EWB_ENTITY,
    entityId: ewbId,
    action,
    userId: actor.userId,
    changes,
  },
  {
    companyId: actor.companyId,
    entityType: DOCUMENT_ENTITY[kind],
    entityId: documentId,
    action: `e_way_bill_${action}`,
    userId: actor.userId,
    changes,
  },
];

const portalTime = (value: string | null | undefined) => {
  const time = parseEwbTime(value);
  return time === null ? null : new Date(time);
};

/** A portal refusal as 502 with its sentence; an unreachable portal as 503. */
function portalFailure(error: unknown): AppError {
  if (error instanceof EwbError) return new AppError('bad_gateway', error.message);
  return new AppError(
    'service_unavailable',
    `The e-way bill portal could not be reached; please try again. (${(error as Error).message})`,
  );
}

const requireClient = (ewb: EwbClient | undefined): EwbClient => {
  if (!ewb) throw conflict(EWB_MESSAGES.not_configured);
  return ewb;
};

/** POST .../e_way_bill: generates the document's e-way bill (part A, and part B when given). */
export async function generateEWayBill(options: EwbAction & { input: EwbGenerateInput }) {
  const { db, actor, kind, id, input } = options;
  const companyId = actor.companyId;
  const document = await loadDocument(db, companyId, kind, id);
  const ewb = withCallLog(
    db,
    { companyId, integration: 'ewb', target: `${kind} ${id}` },
    requireClient(options.ewb),
  );
  if (document.blocked) throw conflict(document.blocked);
  const problems = ewbSourceProblems(document.source);
  if (problems.length) {
    const errors: FieldErrors = {};
    for (const problem of problems)
      errors[problem.field] = [...(errors[problem.field] ?? []), problem.message];
    throw new AppError('validation_error', problems[0].message, { errors });
  }
  const goods = goodsValuePaise(document.source.lines);
  const threshold = await thresholdRupees(db, companyId);
  const voluntary = goods <= toPaise(threshold);
  if (voluntary && !input.force) throw conflict(belowThresholdMessage(goods, threshold));
  const request = buildEwbRequest(document.source, {
    transMode: input.trans_mode,
    distanceKm: input.trans_distance,
    vehicleNo: input.vehicle_no,
    vehicleType: input.vehicle_type,
    transporterId: input.transporter_id,
    transporterName: input.transporter_name,
    transDocNo: input.trans_doc_no,
    transDocDate: input.trans_doc_date,
  });
  const gstin = request.fromGstin;

  // 1. The pending row, committed before the portal is asked (a request racing this one for the
  // same document loses on the live index and is told one is being generated).
  const pending = inTransaction(db, async (tx) => {
    const live = await queries.lockLiveEWayBill(tx, companyId, kind, id);
    const values = {
      gstin,
      total_value_paise: goods,
      voluntary,
      request: request as unknown as Record<string, unknown>,
    };
    if (live?.status === 'generated') throw conflict(EWB_MESSAGES.exists);
    if (live) {
      if (Date.now() - new Date(live.updated_at).getTime() < PENDING_FRESH_MS)
        throw conflict(EWB_MESSAGES.pending);
      await queries.updateEWayBill(tx, companyId, live.id, { ...values, error: null });
      return { rowId: live.id, retry: true };
    }
    const inserted = await queries.insertPendingEWayBill(tx, {
      company_id: companyId,
      document_kind: kind,
      document_id: id,
      document_number: document.number,
      ...values,
      created_by: actor.userId,
    });
    return { rowId: inserted.id, retry: false };
  });
  const { rowId, retry } = await pending.catch((error: unknown) => {
    if (isUniqueViolation(error, 'e_way_bills_live_idx')) throw conflict(EWB_MESSAGES.pending);
    throw error;
  });

  // 2. The portal, outside any transaction.
  let generated: EwbGenerated | null = null;
  try {
    if (retry) generated = await ewb.findByDocument(gstin, request.docType, request.docNo);
    generated ??= await ewb.generate(gstin, request);
  } catch (error) {
    if (error instanceof EwbError && error.code === EWB_DUPLICATE) {
      generated = await ewb.findByDocument(gstin, request.docType, request.docNo).catch(() => null);
    }
    if (!generated) {
      const failure = portalFailure(error);
      await inTransaction(db, async (tx) => {
        if (failure.code === 'bad_gateway') {
          await queries.updateEWayBill(tx, companyId, rowId, { status: 'failed', error: failure.message });
          await recordHistoryEntries(
            tx,
            historyEntries(actor, kind, id, rowId, 'failed', { error: failure.message }),
          );
        } else {
          // The outcome is unknown: the row stays pending for a retry, which may start at once.
          await queries.updateEWayBill(tx, companyId, rowId, {
            error: failure.message,
            updated_at: LONG_AGO,
          });
        }
      });
      throw failure;
    }
  }

  // 3. The answer, stored once.
  const ewbDate = portalTime(generated.ewbDate) ?? new Date();
  const validUntil = portalTime(generated.validUpto);
  await inTransaction(db, async (tx) => {
    await queries.updateEWayBill(tx, companyId, rowId, {
      status: 'generated',
      ewb_no: generated.ewbNo,
      ewb_date: ewbDate,
      valid_until: validUntil,
      trans_mode: input.trans_mode,
      trans_distance: input.trans_distance,
      vehicle_no: input.vehicle_no ?? null,
      vehicle_type: input.vehicle_no ? (input.vehicle_type ?? 'R') : null,
      transporter_id: input.transporter_id ?? null,
      transporter_name: input.transporter_name ?? null,
      trans_doc_no: input.trans_doc_no ?? null,
      trans_doc_date: input.trans_doc_date ?? null,
      error: null,
    });
    await recordHistoryEntries(
      tx,
      historyEntries(actor, kind, id, rowId, 'generated', {
        ewb_no: generated.ewbNo,
        ewb_date: generated.ewbDate,
        valid_until: generated.validUpto,
        vehicle_no: input.vehicle_no ?? null,
        voluntary,
        ...(generated.alert ? { alert: generated.alert } : {}),
      }),
    );
  });
  return eWayBillState({ db, ewb, companyId, kind, id });
}

/** The generated e-way bill a change applies to (read without a lock: the portal is called next). */
async function generatedOf(db: Executor, companyId: number, kind: EwbDocumentKind, id: number) {
  const row = await queries.latestEWayBill(db, companyId, kind, id);
  if (!row) throw conflict(EWB_MESSAGES.none);
  if (row.status !== 'generated' || !row.ewb_no) throw conflict(EWB_MESSAGES.not_generated);
  return row as queries.EWayBillRow & { ewb_no: string };
}

/** Stores a change the portal has made, if the e-way bill is still the one it was made to. */
async function storeChange(
  db: Database,
  row: queries.EWayBillRow,
  companyId: number,
  work: (tx: Tx, current: queries.EWayBillRow) => Promise<void>,
) {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockLiveEWayBill(tx, companyId, row.document_kind, row.document_id);
    if (!current || current.id !== row.id || current.status !== 'generated')
      throw conflict(EWB_MESSAGES.not_generated);
    await work(tx, current);
  });
}

const actorName = (actor: Principal) => String(actor.userId);

/** PUT .../e_way_bill/part_b: a new vehicle (or transport document) for the goods. */
export async function updateEWayBillVehicle(options: EwbAction & { input: EwbVehicleInput }) {
  const { db, actor, kind, id, input } = options;
  const companyId = actor.companyId;
  const document = await loadDocument(db, companyId, kind, id);
  const ewb = withCallLog(
    db,
    { companyId, integration: 'ewb', target: `${kind} ${id}` },
    requireClient(options.ewb),
  );
  const row = await generatedOf(db, companyId, kind, id);
  let answer: Awaited<ReturnType<EwbClient['updatePartB']>>;
  try {
    answer = await ewb.updatePartB(row.gstin, {
      ewbNo: Number(row.ewb_no),
      vehicleNo: input.vehicle_no ?? '',
      fromPlace: input.from_place,
      fromState: Number(input.from_state_code ?? document.source.from.stateCode),
      reasonCode: input.reason_code,
      reasonRem: input.reason_remark,
      transDocNo: input.trans_doc_no ?? '',
      transDocDate: input.trans_doc_date ? input.trans_doc_date.split('-').reverse().join('/') : '',
      transMode: input.trans_mode,
      vehicleType: 'R',
    });
  } catch (error) {
    throw portalFailure(error);
  }
  const validUntil = portalTime(answer.validUpto);
  await storeChange(db, row, companyId, async (tx, current) => {
    const entry: EwbPartBEntry = {
      kind: 'vehicle',
      at: new Date().toISOString(),
      vehicle_no: input.vehicle_no ?? null,
      trans_mode: input.trans_mode,
      from_place: input.from_place,
      reason: input.reason_code,
      remark: input.reason_remark,
      valid_until: validUntil?.toISOString() ?? null,
      by: actorName(actor),
    };
    await queries.updateEWayBill(tx, companyId, current.id, {
      vehicle_no: input.vehicle_no ?? null,
      vehicle_type: input.vehicle_no ? 'R' : null,
      trans_mode: input.trans_mode,
      trans_doc_no: input.trans_doc_no ?? current.trans_doc_no,
      trans_doc_date: input.trans_doc_date ?? dayOf(current.trans_doc_date),
      ...(validUntil ? { valid_until: validUntil } : {}),
      part_b_history: [...(current.part_b_history ?? []), entry],
    });
    await recordHistoryEntries(
      tx,
      historyEntries(actor, kind, id, current.id, 'vehicle_updated', {
        ewb_no: current.ewb_no,
        vehicle_no: { old: current.vehicle_no, new: input.vehicle_no ?? null },
        from_place: input.from_place,
        reason: input.reason_code,
        remark: input.reason_remark,
      }),
    );
  });
  return eWayBillState({ db, ewb, companyId, kind, id });
}

/** POST .../e_way_bill/extend: more days for goods still on their way. */
export async function extendEWayBill(options: EwbAction & { input: EwbExtendInput }) {
  const { db, actor, kind, id, input } = options;
  const companyId = actor.companyId;
  const document = await loadDocument(db, companyId, kind, id);
  const ewb = withCallLog(
    db,
    { companyId, integration: 'ewb', target: `${kind} ${id}` },
    requireClient(options.ewb),
  );
  const row = await generatedOf(db, companyId, kind, id);
  // The portal refuses an extension outside 8 hours either side of the expiry: say so first.
  const refusal = ewbExtendRefusal(row.valid_until);
  if (refusal) throw conflict(refusal);
  const vehicle = input.vehicle_no ?? row.vehicle_no ?? '';
  let answer: Awaited<ReturnType<EwbClient['extendValidity']>>;
  try {
    answer = await ewb.extendValidity(row.gstin, {
      ewbNo: Number(row.ewb_no),
      vehicleNo: vehicle,
      fromPlace: input.from_place,
      fromState: Number(document.source.from.stateCode),
      fromPincode: Number(input.from_pincode),
      remainingDistance: input.remaining_distance,
      transDocNo: row.trans_doc_no ?? '',
      transDocDate: dayOf(row.trans_doc_date)?.split('-').reverse().join('/') ?? '',
      transMode: row.trans_mode ?? '1',
      extnRsnCode: input.reason_code,
      extnRemarks: input.remark,
      consignmentStatus: 'M',
      transitType: '',
      addressLine1: '',
      addressLine2: '',
      addressLine3: '',
    });
  } catch (error) {
    throw portalFailure(error);
  }
  const validUntil = portalTime(answer.validUpto);
  await storeChange(db, row, companyId, async (tx, current) => {
    const entry: EwbPartBEntry = {
      kind: 'extension',
      at: new Date().toISOString(),
      vehicle_no: vehicle || null,
      trans_mode: current.trans_mode,
      from_place: input.from_place,
      reason: input.reason_code,
      remark: input.remark,
      valid_until: validUntil?.toISOString() ?? null,
      by: actorName(actor),
    };
    await queries.updateEWayBill(tx, companyId, current.id, {
      ...(validUntil ? { valid_until: validUntil } : {}),
      ...(input.vehicle_no ? { vehicle_no: input.vehicle_no } : {}),
      part_b_history: [...(current.part_b_history ?? []), entry],
    });
    await recordHistoryEntries(
      tx,
      historyEntries(actor, kind, id, current.id, 'extended', {
        ewb_no: current.ewb_no,
        valid_until: { old: current.valid_until, new: answer.validUpto },
        remaining_distance: input.remaining_distance,
        reason: input.reason_code,
        remark: input.remark,
      }),
    );
  });
  return eWayBillState({ db, ewb, companyId, kind, id });
}

/** POST .../e_way_bill/cancel: within 24 hours of generating, with a reason. */
export async function cancelEWayBill(options: EwbAction & { input: EwbCancelInput }) {
  const { db, actor, kind, id, input } = options;
  const companyId = actor.companyId;
  await loadDocument(db, companyId, kind, id);
  const ewb = withCallLog(
    db,
    { companyId, integration: 'ewb', target: `${kind} ${id}` },
    requireClient(options.ewb),
  );
  const row = await generatedOf(db, companyId, kind, id);
  if (!canCancel(row)) throw conflict(EWB_MESSAGES.cancel_window);
  let answer: Awaited<ReturnType<EwbClient['cancel']>>;
  try {
    answer = await ewb.cancel(row.gstin, row.ewb_no, input.reason_code, input.remark);
  } catch (error) {
    throw portalFailure(error);
  }
  await storeChange(db, row, companyId, async (tx, current) => {
    await queries.updateEWayBill(tx, companyId, current.id, {
      status: 'cancelled',
      cancel_reason: input.reason_code,
      cancel_remark: input.remark,
      cancelled_at: portalTime(answer.cancelDate) ?? new Date(),
    });
    await recordHistoryEntries(
      tx,
      historyEntries(actor, kind, id, current.id, 'cancelled', {
        ewb_no: current.ewb_no,
        reason: input.reason_code,
        remark: input.remark,
      }),
    );
  });
  return eWayBillState({ db, ewb, companyId, kind, id });
}
