import { randomBytes } from 'node:crypto';
import type {
  FeedbackFormCreate,
  FeedbackFormOutput,
  FeedbackFormUpdate,
  FeedbackRequestCreate,
  FeedbackRequestOutput,
  FeedbackSettingsOutput,
  FeedbackSettingsUpdate,
  FeedbackSummaryOutput,
} from '@b2b/domain/api/customer-feedback';
import {
  DEFAULT_LINK_VALID_DAYS,
  DEFAULT_LOW_RATING_THRESHOLD,
  type FeedbackQuestion,
  feedbackPagePath,
  feedbackStatus,
  linkExpiry,
  FEEDBACK_MESSAGES as M,
  monthlyAverages,
  overallAverage,
  RATING_MAX,
  RATING_MIN,
} from '@b2b/domain/customer-feedback';
import { todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../../app-context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { queueMail } from '../../mail/mail-jobs.ts';
import { publicBaseUrl } from '../campaigns/campaign-links.ts';
import { historyWriter, recordHistoryEntries } from '../history/history.service.ts';
import * as queries from './customer-feedback.queries.ts';

/**
 * Customer feedback (issue 24): forms, the requests that ask a buyer to answer one, the company's
 * settings, the list with its averages. The public answer page is customer-feedback-answers.ts.
 * Every change writes a history row in its transaction (entities feedback_form, feedback_request).
 */

export const recordFormHistory = historyWriter('feedback_form');
export const recordRequestHistory = historyWriter('feedback_request');
/** The company's settings have one history: entity feedback_settings, id the company's. */
const recordSettingsHistory = historyWriter('feedback_settings');

export const formNotFound = () => new AppError('not_found', M.form_not_found);
export const requestNotFound = () => new AppError('not_found', M.request_not_found);

/**
 * What a request needs to mail its link: the job runner (the mail goes out through the mail
 * job, queued in the request's transaction) and the address buyers reach the app at.
 */
export interface FeedbackOutbox {
  jobs: JobRunner;
  baseUrl: string;
  mailConfigured: boolean;
}

export const feedbackOutbox = (ctx: Pick<AppContext, 'jobs' | 'config' | 'mailer'>): FeedbackOutbox => ({
  jobs: ctx.jobs,
  baseUrl: publicBaseUrl(ctx.config.port),
  mailConfigured: ctx.mailer.configured,
});

export const feedbackUrl = (baseUrl: string, token: string) => `${baseUrl}/api/${feedbackPagePath(token)}`;

// ---------------------------------------------------------------------------------------------
// Forms

/** Questions get their keys by position ('q1', 'q2'...): a request keeps its own copy, so keys need not outlive an edit. */
const keyed = (questions: FeedbackFormCreate['questions']): FeedbackQuestion[] =>
  questions.map((q, index) => ({
    key: `q${index + 1}`,
    kind: q.kind,
    label: q.label,
    required: q.required,
    options: q.kind === 'single_choice' ? q.options : [],
  }));

const averageOf = (value: string | number | null) => (value === null ? null : Number(value));

function presentForm(row: queries.FormRow): FeedbackFormOutput {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    questions: row.questions,
    is_active: row.is_active,
    requests: Number(row.requests),
    answered: Number(row.answered),
    average_rating: averageOf(row.average_rating),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getForm(db: Executor, actor: Principal, id: number) {
  const row = await queries.findForm(db, actor.companyId, id);
  if (!row) throw formNotFound();
  return presentForm(row);
}

export async function listForms(
  db: Executor,
  actor: Principal,
  filter: { search?: string; isActive?: boolean },
  sort: SortKey[],
  window: PageWindow,
) {
  const { count, results } = await queries.listForms(db, actor.companyId, filter, sort, window);
  return { count, results: results.map(presentForm) };
}

export async function createForm(options: { db: Database; actor: Principal; input: FeedbackFormCreate }) {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    if (await queries.titleTaken(tx, actor.companyId, input.title))
      throw validationError('title', M.title_taken);
    const { id } = await queries.insertForm(tx, {
      company_id: actor.companyId,
      title: input.title,
      intro: input.intro ?? null,
      questions: keyed(input.questions),
      is_active: input.is_active,
      created_by: actor.userId,
    });
    await recordFormHistory(tx, actor, id, 'created', input);
    return id;
  });
  return { detail: M.form_created, form: await getForm(db, actor, id) };
}

