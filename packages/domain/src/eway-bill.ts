import { z } from 'zod';
import { formatMoney, toRupees } from './money.ts';
import { unitQuantityCode } from './unit-quantity-codes.ts';
import { isNumber, MESSAGES, numberField } from './validation.ts';

/**
 * E-way bills (GST rule 138): goods moved worth more than ₹50,000 (a company may set another
 * threshold) travel with an e-way bill from the NIC e-way bill portal. Part A describes the
 * consignment (from the invoice, delivery challan or transfer), part B the conveyance (vehicle
 * number, or the transporter who will enter it, and the distance).
 *
 * This file holds the request of the NIC API's GENEWAYBILL action (field names as the NIC API
 * documentation writes them: amounts in rupees with two decimals, dates dd/mm/yyyy, PIN and state
 * codes as numbers), the checks on part B, and the texts both the server and the screen show.
 */

export const EWB_DOCUMENT_KINDS = ['invoice', 'delivery_challan', 'inventory_transfer'] as const;
export type EwbDocumentKind = (typeof EWB_DOCUMENT_KINDS)[number];

/** pending: written before the portal is called; failed: the portal refused it. */
export const EWB_STATUSES = ['pending', 'generated', 'cancelled', 'failed'] as const;
export type EwbStatus = (typeof EWB_STATUSES)[number];

/** ₹50,000: above this value of goods an e-way bill is required (rule 138(1)). */
export const EWB_DEFAULT_THRESHOLD_RUPEES = 50_000;
/** The portal allows cancelling an e-way bill within 24 hours of generating it. */
export const EWB_CANCEL_WINDOW_HOURS = 24;
export const EWB_MAX_DISTANCE_KM = 4000;
/** The portal extends validity only from 8 hours before the expiry to 8 hours after it. */
export const EWB_EXTEND_WINDOW_HOURS = 8;

export const TRANSPORT_MODES = ['1', '2', '3', '4'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_OPTIONS = [
  { value: '1', label: 'Road' },
  { value: '2', label: 'Rail' },
  { value: '3', label: 'Air' },
  { value: '4', label: 'Ship' },
] as const satisfies readonly { value: TransportMode; label: string }[];

export const VEHICLE_TYPES = ['R', 'O'] as const;
export const VEHICLE_TYPE_OPTIONS = [
  { value: 'R', label: 'Regular' },
  { value: 'O', label: 'Over Dimensional Cargo' },
] as const;

export const EWB_CANCEL_REASONS = ['1', '2', '3', '4'] as const;
export const EWB_CANCEL_REASON_OPTIONS = [
  { value: '1', label: 'Duplicate' },
  { value: '2', label: 'Order Cancelled' },
  { value: '3', label: 'Data Entry Mistake' },
  { value: '4', label: 'Others' },
] as const;

/** Why the vehicle changes (the portal's VEHEWB reason codes). */
export const VEHICLE_UPDATE_REASONS = ['1', '2', '3', '4'] as const;
export const VEHICLE_UPDATE_REASON_OPTIONS = [
  { value: '1', label: 'Due to Break Down' },
  { value: '2', label: 'Due to Transhipment' },
  { value: '3', label: 'Others' },
  { value: '4', label: 'First Time' },
] as const;

/** Why the validity is extended (the portal's EXTENDVALIDITY reason codes). */
export const EXTEND_REASONS = ['1', '2', '4', '5', '99'] as const;
export const EXTEND_REASON_OPTIONS = [
  { value: '1', label: 'Natural Calamity' },
  { value: '2', label: 'Law and Order Situation' },
  { value: '4', label: 'Transhipment' },
  { value: '5', label: 'Accident' },
  { value: '99', label: 'Others' },
] as const;

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((option) => option.value === value)?.label ?? value ?? '';
export const transportModeLabel = (mode: string | null) => labelOf(TRANSPORT_MODE_OPTIONS, mode);
export const ewbCancelReasonLabel = (reason: string | null) => labelOf(EWB_CANCEL_REASON_OPTIONS, reason);

export const EWB_MESSAGES = {
  not_configured: 'E-way bill is not configured: set EWB_URL and the e-way bill credentials.',
  exists: 'This document already has an e-way bill; cancel it before generating another.',
  pending: 'An e-way bill is being generated for this document; try again in a minute.',
  none: 'This document has no e-way bill.',
  cancelled_document: 'A cancelled document cannot have an e-way bill.',
  not_generated: 'Only a generated e-way bill can be changed.',
  cancel_window: `An e-way bill can only be cancelled within ${EWB_CANCEL_WINDOW_HOURS} hours of generating it.`,
  no_supplier_gstin:
    "The dispatching branch has no GSTIN: an e-way bill needs the supplier's GSTIN (set it on the branch).",
  vehicle_number:
    'Vehicle number must look like KA01AB1234: state code, district number, series letters and a four-digit number.',
  distance: `Distance must be a whole number of kilometres from 0 to ${EWB_MAX_DISTANCE_KM} (0 lets the portal work it out from the PIN codes).`,
  transporter_id: 'Transporter ID must be a 15-character GSTIN or TRANSIN, like 29AAACB1234C1ZX.',
  road_needs_vehicle: 'By road, give the vehicle number or the transporter ID.',
  needs_transport_document: 'By rail, air or ship, give the transport document number and date.',
  remark: 'Please give a remark.',
} as const;

const HOUR_MS = 3_600_000;
const windowTime = (at: Date) =>
  at.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });

