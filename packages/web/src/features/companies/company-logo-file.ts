/** The server's limits for a company logo, checked before the upload to spare a 2 MB round trip. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const LOGO_TYPE_MESSAGE = 'Only PNG, JPEG or WebP images can be uploaded.';
export const LOGO_SIZE_MESSAGE = 'The image is larger than 2 MB.';

/** Why this file cannot be a logo, or null when it can (the server checks the bytes again). */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}