export async function updateForm(options: {
  db: Database;
  actor: Principal;
  formId: number;
  changes: FeedbackFormUpdate;
}) {
  const { db, actor, formId, changes } = options;
  await inTransaction(db, async (tx) => {
    const form = await queries.lockForm(tx, actor.companyId, formId);
    if (!form) throw formNotFound();
    if (changes.title !== undefined && (await queries.titleTaken(tx, actor.companyId, changes.title, formId)))
      throw validationError('title', M.title_taken);
    const values = {
      title: changes.title,
      intro: changes.intro,
      questions: changes.questions && keyed(changes.questions),
      is_active: changes.is_active,
    };
    if (Object.values(values).every((v) => v === undefined)) return;
    await queries.updateForm(tx, actor.companyId, formId, values, actor.userId);
    await recordFormHistory(tx, actor, formId, 'updated', changes);
  });
  return { detail: M.form_updated, form: await getForm(db, actor, formId) };
}

// ---------------------------------------------------------------------------------------------
// Settings

export async function settingsOf(db: Executor, companyId: number) {
  const row = await queries.findSettings(db, companyId);
  return {
    send_after_delivery: row?.send_after_delivery ?? false,
    send_after_instore_sale: row?.send_after_instore_sale ?? false,
    default_form: row?.default_form_id ?? null,
    low_rating_threshold: row?.low_rating_threshold ?? DEFAULT_LOW_RATING_THRESHOLD,
    link_valid_days: row?.link_valid_days ?? DEFAULT_LINK_VALID_DAYS,
    google_review_url: row?.google_review_url ?? null,
  };
}

export async function getSettings(
  db: Executor,
  actor: Principal,
  outbox: FeedbackOutbox,
): Promise<FeedbackSettingsOutput> {
  return { ...(await settingsOf(db, actor.companyId)), mail_configured: outbox.mailConfigured };
}

export async function updateSettings(options: {
  db: Database;
  actor: Principal;
  input: FeedbackSettingsUpdate;
  outbox: FeedbackOutbox;
}) {
  const { db, actor, input, outbox } = options;
  await inTransaction(db, async (tx) => {
    if (input.default_form) {
      const form = await queries.lockForm(tx, actor.companyId, input.default_form);
      if (!form) throw validationError('default_form', M.form_not_found);
      if (!form.is_active) throw validationError('default_form', M.form_inactive);
    }
    const values = {
      send_after_delivery: input.send_after_delivery,
      send_after_instore_sale: input.send_after_instore_sale,
      default_form_id: input.default_form,
      low_rating_threshold: input.low_rating_threshold,
      link_valid_days: input.link_valid_days,
      google_review_url: input.google_review_url,
    };
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(given).length === 0) return;
    await queries.upsertSettings(tx, actor.companyId, given, actor.userId);
    await recordSettingsHistory(tx, actor, actor.companyId, 'updated', input);
  });
  const detail =
    Object.keys(input).length === 1 && input.google_review_url !== undefined
      ? input.google_review_url === null
        ? M.google_review_removed
        : M.google_review_saved
      : M.settings_saved;
  return { detail, settings: await getSettings(db, actor, outbox) };
}

// ---------------------------------------------------------------------------------------------
// Requests

export function presentRequest(
  row: queries.RequestRow,
  baseUrl: string,
  now = new Date(),
): FeedbackRequestOutput {
  return {
    id: row.id,
    form: { id: row.form_id, title: row.form_title },
    buyer: row.buyer_id === null ? null : { id: row.buyer_id, name: row.buyer_name ?? '' },
    contact: row.contact_id === null ? null : { id: row.contact_id, name: row.contact_name ?? '' },
    invoice:
      row.invoice_id === null ? null : { id: row.invoice_id, invoice_number: row.invoice_number ?? '' },
    shipment: row.shipment_id,
    campaign: row.campaign_id === null ? null : { id: row.campaign_id, title: row.campaign_title ?? '' },
    source: row.source,
    status: feedbackStatus({ answered_at: row.answered_at, expires_at: row.expires_at, now }),
    rating: row.rating,
    answers: row.answers ?? [],
    recipient_email: row.recipient_email,
    email_queued: row.email_queued,
    url: feedbackUrl(baseUrl, row.token),
    expires_at: row.expires_at,
    answered_at: row.answered_at,
    created_at: row.created_at,
  };
}