/**
 * Whether the validity of an e-way bill valid until `validUntil` can be extended at `now`: the
 * portal takes an extension from 8 hours before the expiry to 8 hours after it, and no other time.
 * Returns null when it can, else the sentence saying why not (the server's refusal and the
 * tooltip of the disabled Extend button alike).
 */
export function ewbExtendRefusal(validUntil: Date | string | null, now: Date = new Date()): string | null {
  if (validUntil === null)
    return 'This e-way bill has no validity to extend (no vehicle has been entered yet).';
  const expiry = new Date(validUntil);
  const opens = new Date(expiry.getTime() - EWB_EXTEND_WINDOW_HOURS * HOUR_MS);
  const closes = new Date(expiry.getTime() + EWB_EXTEND_WINDOW_HOURS * HOUR_MS);
  if (now < opens)
    return `The validity can be extended only from ${EWB_EXTEND_WINDOW_HOURS} hours before it expires: from ${windowTime(opens)} to ${windowTime(closes)}.`;
  if (now > closes)
    return `The validity can be extended only up to ${EWB_EXTEND_WINDOW_HOURS} hours after it expired (${windowTime(closes)}); this e-way bill can no longer be extended.`;
  return null;
}

/** The company's e-way bill settings (configuration 'e_way_bill'), as the settings form edits them. */
export const eWayBillSettingsSchema = z.object({
  threshold_rupees: numberField([
    [isNumber, MESSAGES.number],
    [(v) => Number(v) >= 0, 'Threshold cannot be negative.'],
    [(v) => Number(v) <= 10_000_000, 'Threshold cannot exceed ₹1,00,00,000.'],
  ]),
});
export type EWayBillSettings = z.output<typeof eWayBillSettingsSchema>;
export const E_WAY_BILL_DEFAULTS: EWayBillSettings = { threshold_rupees: EWB_DEFAULT_THRESHOLD_RUPEES };

export const belowThresholdMessage = (valuePaise: number, thresholdRupees: number) =>
  `The goods are worth ${formatMoney(toRupees(valuePaise))}, not more than the e-way bill threshold of ${formatMoney(thresholdRupees)}; no e-way bill is required. Tick 'Generate anyway' to make a voluntary one.`;

// ---------------------------------------------------------------------------------------------
// Checks

/** Upper case without spaces or dashes: 'ka 01 ab-1234' -> 'KA01AB1234'. */
export const normalizeVehicleNumber = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');

