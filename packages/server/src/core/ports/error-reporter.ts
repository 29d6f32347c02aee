/**
 * The error-reporting service (issue 26): unexpected errors (the 5xx the error handler answers) go
 * there with who met them, besides the structured server log. Sentry-compatible when SENTRY_DSN is
 * set (http/sentry-error-reporter.ts); otherwise nothing is sent anywhere.
 */
export interface ReportedUser {
  id: number;
  name: string;
  email: string | null;
}

export interface ErrorReport {
  error: Error;
  /** The signed-in user who met it; null for a request without one. */
  user: ReportedUser | null;
  companyId: number | null;
  request?: { method: string; url: string; id: string };
}

export interface ErrorReporter {
  readonly configured: boolean;
  /** Sends the report; never throws (a reporter that fails must not turn into a second error). */
  report(report: ErrorReport): Promise<void>;
}

/** No error-reporting service: the server log alone. */
export const noErrorReporter: ErrorReporter = { configured: false, report: async () => {} };
