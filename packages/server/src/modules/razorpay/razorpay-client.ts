import type { GatewayOutcome, GatewayPayment } from '../../core/ports/payment-gateway.ts';
import {
  type RazorpayClient,
  type RazorpayCredentials,
  RazorpayError,
  type RazorpayLink,
} from '../../core/ports/razorpay.ts';

/**
 * Razorpay's REST API (https://razorpay.com/docs/api/): HTTP basic auth with the key id and key
 * secret, JSON bodies, amounts in paise, errors as {error: {code, description}}. The base address
 * is RAZORPAY_API_URL (default https://api.razorpay.com), so tests and the browser journey point
 * it at a local stand-in.
 */

export const RAZORPAY_DEFAULT_URL = 'https://api.razorpay.com';

export function readRazorpayApiUrl(env: NodeJS.ProcessEnv): string {
  return env.RAZORPAY_API_URL?.trim() || RAZORPAY_DEFAULT_URL;
}

/** Razorpay's payment statuses as the Recheck understands them. */
const OUTCOMES: Record<string, GatewayOutcome> = {
  captured: 'captured',
  refunded: 'captured',
  failed: 'failed',
};

export function createRazorpayClient(options: { baseUrl: string; timeoutMs?: number }): RazorpayClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(
    credentials: RazorpayCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const authorization = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new RazorpayError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      const description = (answer?.error as { description?: unknown } | undefined)?.description;
      throw new RazorpayError(
        response.status === 401
          ? 'Razorpay did not accept the key id and key secret.'
          : `Razorpay answered ${response.status}${typeof description === 'string' ? `: ${description.slice(0, 300)}` : '.'}`,
        response.status,
      );
    }
    if (!answer || typeof answer !== 'object')
      throw new RazorpayError('Razorpay answered something that is not JSON.');
    return answer;
  }

  return {
    async createPaymentLink(credentials, request): Promise<RazorpayLink> {
      const answer = await call(credentials, 'POST', '/v1/payment_links', {
        amount: request.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: request.referenceId,
        description: request.description,
        customer: {
          name: request.customer.name,
          ...(request.customer.email && { email: request.customer.email }),
          ...(request.customer.contact && { contact: request.customer.contact }),
        },
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: request.notes,
      });
      if (typeof answer.id !== 'string' || typeof answer.short_url !== 'string')
        throw new RazorpayError('Razorpay answered a payment link without an id or short_url.');
      return {
        id: answer.id,
        shortUrl: answer.short_url,
        status: typeof answer.status === 'string' ? answer.status : 'created',
        amountPaise: typeof answer.amount === 'number' ? answer.amount : request.amountPaise,
      };
    },

    async cancelPaymentLink(credentials, linkId): Promise<RazorpayLink> {
      const answer = await call(
        credentials,
        'POST',
        `/v1/payment_links/${encodeURIComponent(linkId)}/cancel`,
      );
      return {
        id: typeof answer.id === 'string' ? answer.id : linkId,
        shortUrl: typeof answer.short_url === 'string' ? answer.short_url : '',
        status: typeof answer.status === 'string' ? answer.status : 'cancelled',
        amountPaise: typeof answer.amount === 'number' ? answer.amount : 0,
      };
    },

    async fetchPayment(credentials, paymentId): Promise<GatewayPayment> {
      const answer = await call(credentials, 'GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
      if (typeof answer.status !== 'string')
        throw new RazorpayError('Razorpay answered a payment without a status.');
      return {
        id: typeof answer.id === 'string' ? answer.id : paymentId,
        outcome: OUTCOMES[answer.status] ?? 'pending',
        status: answer.status,
        amountPaise:
          typeof answer.amount === 'number' && Number.isSafeInteger(answer.amount) ? answer.amount : null,
      };
    },

    async checkCredentials(credentials) {
      await call(credentials, 'GET', '/v1/payments?count=1');
    },
  };
}
