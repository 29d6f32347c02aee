import { z } from 'zod';
import {
  FEEDBACK_STATUS_VALUES,
  isGoogleReviewUrl,
  FEEDBACK_LIMITS as L,
  LINK_VALID_DAYS_MAX,
  LINK_VALID_DAYS_MIN,
  LOW_RATING_THRESHOLD_MAX,
  LOW_RATING_THRESHOLD_MIN,
  FEEDBACK_MESSAGES as M,
  QUESTION_KIND_VALUES,
  RATING_MAX,
  RATING_MIN,
} from '../customer-feedback.ts';
import { calendarDateSchema, requiredText } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { listQuery, valueList } from './list-query.ts';

/**
 * Customer feedback's API shapes (issue 24). Spec 3 names the screens and view_customer_feedback
 * but no calls, so the paths follow the other admin areas:
 *   admin/companies/{companyId}/feedback_forms          GET list, POST create
 *   admin/feedback_forms/{id}                           GET, PATCH
 *   admin/companies/{companyId}/feedback_requests       GET list (the answers), POST request by hand
 *   admin/companies/{companyId}/feedback_requests/summary  GET averages per month
 *   admin/feedback_requests/{id}                        GET with its answers
 *   admin/companies/{companyId}/feedback_settings       GET, PUT (after-delivery, threshold, Google link)
 *   feedback/{token}                                    GET the public page, POST the answer (no sign-in)
 */

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalId = z.preprocess(blankIsNull, idInput.nullable().optional());

export const feedbackQuestionInput = z
  .object({
    kind: z.enum(QUESTION_KIND_VALUES, { error: 'Choose text, single choice or yes/no.' }),
    label: requiredText(M.question_label_required, L.label),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1, 'A choice cannot be blank.').max(L.option, tooLong(L.option)))
      .max(L.options, `A question can offer at most ${L.options} choices.`)
      .default([]),
  })
  .strict()
  .superRefine((question, ctx) => {
    if (question.kind !== 'single_choice') return;
    if (question.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.question_options_required });
    else if (new Set(question.options.map((o) => o.toLowerCase())).size !== question.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.question_options_unique });
  });
export type FeedbackQuestionInput = z.input<typeof feedbackQuestionInput>;

const formFields = {
  title: requiredText(M.title_required, L.title),
  intro: z.preprocess(blankIsNull, z.string().trim().max(L.intro, tooLong(L.intro)).nullable().optional()),
  questions: z.array(feedbackQuestionInput).max(L.questions, M.too_many_questions),
  is_active: z.boolean(),
};

/** POST admin/companies/{companyId}/feedback_forms: the rating is always asked; questions besides it. */
export const feedbackFormCreate = z
  .object({
    ...formFields,
    questions: formFields.questions.default([]),
    is_active: z.boolean().default(true),
  })
  .strict();
export type FeedbackFormCreate = z.infer<typeof feedbackFormCreate>;
export type FeedbackFormCreateInput = z.input<typeof feedbackFormCreate>;

