import { feedbackFormCreate, feedbackRequestCreate } from '@b2b/domain/api/customer-feedback';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import {
  createForm,
  feedbackOutbox,
  requestFeedback,
  updateSettings,
} from '../modules/customer-feedback/customer-feedback.service.ts';
import { answerFeedback } from '../modules/customer-feedback/customer-feedback-answers.ts';

const DAY_MS = 86_400_000;

/**
 * Fifteen answers over the last three months (ratings mostly 4 and 5, a dip in the middle month
 * when a transporter delayed deliveries, one low rating that raised the bell's notice) and two
 * requests still waiting, as buyers of an electrical-goods distributor would answer.
 */
const DEMO_ANSWERS: {
  daysAgo: number;
  rating: number;
  comment: string | null;
  packing: string;
  again: boolean;
}[] = [
  { daysAgo: 84, rating: 5, comment: 'Delivered a day early, thank you.', packing: 'Good', again: true },
  { daysAgo: 80, rating: 4, comment: null, packing: 'Good', again: true },
  {
    daysAgo: 76,
    rating: 5,
    comment: 'Rates better than our earlier supplier.',
    packing: 'Good',
    again: true,
  },
  {
    daysAgo: 71,
    rating: 4,
    comment: 'Please send the GST invoice copy by e-mail too.',
    packing: 'Good',
    again: true,
  },
  { daysAgo: 66, rating: 5, comment: null, packing: 'Good', again: true },
  {
    daysAgo: 55,
    rating: 3,
    comment: 'Transporter came two days late.',
    packing: 'Some cartons damaged',
    again: true,
  },
  {
    daysAgo: 50,
    rating: 2,
    comment: 'Six LED panels arrived cracked; waiting for replacement.',
    packing: 'Some cartons damaged',
    again: false,
  },
  { daysAgo: 45, rating: 4, comment: null, packing: 'Good', again: true },
  { daysAgo: 41, rating: 3, comment: 'Delivery slot was not followed.', packing: 'Good', again: true },
  {
    daysAgo: 35,
    rating: 4,
    comment: 'Salesman very helpful with the Diwali order.',
    packing: 'Good',
    again: true,
  },
  { daysAgo: 24, rating: 5, comment: null, packing: 'Good', again: true },
  {
    daysAgo: 18,
    rating: 5,
    comment: 'Replacement panels received, all good now.',
    packing: 'Good',
    again: true,
  },
  {
    daysAgo: 12,
    rating: 4,
    comment: 'Could you stock 9W bulbs in bulk packs?',
    packing: 'Good',
    again: true,
  },
  { daysAgo: 6, rating: 5, comment: null, packing: 'Good', again: true },
  { daysAgo: 2, rating: 4, comment: 'Smooth as always.', packing: 'Good', again: true },
];

export async function seedDemoFeedback(ctx: AppContext, actor: Principal): Promise<void> {
  const { db } = ctx;
  const outbox = feedbackOutbox(ctx);
  const { form } = await createForm({
    db,
    actor,
    input: feedbackFormCreate.parse({
      title: 'How was your order?',
      intro: 'Tell us how we did. It takes less than a minute and helps us serve your shop better.',
      questions: [
        {
          kind: 'single_choice',
          label: 'How did the goods arrive?',
          required: true,
          options: ['Good', 'Some cartons damaged', 'Items missing'],
        },
        { kind: 'yes_no', label: 'Would you order from us again?', required: true },
        { kind: 'text', label: 'Anything we could do better?' },
      ],
    }),
  });
  // The demo shows requests going out after each delivery; a new company starts with it off.
  await updateSettings({ db, actor, outbox, input: { send_after_delivery: true, default_form: form.id } });

  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'buyer_id'])
    .where('company_id', '=', actor.companyId)
    .orderBy('id')
    .limit(DEMO_ANSWERS.length + 2)
    .execute();
  const buyers = await db
    .selectFrom('buyers')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .orderBy('id')
    .execute();
  if (buyers.length === 0) return;
  const targets = [...DEMO_ANSWERS, null, null].map((answer, index) => {
    const invoice = invoices[index];
    return {
      answer,
      buyer: invoice?.buyer_id ?? (buyers[index % buyers.length]?.id as number),
      invoice: invoice?.id ?? null,
    };
  });
  for (const target of targets) {
    const { request } = await requestFeedback({
      db,
      actor,
      outbox,
      input: feedbackRequestCreate.parse({
        form: form.id,
        buyer: target.buyer,
        invoice: target.invoice,
        send_email: false,
      }),
    });
    if (!target.answer) continue;
    const token = request.url.slice(request.url.lastIndexOf('/') + 1);
    const a = target.answer;
    await answerFeedback(db, token, {
      rating: a.rating,
      answers: { q1: a.packing, q2: a.again, q3: a.comment },
    });
    // Asked the day it was delivered and answered within a day or two: dated back into the past.
    const answeredAt = new Date(Date.now() - a.daysAgo * DAY_MS);
    await db
      .updateTable('feedback_requests')
      .set({
        created_at: new Date(answeredAt.getTime() - 1.5 * DAY_MS),
        expires_at: new Date(answeredAt.getTime() + 28 * DAY_MS),
        answered_at: answeredAt,
      })
      .where('company_id', '=', actor.companyId)
      .where('id', '=', request.id)
      .execute();
  }
}
