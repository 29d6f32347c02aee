import { gstinMatchesState, isGstinStateCode, isValidGstin } from '@b2b/domain/gstin';
import { isHsn, isPincode, todayInIndia } from '@b2b/domain/validation';
import type { EInvoiceItem, EInvoiceParty, EInvoicePayload } from '../../core/ports/irp.ts';
import type {
  InvoiceCharge,
  InvoiceDocument,
  InvoiceLine,
  InvoiceParty,
} from '../invoice-documents/invoice-document.ts';

/**
 * The government e-invoice schema (INV-01, version 1.1) for one B2B tax invoice, as the Invoice
 * Registration Portal takes it, and the checks the IRP would otherwise reject it for.
 *
 * Field names and rules follow the notified schema as the NIC sandbox documentation and GSP
 * references show it: amounts in rupees as numbers with two decimals (unit price three), dates
 * DD/MM/YYYY, PIN codes as numbers, state codes as two-digit strings, serial numbers as strings.
 *
 * Charges (freight, packing...) that carry GST are sent as service items with their SAC: the
 * IRP checks ValDtls.CgstVal/SgstVal/IgstVal against the sum of the items' taxes, and invoice-level
 * OthChrg has no tax of its own, so a taxed charge folded into OthChrg would leave its tax
 * unreported or the totals unbalanced. Only a charge without any tax goes into OthChrg.
 */