/** PATCH admin/feedback_forms/{id}: any of the fields; questions are replaced as a whole. */
export const feedbackFormUpdate = z
  .object({
    title: formFields.title.optional(),
    intro: formFields.intro,
    questions: formFields.questions.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type FeedbackFormUpdate = z.infer<typeof feedbackFormUpdate>;

export const feedbackQuestionOutput = z.object({
  key: z.string(),
  kind: z.enum(QUESTION_KIND_VALUES),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const feedbackFormOutput = z.object({
  id,
  title: z.string(),
  intro: z.string().nullable(),
  questions: z.array(feedbackQuestionOutput),
  is_active: z.boolean(),
  requests: z.number().int(),
  answered: z.number().int(),
  average_rating: z.number().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FeedbackFormOutput = z.infer<typeof feedbackFormOutput>;

export const feedbackFormListQuery = listQuery.extend({
  is_active: z.enum(['true', 'false']).optional(),
});
export const FEEDBACK_FORM_ORDERINGS = ['title', 'created_at', 'updated_at'] as const;

/** POST admin/companies/{companyId}/feedback_requests: ask a buyer (or one of its contacts) by hand. */
export const feedbackRequestCreate = z
  .object({
    form: idInput,
    buyer: z.preprocess(blankIsNull, idInput.nullable().optional()),
    contact: optionalId,
    invoice: optionalId,
    /** Mail the link to the contact's or the buyer's e-mail address (when there is one). */
    send_email: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.buyer && !value.contact)
      ctx.addIssue({ code: 'custom', path: ['buyer'], message: M.buyer_required });
  });
export type FeedbackRequestCreate = z.infer<typeof feedbackRequestCreate>;

const named = z.object({ id, name: z.string() }).nullable();

export const feedbackAnswerOutput = z.object({
  key: z.string(),
  kind: z.enum(QUESTION_KIND_VALUES),
  label: z.string(),
  answer: z.union([z.string(), z.boolean()]).nullable(),
});

export const feedbackRequestOutput = z.object({
  id,
  form: z.object({ id, title: z.string() }),
  buyer: named,
  contact: named,
  invoice: z.object({ id, invoice_number: z.string() }).nullable(),
  shipment: id.nullable(),
  /** The campaign whose message carried the link (source 'campaign'). */
  campaign: z.object({ id, title: z.string() }).nullable(),
  source: z.string(),
  status: z.enum(FEEDBACK_STATUS_VALUES),
  rating: z.number().int().nullable(),
  answers: z.array(feedbackAnswerOutput),
  recipient_email: z.string().nullable(),
  email_queued: z.boolean(),
  /** The public answer page; the link itself is the key, so it is shown only to the company. */
  url: z.string(),
  expires_at: timestamp,
  answered_at: timestamp.nullable(),
  created_at: timestamp,
});
export type FeedbackRequestOutput = z.infer<typeof feedbackRequestOutput>;

export const feedbackRequestCreated = z.object({ detail: z.string(), request: feedbackRequestOutput });

const RATINGS = ['1', '2', '3', '4', '5'] as const;
const day = calendarDateSchema('Please enter a valid date (YYYY-MM-DD).');

/** The list's filters, shared by the summary (which ignores status and rating). */
export const feedbackRequestFilters = z.object({
  status: z.enum(FEEDBACK_STATUS_VALUES, { error: 'Choose answered, pending or expired.' }).optional(),
  rating__in: valueList(RATINGS),
  buyer: z.coerce.number().int().positive().optional(),
  form: z.coerce.number().int().positive().optional(),
  /** On the day answered (or asked, while unanswered), India's calendar. */
  start_date: day.optional(),
  end_date: day.optional(),
});
export const feedbackRequestListQuery = listQuery.extend(feedbackRequestFilters.shape);
export const FEEDBACK_REQUEST_ORDERINGS = ['created_at', 'answered_at', 'rating', 'buyer'] as const;

export const feedbackSummaryQuery = z.object({
  buyer: z.coerce.number().int().positive().optional(),
  form: z.coerce.number().int().positive().optional(),
  start_date: day.optional(),
  end_date: day.optional(),
});

export const feedbackSummaryOutput = z.object({
  /** Requests asked in the range, and how many of them were answered. */
  requests: z.number().int(),
  answered: z.number().int(),
  average_rating: z.number().nullable(),
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  /** Every month of the range (the last 12 months without one) with its answers and average. */
  periods: z.array(
    z.object({
      period: z.string(),
      label: z.string(),
      count: z.number().int(),
      average: z.number().nullable(),
    }),
  ),
});
export type FeedbackSummaryOutput = z.infer<typeof feedbackSummaryOutput>;

/** An https address on a Google domain; blank removes it. */
export const googleReviewUrlSchema = z.preprocess(
  blankIsNull,
  z.string().trim().refine(isGoogleReviewUrl, M.google_review_url).nullable().optional(),
);

/** PUT admin/companies/{companyId}/feedback_settings: any of the settings. */
export const feedbackSettingsUpdate = z
  .object({
    send_after_delivery: z.boolean().optional(),
    /** Ask the buyer of a counter (in-store) sale who has an e-mail address or a phone number. */
    send_after_instore_sale: z.boolean().optional(),
    default_form: optionalId,
    low_rating_threshold: z.coerce
      .number()
      .int()
      .min(
        LOW_RATING_THRESHOLD_MIN,
        `Choose a rating from ${LOW_RATING_THRESHOLD_MIN} to ${LOW_RATING_THRESHOLD_MAX}.`,
      )
      .max(
        LOW_RATING_THRESHOLD_MAX,
        `Choose a rating from ${LOW_RATING_THRESHOLD_MIN} to ${LOW_RATING_THRESHOLD_MAX}.`,
      )
      .optional(),
    link_valid_days: z.coerce
      .number()
      .int()
      .min(LINK_VALID_DAYS_MIN, `A link lasts ${LINK_VALID_DAYS_MIN} to ${LINK_VALID_DAYS_MAX} days.`)
      .max(LINK_VALID_DAYS_MAX, `A link lasts ${LINK_VALID_DAYS_MIN} to ${LINK_VALID_DAYS_MAX} days.`)
      .optional(),
    google_review_url: googleReviewUrlSchema,
  })
  .strict();
export type FeedbackSettingsUpdate = z.infer<typeof feedbackSettingsUpdate>;

export const feedbackSettingsOutput = z.object({
  send_after_delivery: z.boolean(),
  send_after_instore_sale: z.boolean(),
  default_form: id.nullable(),
  low_rating_threshold: z.number().int(),
  link_valid_days: z.number().int(),
  google_review_url: z.string().nullable(),
  /** Whether e-mail goes out (SMTP configured); without it requests are made and their links shown. */
  mail_configured: z.boolean(),
});
export type FeedbackSettingsOutput = z.infer<typeof feedbackSettingsOutput>;

/** GET feedback/{token} as JSON: the company's name and what is asked, nothing else. */
export const publicFeedbackOutput = z.object({
  company: z.string(),
  title: z.string(),
  intro: z.string().nullable(),
  rating: z.object({ min: z.literal(RATING_MIN), max: z.literal(RATING_MAX) }),
  questions: z.array(feedbackQuestionOutput),
  expires_at: timestamp,
});

/** POST feedback/{token} as JSON: `{rating, answers: {<key>: value}}`; the HTML form posts q_<key>. */
export const publicFeedbackAnswer = z
  .object({
    rating: z.union([z.number(), z.string()]).optional(),
    answers: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

export const publicFeedbackThanks = z.object({
  detail: z.string(),
  /** The company's Google review page, for a rating of 4 or 5 when it has one. */
  google_review_url: z.string().nullable(),
});
