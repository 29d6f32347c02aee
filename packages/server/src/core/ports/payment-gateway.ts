// A payment gateway for online collections (payments/payment-gateway.ts builds the HTTP one).

export type GatewayOutcome = 'captured' | 'failed' | 'pending';

export interface GatewayPayment {
  id: string;
  outcome: GatewayOutcome;
  /** The gateway's own word for the state ('captured', 'authorized', 'failed'...). */
  status: string;
  amountPaise: number | null;
}

export interface PaymentGateway {
  fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment>;
}

export class GatewayError extends Error {}
