import type { InvoiceCharge, InvoiceDocument, InvoiceParty } from '../invoice-documents/invoice-document.ts';

// What the e-invoice payload reports, which building it and validating it must agree on: which
// charges are items, the totals, whether the consignee is sent apart from the buyer.

export function sameParty(a: InvoiceParty, b: InvoiceParty): boolean {
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

export const taxOf = (item: { cgstPaise: number; sgstPaise: number; igstPaise: number; cessPaise: number }) =>
  item.cgstPaise + item.sgstPaise + item.igstPaise + item.cessPaise;

/** A charge with any GST or cess is reported as a service item; one without goes into OthChrg. */
export const isTaxedCharge = (charge: InvoiceCharge) => charge.gstRatePercent > 0 || taxOf(charge) !== 0;

/** Paise sums of what the payload reports, so that validation and mapping agree. */
export function reportedTotals(doc: InvoiceDocument) {
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