/**
 * A registration number as the portal takes it: KA01AB1234, KA011234, DL1CAB1234, or a Bharat
 * series number (22BH1234AB).
 */
export function isVehicleNumber(value: string): boolean {
  const text = normalizeVehicleNumber(value);
  return /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}$/.test(text) || /^\d{2}BH\d{4}[A-Z]{1,2}$/.test(text);
}

/** A GSTIN or a TRANSIN (an unregistered transporter's id): two digits and 13 letters or digits. */
export const isTransporterId = (value: string) => /^\d{2}[A-Z0-9]{13}$/.test(value.trim().toUpperCase());

const optionalTrimmed = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).optional(),
  );
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');
const vehicleNumber = z
  .string()
  .trim()
  .refine(isVehicleNumber, EWB_MESSAGES.vehicle_number)
  .transform(normalizeVehicleNumber);
const distance = z
  .number({ error: EWB_MESSAGES.distance })
  .int(EWB_MESSAGES.distance)
  .min(0, EWB_MESSAGES.distance)
  .max(EWB_MAX_DISTANCE_KM, EWB_MESSAGES.distance);

/** Part B of a new e-way bill: how the goods travel. */
export const ewbGenerateInput = z
  .object({
    trans_mode: z.enum(TRANSPORT_MODES, {
      error: 'Transport mode must be 1 (road), 2 (rail), 3 (air) or 4 (ship).',
    }),
    trans_distance: distance,
    vehicle_no: z.preprocess((v) => (v === '' ? undefined : v), vehicleNumber.optional()),
    vehicle_type: z
      .enum(VEHICLE_TYPES, { error: 'Vehicle type must be R (regular) or O (over dimensional cargo).' })
      .optional(),
    transporter_id: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .refine(isTransporterId, EWB_MESSAGES.transporter_id)
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    transporter_name: optionalTrimmed(100),
    trans_doc_no: optionalTrimmed(15),
    trans_doc_date: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
    /** Generate even when the goods are not worth more than the threshold (a voluntary e-way bill). */
    force: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.trans_mode === '1' && !input.vehicle_no && !input.transporter_id)
      ctx.addIssue({ code: 'custom', path: ['vehicle_no'], message: EWB_MESSAGES.road_needs_vehicle });
    if (input.trans_mode !== '1' && (!input.trans_doc_no || !input.trans_doc_date))
      ctx.addIssue({
        code: 'custom',
        path: ['trans_doc_no'],
        message: EWB_MESSAGES.needs_transport_document,
      });
  });
export type EwbGenerateInput = z.output<typeof ewbGenerateInput>;

const place = z.string().trim().min(1, 'Please give the place the goods are now at.').max(50);
const pincode = z.string().regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6 digit pincode.');

/** A new vehicle (part B update) for the goods on their way. */
export const ewbVehicleInput = z
  .object({
    trans_mode: z.enum(TRANSPORT_MODES, {
      error: 'Transport mode must be 1 (road), 2 (rail), 3 (air) or 4 (ship).',
    }),
    vehicle_no: z.preprocess((v) => (v === '' ? undefined : v), vehicleNumber.optional()),
    trans_doc_no: optionalTrimmed(15),
    trans_doc_date: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
    from_place: place,
    from_state_code: z
      .string()
      .regex(/^\d{2}$/, 'State code must be two digits.')
      .optional(),
    reason_code: z.enum(VEHICLE_UPDATE_REASONS, { error: 'Please choose why the vehicle changes.' }),
    reason_remark: z.string().trim().min(1, EWB_MESSAGES.remark).max(50),
  })
  .superRefine((input, ctx) => {
    if (input.trans_mode === '1' && !input.vehicle_no)
      ctx.addIssue({ code: 'custom', path: ['vehicle_no'], message: 'By road, give the vehicle number.' });
    if (input.trans_mode !== '1' && (!input.trans_doc_no || !input.trans_doc_date))
      ctx.addIssue({
        code: 'custom',
        path: ['trans_doc_no'],
        message: EWB_MESSAGES.needs_transport_document,
      });
  });
