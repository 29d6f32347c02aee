export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, Please try again.';

export type FieldErrors = Record<string, string[]>;

/** A failed API call. `handled` means the global handling already told the user (or navigated away). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | number | undefined;
  readonly detail: string;
  readonly errors: FieldErrors;
  readonly body: Record<string, unknown>;
  readonly handled: boolean;

  constructor(options: {
    status: number;
    detail?: string;
    code?: string | number;
    errors?: FieldErrors;
    body?: Record<string, unknown>;
    handled?: boolean;
  }) {
    super(options.detail || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.detail = options.detail || DEFAULT_ERROR_MESSAGE;
    this.errors = options.errors ?? {};
    this.body = options.body ?? {};
    this.handled = options.handled ?? false;
  }

  hasCode(code: string | number): boolean {
    return this.code !== undefined && String(this.code) === String(code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any thrown value: the server's detail, or the default sentence. */
export function errorDetail(error: unknown): string {
  if (isApiError(error)) return error.detail;
  return DEFAULT_ERROR_MESSAGE;
}

export function isHandled(error: unknown): boolean {
  return isApiError(error) && error.handled;
}