export async function getRequest(db: Executor, actor: Principal, id: number, baseUrl: string) {
  const row = await queries.findRequest(db, actor.companyId, id);
  if (!row) throw requestNotFound();
  return presentRequest(row, baseUrl);
}

export async function listRequests(
  db: Executor,
  actor: Principal,
  filter: queries.RequestFilter,
  sort: SortKey[],
  window: PageWindow,
  baseUrl: string,
) {
  const { count, results } = await queries.listRequests(db, actor.companyId, filter, sort, window);
  const now = new Date();
  return { count, results: results.map((row) => presentRequest(row, baseUrl, now)) };
}

const addMonths = (period: string, months: number) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The counts, the average and the average per month of the range (the last 12 months when open). */
export async function feedbackSummary(
  db: Executor,
  actor: Principal,
  filter: queries.RequestFilter,
): Promise<FeedbackSummaryOutput> {
  const figures = await queries.summaryFigures(db, actor.companyId, filter);
  const to = (filter.endDate ?? todayInIndia()).slice(0, 7);
  const from = filter.startDate ? filter.startDate.slice(0, 7) : addMonths(to, -11);
  const overall = overallAverage(figures.months);
  return {
    requests: figures.requests,
    answered: figures.answered,
    average_rating: overall.average,
    distribution: Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i).map(
      (rating) => ({
        rating,
        count: figures.ratings.find((r) => r.rating === rating)?.count ?? 0,
      }),
    ),
    // A start after the end shows the end's month alone.
    periods: monthlyAverages(figures.months, [from, to].sort()[0] ?? to, to),
  };
}

interface NewRequest {
  companyId: number;
  form: { id: number; title: string; intro: string | null; questions: FeedbackQuestion[] };
  source: 'delivery' | 'manual' | 'instore';
  buyerId: number | null;
  contactId: number | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  shipmentId: number | null;
  /** Whom the e-mail greets, and where it goes (none: the link is only shown to the company). */
  greeting: string;
  email: string | null;
  userId: number | null;
}

/**
 * Writes the request with a fresh token and, when there is an address, queues its e-mail in the
 * same transaction: the mail exists exactly when the request does. Returns the id, or undefined
 * when the invoice was already asked after an earlier delivery.
 */
async function makeRequest(tx: Tx, outbox: FeedbackOutbox, request: NewRequest): Promise<number | undefined> {
  const settings = await settingsOf(tx, request.companyId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = linkExpiry(new Date(), settings.link_valid_days);
  const row = await queries.insertRequest(tx, {
    company_id: request.companyId,
    form_id: request.form.id,
    form_title: request.form.title,
    form_intro: request.form.intro,
    questions: request.form.questions,
    token,
    source: request.source,
    buyer_id: request.buyerId,
    contact_id: request.contactId,
    invoice_id: request.invoiceId,
    shipment_id: request.shipmentId,
    recipient_email: request.email,
    email_queued: request.email !== null,
    expires_at: expiresAt,
    created_by: request.userId,
  });
  if (!row) return undefined;
  await recordRequestHistory(
    tx,
    { companyId: request.companyId, userId: request.userId },
    row.id,
    'requested',
    {
      form: request.form.id,
      source: request.source,
      buyer: request.buyerId,
      contact: request.contactId,
      invoice: request.invoiceId,
      shipment: request.shipmentId,
      email: request.email,
    },
  );
  if (request.email) {
    const company = await queries.companyName(tx, request.companyId);
    const until = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
      expiresAt,
    );
    const order = request.invoiceNumber ? ` (invoice ${request.invoiceNumber})` : '';
    await queueMail(
      outbox.jobs,
      {
        to: request.email,
        subject: `${company}: how was your order${order}?`,
        text: `Dear ${request.greeting},\n\nThank you for your order${order}. Please tell us how we did; it takes a minute:\n\n${feedbackUrl(outbox.baseUrl, token)}\n\nThe link works until ${until}.\n\nRegards,\n${company}`,
      },
      { tx, companyId: request.companyId },
    );
  }
  return row.id;
}

