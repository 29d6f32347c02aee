import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@b2b/domain/imports';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { looksLikeXlsx, xlsxToCsvText } from './xlsx-records.ts';

const fileError = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

/**
 * Reads the `file` field of a multipart request (at most 32 MB) as CSV text, with its name: a UTF-8
 * CSV file as it is, an .xlsx workbook's first sheet turned into the CSV it would export
 * (xlsx-records.ts), so every kind reads one format and the rows keep the sheet's numbers.
 */
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
  if (looksLikeXlsx(data)) {
    try {
      return { name: file.filename || 'import.xlsx', text: await xlsxToCsvText(data) };
    } catch {
      throw fileError(IMPORT_MESSAGES.not_text);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileError(IMPORT_MESSAGES.not_text);
  }
  if (text.includes('\u0000')) throw fileError(IMPORT_MESSAGES.not_text);
  return { name: file.filename || 'import.csv', text };
}