export type EwbVehicleInput = z.output<typeof ewbVehicleInput>;

/** Extending the validity of goods still on their way (allowed by the portal around the expiry). */
export const ewbExtendInput = z.object({
  remaining_distance: z
    .number({ error: 'Remaining distance must be a whole number of kilometres from 1 to 4000.' })
    .int('Remaining distance must be a whole number of kilometres from 1 to 4000.')
    .min(1, 'Remaining distance must be a whole number of kilometres from 1 to 4000.')
    .max(EWB_MAX_DISTANCE_KM, 'Remaining distance must be a whole number of kilometres from 1 to 4000.'),
  from_place: place,
  from_pincode: pincode,
  vehicle_no: z.preprocess((v) => (v === '' ? undefined : v), vehicleNumber.optional()),
  reason_code: z.enum(EXTEND_REASONS, { error: 'Please choose why the validity is extended.' }),
  remark: z.string().trim().min(1, EWB_MESSAGES.remark).max(50),
});
export type EwbExtendInput = z.output<typeof ewbExtendInput>;

export const ewbCancelInput = z.object({
  reason_code: z.enum(EWB_CANCEL_REASONS, { error: 'Please choose a reason for cancelling.' }),
  remark: z.string().trim().min(1, EWB_MESSAGES.remark).max(50),
});
export type EwbCancelInput = z.output<typeof ewbCancelInput>;

// ---------------------------------------------------------------------------------------------
// What the API answers

const timestampOut = z.union([z.string(), z.date()]);
export const ewbPartBEntry = z.object({
  kind: z.enum(['vehicle', 'extension']),
  at: z.string(),
  vehicle_no: z.string().nullable(),
  trans_mode: z.string().nullable(),
  from_place: z.string().nullable(),
  reason: z.string(),
  remark: z.string(),
  valid_until: z.string().nullable(),
  by: z.string().nullable(),
});
export type EwbPartBEntry = z.infer<typeof ewbPartBEntry>;

export const eWayBillOutput = z.object({
  id: z.number().int(),
  status: z.enum(EWB_STATUSES),
  ewb_no: z.string().nullable(),
  ewb_date: timestampOut.nullable(),
  valid_until: timestampOut.nullable(),
  total_value: z.number(),
  voluntary: z.boolean(),
  trans_mode: z.string().nullable(),
  trans_distance: z.number().nullable(),
  vehicle_no: z.string().nullable(),
  vehicle_type: z.string().nullable(),
  transporter_id: z.string().nullable(),
  transporter_name: z.string().nullable(),
  trans_doc_no: z.string().nullable(),
  trans_doc_date: z.string().nullable(),
  part_b_history: z.array(ewbPartBEntry),
  error: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancel_remark: z.string().nullable(),
  cancelled_at: timestampOut.nullable(),
  /** Whether the portal would still take a cancellation (within 24 hours of generating). */
  can_cancel: z.boolean(),
  /** Why the validity cannot be extended now (outside 8 hours either side of the expiry); null when it can. */
  extend_refusal: z.string().nullable(),
  created_at: timestampOut,
});
export type EWayBillOutput = z.infer<typeof eWayBillOutput>;

/** GET .../e_way_bill: the live (or last) e-way bill, and whether one is needed and possible. */
export const eWayBillStateOutput = z.object({
  configured: z.boolean(),
  document_number: z.string(),
  /** Goods value (taxable value plus GST and cess) that the threshold is compared with. */
  goods_value: z.number(),
  threshold: z.number(),
  required: z.boolean(),
  /** Why an e-way bill cannot be generated now (a cancelled document, no GSTIN), or null. */
  blocked_reason: z.string().nullable(),
  e_way_bill: eWayBillOutput.nullable(),
});
export type EWayBillStateOutput = z.infer<typeof eWayBillStateOutput>;

