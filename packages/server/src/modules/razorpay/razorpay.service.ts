import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type {
  InvoicePaymentLinkOutput,
  PaymentLinkOutput,
  RazorpayAccountOutput,
  RazorpayConnect,
} from '@b2b/domain/api/razorpay';
import { toRupees } from '@b2b/domain/money';
import { RAZORPAY_MESSAGES as M } from '@b2b/domain/razorpay';
import { todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict } from '../../core/errors.ts';
import { GatewayError, type PaymentGateway } from '../../core/ports/payment-gateway.ts';
import { type RazorpayClient, type RazorpayCredentials, RazorpayError } from '../../core/ports/razorpay.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import { lockBuyerMoney } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { historyWriter, recordHistory } from '../history/history.service.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import { recordPayment } from '../payments/record-payment.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import * as queries from './razorpay.queries.ts';
import { createRazorpayClient, readRazorpayApiUrl } from './razorpay-client.ts';

/**
 * Razorpay (issue 26, /razorpay-authentication): a company connects its own account (key pair and
 * webhook secret, sealed), makes payment links for what is due on its invoices, and Razorpay's
 * webhooks record the captured payments as payments received. Every call to Razorpay is logged in
 * integration_calls (/logs-and-errors).
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'razorpay' | 'paymentGateway'>;

const INTEGRATION = 'razorpay';
const recordAccountHistory = historyWriter('razorpay_account');
const recordInvoiceHistory = historyWriter(DOCUMENT_ENTITY.invoice);

const boxes = new Map<string, SecretBox>();
function boxOf(ctx: Context) {
  let box = boxes.get(ctx.secrets.jwt);
  if (!box) {
    box = secretBoxFrom(ctx.secrets.jwt);
    boxes.set(ctx.secrets.jwt, box);
  }
  return box;
}

let defaultClient: RazorpayClient | undefined;
/** The context's client (tests give one against their stand-in), else one for RAZORPAY_API_URL. */
function clientOf(ctx: Context): RazorpayClient {
  if (ctx.razorpay) return ctx.razorpay;
  defaultClient ??= createRazorpayClient({ baseUrl: readRazorpayApiUrl(process.env) });
  return defaultClient;
}

/** The address Razorpay's webhook must post to (PUBLIC_URL, else the request's origin). */
export function webhookUrlOf(companyId: number, origin: string) {
  const base = process.env.PUBLIC_URL?.trim() || origin;
  return `${base.replace(/\/+$/, '')}/api/webhooks/razorpay/${companyId}`;
}

function presentAccount(row: queries.AccountRow | undefined, webhookUrl: string): RazorpayAccountOutput {
  return {
    connected: row !== undefined,
    key_id: row?.key_id ?? null,
    key_secret: row ? 'configured' : null,
    webhook_secret: row ? 'configured' : null,
    webhook_url: webhookUrl,
    connected_at: row?.connected_at ?? null,
    last_checked_at: row?.last_checked_at ?? null,
    last_check_ok: row?.last_check_ok ?? null,
    last_check_message: row?.last_check_message ?? null,
  };
}

export async function getAccount(ctx: Context, companyId: number, origin: string) {
  return presentAccount(await queries.findAccount(ctx.db, companyId), webhookUrlOf(companyId, origin));
}

/** PUT: stores the key pair and the webhook secret, sealed; replaces an earlier account. */
export async function connectAccount(options: {
  ctx: Context;
  actor: Principal;
  input: RazorpayConnect;
  origin: string;
}) {
  const { ctx, actor, input } = options;
  const box = boxOf(ctx);
  await inTransaction(ctx.db, async (tx) => {
    const earlier = await queries.lockAccount(tx, actor.companyId);
    await queries.saveAccount(tx, {
      companyId: actor.companyId,
      keyId: input.key_id,
      sealedKeySecret: box.seal(input.key_secret),
      sealedWebhookSecret: box.seal(input.webhook_secret),
      userId: actor.userId,
    });
    await recordAccountHistory(tx, actor, actor.companyId, earlier ? 'reconnected' : 'connected', {
      key_id: input.key_id,
      ...(earlier && earlier.key_id !== input.key_id && { previous_key_id: earlier.key_id }),
    });
  });
  return getAccount(ctx, actor.companyId, options.origin);
}

export async function disconnectAccount(options: { ctx: Context; actor: Principal; origin: string }) {
  const { ctx, actor } = options;
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockAccount(tx, actor.companyId);
    if (!row) throw conflict(M.not_configured);
    await queries.deleteAccount(tx, actor.companyId);
    await recordAccountHistory(tx, actor, actor.companyId, 'disconnected', { key_id: row.key_id });
  });
  return getAccount(ctx, actor.companyId, options.origin);
}

