import { GatewayError, type GatewayOutcome, type PaymentGateway } from '../../core/ports/payment-gateway.ts';
/**
 * An online payment gateway, asked what became of a payment the buyer started online (recheck
 * payment status). The HTTP client speaks a Razorpay-like REST API: GET {url}/payments/{id} with
 * basic auth (key:secret) answering {id, status, amount} (amount in paise). Without
 * PAYMENT_GATEWAY_URL no gateway is configured and payments are recorded by hand.
 */

export interface PaymentGatewayConfig {
  url: string;
  key: string;
  secret: string;
  timeoutMs?: number;
}

export function readPaymentGatewayConfig(env: NodeJS.ProcessEnv): PaymentGatewayConfig | undefined {
  const url = env.PAYMENT_GATEWAY_URL?.trim();
  if (!url) return undefined;
  return { url, key: env.PAYMENT_GATEWAY_KEY ?? '', secret: env.PAYMENT_GATEWAY_SECRET ?? '' };
}

const OUTCOMES: Record<string, GatewayOutcome> = {
  captured: 'captured',
  refunded: 'captured',
  failed: 'failed',
};

export function createHttpPaymentGateway(config: PaymentGatewayConfig): PaymentGateway {
  const base = config.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.key}:${config.secret}`).toString('base64')}`;
  return {
    async fetchPayment(gatewayPaymentId) {
      let response: Response;
      try {
        response = await fetch(`${base}/payments/${encodeURIComponent(gatewayPaymentId)}`, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new GatewayError(`Payment gateway unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new GatewayError(`Payment gateway answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        id?: unknown;
        status?: unknown;
        amount?: unknown;
      } | null;
      if (!body || typeof body.status !== 'string')
        throw new GatewayError('Payment gateway answer has no status');
      return {
        id: typeof body.id === 'string' ? body.id : gatewayPaymentId,
        outcome: OUTCOMES[body.status] ?? 'pending',
        status: body.status,
        amountPaise:
          typeof body.amount === 'number' && Number.isSafeInteger(body.amount) ? body.amount : null,
      };
    },
  };
}