// ---------------------------------------------------------------------------------------------
// The request (NIC GENEWAYBILL)

export interface EwbParty {
  /** null: unregistered (sent as URP). */
  gstin: string | null;
  name: string;
  address1: string;
  address2: string | null;
  place: string;
  pincode: string;
  /** Two-digit GST state code: '29'. */
  stateCode: string;
}

export interface EwbLine {
  name: string;
  hsn: string | null;
  quantity: number;
  unit: string | null;
  taxablePaise: number;
  /** GST rate in percent (18), split into CGST and SGST halves within a state. */
  gstRatePercent: number;
  cessRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
}

export interface EwbSource {
  docType: 'INV' | 'CHL';
  /** 1 supply, 4 job work, 5 for own use, 8 others (with subSupplyDesc). */
  subSupplyType: '1' | '4' | '5' | '8';
  subSupplyDesc?: string;
  number: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  from: EwbParty;
  to: EwbParty;
  lines: EwbLine[];
  /** Charges and round-off outside the goods lines (freight, packing): the portal's otherValue. */
  otherPaise: number;
  /** CGST + SGST (true) or IGST (false) as the document charged it; by the state codes when absent. */
  intraState?: boolean;
}

export interface EwbPartB {
  transMode: TransportMode;
  distanceKm: number;
  vehicleNo?: string | null;
  vehicleType?: 'R' | 'O' | null;
  transporterId?: string | null;
  transporterName?: string | null;
  transDocNo?: string | null;
  /** 'YYYY-MM-DD'. */
  transDocDate?: string | null;
}

export interface EwbItem {
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonadvol: number;
  taxableAmount: number;
}

export interface EwbRequest {
  supplyType: 'O';
  subSupplyType: string;
  subSupplyDesc: string;
  docType: 'INV' | 'CHL';
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actToStateCode: number;
  transactionType: 1;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  otherValue: number;
  totInvValue: number;
  transMode: string;
  transDistance: string;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: string;
  itemList: EwbItem[];
}

/** Paise to rupees with two decimals, as a JSON number. */
const rupees = (paise: number) => Math.round(paise) / 100;
const clip = (text: string | null | undefined, max: number) => (text ?? '').trim().slice(0, max);
const sum = (lines: EwbLine[], pick: (line: EwbLine) => number) => lines.reduce((s, l) => s + pick(l), 0);

/** 'YYYY-MM-DD' -> 'dd/mm/yyyy'. */
export function ewbDate(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The UQC the portal takes for a unit; OTH (others) when the unit is none it knows. */
export const ewbUnit = (unit: string | null) => unitQuantityCode(unit) ?? 'OTH';

/** Taxable value plus GST and cess of the goods: what the threshold is compared with. */
export const goodsValuePaise = (lines: EwbLine[]) =>
  sum(lines, (l) => l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise + l.cessPaise);

/**
 * What would keep the portal from accepting the document, as sentences with the field they are
 * about: the supplier's GSTIN, the PIN codes and state codes, each line's HSN.
 */
export function ewbSourceProblems(source: EwbSource): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!source.from.gstin) problems.push({ field: 'from_gstin', message: EWB_MESSAGES.no_supplier_gstin });
  for (const [field, party, who] of [
    ['from', source.from, 'dispatch'],
    ['to', source.to, 'delivery'],
  ] as const) {
    if (!/^[1-9]\d{5}$/.test(party.pincode))
      problems.push({
        field: `${field}_pincode`,
        message: `The ${who} address has no valid 6-digit PIN code.`,
      });
    if (!/^\d{2}$/.test(party.stateCode))
      problems.push({ field: `${field}_state`, message: `The ${who} address has no state.` });
  }
  if (source.lines.length === 0) problems.push({ field: 'items', message: 'The document has no goods.' });
  source.lines.forEach((line, index) => {
    if (!line.hsn || !/^\d{4,8}$/.test(line.hsn))
      problems.push({
        field: `items.${index}.hsn`,
        message: `${line.name} has no HSN code of 4 to 8 digits; the portal needs one for every item.`,
      });
  });
  return problems;
}

