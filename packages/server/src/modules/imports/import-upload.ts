import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@b2b/domain/imports';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';

const fileError = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

/** Reads the `file` field of a multipart request as UTF-8 CSV text of at most 32 MB, with its name. */
export async function readImportUpload(request: FastifyRequest): Promise<{ name: string; text: string }> {
  if (!request.isMultipart())
    throw new AppError(
      'unsupported_media_type',
      'Send the file as multipart/form-data in a field named file.',
    );
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw fileError(IMPORT_MESSAGES.file_required);
  const data = await file.toBuffer().catch(() => {
    throw new AppError('payload_too_large', IMPORT_MESSAGES.file_too_large);
  });
  if (file.file.truncated) throw new AppError('payload_too_large', IMPORT_MESSAGES.file_too_large);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileError(IMPORT_MESSAGES.not_text);
  }
  if (text.includes('\u0000')) throw fileError(IMPORT_MESSAGES.not_text);
  return { name: file.filename || 'import.csv', text };
}
