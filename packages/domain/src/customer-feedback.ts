/**
 * Customer feedback (issue 24, spec 3's /customer-feedback and /google-review-account-verifications):
 * the pure rules the server, the public answer page and the web app share: the rating's bounds
 * and words, the question kinds, the answer link's token, when a link has expired, how a filled-in
 * form is checked against the questions it asked, what counts as a low rating, which addresses a
 * Google review link may have, and the average rating per month.
 */

/**
 * The WHATWG URL class of every runtime this package runs in (browsers, Node); the package's
 * compiler settings leave out the DOM and Node types, so the part used here is declared.
 */
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string };

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The words beside each star, for the page a buyer answers on and for the list. */
export const RATING_LABELS: Readonly<Record<number, string>> = {
  1: 'Very poor',
  2: 'Poor',
  3: 'Average',
  4: 'Good',
  5: 'Excellent',
};

/** A rating is a whole number of stars from 1 to 5. */
export const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;

/** '★★★★☆' for 4: the list's picture of a rating (its text is given beside it for screen readers). */
export const ratingStars = (rating: number): string =>
  '★'.repeat(Math.max(0, Math.min(RATING_MAX, rating))) +
  '☆'.repeat(RATING_MAX - Math.max(0, Math.min(RATING_MAX, rating)));

export const FEEDBACK_MESSAGES = {
  form_not_found: 'Feedback Form Not Found',
  request_not_found: 'Feedback Request Not Found',
  form_created: 'Feedback form created successfully.',
  form_updated: 'Feedback form updated successfully.',
  form_inactive: 'This feedback form is inactive; activate it or choose another.',
  title_required: 'Title is required.',
  title_taken: 'A feedback form with this title already exists.',
  question_label_required: 'Write the question.',
  question_options_required: 'Give at least two choices for a single-choice question.',
  question_options_unique: 'The choices of a question must differ.',
  too_many_questions: 'A form can ask at most 10 questions besides the rating.',
  buyer_required: 'Choose a buyer.',
  buyer_not_found: 'Buyer Not Found',
  contact_not_found: 'Contact Not Found',
  contact_other_buyer: 'This contact belongs to another buyer.',
  invoice_not_found: 'Invoice Not Found',
  invoice_other_buyer: 'This invoice is of another buyer.',
  request_created: 'Feedback request created successfully.',
  request_sent: (email: string) => `Feedback request sent to ${email}.`,
  no_email: 'This buyer has no e-mail address; copy the link and share it another way.',
  settings_saved: 'Feedback settings saved successfully.',
  google_review_saved: 'Google review link saved successfully.',
  google_review_removed: 'Google review link removed.',
  google_review_url:
    'Enter the https address of your Google review page (g.page, google.com or maps.app.goo.gl).',
  no_active_form: 'There is no active feedback form; create one first.',
  no_form_for_link:
    'The template asks for {feedback_link}, but there is no active feedback form. Create one under Customer Feedback first.',
  // The public page.
  link_not_found: 'This feedback link does not exist.',
  link_expired: 'This feedback link has expired.',
  already_answered: 'This feedback has already been submitted. Thank you!',
  rating_required: 'Please choose a rating from 1 to 5 stars.',
  answer_required: 'Please answer this question.',
  choice_invalid: 'Please choose one of the options.',
  yes_no_invalid: 'Please answer yes or no.',
  answer_too_long: 'Please keep the answer under 2000 characters.',
  thank_you: 'Thank you for your feedback!',
  rate_limited: 'Too many requests for this page. Please wait a minute and try again.',
  low_rating_notice: (rating: number, who: string, reference: string | null) =>
    `Low rating: ${rating}/5 from ${who}${reference ? ` on ${reference}` : ''}.`,
} as const;

export const QUESTION_KINDS = [
  { value: 'text', label: 'Text' },
  { value: 'single_choice', label: 'Single choice' },
  { value: 'yes_no', label: 'Yes / No' },
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number]['value'];
export const QUESTION_KIND_VALUES = QUESTION_KINDS.map((k) => k.value) as [QuestionKind, ...QuestionKind[]];

export const FEEDBACK_LIMITS = {
  title: 200,
  intro: 1000,
  questions: 10,
  label: 300,
  options: 10,
  option: 100,
  answer: 2000,
} as const;

