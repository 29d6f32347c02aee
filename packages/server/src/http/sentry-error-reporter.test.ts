import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';
import { testServer } from '../../test/harness.ts';
import { type SentryStandIn, startSentryStandIn } from '../../test/sentry-stand-in.ts';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../core/errors.ts';
import { noErrorReporter } from '../core/ports/error-reporter.ts';
import { errorHandler } from './errors.ts';
import { createSentryErrorReporter, parseSentryDsn } from './sentry-error-reporter.ts';

let standIn: SentryStandIn;
beforeAll(async () => {
  standIn = await startSentryStandIn();
});
afterAll(() => standIn.close());

/** An app with the real error handler whose one route throws `error` for the signed-up admin. */
async function failingApp(
  ctx: Partial<AppContext>,
  principal: { companyId: number; userId: number } | null,
  error: Error,
) {
  const app = Fastify({ logger: false });
  app.decorate('ctx', ctx as AppContext);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', async (request) => {
    if (principal) request.principal = { ...principal } as never;
  });
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('parseSentryDsn', () => {
  it('reads the envelope endpoint and key, with a path prefix, and refuses what is no DSN', () => {
    expect(parseSentryDsn('https://abc@o1.ingest.sentry.io/123')).toMatchObject({
      endpoint: 'https://o1.ingest.sentry.io/api/123/envelope/',
      publicKey: 'abc',
    });
    expect(parseSentryDsn('https://abc@errors.example.in/sentry/7')?.endpoint).toBe(
      'https://errors.example.in/sentry/api/7/envelope/',
    );
    expect(parseSentryDsn('https://errors.example.in/7')).toBeUndefined();
    expect(parseSentryDsn('not a dsn')).toBeUndefined();
    expect(() => createSentryErrorReporter('https://errors.example.in/x')).toThrow(/SENTRY_DSN/);
  });
});

describe('errorHandler with a Sentry-compatible reporter', () => {
  it("reports an unexpected error with the user's id, name and e-mail, and still answers the 500", async () => {
    const company = await signUpCompany();
    const { db } = (await testServer()).server.ctx;
    const app = await failingApp(
      { db, errorReporter: createSentryErrorReporter(standIn.dsn, { environment: 'test' }) },
      { companyId: company.companyId, userId: company.userId },
      new TypeError('Cannot read properties of undefined'),
    );
    const received = standIn.next();
    const res = await app.inject({ method: 'GET', url: '/boom?secret=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Something went wrong, Please try again.', code: 'server_error' });
    const envelope = await received;
    await app.close();
    expect(envelope.path).toBe('/api/42/envelope/');
    expect(envelope.contentType).toBe('application/x-sentry-envelope');
    expect(envelope.auth).toContain('sentry_key=publickey123');
    expect(envelope.item).toMatchObject({ type: 'event' });
    expect(envelope.header.event_id).toBe(envelope.event.event_id);
    expect(envelope.event).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'test',
      user: {
        id: String(company.userId),
        username: 'Priya Sharma',
        email: company.email,
      },
      tags: { company_id: String(company.companyId) },
      request: { method: 'GET', url: '/boom' },
    });
    expect(envelope.event.exception.values[0]).toMatchObject({
      type: 'TypeError',
      value: 'Cannot read properties of undefined',
    });
    expect(envelope.event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
  }, 120_000);

  it('reports nothing for an expected error (a 4xx) nor without a service', async () => {
    const before = standIn.envelopes.length;
    const reporting = await failingApp(
      { errorReporter: createSentryErrorReporter(standIn.dsn) },
      null,
      new AppError('not_found', 'Buyer Not Found'),
    );
    expect((await reporting.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(404);
    await reporting.close();
    const silent = await failingApp({ errorReporter: noErrorReporter }, null, new Error('boom'));
    expect((await silent.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await silent.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standIn.envelopes.length).toBe(before);
  });
});