/** One thing the IRP would reject, named by its path in the InvoiceDocument ('lines.2.hsn'). */
export interface EInvoiceProblem {
  field: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Units: the IRP takes GST unit quantity codes (UQC) only.

const UQC_CODES = new Set([
  'BAG',
  'BAL',
  'BDL',
  'BKL',
  'BOU',
  'BOX',
  'BTL',
  'BUN',
  'CAN',
  'CBM',
  'CCM',
  'CMS',
  'CTN',
  'DOZ',
  'DRM',
  'GGK',
  'GMS',
  'GRS',
  'GYD',
  'KGS',
  'KLR',
  'KME',
  'LTR',
  'MLT',
  'MTR',
  'MTS',
  'NOS',
  'OTH',
  'PAC',
  'PCS',
  'PRS',
  'QTL',
  'ROL',
  'SET',
  'SQF',
  'SQM',
  'SQY',
  'TBS',
  'TGM',
  'THD',
  'TON',
  'TUB',
  'UGS',
  'UNT',
  'YDS',
]);

const UNIT_ALIASES: Record<string, string> = {
  bag: 'BAG',
  bags: 'BAG',
  box: 'BOX',
  boxes: 'BOX',
  bottle: 'BTL',
  bottles: 'BTL',
  btl: 'BTL',
  can: 'CAN',
  cans: 'CAN',
  carton: 'CTN',
  cartons: 'CTN',
  cm: 'CMS',
  centimetre: 'CMS',
  centimeter: 'CMS',
  dozen: 'DOZ',
  dozens: 'DOZ',
  drum: 'DRM',
  g: 'GMS',
  gm: 'GMS',
  gms: 'GMS',
  gram: 'GMS',
  grams: 'GMS',
  kg: 'KGS',
  kgs: 'KGS',
  kilo: 'KGS',
  kilogram: 'KGS',
  kilograms: 'KGS',
  km: 'KME',
  kilometre: 'KME',
  kilometer: 'KME',
  l: 'LTR',
  lt: 'LTR',
  ltr: 'LTR',
  litre: 'LTR',
  liter: 'LTR',
  litres: 'LTR',
  liters: 'LTR',
  ml: 'MLT',
  millilitre: 'MLT',
  milliliter: 'MLT',
  m: 'MTR',
  mtr: 'MTR',
  metre: 'MTR',
  meter: 'MTR',
  metres: 'MTR',
  meters: 'MTR',
  mt: 'MTS',
  tonne: 'TON',
  tonnes: 'TON',
  ton: 'TON',
  tons: 'TON',
  no: 'NOS',
  nos: 'NOS',
  number: 'NOS',
  numbers: 'NOS',
  unit: 'UNT',
  units: 'UNT',
  pack: 'PAC',
  packs: 'PAC',
  packet: 'PAC',
  packets: 'PAC',
  pc: 'PCS',
  pcs: 'PCS',
  piece: 'PCS',
  pieces: 'PCS',
  pair: 'PRS',
  pairs: 'PRS',
  quintal: 'QTL',
  roll: 'ROL',
  rolls: 'ROL',
  set: 'SET',
  sets: 'SET',
  sqft: 'SQF',
  'sq ft': 'SQF',
  sqm: 'SQM',
  'sq m': 'SQM',
  tube: 'TUB',
  tubes: 'TUB',
  yard: 'YDS',
  yards: 'YDS',
};

/** The UQC for a unit name or code ('kg' -> 'KGS'), or null when it is not one the IRP knows. */
export function unitQuantityCode(unit: string | null | undefined): string | null {
  if (!unit?.trim()) return null;
  const text = unit.trim();
  if (UQC_CODES.has(text.toUpperCase())) return text.toUpperCase();
  return UNIT_ALIASES[text.toLowerCase().replace(/\.$/, '')] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Mapping

/** Paise to rupees as a JSON number with at most two decimals. */
const rupees = (paise: number) => Math.round(paise) / 100;

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function eInvoiceDate(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** Digits only, 6 to 12 of them as the schema allows; anything else is left out. */
function phone(value: string | null): string | undefined {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length < 6) return undefined;
  return digits.length > 12 ? digits.slice(-10) : digits;
}

function email(value: string | null): string | undefined {
  const text = value?.trim() ?? '';
  return text.length >= 6 && text.length <= 100 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text : undefined;
}

function addressFields(party: InvoiceParty) {
  const second = [party.address.line2, party.address.landmark].filter((part) => part?.trim()).join(', ');
  return {
    Addr1: clip(party.address.line1, 100),
    ...(second ? { Addr2: clip(second, 100) } : {}),
    Loc: clip(party.address.city, 50),
    Pin: Number(party.address.pincode),
    Stcd: party.address.stateCode,
  };
}

function partyFields(party: InvoiceParty, legalName: string): EInvoiceParty {
  const tradeName =
    party.name.trim() && party.name.trim() !== legalName.trim() ? clip(party.name, 100) : undefined;
  return {
    Gstin: (party.gstin ?? '').trim().toUpperCase(),
    LglNm: clip(legalName, 100),
    ...(tradeName ? { TrdNm: tradeName } : {}),
    ...addressFields(party),
    ...(phone(party.phone) ? { Ph: phone(party.phone) } : {}),
    ...(email(party.email) ? { Em: email(party.email) } : {}),
  };
}

function sameParty(a: InvoiceParty, b: InvoiceParty): boolean {
  const key = (party: InvoiceParty) =>
    JSON.stringify([
      party.name.trim(),
      party.gstin ?? '',
      party.address.line1,
      party.address.line2 ?? '',
      party.address.landmark ?? '',
      party.address.city,
      party.address.pincode,
      party.address.stateCode,
    ]);
  return key(a) === key(b);
}

const taxOf = (item: { cgstPaise: number; sgstPaise: number; igstPaise: number; cessPaise: number }) =>
  item.cgstPaise + item.sgstPaise + item.igstPaise + item.cessPaise;

/** A charge with any GST or cess is reported as a service item; one without goes into OthChrg. */
const isTaxedCharge = (charge: InvoiceCharge) => charge.gstRatePercent > 0 || taxOf(charge) !== 0;

function lineItem(line: InvoiceLine, serial: number): EInvoiceItem {
  const grossPaise = line.taxablePaise + line.discountPaise;
  // The IRP wants the pre-tax unit price with TotAmt = UnitPrice x Qty. The stated rate is used
  // when it is that price; otherwise (a tax-inclusive rate) the price is worked back from the
  // taxable value, so AssAmt = TotAmt - Discount holds exactly either way.
  const rateMatches = Math.abs(line.ratePaise * line.quantity - grossPaise) < 1;
  const unitPrice =
    rateMatches || line.quantity <= 0
      ? rupees(rateMatches ? line.ratePaise : grossPaise)
      : Math.round((grossPaise / line.quantity) * 10) / 1000;
  const unit = unitQuantityCode(line.unit) ?? (line.isService ? null : 'NOS');
  return {
    SlNo: String(serial),
    PrdDesc: clip(line.description, 300),
    IsServc: line.isService ? 'Y' : 'N',
    HsnCd: (line.hsn ?? '').trim(),
    Qty: Math.round(line.quantity * 1000) / 1000,
    ...(unit ? { Unit: unit } : {}),
    UnitPrice: unitPrice,
    TotAmt: rupees(grossPaise),
    Discount: rupees(line.discountPaise),
    AssAmt: rupees(line.taxablePaise),
    GstRt: line.gstRatePercent,
    IgstAmt: rupees(line.igstPaise),
    CgstAmt: rupees(line.cgstPaise),
    SgstAmt: rupees(line.sgstPaise),
    CesRt: line.cessRatePercent,
    CesAmt: rupees(line.cessPaise),
    TotItemVal: rupees(line.taxablePaise + taxOf(line)),
  };
}

function chargeItem(charge: InvoiceCharge, serial: number): EInvoiceItem {
  return {
    SlNo: String(serial),
    PrdDesc: clip(charge.label, 300),
    IsServc: 'Y',
    HsnCd: (charge.hsn ?? '').trim(),
    Qty: 1,
    UnitPrice: rupees(charge.taxablePaise),
    TotAmt: rupees(charge.taxablePaise),
    Discount: 0,
    AssAmt: rupees(charge.taxablePaise),
    GstRt: charge.gstRatePercent,
    IgstAmt: rupees(charge.igstPaise),
    CgstAmt: rupees(charge.cgstPaise),
    SgstAmt: rupees(charge.sgstPaise),
    CesRt:
      charge.taxablePaise && charge.cessPaise
        ? Math.round((charge.cessPaise / charge.taxablePaise) * 10000) / 100
        : 0,
    CesAmt: rupees(charge.cessPaise),
    TotItemVal: rupees(charge.taxablePaise + taxOf(charge)),
  };
}

/** Paise sums of what the payload reports, so that validation and mapping agree. */
function reportedTotals(doc: InvoiceDocument) {
  const taxed = doc.charges.filter(isTaxedCharge);
  const items = [...doc.lines, ...taxed];
  const sum = (pick: (item: (typeof items)[number]) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const assessable = sum((item) => item.taxablePaise);
  const taxes = sum(taxOf);
  const otherCharges = doc.charges
    .filter((charge) => !isTaxedCharge(charge))
    .reduce((t, c) => t + c.amountPaise, 0);
  return {
    assessable,
    cgst: sum((item) => item.cgstPaise),
    sgst: sum((item) => item.sgstPaise),
    igst: sum((item) => item.igstPaise),
    cess: sum((item) => item.cessPaise),
    otherCharges,
    expectedTotal: assessable + taxes + otherCharges + doc.totals.roundOffPaise,
  };
}

/** The INV-01 JSON for the invoice; run `validateEInvoice` first, the IRP rejects what it reports. */
export function buildEInvoicePayload(doc: InvoiceDocument): EInvoicePayload {
  const lines = doc.lines.map((line, index) => lineItem(line, index + 1));
  const charges = doc.charges
    .filter(isTaxedCharge)
    .map((charge, index) => chargeItem(charge, lines.length + index + 1));
  const totals = reportedTotals(doc);
  const payload: EInvoicePayload = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: doc.invoiceNumber.trim(), Dt: eInvoiceDate(doc.invoiceDate) },
    SellerDtls: partyFields(doc.seller, doc.seller.legalName),
    BuyerDtls: { ...partyFields(doc.buyer, doc.buyer.name), Pos: doc.placeOfSupply.stateCode },
    ItemList: [...lines, ...charges],
    ValDtls: {
      AssVal: rupees(totals.assessable),
      CgstVal: rupees(totals.cgst),
      SgstVal: rupees(totals.sgst),
      IgstVal: rupees(totals.igst),
      CesVal: rupees(totals.cess),
      StCesVal: 0,
      // Discounts are per line (ItemList.Discount), already out of the assessable value.
      Discount: 0,
      OthChrg: rupees(totals.otherCharges),
      RndOffAmt: rupees(doc.totals.roundOffPaise),
      TotInvVal: rupees(doc.totals.totalPaise),
    },
  };
  if (!sameParty(doc.buyer, doc.shipTo)) {
    const { Ph: _phone, Em: _email, Gstin, ...shipTo } = partyFields(doc.shipTo, doc.shipTo.name);
    payload.ShipDtls = { ...(Gstin ? { Gstin } : {}), ...shipTo };
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Validation: what the IRP would reject, said in plain sentences.

/** GST rates the IRP accepts (40% from the September 2025 rate change). */
const GST_RATES = new Set([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40]);
/** An IRP document number: up to 16 letters, digits, '/' and '-', not starting with 0, '/' or '-'. */
const DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;
const MAX_ITEMS = 1000;
const MAX_ROUND_OFF_PAISE = 99_99;

function checkParty(
  problems: EInvoiceProblem[],
  party: InvoiceParty,
  path: string,
  who: string,
  options: { legalName?: string; gstinRequired: boolean },
) {
  const name = (options.legalName ?? party.name).trim();
  const nameField = options.legalName === undefined ? `${path}.name` : `${path}.legalName`;
  if (name.length < 3 || name.length > 100) {
    problems.push({ field: nameField, message: `The ${who}'s legal name must have 3 to 100 characters.` });
  }
  const gstin = party.gstin?.trim() ?? '';
  if (!gstin) {
    if (options.gstinRequired) {
      problems.push({
        field: `${path}.gstin`,
        message:
          who === 'buyer'
            ? 'The buyer has no GSTIN. An e-invoice is issued only to a registered buyer (B2B).'
            : `The ${who} has no GSTIN; the IRP needs it.`,
      });
    }
  } else if (!isValidGstin(gstin)) {
    problems.push({ field: `${path}.gstin`, message: `The ${who}'s GSTIN ${gstin} is not a valid GSTIN.` });
  } else if (!gstinMatchesState(gstin, party.address.stateCode)) {
    problems.push({
      field: `${path}.address.stateCode`,
      message: `The ${who}'s GSTIN ${gstin} is registered in another state than the ${who}'s address (state code ${party.address.stateCode}).`,
    });
  }
  const line1 = party.address.line1.trim();
  if (!line1 || line1.length > 100) {
    problems.push({
      field: `${path}.address.line1`,
      message: `The ${who}'s address line 1 must have 1 to 100 characters.`,
    });
  }
  const city = party.address.city.trim();
  if (city.length < 3 || city.length > 50) {
    problems.push({
      field: `${path}.address.city`,
      message: `The ${who}'s city must have 3 to 50 characters.`,
    });
  }
  if (!isPincode(party.address.pincode)) {
    problems.push({
      field: `${path}.address.pincode`,
      message: `The ${who}'s PIN code "${party.address.pincode}" must have 6 digits and not start with 0.`,
    });
  }
  if (!isGstinStateCode(party.address.stateCode)) {
    problems.push({
      field: `${path}.address.stateCode`,
      message: `The ${who}'s state code "${party.address.stateCode}" is not a GST state code.`,
    });
  }
}

function lineLabel(index: number, description: string) {
  const text = description.trim();
  return `Line ${index + 1}${text ? ` (${text.length > 40 ? `${text.slice(0, 37)}...` : text})` : ''}`;
}

function checkTaxSplit(
  problems: EInvoiceProblem[],
  doc: InvoiceDocument,
  item: { gstRatePercent: number; cgstPaise: number; sgstPaise: number; igstPaise: number },
  path: string,
  label: string,
) {
  if (!GST_RATES.has(item.gstRatePercent)) {
    problems.push({
      field: `${path}.gstRatePercent`,
      message: `${label}: ${item.gstRatePercent}% is not a GST rate the IRP accepts.`,
    });
  }
  if (doc.intraState && item.igstPaise !== 0) {
    problems.push({
      field: `${path}.igstPaise`,
      message: `${label}: an intra-state supply is taxed as CGST and SGST, not IGST.`,
    });
  }
  if (!doc.intraState && (item.cgstPaise !== 0 || item.sgstPaise !== 0)) {
    problems.push({
      field: `${path}.cgstPaise`,
      message: `${label}: an inter-state supply is taxed as IGST, not CGST and SGST.`,
    });
  }
}

/**
 * Everything in the invoice the IRP would reject for an IRN, as field-level problems; an empty
 * list means the payload can be sent. `today` ('YYYY-MM-DD', Indian date) is for tests.
 */
export function validateEInvoice(doc: InvoiceDocument, options: { today?: string } = {}): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  if (doc.status === 'cancelled') {
    problems.push({ field: 'status', message: 'A cancelled invoice cannot be registered for an e-invoice.' });
  }
  if (doc.eInvoice) {
    problems.push({
      field: 'eInvoice',
      message: `This invoice already has an IRN (${doc.eInvoice.irn}); it cannot be registered again.`,
    });
  }

  const number = doc.invoiceNumber.trim();
  if (!DOCUMENT_NUMBER.test(number)) {
    problems.push({
      field: 'invoiceNumber',
      message:
        number.length > 16
          ? `The invoice number ${number} is longer than the 16 characters the IRP allows.`
          : `The invoice number "${number}" may only have letters, digits, '/' and '-', and must not start with 0, '/' or '-'.`,
    });
  }
  const today = options.today ?? todayInIndia();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(doc.invoiceDate) || Number.isNaN(Date.parse(doc.invoiceDate))) {
    problems.push({ field: 'invoiceDate', message: `The invoice date "${doc.invoiceDate}" is not a date.` });
  } else if (doc.invoiceDate > today) {
    problems.push({
      field: 'invoiceDate',
      message: 'The invoice date is later than today; the IRP does not accept a future date.',
    });
  }

  checkParty(problems, doc.seller, 'seller', 'seller', {
    legalName: doc.seller.legalName,
    gstinRequired: true,
  });
  checkParty(problems, doc.buyer, 'buyer', 'buyer', { gstinRequired: true });
  const sellerGstin = doc.seller.gstin?.trim().toUpperCase();
  if (sellerGstin && sellerGstin === doc.buyer.gstin?.trim().toUpperCase()) {
    problems.push({
      field: 'buyer.gstin',
      message: 'The buyer GSTIN is the seller GSTIN; an invoice to oneself is not an e-invoice.',
    });
  }
  if (!sameParty(doc.buyer, doc.shipTo)) {
    checkParty(problems, doc.shipTo, 'shipTo', 'ship-to party', { gstinRequired: false });
  }

  const pos = doc.placeOfSupply.stateCode;
  if (!isGstinStateCode(pos)) {
    problems.push({
      field: 'placeOfSupply.stateCode',
      message: `The place of supply "${pos}" is not a GST state code.`,
    });
  } else if ((doc.seller.address.stateCode === pos) !== doc.intraState) {
    problems.push({
      field: 'placeOfSupply.stateCode',
      message: doc.intraState
        ? `The invoice is taxed as intra-state, but the place of supply (${pos}) is not the seller's state (${doc.seller.address.stateCode}).`
        : `The invoice is taxed as inter-state, but the place of supply (${pos}) is the seller's own state.`,
    });
  }

  if (doc.lines.length === 0) problems.push({ field: 'lines', message: 'The invoice has no lines.' });
  const itemCount = doc.lines.length + doc.charges.filter(isTaxedCharge).length;
  if (itemCount > MAX_ITEMS) {
    problems.push({
      field: 'lines',
      message: `The IRP takes at most ${MAX_ITEMS} items; this invoice has ${itemCount}.`,
    });
  }
  doc.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    const label = lineLabel(index, line.description);
    const description = line.description.trim();
    if (description.length < 3 || description.length > 300) {
      problems.push({
        field: `${path}.description`,
        message: `${label}: the description must have 3 to 300 characters.`,
      });
    }
    const hsn = line.hsn?.trim() ?? '';
    if (!hsn) {
      problems.push({
        field: `${path}.hsn`,
        message: `${label}: the HSN/SAC code is missing; the IRP needs one for every item.`,
      });
    } else if (!isHsn(hsn)) {
      problems.push({
        field: `${path}.hsn`,
        message: `${label}: the HSN/SAC code ${hsn} must have 4, 6 or 8 digits.`,
      });
    } else if (line.isService !== hsn.startsWith('99')) {
      problems.push({
        field: `${path}.hsn`,
        message: line.isService
          ? `${label}: a service needs a SAC code (starting with 99), not ${hsn}.`
          : `${label}: ${hsn} is a SAC code for services, but the line is marked as goods.`,
      });
    }
    if (!line.isService && !(line.quantity > 0)) {
      problems.push({ field: `${path}.quantity`, message: `${label}: the quantity must be more than 0.` });
    }
    if (line.taxablePaise < 0) {
      problems.push({
        field: `${path}.taxablePaise`,
        message: `${label}: the taxable value cannot be negative.`,
      });
    }
    checkTaxSplit(problems, doc, line, path, label);
  });
  doc.charges.forEach((charge, index) => {
    if (!isTaxedCharge(charge)) return;
    const path = `charges.${index}`;
    const label = `Charge "${charge.label.trim()}"`;
    const sac = charge.hsn?.trim() ?? '';
    if (!sac) {
      problems.push({
        field: `${path}.hsn`,
        message: `${label}: a charge with GST is reported as a service and needs its SAC code.`,
      });
    } else if (!isHsn(sac) || !sac.startsWith('99')) {
      problems.push({
        field: `${path}.hsn`,
        message: `${label}: ${sac} is not a SAC code (6 digits starting with 99).`,
      });
    }
    checkTaxSplit(problems, doc, charge, path, label);
  });

  if (Math.abs(doc.totals.roundOffPaise) > MAX_ROUND_OFF_PAISE) {
    problems.push({
      field: 'totals.roundOffPaise',
      message: 'The round-off must be less than one hundred rupees either way.',
    });
  }
  const totals = reportedTotals(doc);
  // The IRP checks TotInvVal against the items, other charges and round-off; a difference of
  // up to a rupee is its tolerance for rounding.
  if (Math.abs(totals.expectedTotal - doc.totals.totalPaise) > 100) {
    problems.push({
      field: 'totals.totalPaise',
      message: `The invoice total ${(doc.totals.totalPaise / 100).toFixed(2)} does not equal the items, other charges and round-off (${(totals.expectedTotal / 100).toFixed(2)}).`,
    });
  }
  return problems;
}

export class EInvoiceValidationError extends Error {
  constructor(readonly problems: EInvoiceProblem[]) {
    super(
      `The invoice cannot be registered with the IRP: ${problems.map((problem) => problem.message).join(' ')}`,
    );
    this.name = 'EInvoiceValidationError';
  }
}

/** Validates and builds in one step: the payload, or an EInvoiceValidationError with every problem. */
export function prepareEInvoice(doc: InvoiceDocument, options: { today?: string } = {}): EInvoicePayload {
  const problems = validateEInvoice(doc, options);
  if (problems.length) throw new EInvoiceValidationError(problems);
  return buildEInvoicePayload(doc);
}
