import { describe, expect, it } from 'vitest';
import { feedbackFormCreate, feedbackSettingsUpdate } from './api/customer-feedback.ts';
import {
  checkFeedback,
  type FeedbackQuestion,
  feedbackStatus,
  isFeedbackToken,
  isGoogleReviewUrl,
  isLinkExpired,
  isLowRating,
  isRating,
  linkExpiry,
  monthlyAverages,
  offersGoogleReview,
  overallAverage,
  ratingStars,
} from './customer-feedback.ts';

const QUESTIONS: FeedbackQuestion[] = [
  { key: 'q1', kind: 'text', label: 'What can we do better?', required: false, options: [] },
  {
    key: 'q2',
    kind: 'single_choice',
    label: 'How was the packing?',
    required: true,
    options: ['Good', 'Damaged'],
  },
  { key: 'q3', kind: 'yes_no', label: 'Would you order again?', required: true, options: [] },
];

describe('ratings', () => {
  it('are whole numbers of stars from 1 to 5', () => {
    expect([1, 3, 5].every(isRating)).toBe(true);
    expect([0, 6, 2.5, Number.NaN, '4', null].some(isRating)).toBe(false);
    expect(ratingStars(4)).toBe('★★★★☆');
    expect(ratingStars(1)).toBe('★☆☆☆☆');
  });

  it('are low at or under the threshold (2 unless the company chooses)', () => {
    expect(isLowRating(2)).toBe(true);
    expect(isLowRating(3)).toBe(false);
    expect(isLowRating(3, 3)).toBe(true);
    expect(isLowRating(1, 1)).toBe(true);
  });

  it('offer the Google review page from 4 stars, when the company has one', () => {
    expect(offersGoogleReview(4, 'https://g.page/r/abc/review')).toBe(true);
    expect(offersGoogleReview(5, null)).toBe(false);
    expect(offersGoogleReview(3, 'https://g.page/r/abc/review')).toBe(false);
  });
});

describe('answer links', () => {
  it('take 43 base64url characters and nothing else', () => {
    expect(isFeedbackToken('A'.repeat(43))).toBe(true);
    expect(isFeedbackToken('abc-_DEF0123456789abcdefghijklmnopqrstuvwxy')).toBe(true);
    expect(isFeedbackToken('A'.repeat(42))).toBe(false);
    expect(isFeedbackToken(`${'A'.repeat(42)}=`)).toBe(false);
    expect(isFeedbackToken(`${'A'.repeat(42)}/`)).toBe(false);
    expect(isFeedbackToken(undefined)).toBe(false);
  });

  it('expire after their days, and an answered request stays answered', () => {
    const made = new Date('2026-11-01T10:00:00Z');
    const end = linkExpiry(made, 30);
    expect(end.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(isLinkExpired(end, new Date('2026-12-01T09:59:59Z'))).toBe(false);
    expect(isLinkExpired(end, new Date('2026-12-01T10:00:00Z'))).toBe(true);
    const later = new Date('2026-12-05T00:00:00Z');
    expect(feedbackStatus({ answered_at: null, expires_at: end, now: later })).toBe('expired');
    expect(feedbackStatus({ answered_at: null, expires_at: end, now: made })).toBe('pending');
    expect(feedbackStatus({ answered_at: made, expires_at: end, now: later })).toBe('answered');
  });
});

describe('checkFeedback', () => {
  it('reads the HTML form (q_<key>) and JSON (answers.<key>) alike', () => {
    const html = checkFeedback(QUESTIONS, {
      rating: '4',
      q_q1: '  Faster dispatch ',
      q_q2: 'Good',
      q_q3: 'yes',
    });
    const json = checkFeedback(QUESTIONS, {
      rating: 4,
      answers: { q1: 'Faster dispatch', q2: 'Good', q3: true },
    });
    expect(html).toEqual(json);
    expect(html).toEqual({
      ok: true,
      value: {
        rating: 4,
        answers: [
          { key: 'q1', kind: 'text', label: 'What can we do better?', answer: 'Faster dispatch' },
          { key: 'q2', kind: 'single_choice', label: 'How was the packing?', answer: 'Good' },
          { key: 'q3', kind: 'yes_no', label: 'Would you order again?', answer: true },
        ],
      },
    });
  });

  it('keeps an optional question unanswered as null', () => {
    const result = checkFeedback(QUESTIONS, { rating: '5', q_q2: 'Damaged', q_q3: 'no' });
    expect(result.ok && result.value.answers.map((a) => a.answer)).toEqual([null, 'Damaged', false]);
  });

  it('refuses a missing or impossible rating, unknown choices, required blanks and long text', () => {
    const result = checkFeedback(QUESTIONS, {
      rating: '6',
      q_q1: 'x'.repeat(2001),
      q_q2: 'Lost',
      q_q3: 'maybe',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        rating: ['Please choose a rating from 1 to 5 stars.'],
        'answers.q1': ['Please keep the answer under 2000 characters.'],
        'answers.q2': ['Please choose one of the options.'],
        'answers.q3': ['Please answer yes or no.'],
      },
    });
    const blank = checkFeedback(QUESTIONS, { rating: '3.5' });
    expect(blank.ok).toBe(false);
    expect(!blank.ok && Object.keys(blank.errors)).toEqual(['rating', 'answers.q2', 'answers.q3']);
    expect(!blank.ok && blank.errors['answers.q2']).toEqual(['Please answer this question.']);
  });

  it('asks only the rating of a form without questions', () => {
    expect(checkFeedback([], { rating: '1', q_unknown: 'ignored' })).toEqual({
      ok: true,
      value: { rating: 1, answers: [] },
    });
  });
});

