import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { type ImageKind, sniffImage } from './file-storage.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Reads the single `file` field of a multipart request and checks it is a PNG, JPEG or WebP image. */
export async function readImageUpload(request: FastifyRequest): Promise<{ data: Buffer; kind: ImageKind }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the image as multipart/form-data in a field named file.',
    );
  }
  const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (!file)
    throw new AppError('validation_error', 'Choose an image to upload.', {
      errors: { file: ['Choose an image to upload.'] },
    });
  const data = await file.toBuffer().catch(() => {
    throw new AppError('payload_too_large', 'The image is larger than 2 MB.');
  });
  if (file.file.truncated) throw new AppError('payload_too_large', 'The image is larger than 2 MB.');
  const kind = sniffImage(data);
  if (!kind) {
    throw new AppError('validation_error', 'Only PNG, JPEG or WebP images can be uploaded.', {
      errors: { file: ['Only PNG, JPEG or WebP images can be uploaded.'] },
    });
  }
  return { data, kind };
}
