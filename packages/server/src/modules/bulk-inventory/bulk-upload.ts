import { BULK_INVENTORY_MAX_BYTES, BULK_MESSAGES } from '@b2b/domain/bulk-inventory';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';

const fileError = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

/** Reads the single `file` field of a multipart request as UTF-8 CSV text of at most 2 MB. */
export async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the file as multipart/form-data in a field named file.',
    );
  }
  const file = await request.file({ limits: { fileSize: BULK_INVENTORY_MAX_BYTES, files: 1 } });
  if (!file) throw fileError(BULK_MESSAGES.file_required);
  const data = await file.toBuffer().catch(() => {
    throw new AppError('payload_too_large', BULK_MESSAGES.file_too_large);
  });
  if (file.file.truncated) throw new AppError('payload_too_large', BULK_MESSAGES.file_too_large);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileError(BULK_MESSAGES.not_text);
  }
  // A NUL byte never appears in a text file: this is a spreadsheet or an image renamed .csv.
  if (text.includes('\u0000')) throw fileError(BULK_MESSAGES.not_text);
  return text;
}
