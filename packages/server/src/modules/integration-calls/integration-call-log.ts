import type { Database } from '../../db/database.ts';
import { insertIntegrationCall } from './integration-calls.queries.ts';

export interface IntegrationCallSubject {
  companyId: number;
  /** 'razorpay', 'zoho_books', 'amazon_sp', 'courier', 'irp', 'ewb', 'whatsapp', … */
  integration: string;
  /** What is asked: 'create_payment_link', 'push_invoice', 'track', … */
  operation: string;
  /** The document or path it is about; never a secret or a token. */
  target?: string | null;
}

/** An error that carries the outside system's HTTP status, for the log. */
export interface ErrorWithStatus {
  statusCode?: number;
  status?: number;
}

/**
 * Runs `call` (one request to an outside system) and records how it went in integration_calls
 * (/logs-and-errors), then returns its answer or rethrows its error. Pass the root database, not a
 * transaction: the record must survive the caller's rollback. A failure to record never hides the
 * call's own outcome.
 */
export async function loggedIntegrationCall<T>(
  db: Database,
  subject: IntegrationCallSubject,
  call: () => Promise<T>,
  statusOf: (answer: T) => number | null = () => null,
): Promise<T> {
  const started = performance.now();
  try {
    const answer = await call();
    await record(db, subject, started, { ok: true, statusCode: statusOf(answer) });
    return answer;
  } catch (error) {
    const status = (error as ErrorWithStatus | null)?.statusCode ?? (error as ErrorWithStatus | null)?.status;
    await record(db, subject, started, {
      ok: false,
      statusCode: typeof status === 'number' ? status : null,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

async function record(
  db: Database,
  subject: IntegrationCallSubject,
  started: number,
  outcome: { ok: boolean; statusCode: number | null; error?: string },
) {
  await insertIntegrationCall(db, {
    ...subject,
    ...outcome,
    durationMs: performance.now() - started,
  }).catch(() => undefined);
}

/**
 * `client` (an outside system's port: IRP, e-way bill portal, Tally...) with every call of a method
 * that answers a promise (a request going out) recorded by loggedIntegrationCall under the method's
 * name ('fetchPayment' -> 'fetch_payment'), for one company and one document (`target`). Methods
 * that answer at once (building an authorisation URL) are neither logged nor made async. What the
 * methods answer and throw is unchanged. Undefined stays undefined, so callers keep their 'not
 * configured' checks.
 */
export function withCallLog<T extends object>(
  db: Database,
  subject: { companyId: number; integration: string; target?: string | null },
  client: T,
): T;
export function withCallLog<T extends object>(
  db: Database,
  subject: { companyId: number; integration: string; target?: string | null },
  client: T | undefined,
): T | undefined;
export function withCallLog<T extends object>(
  db: Database,
  subject: { companyId: number; integration: string; target?: string | null },
  client: T | undefined,
): T | undefined {
  if (!client) return undefined;
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const operation = property.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
      return (...args: unknown[]) => {
        const answer: unknown = value.apply(target, args);
        return answer instanceof Promise
          ? loggedIntegrationCall(db, { ...subject, operation }, () => answer)
          : answer;
      };
    },
  });
}
