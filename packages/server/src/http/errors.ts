import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  AppError,
  CONCURRENT_CHANGE_MESSAGE,
  type ErrorCode,
  type FieldErrors,
  statusOf,
} from '../core/errors.ts';
import { isConcurrencyFailure } from '../db/transaction.ts';
import { reportUnexpected } from './report-unexpected.ts';

/** The spec's numeric codes for the two 401s the web app tells apart; the rest keep their names. */
function wireCode(code: ErrorCode): string | number {
  if (code === 'invalid_credentials') return 1006;
  if (code === 'company_not_verified') return 1013;
  return code;
}

function fieldErrorsFromZod(
  validation: { instancePath: string; message?: string }[],
  context?: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'non_field_errors';
    const list = errors[field] ?? [];
    list.push(issue.message ?? 'Field is invalid');
    errors[field] = list;
  }
  return errors;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(statusOf(error.code)).send({
    detail: error.message,
    code: wireCode(error.code),
    ...(error.errors ? { errors: error.errors } : {}),
    ...error.extra,
  });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendError(reply, error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsFromZod(error.validation, error.validationContext);
    const first = Object.entries(errors)[0];
    const detail = first ? `${first[0]}: ${first[1][0]}` : 'Invalid input.';
    return sendError(reply, new AppError('validation_error', detail, { errors }));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    reportUnexpected(request, error);
    return reply
      .status(500)
      .send({ detail: 'Something went wrong, Please try again.', code: 'server_error' });
  }
  if (isConcurrencyFailure(error)) {
    // Still losing the race after inTransaction's retries: the user can simply try again.
    request.log.warn({ err: error }, 'transaction lost a race after its retries');
    return sendError(reply, new AppError('conflict', CONCURRENT_CHANGE_MESSAGE));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return sendError(reply, new AppError('rate_limited', error.message));
  if (status === 413) return sendError(reply, new AppError('payload_too_large', 'The request is too large.'));
  if (status === 415) return sendError(reply, new AppError('unsupported_media_type', error.message));
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx: malformed JSON, empty body with a JSON content type, and the like.
    return sendError(reply, new AppError('bad_request', error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  reportUnexpected(request, error);
  return reply.status(500).send({ detail: 'Something went wrong, Please try again.', code: 'server_error' });
}
