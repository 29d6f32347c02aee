import { gstinMatchesState, isGstinStateCode, isValidGstin } from '@b2b/domain/gstin';
import { isHsn, isPincode, todayInIndia } from '@b2b/domain/validation';
import type { EInvoicePayload } from '../../core/ports/irp.ts';
import type { InvoiceDocument, InvoiceParty } from '../invoice-documents/invoice-document.ts';
import { buildEInvoicePayload } from './e-invoice-json.ts';
import { isTaxedCharge, reportedTotals, sameParty } from './e-invoice-reported.ts';

/** One thing the IRP would reject, named by its path in the InvoiceDocument ('lines.2.hsn'). */
export interface EInvoiceProblem {
  field: string;
  message: string;
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