describe('averages per month', () => {
  it('gives every month of the range, with holes as zero answers', () => {
    const months = monthlyAverages(
      [
        { period: '2026-09', count: 3, total: 13 },
        { period: '2026-11', count: 2, total: 3 },
        { period: '2027-02', count: 1, total: 5 },
      ],
      '2026-09',
      '2026-12',
    );
    expect(months).toEqual([
      { period: '2026-09', label: 'Sep 2026', count: 3, average: 4.33 },
      { period: '2026-10', label: 'Oct 2026', count: 0, average: null },
      { period: '2026-11', label: 'Nov 2026', count: 2, average: 1.5 },
      { period: '2026-12', label: 'Dec 2026', count: 0, average: null },
    ]);
  });

  it('crosses the year and averages the whole range', () => {
    expect(monthlyAverages([], '2026-12', '2027-01').map((m) => m.period)).toEqual(['2026-12', '2027-01']);
    expect(
      overallAverage([
        { period: '2026-09', count: 3, total: 13 },
        { period: '2026-11', count: 2, total: 3 },
      ]),
    ).toEqual({ count: 5, average: 3.2 });
    expect(overallAverage([])).toEqual({ count: 0, average: null });
  });
});

describe('Google review links', () => {
  it('take https pages on Google domains only', () => {
    for (const ok of [
      'https://g.page/r/CabcDEF123/review',
      'https://maps.app.goo.gl/Xyz123',
      'https://www.google.com/maps/place/Acme',
      'https://search.google.com/local/writereview?placeid=ChIJ',
      'https://www.google.co.in/search?q=acme',
    ])
      expect(isGoogleReviewUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://g.page/r/abc/review',
      'https://google.com.evil.in/review',
      'https://notgoogle.com/review',
      'https://user@g.page/r/abc',
      'javascript:alert(1)',
      'g.page/r/abc',
      'https://g.page/r/abc review',
    ])
      expect(isGoogleReviewUrl(bad), bad).toBe(false);
    expect(feedbackSettingsUpdate.safeParse({ google_review_url: 'https://example.com' }).success).toBe(
      false,
    );
    expect(feedbackSettingsUpdate.parse({ google_review_url: '' })).toEqual({ google_review_url: null });
  });
});

describe('feedbackFormCreate', () => {
  it('needs two distinct choices for a single-choice question', () => {
    const result = feedbackFormCreate.safeParse({
      title: 'After delivery',
      questions: [{ kind: 'single_choice', label: 'Packing?', options: ['Good', 'good'] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The choices of a question must differ.');
    const one = feedbackFormCreate.safeParse({
      title: 'After delivery',
      questions: [{ kind: 'single_choice', label: 'Packing?', options: ['Good'] }],
    });
    expect(one.error?.issues[0]?.message).toBe('Give at least two choices for a single-choice question.');
    expect(feedbackFormCreate.parse({ title: ' Quick ' })).toEqual({
      title: 'Quick',
      questions: [],
      is_active: true,
    });
  });
});
