// The API's errors, free of any web framework: services and queries throw them, http/ answers them.

/** Every error the API can answer with. Adding one here without a status below fails to compile. */
export type ErrorCode =
  | 'validation_error'
  | 'bad_request'
  | 'invalid_credentials'
  | 'company_not_verified'
  | 'not_authenticated'
  | 'token_expired'
  | 'permission_denied'
  | 'not_found'
  | 'route_not_found'
  | 'conflict'
  /** A link that existed and has ended (a shared inventory link past its expiry). */
  | 'gone'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  /** An outside service (the e-way bill portal) refused the request: its reason, as a sentence. */
  | 'bad_gateway';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.extra = options.extra;
  }
}

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'validation_error':
    case 'bad_request':
      return 400;
    case 'invalid_credentials':
    case 'company_not_verified':
    case 'not_authenticated':
    case 'token_expired':
      return 401;
    case 'permission_denied':
      return 403;
    case 'not_found':
    case 'route_not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'gone':
      return 410;
    case 'payload_too_large':
      return 413;
    case 'unsupported_media_type':
      return 415;
    case 'unprocessable':
      return 422;
    case 'rate_limited':
      return 429;
    case 'bad_gateway':
      return 502;
    case 'service_unavailable':
      return 503;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

export const notFound = (thing: string) => new AppError('not_found', `${thing} Not Found`);
export const validationError = (field: string, message: string) =>
  new AppError('validation_error', message, { errors: { [field]: [message] } });
/** 409: the current state forbids it (not enough stock or cashpoints, a credit limit). A field, when given, carries the message too. */
export const conflict = (message: string, field?: string) =>
  new AppError('conflict', message, field ? { errors: { [field]: [message] } } : {});

/** 409 for a transaction that kept deadlocking (or failing serialization) after its retries. */
export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed this at the same moment; please try again.';

/**
 * An error from posting one line of a document, pointed at that line: a 409 (short stock) at its
 * quantity, a 400's fields (a batch number, an expiry date) under `lines.<index>.`.
 */
export function errorAtLine(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'conflict') {
    return new AppError('conflict', error.message, {
      errors: { [`lines.${index}.quantity`]: [error.message] },
      ...(error.extra ? { extra: error.extra } : {}),
    });
  }
  if (error.code === 'validation_error' && error.errors) {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.errors))
      errors[`lines.${index}.${field}`] = messages;
    return new AppError('validation_error', error.message, { errors });
  }
  return error;
}
