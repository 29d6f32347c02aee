import { randomUUID } from 'node:crypto';
import type { ErrorReport, ErrorReporter } from '../core/ports/error-reporter.ts';

/**
 * A Sentry DSN, `https://<public key>@<host>[/<path>]/<project id>`, read into the envelope endpoint
 * (`<scheme>://<host>[/<path>]/api/<project id>/envelope/`) and the key its X-Sentry-Auth names.
 * Undefined for anything else, so a mistyped DSN is refused at start rather than at the first error.
 */
export function parseSentryDsn(
  dsn: string,
): { endpoint: string; publicKey: string; dsn: string } | undefined {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  const projectId = parts.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const prefix = parts.length > 0 ? `/${parts.join('/')}` : '';
  return {
    endpoint: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn,
  };
}

/** The stack's frames in Sentry's order (oldest call first), from V8's `at fn (file:line:col)` lines. */
function framesOf(error: Error) {
  const frames = (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().match(/^at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => ({
      function: match[1] ?? '<anonymous>',
      filename: match[2],
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !match[2]?.includes('node_modules') && !match[2]?.startsWith('node:'),
    }));
  return frames.reverse();
}

/**
 * Reports to a Sentry-compatible service: one event per error, as an envelope (a header line, an
 * item header line, the event) POSTed to the DSN's envelope endpoint. The user goes in the event's
 * `user` (id, username, email). Sent with a short timeout and never retried: a report is a courtesy
 * to the developers, and the server log keeps the error either way.
 */
export function createSentryErrorReporter(
  dsnText: string,
  options: { environment?: string; release?: string; timeoutMs?: number } = {},
): ErrorReporter {
  const dsn = parseSentryDsn(dsnText);
  if (!dsn) throw new Error('SENTRY_DSN is not a Sentry DSN (https://<key>@<host>/<project id>).');
  return {
    configured: true,
    async report(report: ErrorReport) {
      const eventId = randomUUID().replaceAll('-', '');
      const now = new Date();
      const event = {
        event_id: eventId,
        timestamp: now.getTime() / 1000,
        platform: 'node',
        level: 'error',
        logger: 'b2b-server',
        environment: options.environment ?? 'production',
        ...(options.release ? { release: options.release } : {}),
        exception: {
          values: [
            {
              type: report.error.name || 'Error',
              value: report.error.message,
              stacktrace: { frames: framesOf(report.error) },
              mechanism: { type: 'fastify', handled: false },
            },
          ],
        },
        ...(report.user
          ? {
              user: {
                id: String(report.user.id),
                username: report.user.name,
                ...(report.user.email ? { email: report.user.email } : {}),
              },
            }
          : {}),
        tags: report.companyId ? { company_id: String(report.companyId) } : {},
        ...(report.request
          ? {
              request: { method: report.request.method, url: report.request.url },
              contexts: { trace: { request_id: report.request.id } },
            }
          : {}),
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn: dsn.dsn }),
        JSON.stringify({ type: 'event', content_type: 'application/json' }),
        JSON.stringify(event),
      ].join('\n');
      try {
        await fetch(dsn.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-sentry-envelope',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_client=b2b-server/1.0, sentry_key=${dsn.publicKey}`,
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
      } catch {
        // The service is down or slow: the server log still has the error.
      }
    },
  };
}
