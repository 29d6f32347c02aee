import {
  checkFeedback,
  isFeedbackToken,
  isLinkExpired,
  isLowRating,
  FEEDBACK_MESSAGES as M,
  offersGoogleReview,
  RATING_MAX,
  RATING_MIN,
  type RawAnswers,
} from '@b2b/domain/customer-feedback';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import * as queries from './customer-feedback.queries.ts';
import { recordRequestHistory, settingsOf } from './customer-feedback.service.ts';

/**
 * The public side of a feedback link (no sign-in): what it asks, and its one answer. The holder
 * of a link learns the company's name and the questions, nothing about the buyer or the order.
 */

export const FEEDBACK_NOTIFICATION_SERVICE = 'customer_feedback';

const notFound = () => new AppError('not_found', M.link_not_found);

/** The link's form, refused when unknown (404), answered already (409) or past its end (410). */
export async function publicFeedback(db: Executor, token: string) {
  if (!isFeedbackToken(token)) throw notFound();
  const row = await queries.findByToken(db, token);
  if (!row) throw notFound();
  if (row.answered_at) throw new AppError('conflict', M.already_answered);
  if (isLinkExpired(row.expires_at)) throw new AppError('gone', M.link_expired);
  return {
    company: row.company_name,
    title: row.form_title,
    intro: row.form_intro,
    rating: { min: RATING_MIN, max: RATING_MAX } as const,
    questions: row.questions,
    expires_at: row.expires_at,
  };
}

/**
 * Records the answer once. The request is locked, so of two submits racing, the second sees the
 * first's answer and gets 409. A rating at or under the company's threshold raises a notification
 * for the users who read feedback, in the same transaction; 4 or 5 stars offer the company's
 * Google review page when it has one.
 */
export async function answerFeedback(db: Database, token: string, raw: RawAnswers) {
  if (!isFeedbackToken(token)) throw notFound();
  const result = await inTransaction(db, async (tx) => {
    const request = await queries.lockByToken(tx, token);
    if (!request) throw notFound();
    if (request.answered_at) throw new AppError('conflict', M.already_answered);
    if (isLinkExpired(request.expires_at)) throw new AppError('gone', M.link_expired);
    const checked = checkFeedback(request.questions, raw);
    if (!checked.ok) {
      const first = Object.values(checked.errors)[0]?.[0] ?? M.rating_required;
      throw new AppError('validation_error', first, { errors: checked.errors });
    }
    const written = await queries.recordAnswer(tx, request.company_id, request.id, checked.value);
    if (!written) throw new AppError('conflict', M.already_answered);
    const actor = { companyId: request.company_id, userId: null };
    await recordRequestHistory(tx, actor, request.id, 'answered', { rating: checked.value.rating });
    const settings = await settingsOf(tx, request.company_id);
    if (isLowRating(checked.value.rating, settings.low_rating_threshold)) {
      await raiseNotification(tx, {
        companyId: request.company_id,
        service: FEEDBACK_NOTIFICATION_SERVICE,
        type: 'warning',
        message: M.low_rating_notice(
          checked.value.rating,
          request.buyer_name ?? request.contact_name ?? 'a customer',
          request.invoice_number,
        ),
        dedupeKey: `feedback_low_rating:${request.id}`,
        permission: 'view_customer_feedback',
      });
    }
    return {
      companyId: request.company_id,
      company: await queries.companyName(tx, request.company_id),
      googleReviewUrl: offersGoogleReview(checked.value.rating, settings.google_review_url)
        ? settings.google_review_url
        : null,
    };
  });
  companyChanged(result.companyId);
  return { detail: M.thank_you, company: result.company, google_review_url: result.googleReviewUrl };
}
