import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of Razorpay's REST API (https://razorpay.com/docs/api/), for the API tests and
// the browser journey: basic auth with a key pair it knows, POST /v1/payment_links answering a
// payment link entity (plink_…, short_url), GET /v1/payments/{id} answering a payment entity,
// GET /v1/payments (the connection check), POST /v1/payment_links/{id}/cancel (a link in the created
// state only, as Razorpay). Its hosted link page (GET /i/{plink id}) has a Pay button:
// paying captures a payment for the link's amount and posts Razorpay's signed payment_link.paid
// webhook (X-Razorpay-Signature: hex HMAC-SHA256 of the raw body) to the configured address.
// Self-contained (no test framework) so that Playwright can start it too.

export interface StandInLink {
  id: string;
  amount: number;
  reference_id: string;
  description: string;
  notes: Record<string, string>;
  customer: Record<string, string>;
  status: 'created' | 'paid' | 'cancelled';
  short_url: string;
  /** The account (key id) that made it: reference ids are unique per account. */
  key_id: string;
}

export interface StandInPayment {
  id: string;
  amount: number;
  status: string;
  currency: 'INR';
}

export interface RazorpayStandIn {
  /** The API's base address, as RAZORPAY_API_URL takes it (no /v1). */
  url: string;
  /** Key id -> key secret accepted by basic auth. */
  keys: Map<string, string>;
  links: Map<string, StandInLink>;
  payments: Map<string, StandInPayment>;
  requests: { method: string; path: string; keyId: string | null; body: unknown }[];
  /** Where a payment made on the hosted page is announced, signed with `secret`. */
  webhook: { url: string; secret: string } | null;
  /**
   * Captures a payment of the link's amount and posts the signed payment_link.paid webhook. A
   * cancelled link is refused, unless `late` (a buyer who paid on the hosted page just before the
   * link was cancelled: Razorpay still captures and announces it).
   */
  pay(
    linkId: string,
    options?: { late?: boolean },
  ): Promise<{ payment: StandInPayment; status: number; body: string }>;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });

const razorpayId = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

export const signRazorpayBody = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Razorpay's payment_link.paid event for the link and its payment. */
export function paymentLinkPaidEvent(link: StandInLink, payment: StandInPayment) {
  const order_id = `order_${link.id.slice(6)}`;
  return {
    entity: 'event',
    account_id: 'acc_StandIn0000001',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: link.id,
          amount: link.amount,
          amount_paid: link.amount,
          currency: 'INR',
          reference_id: link.reference_id,
          description: link.description,
          notes: link.notes,
          order_id,
          short_url: link.short_url,
          status: 'paid',
        },
      },
      order: { entity: { id: order_id, amount: link.amount, amount_paid: link.amount, status: 'paid' } },
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: 'captured',
          order_id,
          method: 'upi',
          captured: true,
          notes: link.notes,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** `port` 0 (default) takes a free one; the browser journey gives the one its server was told. */
export async function startRazorpayStandIn(port = 0): Promise<RazorpayStandIn> {
  const state = {
    url: '',
    keys: new Map<string, string>(),
    links: new Map<string, StandInLink>(),
    payments: new Map<string, StandInPayment>(),
    requests: [] as RazorpayStandIn['requests'],
    webhook: null as RazorpayStandIn['webhook'],
  };

  async function pay(linkId: string, options: { late?: boolean } = {}) {
    const link = state.links.get(linkId);
    if (!link) throw new Error(`No payment link ${linkId}`);
    if (link.status !== 'created' && !options.late)
      throw new Error(`Payment link ${linkId} is ${link.status}: it takes no payment`);
    const payment: StandInPayment = {
      id: razorpayId('pay'),
      amount: link.amount,
      status: 'captured',
      currency: 'INR',
    };
    state.payments.set(payment.id, payment);
    link.status = 'paid';
    if (!state.webhook) return { payment, status: 0, body: '' };
    const body = JSON.stringify(paymentLinkPaidEvent(link, payment));
    const response = await fetch(state.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signRazorpayBody(body, state.webhook.secret),
        'x-razorpay-event-id': razorpayId('evt'),
      },
      body,
    });
    return { payment, status: response.status, body: await response.text() };
  }

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // The hosted payment page, where the buyer pays (the browser journey).
    const page = url.pathname.match(/^\/i\/(plink_[A-Za-z0-9]+)$/);
    if (page) {
      const link = state.links.get(page[1] as string);
      if (!link)
        return json(404, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      if (request.method === 'POST') {
        if (link.status !== 'created') {
          response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
          response.end(
            `<!doctype html><title>Link ${link.status}</title><h1>This link is ${link.status}</h1>`,
          );
          return;
        }
        const paid = await pay(link.id);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><title>Paid</title><h1>Payment successful</h1><p>${paid.payment.id}</p>`,
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Razorpay stand-in</title><h1>${link.description}</h1>` +
          `<p>Amount: ₹${(link.amount / 100).toFixed(2)}</p><p>Status: ${link.status}</p>` +
          `<form method="post"><button type="submit">Pay ₹${(link.amount / 100).toFixed(2)}</button></form>`,
      );
      return;
    }
    const auth = request.headers.authorization ?? '';
    const [keyId, keySecret] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    const body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    state.requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      keyId: keyId ?? null,
      body,
    });
    if (!keyId || state.keys.get(keyId) !== keySecret)
      return json(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    if (request.method === 'POST' && url.pathname === '/v1/payment_links') {
      if (!Number.isInteger(body?.amount) || body.amount < 100)
        return json(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' },
        });
      if ([...state.links.values()].some((l) => l.key_id === keyId && l.reference_id === body.reference_id))
        return json(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: `Payment Link with reference id ${body.reference_id} already exists`,
          },
        });
      const id = razorpayId('plink');
      const link: StandInLink = {
        id,
        amount: body.amount,
        reference_id: body.reference_id,
        description: body.description,
        notes: body.notes ?? {},
        customer: body.customer ?? {},
        status: 'created',
        short_url: `${state.url}/i/${id}`,
        key_id: keyId,
      };
      state.links.set(id, link);
      const { key_id: _account, ...entity } = link;
      return json(200, {
        ...entity,
        accept_partial: false,
        amount_paid: 0,
        currency: 'INR',
        created_at: Math.floor(Date.now() / 1000),
        payments: null,
        upi_link: false,
      });
    }
    const cancel = url.pathname.match(/^\/v1\/payment_links\/([^/]+)\/cancel$/);
    if (request.method === 'POST' && cancel) {
      const link = state.links.get(decodeURIComponent(cancel[1] as string));
      if (!link || link.key_id !== keyId)
        return json(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      if (link.status !== 'created')
        return json(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: `Payment Link cannot be cancelled as it is already ${link.status}`,
          },
        });
      link.status = 'cancelled';
      const { key_id: _account, ...entity } = link;
      return json(200, {
        ...entity,
        accept_partial: false,
        currency: 'INR',
        cancelled_at: Math.floor(Date.now() / 1000),
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/payments')
      return json(200, { entity: 'collection', count: 0, items: [] });
    const one = url.pathname.match(/^\/v1\/payments\/([^/]+)$/);
    if (request.method === 'GET' && one) {
      const payment = state.payments.get(decodeURIComponent(one[1] as string));
      if (!payment)
        return json(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      return json(200, { ...payment, entity: 'payment', captured: payment.status === 'captured' });
    }
    json(404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn = state as RazorpayStandIn;
  standIn.pay = pay;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
