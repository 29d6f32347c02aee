/**
 * The UPI payment link of an invoice (NPCI's UPI linking specification): a buyer's UPI app opens
 * `upi://pay?pa=<payee address>&pn=<payee name>&am=<amount>&cu=INR&tn=<note>` with the payee,
 * the amount and the note filled in. The invoice PDF prints it as a QR code.
 */

export interface UpiPaymentRequest {
  /** The payee's UPI id (virtual payment address), e.g. 'acme@hdfcbank'. */
  upiId: string;
  /** The payee's name as the buyer's app shows it: the company. */
  payeeName: string;
  /** What is due, in integer paise; must be more than zero. */
  amountPaise: number;
  /** The transaction note: the invoice number, so the payment can be matched to it. */
  note: string;
}

/** Paise as the `am` parameter wants it: rupees with exactly two decimals, no grouping ('1234.50'). */
export function upiAmount(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError(`A UPI payment needs a positive amount in whole paise, not ${amountPaise}.`);
  }
  return `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, '0')}`;
}

/**
 * The `upi://pay` URI. The UPI id is written as it is (its characters are letters, digits, '.',
 * '_', '-' and one '@', which apps expect unescaped); name and note are percent-encoded, since a
 * company name has spaces and '&', and an invoice number '/'.
 */
export function upiPaymentUri(request: UpiPaymentRequest): string {
  const upiId = request.upiId.trim();
  if (!/^[A-Za-z0-9._-]+@[A-Za-z0-9]+$/.test(upiId)) throw new RangeError(`Not a UPI id: ${request.upiId}`);
  const params = [
    `pa=${upiId}`,
    `pn=${encodeURIComponent(request.payeeName.trim())}`,
    `am=${upiAmount(request.amountPaise)}`,
    'cu=INR',
    `tn=${encodeURIComponent(request.note.trim())}`,
  ];
  return `upi://pay?${params.join('&')}`;
}
