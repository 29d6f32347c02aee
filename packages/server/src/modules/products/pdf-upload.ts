import path from 'node:path';
import { MAX_PRODUCT_FILE_BYTES, PRODUCT_MESSAGES } from '@b2b/domain/api/products';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';

/** Every PDF starts with this header; the type is decided from the bytes, never from the name. */
const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');

export const isPdf = (data: Buffer) =>
  data.length > PDF_MAGIC.length && data.subarray(0, 5).equals(PDF_MAGIC);

/** The name shown for download: the uploaded name without folders or control characters. */
export function cleanFileName(name: string | undefined): string {
  const printable = [...(name ?? '').replaceAll('\\', '/')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
  const clipped = path.basename(printable).trim().slice(0, 200);
  return clipped === '' ? 'file.pdf' : clipped;
}

/** Reads the single `file` field of a multipart request and checks it is a PDF of at most 10 MB. */
export async function readPdfUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the file as multipart/form-data in a field named file.',
    );
  }
  const file = await request.file({ limits: { fileSize: MAX_PRODUCT_FILE_BYTES, files: 1 } });
  if (!file) {
    throw new AppError('validation_error', PRODUCT_MESSAGES.file_required, {
      errors: { file: [PRODUCT_MESSAGES.file_required] },
    });
  }
  const data = await file.toBuffer().catch(() => {
    throw new AppError('payload_too_large', PRODUCT_MESSAGES.file_too_large);
  });
  if (file.file.truncated) throw new AppError('payload_too_large', PRODUCT_MESSAGES.file_too_large);
  if (!isPdf(data)) {
    throw new AppError('validation_error', PRODUCT_MESSAGES.file_not_pdf, {
      errors: { file: [PRODUCT_MESSAGES.file_not_pdf] },
    });
  }
  return { data, fileName: cleanFileName(file.filename) };
}