/** One question of a form, as stored and as asked: its key names its answer on the public page. */
export interface FeedbackQuestion {
  key: string;
  kind: QuestionKind;
  label: string;
  required: boolean;
  /** The choices of a single-choice question; empty otherwise. */
  options: string[];
}

/** One answer as kept with the request: the question as it was asked, and what was answered. */
export interface FeedbackAnswer {
  key: string;
  kind: QuestionKind;
  label: string;
  answer: string | boolean | null;
}

export const FEEDBACK_SOURCES = [
  { value: 'delivery', label: 'After delivery' },
  { value: 'manual', label: 'By hand' },
  { value: 'campaign', label: 'Campaign' },
  { value: 'instore', label: 'After a counter sale' },
] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number]['value'];

/** A request's state: answered, waiting for its answer, or past its link's end unanswered. */
export const FEEDBACK_STATUSES = [
  { value: 'pending', label: 'Awaiting answer', color: 'blue' },
  { value: 'answered', label: 'Answered', color: 'green' },
  { value: 'expired', label: 'Expired', color: 'gray' },
] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]['value'];
export const FEEDBACK_STATUS_VALUES = FEEDBACK_STATUSES.map((s) => s.value) as [
  FeedbackStatus,
  ...FeedbackStatus[],
];

export function feedbackStatus(request: {
  answered_at: Date | string | null;
  expires_at: Date | string;
  now?: Date;
}): FeedbackStatus {
  if (request.answered_at) return 'answered';
  return isLinkExpired(request.expires_at, request.now) ? 'expired' : 'pending';
}

// ---------------------------------------------------------------------------------------------
// The answer link

/**
 * The token of an answer link: 32 random bytes in base64url (43 characters), so it cannot be
 * guessed; it is the only key to the page (no sign-in), and anything else is not looked up.
 */
export const FEEDBACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isFeedbackToken = (value: unknown): value is string =>
  typeof value === 'string' && FEEDBACK_TOKEN_PATTERN.test(value);

/** How long a link answers unless the company says otherwise, and the bounds it may choose. */
export const DEFAULT_LINK_VALID_DAYS = 30;
export const LINK_VALID_DAYS_MIN = 1;
export const LINK_VALID_DAYS_MAX = 365;

/** When a link made at `from` stops answering. */
export const linkExpiry = (from: Date, validDays: number): Date =>
  new Date(from.getTime() + validDays * 24 * 60 * 60 * 1000);

export const isLinkExpired = (expiresAt: Date | string, now: Date = new Date()): boolean =>
  new Date(expiresAt).getTime() <= now.getTime();

/** The public page's path under the API's base ('/api'). */
export const feedbackPagePath = (token: string) => `feedback/${token}`;

// ---------------------------------------------------------------------------------------------
// Low ratings and Google reviews

/** A rating at or under this raises a notification unless the company chooses another bound. */
export const DEFAULT_LOW_RATING_THRESHOLD = 2;
export const LOW_RATING_THRESHOLD_MIN = 1;
export const LOW_RATING_THRESHOLD_MAX = 4;
export const isLowRating = (rating: number, threshold: number = DEFAULT_LOW_RATING_THRESHOLD): boolean =>
  rating <= threshold;

/** Happy buyers (4 or 5 stars) are offered the company's Google review page, when it has one. */
export const GOOGLE_REVIEW_MIN_RATING = 4;
export const offersGoogleReview = (rating: number, googleReviewUrl: string | null | undefined): boolean =>
  rating >= GOOGLE_REVIEW_MIN_RATING && Boolean(googleReviewUrl);

/** Google's review hosts: short g.page links, Maps share links, google.com and its Indian domains. */
const GOOGLE_HOST =
  /^(?:(?:[a-z0-9-]+\.)*g\.page|maps\.app\.goo\.gl|goo\.gl|(?:[a-z0-9-]+\.)*google\.(?:com|co\.in|in))$/;