/**
 * The GENEWAYBILL request for a document and its part B. Within a state each line's GST rate is
 * split into CGST and SGST halves, between states it is IGST; an unregistered recipient is URP.
 * Totals are the sums of the lines' paise, so they agree with the items to the paisa; totInvValue
 * adds the charges outside the goods (otherValue).
 */
export function buildEwbRequest(source: EwbSource, partB: EwbPartB): EwbRequest {
  const intraState = source.intraState ?? source.from.stateCode === source.to.stateCode;
  const taxable = sum(source.lines, (l) => l.taxablePaise);
  const cgst = sum(source.lines, (l) => l.cgstPaise);
  const sgst = sum(source.lines, (l) => l.sgstPaise);
  const igst = sum(source.lines, (l) => l.igstPaise);
  const cess = sum(source.lines, (l) => l.cessPaise);
  const road = partB.transMode === '1';
  return {
    supplyType: 'O',
    subSupplyType: source.subSupplyType,
    subSupplyDesc: source.subSupplyType === '8' ? clip(source.subSupplyDesc ?? 'Others', 20) : '',
    docType: source.docType,
    docNo: clip(source.number, 16),
    docDate: ewbDate(source.date),
    fromGstin: (source.from.gstin ?? '').toUpperCase(),
    fromTrdName: clip(source.from.name, 100),
    fromAddr1: clip(source.from.address1, 120),
    fromAddr2: clip(source.from.address2, 120),
    fromPlace: clip(source.from.place, 50),
    fromPincode: Number(source.from.pincode),
    fromStateCode: Number(source.from.stateCode),
    actFromStateCode: Number(source.from.stateCode),
    toGstin: source.to.gstin ? source.to.gstin.toUpperCase() : 'URP',
    toTrdName: clip(source.to.name, 100),
    toAddr1: clip(source.to.address1, 120),
    toAddr2: clip(source.to.address2, 120),
    toPlace: clip(source.to.place, 50),
    toPincode: Number(source.to.pincode),
    toStateCode: Number(source.to.stateCode),
    actToStateCode: Number(source.to.stateCode),
    transactionType: 1,
    totalValue: rupees(taxable),
    cgstValue: rupees(cgst),
    sgstValue: rupees(sgst),
    igstValue: rupees(igst),
    cessValue: rupees(cess),
    cessNonAdvolValue: 0,
    otherValue: rupees(source.otherPaise),
    totInvValue: rupees(taxable + cgst + sgst + igst + cess + source.otherPaise),
    transMode: partB.transMode,
    transDistance: String(partB.distanceKm),
    transporterId: (partB.transporterId ?? '').toUpperCase(),
    transporterName: clip(partB.transporterName, 100),
    transDocNo: clip(partB.transDocNo, 15),
    transDocDate: partB.transDocDate ? ewbDate(partB.transDocDate) : '',
    vehicleNo: road && partB.vehicleNo ? normalizeVehicleNumber(partB.vehicleNo) : '',
    vehicleType: road && partB.vehicleNo ? (partB.vehicleType ?? 'R') : '',
    itemList: source.lines.map((line) => ({
      productName: clip(line.name, 100),
      productDesc: clip(line.name, 100),
      hsnCode: Number(line.hsn ?? 0),
      quantity: line.quantity,
      qtyUnit: ewbUnit(line.unit),
      cgstRate: intraState ? line.gstRatePercent / 2 : 0,
      sgstRate: intraState ? line.gstRatePercent / 2 : 0,
      igstRate: intraState ? 0 : line.gstRatePercent,
      cessRate: line.cessRatePercent,
      cessNonadvol: 0,
      taxableAmount: rupees(line.taxablePaise),
    })),
  };
}
