import {
  FEEDBACK_LIMITS,
  type FeedbackQuestion,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  ratingStars,
} from '@b2b/domain/customer-feedback';
import { escapeHtml } from '@b2b/domain/templates';

/**
 * The page a buyer answers a feedback link on: plain HTML that works on any phone without the
 * app and without scripts (the CSP refuses them anyway). Labels, fieldsets and legends for every
 * control, errors announced in an alert and tied to their fields. It shows the company's name
 * and the questions, nothing else.
 */

export interface FeedbackPageForm {
  company: string;
  title: string;
  intro: string | null;
  questions: FeedbackQuestion[];
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;color:#1a1b1e;line-height:1.5}
h1{font-size:1.25rem;margin:0 0 .25rem}h2{font-size:1.5rem;margin:.5rem 0}
fieldset{border:1px solid #ced4da;border-radius:6px;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}label{display:block;margin:.25rem 0}
.field{margin:0 0 1rem}.field>label{font-weight:600}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #868e96;border-radius:4px}
input[type=radio]{width:1.1rem;height:1.1rem;vertical-align:-.15rem;margin-right:.4rem}
.stars{color:#f08c00;letter-spacing:.1rem}.error{color:#c92a2a;font-weight:600}
button,.button{display:inline-block;background:#1c7ed6;color:#fff;border:0;border-radius:6px;padding:.65rem 1.25rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:focus-visible,.button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #1971c2;outline-offset:2px}
.alert{border:1px solid #c92a2a;background:#fff5f5;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

export function feedbackPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const errorOf = (errors: Record<string, string[]>, field: string) => errors[field]?.[0];

function errorText(id: string, message: string | undefined) {
  return message ? `<p class="error" id="${id}-error">${escapeHtml(message)}</p>` : '';
}

const described = (id: string, message: string | undefined) =>
  message ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';

function radioGroup(options: {
  name: string;
  legend: string;
  required: boolean;
  choices: { value: string; label: string }[];
  chosen: string | undefined;
  error: string | undefined;
}) {
  const { name, legend, required, choices, chosen, error } = options;
  const inputs = choices
    .map(
      (choice, index) =>
        `<label><input type="radio" name="${escapeHtml(name)}" id="${escapeHtml(name)}-${index}" value="${escapeHtml(choice.value)}"${chosen === choice.value ? ' checked' : ''}${required && index === 0 ? ' required' : ''}>${choice.label}</label>`,
    )
    .join('\n');
  return `<fieldset${described(name, error)}><legend>${escapeHtml(legend)}${required ? ' <span aria-hidden="true">*</span><span class="sr"> (required)</span>' : ''}</legend>
${errorText(name, error)}${inputs}</fieldset>`;
}

/** The form, filled with what was sent and its errors when an answer was refused. */
export function renderFeedbackForm(
  form: FeedbackPageForm,
  sent: Record<string, unknown> = {},
  errors: Record<string, string[]> = {},
): string {
  const value = (name: string) => {
    const v = sent[name];
    return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
  };
  const ratings = [];
  for (let rating = RATING_MAX; rating >= RATING_MIN; rating -= 1)
    ratings.push({
      value: String(rating),
      label: `<span class="stars" aria-hidden="true">${ratingStars(rating)}</span> ${rating} – ${escapeHtml(RATING_LABELS[rating] ?? '')}`,
    });
  const fields = form.questions.map((question) => {
    const name = `q_${question.key}`;
    const error = errorOf(errors, `answers.${question.key}`);
    if (question.kind === 'text')
      return `<div class="field"><label for="${name}">${escapeHtml(question.label)}${question.required ? ' <span aria-hidden="true">*</span>' : ''}</label>
${errorText(name, error)}<textarea id="${name}" name="${name}" rows="4" maxlength="${FEEDBACK_LIMITS.answer}"${question.required ? ' required' : ''}${described(name, error)}>${escapeHtml(value(name) ?? '')}</textarea></div>`;
    const choices =
      question.kind === 'yes_no'
        ? [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]
        : question.options.map((option) => ({ value: option, label: escapeHtml(option) }));
    return radioGroup({
      name,
      legend: question.label,
      required: question.required,
      choices,
      chosen: value(name),
      error,
    });
  });
  const problems = Object.values(errors).flat();
  const alert = problems.length
    ? `<div class="alert" role="alert"><p><strong>Please check your answers:</strong></p><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>`
    : '';
  return feedbackPage(
    `${form.title} – ${form.company}`,
    `<h1>${escapeHtml(form.company)}</h1>
<h2>${escapeHtml(form.title)}</h2>
${form.intro ? `<p>${escapeHtml(form.intro)}</p>` : ''}
${alert}
<form method="post" novalidate>
${radioGroup({ name: 'rating', legend: 'How would you rate us?', required: true, choices: ratings, chosen: value('rating'), error: errorOf(errors, 'rating') })}
${fields.join('\n')}
<button type="submit">Send feedback</button>
</form>`,
  );
}

/** After the answer: thanks, and the Google review page for a happy buyer when the company has one. */
export function renderThanks(company: string, message: string, googleReviewUrl: string | null): string {
  const review = googleReviewUrl
    ? `<p>Would you share your experience with others too?</p>
<p><a class="button" href="${escapeHtml(googleReviewUrl)}" rel="noopener noreferrer">Review us on Google</a></p>`
    : '';
  return feedbackPage(
    message,
    `${company ? `<h1>${escapeHtml(company)}</h1>` : ''}<div role="status"><h2>${escapeHtml(message)}</h2></div>${review}`,
  );
}

/** A link that cannot be answered: unknown, expired or answered already. */
export function renderProblem(message: string): string {
  return feedbackPage('Feedback', `<h2>Feedback</h2><p role="alert">${escapeHtml(message)}</p>`);
}
