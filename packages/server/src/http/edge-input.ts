import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';

/**
 * Text that no route can store, refused once for every route before its schema runs:
 * - a NUL character: PostgreSQL's text types cannot hold U+0000 ('invalid byte sequence for
 *   encoding "UTF8": 0x00'), so it failed deep inside whichever query first met it;
 * - an unpaired UTF-16 surrogate (JSON allows the escape "\ud800"): it is not Unicode text, and
 *   PostgreSQL's json parser refuses it ('invalid input syntax for type json').
 * Both are looked for in path parameters, the query string and every key and string of a JSON body.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL = String.fromCharCode(0);

export const EDGE_INPUT_MESSAGES = {
  nul: 'The text contains a NUL character (\\u0000), which cannot be stored. Remove it and try again.',
  surrogate:
    'The text contains an unpaired UTF-16 surrogate (\\ud800-\\udfff), which is not valid Unicode. Remove it and try again.',
  multipart_boundary: 'The upload is not valid multipart/form-data (no boundary).',
} as const;

function offence(text: string): string | undefined {
  if (text.includes(NUL)) return EDGE_INPUT_MESSAGES.nul;
  return LONE_SURROGATE.test(text) ? EDGE_INPUT_MESSAGES.surrogate : undefined;
}

/**
 * The first key or string under `value` that cannot be stored, with its dotted path. Walks with an
 * explicit stack: a body of deeply nested arrays must not overflow the call stack.
 */
export function findUnstorableText(
  value: unknown,
  root: string,
): { field: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const message = offence(current);
      if (message) return { field: path, message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        const message = offence(key);
        if (message) return { field: path || 'non_field_errors', message };
        stack.push([inner, field]);
      }
    }
  }
  return undefined;
}

const MULTIPART = /^\s*multipart\//i;
const BOUNDARY = /;\s*boundary=("[^"]+"|[^;\s]+)/i;

/** The edge check: one hook for every route, ahead of each route's own schema. */
export async function refuseUnstorableInput(request: FastifyRequest) {
  const contentType = request.headers['content-type'];
  if (contentType && MULTIPART.test(contentType) && !BOUNDARY.test(contentType)) {
    throw new AppError('bad_request', EDGE_INPUT_MESSAGES.multipart_boundary);
  }
  const found =
    findUnstorableText(request.params, '') ??
    findUnstorableText(request.query, '') ??
    findUnstorableText(request.body, '');
  if (found) {
    const field = found.field || 'non_field_errors';
    throw new AppError('validation_error', `${field}: ${found.message}`, {
      errors: { [field]: [found.message] },
    });
  }
}

export function registerEdgeInput(app: FastifyInstance) {
  app.addHook('preValidation', refuseUnstorableInput);
}
