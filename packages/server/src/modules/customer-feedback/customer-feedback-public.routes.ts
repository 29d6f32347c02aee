import {
  publicFeedbackAnswer,
  publicFeedbackOutput,
  publicFeedbackThanks,
} from '@b2b/domain/api/customer-feedback';
import { FEEDBACK_MESSAGES as M } from '@b2b/domain/customer-feedback';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { AppError, statusOf } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { answerFeedback, publicFeedback } from './customer-feedback-answers.ts';
import { renderFeedbackForm, renderProblem, renderThanks } from './customer-feedback-page.ts';

const tags = ['customer_feedback'];
const tokenParams = z.object({ token: z.string().max(100) });

/** Hits of one address on feedback pages per minute: a person answers once, a script is stopped. */
const PUBLIC_LIMIT = 30;

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));
const html = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(page);

/** The link's refusals (404 unknown, 409 answered, 410 expired) as a page with their sentence. */
function problemPage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || !['not_found', 'conflict', 'gone', 'rate_limited'].includes(error.code))
    throw error;
  return html(reply, statusOf(error.code), renderProblem(error.message));
}

/**
 * The feedback link (issue 24): no sign-in, found by its unguessable token alone, limited per
 * address, outside the marketing switch (a buyer's link keeps working whatever the company does
 * with its marketing). A browser gets the page and posts the form (urlencoded); API callers get
 * and post JSON. One answer per link: a second gets 409 with a sentence, an expired link 410.
 */
export async function customerFeedbackPublicRoutes(app: Api) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        const fields: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(String(body))) fields[key] ??= value;
        done(null, fields);
      },
    );
    registerPublicRoutes(scope as unknown as Api);
  });
}

function registerPublicRoutes(app: Api) {
  const { db } = app.ctx;
  const limit = (request: FastifyRequest) =>
    hitRateLimit(db, {
      key: `customer_feedback:ip:${request.ip}`,
      limit: PUBLIC_LIMIT,
      windowSeconds: 60,
      message: M.rate_limited,
    });

  app.get(
    '/feedback/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'The feedback form of a link (no sign-in): the company’s name and what is asked. 404 for an unknown link, 409 when answered, 410 after it expired.',
        params: tokenParams,
        response: { 200: publicFeedbackOutput },
      },
    },
    async (request, reply) => {
      try {
        await limit(request);
        const form = await publicFeedback(db, request.params.token);
        if (!wantsHtml(request)) return form;
        return html(reply, 200, renderFeedbackForm(form));
      } catch (error) {
        if (wantsHtml(request)) return problemPage(reply, error);
        throw error;
      }
    },
  );

  app.post(
    '/feedback/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'Answers the link’s form once: `{rating: 1-5, answers: {<question key>: value}}` (the page posts `rating` and `q_<key>`). 400 with the field errors, 409 when answered already, 410 after it expired.',
        params: tokenParams,
        body: publicFeedbackAnswer,
        response: { 200: publicFeedbackThanks },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      try {
        await limit(request);
        const thanks = await answerFeedback(db, request.params.token, body);
        if (!wantsHtml(request))
          return { detail: thanks.detail, google_review_url: thanks.google_review_url };
        return html(reply, 200, renderThanks(thanks.company, thanks.detail, thanks.google_review_url));
      } catch (error) {
        if (!wantsHtml(request)) throw error;
        if (error instanceof AppError && error.code === 'validation_error') {
          // The form again, with what was sent and the errors beside their fields.
          const form = await publicFeedback(db, request.params.token).catch(() => undefined);
          if (form) return html(reply, 400, renderFeedbackForm(form, body, error.errors ?? {}));
        }
        return problemPage(reply, error);
      }
    },
  );
}
