import {
  feedbackFormCreate,
  feedbackFormListQuery,
  feedbackFormOutput,
  feedbackFormUpdate,
  feedbackRequestCreate,
  feedbackRequestCreated,
  feedbackRequestListQuery,
  feedbackRequestOutput,
  feedbackSettingsOutput,
  feedbackSettingsUpdate,
  feedbackSummaryOutput,
  feedbackSummaryQuery,
} from '@b2b/domain/api/customer-feedback';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './customer-feedback.service.ts';

const tags = ['customer_feedback'];
const FORM_ORDERING = { title: 'lower(f.title)', created_at: 'f.created_at', updated_at: 'f.updated_at' };
const REQUEST_ORDERING = {
  created_at: 'r.created_at',
  answered_at: 'r.answered_at',
  rating: 'r.rating',
  buyer: 'lower(b.name)',
};

/**
 * Customer feedback's admin calls (issue 24; spec 3 names /customer-feedback and
 * view_customer_feedback but no paths, so they follow the other admin areas). Registered behind
 * the marketing switch (marketing.routes.ts); the public answer page is outside it
 * (customer-feedback-public.routes.ts). view_customer_feedback reads; add_customer_feedback asks
 * buyers and makes forms; change_customer_feedback edits forms and the settings (the Google
 * review link of /google-review-account-verifications among them).
 */
export async function customerFeedbackRoutes(app: Api) {
  const { db } = app.ctx;
  const outbox = service.feedbackOutbox(app.ctx);
  const view = { permission: 'view_customer_feedback', tags };

  listRoute(
    app,
    '/admin/companies/:companyId/feedback_forms',
    {
      ...view,
      description: 'The company’s feedback forms with their requests, answers and average rating.',
      params: companyParams,
      querystring: feedbackFormListQuery,
      item: feedbackFormOutput,
      order: [FORM_ORDERING, '-created_at'],
    },
    (request, sort, window, actor) =>
      service.listForms(
        db,
        actor,
        {
          search: request.query.search,
          isActive: request.query.is_active === undefined ? undefined : request.query.is_active === 'true',
        },
        sort,
        window,
      ),
  );

  route(
    app,
    'POST /admin/companies/:companyId/feedback_forms',
    {
      permission: 'add_customer_feedback',
      tags,
      params: companyParams,
      body: feedbackFormCreate,
      response: z.object({ detail: z.string(), form: feedbackFormOutput }),
      status: 201,
    },
    (request, actor) => service.createForm({ db, actor, input: request.body }),
  );

  route(
    app,
    'GET /admin/feedback_forms/:id',
    { ...view, cache: true, params: recordParams, response: feedbackFormOutput },
    (request, actor) => service.getForm(db, actor, request.params.id),
  );

  route(
    app,
    'PATCH /admin/feedback_forms/:id',
    {
      permission: 'change_customer_feedback',
      tags,
      params: recordParams,
      body: feedbackFormUpdate,
      response: z.object({ detail: z.string(), form: feedbackFormOutput }),
    },
    (request, actor) => service.updateForm({ db, actor, formId: request.params.id, changes: request.body }),
  );

  listRoute(
    app,
    '/admin/companies/:companyId/feedback_requests',
    {
      ...view,
      description:
        'Feedback requests and their answers, newest first: `status` (answered, pending, expired), `rating__in`, `buyer`, `form`, `start_date`/`end_date` (the day answered, or asked while unanswered); `search` in buyer, contact, invoice number, form and answers.',
      params: companyParams,
      querystring: feedbackRequestListQuery,
      item: feedbackRequestOutput,
      order: [REQUEST_ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const q = request.query;
      return service.listRequests(
        db,
        actor,
        {
          search: q.search,
          status: q.status,
          ratings: q.rating__in?.map(Number),
          buyerId: q.buyer,
          formId: q.form,
          startDate: q.start_date,
          endDate: q.end_date,
        },
        sort,
        window,
        outbox.baseUrl,
      );
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/feedback_requests',
    {
      permission: 'add_customer_feedback',
      tags,
      description:
        'Asks a buyer (or one of its contacts) to answer a form: a link that needs no sign-in, mailed when `send_email` and there is an address. The answer shows the link either way.',
      params: companyParams,
      body: feedbackRequestCreate,
      response: feedbackRequestCreated,
      status: 201,
    },
    (request, actor) => service.requestFeedback({ db, actor, input: request.body, outbox }),
  );

  route(
    app,
    'GET /admin/companies/:companyId/feedback_requests/summary',
    {
      ...view,
      cache: true,
      description:
        'Requests and answers of the range (`start_date`/`end_date`, else the last 12 months), the average rating, the count per rating and the average per month.',
      params: companyParams,
      querystring: feedbackSummaryQuery,
      response: feedbackSummaryOutput,
    },
    (request, actor) =>
      service.feedbackSummary(db, actor, {
        buyerId: request.query.buyer,
        formId: request.query.form,
        startDate: request.query.start_date,
        endDate: request.query.end_date,
      }),
  );

  route(
    app,
    'GET /admin/feedback_requests/:id',
    { ...view, params: recordParams, response: feedbackRequestOutput },
    (request, actor) => service.getRequest(db, actor, request.params.id, outbox.baseUrl),
  );

  route(
    app,
    'GET /admin/companies/:companyId/feedback_settings',
    { ...view, cache: true, params: companyParams, response: feedbackSettingsOutput },
    (_request, actor) => service.getSettings(db, actor, outbox),
  );

  route(
    app,
    'PUT /admin/companies/:companyId/feedback_settings',
    {
      permission: 'change_customer_feedback',
      tags,
      description:
        'Any of: send a request after each delivery, the form it asks, the low-rating threshold, how long links last, the Google review page (https on a Google domain; blank removes it).',
      params: companyParams,
      body: feedbackSettingsUpdate,
      response: z.object({ detail: z.string(), settings: feedbackSettingsOutput }),
    },
    (request, actor) => service.updateSettings({ db, actor, input: request.body, outbox }),
  );
}