/** POST admin/companies/{companyId}/feedback_requests: a buyer (or its contact) asked by hand. */
export async function requestFeedback(options: {
  db: Database;
  actor: Principal;
  input: FeedbackRequestCreate;
  outbox: FeedbackOutbox;
}) {
  const { db, actor, input, outbox } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    const form = await queries.lockForm(tx, companyId, input.form);
    if (!form) throw validationError('form', M.form_not_found);
    if (!form.is_active) throw validationError('form', M.form_inactive);
    const contact = input.contact ? await queries.findContact(tx, companyId, input.contact) : undefined;
    if (input.contact && !contact) throw validationError('contact', M.contact_not_found);
    const buyerId = input.buyer ?? contact?.buyer_id ?? null;
    const buyer = buyerId ? await queries.findBuyer(tx, companyId, buyerId) : undefined;
    if (buyerId && !buyer) throw validationError('buyer', M.buyer_not_found);
    if (contact?.buyer_id && buyer && contact.buyer_id !== buyer.id)
      throw validationError('contact', M.contact_other_buyer);
    const invoice = input.invoice ? await queries.findInvoice(tx, companyId, input.invoice) : undefined;
    if (input.invoice && !invoice) throw validationError('invoice', M.invoice_not_found);
    if (invoice && invoice.buyer_id !== buyer?.id) throw validationError('invoice', M.invoice_other_buyer);
    const email = input.send_email ? (contact?.email ?? buyer?.email ?? null) : null;
    const made = await makeRequest(tx, outbox, {
      companyId,
      form,
      source: 'manual',
      buyerId: buyer?.id ?? null,
      contactId: contact?.id ?? null,
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.invoice_number ?? null,
      shipmentId: null,
      greeting: contact?.name ?? buyer?.contact_person_name ?? buyer?.name ?? 'customer',
      email,
      userId: actor.userId,
    });
    // Only a delivery's request can meet an earlier one (feedback_requests_delivery_key).
    if (made === undefined) throw new Error('a feedback request asked by hand was not written');
    return made;
  });
  const request = await getRequest(db, actor, id, outbox.baseUrl);
  const detail = request.recipient_email
    ? M.request_sent(request.recipient_email)
    : input.send_email
      ? M.no_email
      : M.request_created;
  return { detail, request };
}

/**
 * Called by shipments inside the transaction that moves an outgoing shipment to delivered: when
 * the company sends feedback requests after delivery and has an active form, the invoice's buyer
 * is asked (once per invoice) and the e-mail is queued in that same transaction.
 */
export async function requestFeedbackAfterDelivery(
  tx: Tx,
  outbox: FeedbackOutbox,
  delivery: { companyId: number; shipmentId: number; userId: number | null },
): Promise<void> {
  const settings = await settingsOf(tx, delivery.companyId);
  if (!settings.send_after_delivery) return;
  const shipment = await queries.deliveredShipment(tx, delivery.companyId, delivery.shipmentId);
  if (shipment?.direction !== 'outgoing') return;
  const form = await queries.activeFormFor(tx, delivery.companyId, settings.default_form);
  if (!form) return;
  await makeRequest(tx, outbox, {
    companyId: delivery.companyId,
    form,
    source: 'delivery',
    buyerId: shipment.buyer_id,
    contactId: null,
    invoiceId: shipment.invoice_id,
    invoiceNumber: shipment.invoice_number,
    shipmentId: shipment.id,
    greeting: shipment.contact_person_name ?? shipment.buyer_name,
    email: shipment.email,
    userId: delivery.userId,
  });
}

/**
 * Called by the counter (instore-orders) inside the sale's transaction: when the company asks
 * after counter sales and has an active form, the sale's buyer is asked about its invoice if it can
 * be reached (an e-mail address, which gets the link at once, or a phone number, for the link shown
 * on the request to be shared by hand). The anonymous walk-in customer has neither and is not asked.
 */
