import { unitQuantityCode } from '@b2b/domain/unit-quantity-codes';
import type { EInvoiceItem, EInvoiceParty, EInvoicePayload } from '../../core/ports/irp.ts';
import type {
  InvoiceCharge,
  InvoiceDocument,
  InvoiceLine,
  InvoiceParty,
} from '../invoice-documents/invoice-document.ts';
import { isTaxedCharge, reportedTotals, sameParty, taxOf } from './e-invoice-reported.ts';

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
 *
 * Building the payload is here; the checks are in e-invoice-validation.ts, and what both must
 * agree on (the items, the totals) in e-invoice-reported.ts.
 */

// Units: the IRP takes GST unit quantity codes (UQC) only (the domain's list).
export { unitQuantityCode };

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
