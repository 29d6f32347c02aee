// The NIC e-way bill portal (or a GSP in front of it): what we send and what it answers.
import type { EwbRequest } from '@b2b/domain/eway-bill';

export type { EwbRequest };

export interface EwbConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** GSTIN the API user is registered for; when absent, each call uses the dispatching branch's GSTIN. */
  gstin?: string | null;
  /**
   * NIC's RSA public key (PEM, or base64 DER): the encrypted direct-NIC variant (EWB_MODE=nic_direct),
   * app key and session key as NIC's API asks. Absent: the plain-JSON variant of a GSP.
   */
  publicKey?: string | null;
}

/** Times as the portal writes them: 'dd/MM/yyyy hh:mm:ss AM', Indian time. */
export interface EwbGenerated {
  ewbNo: string;
  ewbDate: string;
  /** Null when part B (the vehicle) is not entered yet: the e-way bill is not valid for movement. */
  validUpto: string | null;
  /** The portal's remark (the distance it worked out, say), or ''. */
  alert: string;
}

export interface EwbVehicleUpdate {
  ewbNo: number;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  reasonCode: string;
  reasonRem: string;
  transDocNo: string;
  transDocDate: string;
  transMode: string;
  vehicleType: string;
}

export interface EwbExtension {
  ewbNo: number;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  fromPincode: number;
  remainingDistance: number;
  transDocNo: string;
  transDocDate: string;
  transMode: string;
  extnRsnCode: string;
  extnRemarks: string;
  consignmentStatus: 'M' | 'T';
  transitType: '' | 'R' | 'W' | 'O';
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
}

export interface EwbClient {
  generate(gstin: string, request: EwbRequest): Promise<EwbGenerated>;
  /** The e-way bill the portal already holds for a document (a retry after a lost answer), or null. */
  findByDocument(gstin: string, docType: string, docNo: string): Promise<EwbGenerated | null>;
  /** Part B: a new vehicle for the goods. */
  updatePartB(
    gstin: string,
    update: EwbVehicleUpdate,
  ): Promise<{ vehUpdDate: string; validUpto: string | null }>;
  extendValidity(gstin: string, extension: EwbExtension): Promise<{ updatedDate: string; validUpto: string }>;
  /** The portal allows it within 24 hours of generating. */
  cancel(gstin: string, ewbNo: string, reasonCode: string, remark: string): Promise<{ cancelDate: string }>;
}

export interface EwbErrorDetail {
  code: string;
  message: string;
}

/** A refusal by the portal, with its error codes and their sentences. */
export class EwbError extends Error {
  constructor(
    message: string,
    readonly errors: EwbErrorDetail[],
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'EwbError';
  }

  get code(): string {
    return this.errors[0]?.code ?? '';
  }
}