export async function requestFeedbackAfterInstoreSale(
  tx: Tx,
  outbox: FeedbackOutbox,
  sale: { companyId: number; invoiceId: number; userId: number | null },
): Promise<void> {
  const settings = await settingsOf(tx, sale.companyId);
  if (!settings.send_after_instore_sale) return;
  const invoice = await queries.saleInvoice(tx, sale.companyId, sale.invoiceId);
  if (!invoice || (!invoice.email && !invoice.phone)) return;
  const form = await queries.activeFormFor(tx, sale.companyId, settings.default_form);
  if (!form) return;
  await makeRequest(tx, outbox, {
    companyId: sale.companyId,
    form,
    source: 'instore',
    buyerId: invoice.buyer_id,
    contactId: null,
    invoiceId: invoice.invoice_id,
    invoiceNumber: invoice.invoice_number,
    shipmentId: null,
    greeting: invoice.contact_person_name ?? invoice.buyer_name,
    email: invoice.email,
    userId: sale.userId,
  });
}

/** Whether a campaign's {feedback_link} can be filled: the company has an active feedback form. */
export async function canFillFeedbackLinks(db: Executor, companyId: number): Promise<boolean> {
  const settings = await settingsOf(db, companyId);
  return (await queries.activeFormFor(db, companyId, settings.default_form)) !== undefined;
}

/**
 * The {feedback_link} of campaign messages (issue 24): each message gets its own one-answer
 * request for the company's feedback form (its default one if active, else its newest active
 * one), made in one transaction with its history rows when the message is first sent. A retried
 * send of the same message finds the request made the first time (feedback_requests_campaign_
 * message_key), so a recipient never holds two links for one message. The recipient is a contact:
 * the request names its buyer, or no buyer for a contact that has none. No e-mail of its own: the
 * campaign's message carries the link. Answers the link per message id; an empty map when the
 * company has no active form (the messages are then skipped for a missing template input).
 */
export async function campaignFeedbackLinks(
  db: Database,
  options: {
    companyId: number;
    campaignId: number;
    baseUrl: string;
    messages: readonly { id: number; contactId: number }[];
  },
): Promise<Map<number, string>> {
  const { companyId, campaignId, messages } = options;
  const links = new Map<number, string>();
  if (messages.length === 0) return links;
  const messageIds = messages.map((m) => m.id);
  return inTransaction(db, async (tx) => {
    const settings = await settingsOf(tx, companyId);
    const form = await queries.activeFormFor(tx, companyId, settings.default_form);
    if (!form) return links;
    const have = new Set(
      (await queries.campaignRequestTokens(tx, companyId, messageIds)).map((r) =>
        Number(r.campaign_message_id),
      ),
    );
    const fresh = messages.filter((m) => !have.has(m.id));
    if (fresh.length > 0) {
      const buyers = new Map(
        (await queries.contactBuyers(tx, companyId, [...new Set(fresh.map((m) => m.contactId))])).map((c) => [
          Number(c.id),
          c.buyer_id === null ? null : Number(c.buyer_id),
        ]),
      );
      const expiresAt = linkExpiry(new Date(), settings.link_valid_days);
      const written = await queries.insertCampaignRequests(
        tx,
        fresh.map((m) => ({
          company_id: companyId,
          form_id: form.id,
          form_title: form.title,
          form_intro: form.intro,
          questions: form.questions,
          token: randomBytes(32).toString('base64url'),
          campaign_id: campaignId,
          campaign_message_id: m.id,
          buyer_id: buyers.get(m.contactId) ?? null,
          contact_id: m.contactId,
          expires_at: expiresAt,
        })),
      );
      await recordHistoryEntries(
        tx,
        written.map((row) => ({
          companyId,
          entityType: 'feedback_request',
          entityId: row.id,
          action: 'requested',
          userId: null,
          changes: {
            form: form.id,
            source: 'campaign',
            campaign: campaignId,
            campaign_message: row.campaign_message_id,
            buyer: row.buyer_id,
            contact: row.contact_id,
          },
        })),
      );
    }
    for (const row of await queries.campaignRequestTokens(tx, companyId, messageIds))
      links.set(Number(row.campaign_message_id), feedbackUrl(options.baseUrl, row.token));
    return links;
  });
}