interface OpenAccount {
  credentials: RazorpayCredentials;
  webhookSecret: string;
}

/** The company's account with its secrets opened; undefined when none is connected. */
async function openAccount(ctx: Context, companyId: number): Promise<OpenAccount | undefined> {
  const row = await queries.findAccount(ctx.db, companyId);
  if (!row) return undefined;
  const box = boxOf(ctx);
  try {
    return {
      credentials: { keyId: row.key_id, keySecret: box.open(row.sealed_key_secret) },
      webhookSecret: box.open(row.sealed_webhook_secret),
    };
  } catch {
    // Sealed under another server secret: only entering them again helps.
    throw conflict(M.secrets_unreadable);
  }
}

/** A Razorpay failure as the API answers it: a refusal is 502 with Razorpay's reason, no answer 503. */
function razorpayFailure(error: unknown): never {
  if (error instanceof RazorpayError) {
    if (error.status === undefined) throw new AppError('service_unavailable', M.unreachable);
    throw new AppError('bad_gateway', error.message);
  }
  throw error;
}

/** POST check: asks Razorpay whether it takes the key pair, and keeps the outcome on the account. */
export async function checkAccount(options: { ctx: Context; actor: Principal; origin: string }) {
  const { ctx, actor } = options;
  const account = await openAccount(ctx, actor.companyId);
  if (!account) throw conflict(M.not_configured);
  let ok = true;
  let detail: string = M.check_ok;
  try {
    await loggedIntegrationCall(
      ctx.db,
      {
        companyId: actor.companyId,
        integration: INTEGRATION,
        operation: 'check_connection',
        target: '/v1/payments',
      },
      () => clientOf(ctx).checkCredentials(account.credentials),
    );
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    ok = false;
    detail = error.status === undefined ? M.unreachable : error.message;
  }
  await inTransaction(ctx.db, async (tx) => {
    await queries.recordCheck(tx, actor.companyId, ok, detail);
    await recordAccountHistory(tx, actor, actor.companyId, 'checked', { ok, detail });
  });
  return { ok, detail, account: await getAccount(ctx, actor.companyId, options.origin) };
}

/**
 * The gateway the payments' Recheck asks: the company's own Razorpay account when it has one, else
 * the server's PAYMENT_GATEWAY_URL gateway. Each call is logged here, once, as Razorpay's or the
 * payment gateway's.
 */
export async function paymentGatewayFor(
  ctx: Context,
  companyId: number,
): Promise<PaymentGateway | undefined> {
  const account = await openAccount(ctx, companyId);
  if (account) {
    return {
      fetchPayment: (paymentId) =>
        loggedIntegrationCall(
          ctx.db,
          {
            companyId,
            integration: INTEGRATION,
            operation: 'fetch_payment',
            target: `/v1/payments/${paymentId}`,
          },
          () => clientOf(ctx).fetchPayment(account.credentials, paymentId),
        ).catch((error) => {
          // The Recheck answers 503 'gateway failed' for a GatewayError.
          if (error instanceof RazorpayError) throw new GatewayError(error.message);
          throw error;
        }),
    };
  }
  const serverGateway = ctx.paymentGateway;
  if (!serverGateway) return undefined;
  return {
    fetchPayment: (paymentId) =>
      loggedIntegrationCall(
        ctx.db,
        { companyId, integration: 'payment_gateway', operation: 'fetch_payment', target: paymentId },
        () => serverGateway.fetchPayment(paymentId),
      ),
  };
}

