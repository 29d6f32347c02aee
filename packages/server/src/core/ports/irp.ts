// The e-invoice registration portal (IRP, NIC or a GSP): the JSON it takes (schema 1.1) and what it answers.

export interface EInvoiceParty {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface EInvoiceShipTo extends Omit<EInvoiceParty, 'Gstin' | 'Ph' | 'Em'> {
  Gstin?: string;
}

export interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty?: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  TotItemVal: number;
}

export interface EInvoicePayload {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'N'; EcmGstin: null; IgstOnIntra: 'N' };
  DocDtls: { Typ: 'INV'; No: string; Dt: string };
  SellerDtls: EInvoiceParty;
  BuyerDtls: EInvoiceParty & { Pos: string };
  ShipDtls?: EInvoiceShipTo;
  ItemList: EInvoiceItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
}
export interface IrpConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The IRP's RSA public key (PEM, or base64 DER) for the encrypted NIC variant; null = plain JSON. */
  publicKey?: string | null;
}

export interface IrpClientConfig extends IrpConfig {
  /** GSTIN the API user is registered for; when absent, each call uses the invoice's seller GSTIN. */
  gstin?: string | null;
}

export interface IrnResult {
  irn: string;
  ackNumber: string;
  /** As the IRP sends it: 'YYYY-MM-DD HH:mm:ss', Indian time. */
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
}

/** NIC's cancel reasons: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
export type IrnCancelReason = '1' | '2' | '3' | '4';

export interface IrnCancellation {
  irn: string;
  /** As the IRP sends it: 'YYYY-MM-DD HH:mm:ss', Indian time. */
  cancelDate: string;
}

export interface IrpClient {
  generateIrn(payload: EInvoicePayload): Promise<IrnResult>;
  /**
   * Cancels an IRN (the IRP allows it within 24 hours of generation). `gstin` is the seller's.
   * An IRN the IRP has already cancelled counts as cancelled (a retry after a lost answer).
   */
  cancelIrn(gstin: string, irn: string, reason: IrnCancelReason, remark: string): Promise<IrnCancellation>;
}

export interface IrpErrorDetail {
  code: string;
  message: string;
}

/** An answer of the IRP that is not an IRN: its error list, and for a duplicate the IRN it already has. */
export class IrpError extends Error {
  constructor(
    message: string,
    readonly errors: IrpErrorDetail[],
    readonly duplicate: { irn: string; ackNumber: string; ackDate: string } | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'IrpError';
  }

  /** The first error code ('2150'), or '' when the IRP gave none. */
  get code(): string {
    return this.errors[0]?.code ?? '';
  }
}