/** Whether an address is an https page on a Google domain (no user name, at most 500 characters). */
export function isGoogleReviewUrl(value: string): boolean {
  if (value.length > 500 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && GOOGLE_HOST.test(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Checking a filled-in form

export type RawAnswers = Readonly<Record<string, unknown>>;

export interface CheckedFeedback {
  rating: number;
  answers: FeedbackAnswer[];
}

const asText = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return asText(value[0]);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

function yesNo(value: unknown): boolean | null | undefined {
  if (value === true || value === false) return value;
  const text = asText(value)?.toLowerCase();
  if (text === undefined || text === '') return null;
  if (text === 'yes' || text === 'true') return true;
  if (text === 'no' || text === 'false') return false;
  return undefined;
}

/**
 * Checks what was filled in against the questions asked: `rating` (1–5, a number or its text)
 * and one value per question key (`q_<key>` on the HTML form, `<key>` in JSON: both are read).
 * Text answers are trimmed and kept under 2000 characters; a single choice must be one of the
 * options; yes/no takes yes/no/true/false. Unknown fields are ignored. The errors are by field,
 * in the API's shape.
 */
export function checkFeedback(
  questions: readonly FeedbackQuestion[],
  raw: RawAnswers,
): { ok: true; value: CheckedFeedback } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const ratingText = asText(raw.rating);
  const rating = ratingText && /^\d$/.test(ratingText) ? Number(ratingText) : Number.NaN;
  if (!isRating(rating)) errors.rating = [FEEDBACK_MESSAGES.rating_required];
  const answers: FeedbackAnswer[] = [];
  const nested = (raw.answers && typeof raw.answers === 'object' ? raw.answers : {}) as RawAnswers;
  for (const question of questions) {
    const field = `answers.${question.key}`;
    const given = nested[question.key] ?? raw[`q_${question.key}`] ?? raw[question.key];
    let answer: string | boolean | null = null;
    if (question.kind === 'yes_no') {
      const value = yesNo(given);
      if (value === undefined) errors[field] = [FEEDBACK_MESSAGES.yes_no_invalid];
      else answer = value;
    } else {
      const text = asText(given) ?? '';
      if (text.length > FEEDBACK_LIMITS.answer) errors[field] = [FEEDBACK_MESSAGES.answer_too_long];
      else if (question.kind === 'single_choice' && text !== '' && !question.options.includes(text))
        errors[field] = [FEEDBACK_MESSAGES.choice_invalid];
      else answer = text === '' ? null : text;
    }
    if (!errors[field] && question.required && answer === null)
      errors[field] = [FEEDBACK_MESSAGES.answer_required];
    answers.push({ key: question.key, kind: question.kind, label: question.label, answer });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { rating, answers } };
}

/** How an answer reads in the list and the drawer. */
export const answerText = (answer: FeedbackAnswer['answer']): string =>
  answer === null ? '—' : answer === true ? 'Yes' : answer === false ? 'No' : answer;

// ---------------------------------------------------------------------------------------------
// Averages per period

export interface RatingBucket {
  /** 'YYYY-MM' */
  period: string;
  count: number;
  /** The sum of the bucket's ratings. */
  total: number;
}

export interface PeriodAverage {
  period: string;
  label: string;
  count: number;
  /** Two decimals; null for a month without answers. */
  average: number | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sep 2026' for '2026-09'. */
export const monthLabel = (period: string): string => {
  const [year, month] = period.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
};

const nextMonth = (period: string): string => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
};

export const roundAverage = (total: number, count: number): number | null =>
  count === 0 ? null : Math.round((total / count) * 100) / 100;

/**
 * Every month from `from` to `to` ('YYYY-MM', inclusive) with its count and average rating, months
 * without answers included (count 0, average null) so a chart's axis has no holes. Buckets outside
 * the range are left out; at most 120 months are returned (from the end of the range).
 */
export function monthlyAverages(buckets: readonly RatingBucket[], from: string, to: string): PeriodAverage[] {
  const byPeriod = new Map(buckets.map((b) => [b.period, b]));
  const periods: string[] = [];
  for (let period = from; period <= to && periods.length < 1200; period = nextMonth(period))
    periods.push(period);
  return periods.slice(-120).map((period) => {
    const bucket = byPeriod.get(period);
    const count = bucket?.count ?? 0;
    return { period, label: monthLabel(period), count, average: roundAverage(bucket?.total ?? 0, count) };
  });
}

/** The average of the whole range, from the same buckets. */
export function overallAverage(buckets: readonly RatingBucket[]): { count: number; average: number | null } {
  const count = buckets.reduce((sum, b) => sum + b.count, 0);
  const total = buckets.reduce((sum, b) => sum + b.total, 0);
  return { count, average: roundAverage(total, count) };
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' day. */
export const periodOfDay = (day: string): string => day.slice(0, 7);