function presentLink(row: queries.LinkRow): PaymentLinkOutput {
  return {
    id: row.id,
    invoice: row.invoice_id,
    razorpay_link_id: row.razorpay_link_id,
    short_url: row.short_url,
    amount: toRupees(Number(row.amount_paise)),
    status: row.status,
    razorpay_payment_id: row.razorpay_payment_id,
    payment: row.payment_id,
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

async function invoiceOf(ctx: Context, actor: Principal, invoiceId: number) {
  const invoice = await queries.invoiceToPay(ctx.db, actor.companyId, invoiceId);
  const branches = branchScope(actor);
  if (!invoice || (branches && !branches.includes(invoice.branch_id)))
    throw new AppError('not_found', M.invoice_not_found);
  return invoice;
}

/** GET admin/invoices/{id}/payment_link */
export async function invoicePaymentLink(
  ctx: Context,
  actor: Principal,
  invoiceId: number,
): Promise<InvoicePaymentLinkOutput> {
  await invoiceOf(ctx, actor, invoiceId);
  const [account, link] = await Promise.all([
    queries.findAccount(ctx.db, actor.companyId),
    queries.latestLink(ctx.db, actor.companyId, invoiceId),
  ]);
  return { razorpay_connected: account !== undefined, link: link ? presentLink(link) : null };
}

const isLive = (link: queries.LinkRow | undefined) =>
  link !== undefined && (link.status === 'created' || link.status === 'partially_paid');

/**
 * POST admin/invoices/{id}/payment_link: a Razorpay payment link for what is due now. The live
 * link is reused while it asks for exactly that; one for another amount (a payment recorded since)
 * is set aside and a new one made. Razorpay is asked outside any transaction.
 */
export async function createInvoicePaymentLink(options: {
  ctx: Context;
  actor: Principal;
  invoiceId: number;
}) {
  const { ctx, actor, invoiceId } = options;
  const invoice = await invoiceOf(ctx, actor, invoiceId);
  if (invoice.status === 'cancelled') throw conflict(M.invoice_cancelled);
  const duePaise = Number(invoice.due_paise);
  if (duePaise <= 0) throw conflict(M.nothing_due);
  const latest = await queries.latestLink(ctx.db, actor.companyId, invoiceId);
  if (latest && isLive(latest) && Number(latest.amount_paise) === duePaise) return presentLink(latest);
  const account = await openAccount(ctx, actor.companyId);
  if (!account) throw conflict(M.not_configured);
  // Razorpay refuses a reference_id used before: the invoice number plus the link's ordinal.
  const referenceId = `${invoice.invoice_number}${latest ? `-${latest.id + 1}` : ''}`.slice(0, 40);
  const made = await loggedIntegrationCall(
    ctx.db,
    {
      companyId: actor.companyId,
      integration: INTEGRATION,
      operation: 'create_payment_link',
      target: `invoice ${invoice.invoice_number}`,
    },
    () =>
      clientOf(ctx).createPaymentLink(account.credentials, {
        amountPaise: duePaise,
        referenceId,
        description: `Invoice ${invoice.invoice_number}`,
        customer: { name: invoice.buyer_name, email: invoice.buyer_email, contact: invoice.buyer_phone },
        notes: { company_id: String(actor.companyId), invoice_id: String(invoiceId) },
      }),
  ).catch(razorpayFailure);
  const id = await inTransaction(ctx.db, async (tx) => {
    if (latest && isLive(latest)) await queries.setLinkStatus(tx, actor.companyId, latest.id, 'cancelled');
    const { id } = await queries.insertLink(tx, {
      companyId: actor.companyId,
      invoiceId,
      razorpayLinkId: made.id,
      shortUrl: made.shortUrl,
      amountPaise: duePaise,
      userId: actor.userId,
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'payment_link_created', {
      razorpay_link_id: made.id,
      short_url: made.shortUrl,
      amount: toRupees(duePaise),
      ...(latest && isLive(latest) && { replaced_link: latest.razorpay_link_id }),
    });
    return id;
  });
  // The replaced link would still take the old amount: cancelled at Razorpay too, after the commit
  // (never inside a transaction). Best effort: should it be paid meanwhile, the webhook records the
  // payment and what is more than the balance stays with the buyer as credit.
  if (latest && isLive(latest))
    await cancelAtRazorpay(ctx, actor.companyId, account.credentials, latest.razorpay_link_id);
  const row = await queries.latestLink(ctx.db, actor.companyId, invoiceId);
  if (!row || row.id !== id) throw new AppError('conflict', M.link_created);
  return presentLink(row);
}

/**
 * POST /v1/payment_links/{id}/cancel, logged in integration_calls, best effort: answers whether
 * Razorpay confirmed. A refusal (the link was paid or cancelled there already) or no answer is
 * left in the log; our row says cancelled either way, so the link is never mailed again.
 */
async function cancelAtRazorpay(
  ctx: Context,
  companyId: number,
  credentials: RazorpayCredentials,
  razorpayLinkId: string,
): Promise<boolean> {
  try {
    await loggedIntegrationCall(
      ctx.db,
      {
        companyId,
        integration: INTEGRATION,
        operation: 'cancel_payment_link',
        target: `/v1/payment_links/${razorpayLinkId}/cancel`,
      },
      () => clientOf(ctx).cancelPaymentLink(credentials, razorpayLinkId),
    );
    return true;
  } catch (error) {
    if (error instanceof RazorpayError) return false;
    throw error;
  }
}

/**
 * After an invoice is cancelled, or paid, credited or written off by other means (the caller's
 * transaction has committed): the live Razorpay links of the invoices in `scope` that are no
 * longer wanted are marked cancelled here, each with a history row on its invoice, then cancelled
 * at Razorpay by a job (CANCEL_LINKS_JOB), best effort and logged. A payment Razorpay still captures on
 * one (the buyer paid just before) is recorded by the webhook, and what the invoice no longer owes
 * stays with the buyer as credit. Answers the Razorpay link ids withdrawn.
 */
export async function withdrawStaleLinks(options: {
  ctx: Context & Pick<AppContext, 'jobs'>;
  companyId: number;
  userId: number | null;
  scope: queries.LinkScope;
}): Promise<string[]> {
  const { ctx, companyId } = options;
  const stale = await queries.staleLiveLinks(ctx.db, companyId, options.scope);
  if (stale.length === 0) return [];
  const withdrawn = await inTransaction(ctx.db, async (tx) => {
    const done: string[] = [];
    // Link rows only, in id order: the webhook takes the buyer, then one link, so no cycle.
    for (const link of stale) {
      if (!(await queries.cancelLiveLink(tx, companyId, link.id))) continue;
      done.push(link.razorpay_link_id);
      await recordHistory(tx, {
        companyId,
        entityType: DOCUMENT_ENTITY.invoice,
        entityId: link.invoice_id,
        action: 'payment_link_cancelled',
        userId: options.userId,
        changes: {
          razorpay_link_id: link.razorpay_link_id,
          reason: link.invoice_status === 'cancelled' ? 'invoice_cancelled' : 'nothing_due',
        },
      });
    }
    // Razorpay is told by a job committed with the rows: the caller's answer (a payment recorded,
    // an invoice cancelled) does not wait for an outside service, and a server stopped now still
    // tells it once running again.
    if (done.length > 0)
      await ctx.jobs.send(CANCEL_LINKS_JOB, { companyId, razorpayLinkIds: done } satisfies CancelLinksJob, {
        tx,
      });
    return done;
  });
  return withdrawn;
}

export const CANCEL_LINKS_JOB = 'razorpay.cancel-links';
export interface CancelLinksJob {
  companyId: number;
  razorpayLinkIds: string[];
}

/** The job of withdrawStaleLinks: each link cancelled at Razorpay, each call logged. */
export async function cancelLinksAtRazorpay(ctx: Context, job: CancelLinksJob): Promise<void> {
  const account = await openAccount(ctx, job.companyId).catch(() => undefined);
  if (!account) return;
  for (const linkId of job.razorpayLinkIds)
    await cancelAtRazorpay(ctx, job.companyId, account.credentials, linkId);
}

/** The live link's address for the invoice mail; null when there is none. */
export async function paymentLinkForMail(db: Context['db'], companyId: number, invoiceId: number) {
  const link = await queries.latestLink(db, companyId, invoiceId);
  return link && isLive(link) ? link.short_url : null;
}

// ---------------------------------------------------------------------------------------------
// The webhook

/** X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret. */
export function razorpaySignature(raw: Buffer | string, secret: string) {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

function signatureMatches(raw: Buffer, secret: string, given: string | undefined) {
  if (!given) return false;
  const expected = Buffer.from(razorpaySignature(raw, secret), 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type Json = Record<string, unknown>;
const objectAt = (value: unknown, ...path: string[]): Json | undefined => {
  let at: unknown = value;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Json)[key];
  }
  return at && typeof at === 'object' && !Array.isArray(at) ? (at as Json) : undefined;
};
const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** What a payment_link.paid or payment.captured event says was paid, and for which link or invoice. */
function capturedPayment(event: string, body: unknown) {
  const payment = objectAt(body, 'payload', 'payment', 'entity');
  const link = objectAt(body, 'payload', 'payment_link', 'entity');
  if (!payment) return undefined;
  const paymentId = text(payment.id);
  const amount = payment.amount;
  if (!paymentId || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    return undefined;
  if (payment.status !== 'captured') return undefined;
  if (payment.currency !== undefined && payment.currency !== 'INR') return undefined;
  const notes = objectAt(payment, 'notes') ?? objectAt(link, 'notes') ?? {};
  const invoiceId = Number(text(notes.invoice_id) ?? Number.NaN);
  return {
    event,
    paymentId: paymentId.slice(0, 100),
    amountPaise: amount,
    linkId: text(link?.id) ?? text(payment.payment_link_id),
    invoiceId: Number.isSafeInteger(invoiceId) && invoiceId > 0 ? invoiceId : undefined,
  };
}

const WEBHOOK_ROUTE = 'POST /webhooks/razorpay/:companyId';

export type CapturedPayment = NonNullable<ReturnType<typeof capturedPayment>>;
export interface WebhookAnswer {
  event: string;
  recorded: boolean;
  payment: number | null;
}

/**
 * POST /webhooks/razorpay/{companyId}, first step: the signature is checked before anything is
 * read (401, and nothing written, otherwise); then what the event says was captured, if anything.
 */
export async function verifiedWebhook(
  ctx: Context,
  companyId: number,
  raw: Buffer,
  signature: string | undefined,
  body: unknown,
) {
  const account = await openAccount(ctx, companyId).catch(() => undefined);
  if (!account || !signatureMatches(raw, account.webhookSecret, signature))
    throw new AppError('not_authenticated', M.signature_invalid);
  const event = text(objectAt(body)?.event) ?? '';
  const paid =
    event === 'payment_link.paid' || event === 'payment.captured' ? capturedPayment(event, body) : undefined;
  return { event, paid };
}

/**
 * The Idempotency-Key a captured payment is recorded under: 'razorpay:{payment id}' (Razorpay
 * delivers again until it gets a 2xx, and payment_link.paid and payment.captured name the same
 * payment), with no user (0); the same payment id for another amount is refused (422).
 */
export function webhookKey(companyId: number, paid: CapturedPayment) {
  return {
    row: {
      company_id: companyId,
      user_id: 0,
      route: WEBHOOK_ROUTE,
      idempotency_key: `razorpay:${paid.paymentId}`,
    },
    hash: createHash('sha256').update(`${paid.paymentId}:${paid.amountPaise}`).digest('hex'),
  };
}

/**
 * Records a captured payment as a payment received against its invoice, in the transaction that
 * holds its Idempotency-Key. What is more than the invoice's balance stays with the buyer as
 * credit: the money arrived, it is not refused.
 */
export async function recordCapturedPayment(
  tx: Tx,
  companyId: number,
  paid: CapturedPayment,
): Promise<{ status: number; body: WebhookAnswer }> {
  const { event } = paid;
  const named = paid.linkId ? await queries.findLinkByRazorpayId(tx, companyId, paid.linkId) : undefined;
  const invoiceId = named?.invoice_id ?? paid.invoiceId;
  const found = invoiceId !== undefined ? await queries.invoiceToPay(tx, companyId, invoiceId) : undefined;
  if (!found) return { status: 200, body: { event, recorded: false, payment: null } };
  // The buyer first (db/lock-order.ts), then the link, then the invoice's balance as it now stands.
  await lockBuyerMoney(tx, companyId, found.buyer_id);
  const link = named ? await queries.lockLinkById(tx, companyId, named.id) : undefined;
  const invoice = (await queries.invoiceToPay(tx, companyId, found.id)) ?? found;
  const duePaise = Number(invoice.due_paise);
  const paymentId = await recordPayment(tx, {
    companyId,
    userId: null,
    buyerId: invoice.buyer_id,
    orderId: invoice.order_id,
    branchId: invoice.branch_id,
    amountPaise: paid.amountPaise,
    date: todayInIndia(),
    paymentMethodId: null,
    referenceNumber: paid.paymentId,
    notes: `Razorpay ${link ? `payment link ${link.razorpay_link_id}` : 'payment'} for invoice ${invoice.invoice_number}`,
    // Only this invoice: what is more than its balance stays unallocated (buyer credit).
    scope: { buyerId: invoice.buyer_id, invoiceIds: [invoice.id] },
  });
  if (link)
    await queries.markLinkPaid(tx, companyId, link.id, { razorpayPaymentId: paid.paymentId, paymentId });
  await recordHistory(tx, {
    companyId,
    entityType: DOCUMENT_ENTITY.invoice,
    entityId: invoice.id,
    action: 'razorpay_payment_captured',
    userId: null,
    changes: {
      razorpay_payment_id: paid.paymentId,
      amount: toRupees(paid.amountPaise),
      due: toRupees(duePaise),
      ...(paid.amountPaise > duePaise && { over_due: toRupees(paid.amountPaise - duePaise) }),
    },
  });
  return { status: 200, body: { event, recorded: true, payment: paymentId } };
}
