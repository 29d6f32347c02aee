import { BILL_ATTACHMENT_MAX_BYTES, BILL_ATTACHMENT_MESSAGES } from '@b2b/domain/bills';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { sniffImage } from '../../storage/file-storage.ts';
import { cleanFileName, isPdf } from '../products/pdf-upload.ts';

const badFile = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

export type AttachmentUpload = Awaited<ReturnType<typeof readAttachmentUpload>>;

/** The single `file` field of a multipart request: a PDF, PNG, JPEG or WebP of at most 5 MB. */
export async function readAttachmentUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the file as multipart/form-data in a field named file.',
    );
  }
  const file = await request.file({ limits: { fileSize: BILL_ATTACHMENT_MAX_BYTES, files: 1 } });
  if (!file) throw badFile(BILL_ATTACHMENT_MESSAGES.file_required);
  const data = await file.toBuffer().catch(() => {
    throw new AppError('payload_too_large', BILL_ATTACHMENT_MESSAGES.too_large);
  });
  if (file.file.truncated) throw new AppError('payload_too_large', BILL_ATTACHMENT_MESSAGES.too_large);
  const image = sniffImage(data);
  const kind = isPdf(data) ? { extension: 'pdf', contentType: 'application/pdf' } : image;
  if (!kind) throw badFile(BILL_ATTACHMENT_MESSAGES.file_type);
  return { data, kind, fileName: cleanFileName(file.filename) };
}
