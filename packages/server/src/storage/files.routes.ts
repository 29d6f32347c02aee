import { AppError } from '../core/errors.ts';
import type { Api } from '../http/api-types.ts';
import { contentTypeOf } from './file-storage.ts';

/**
 * Serves stored files at /api/files/<key>. Keys are content hashes, so a response never changes
 * and is cached for a year. Logos and product images are not secret (buyers see them).
 */
export async function filesRoutes(app: Api) {
  app.get('/files/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const data = await app.ctx.storage.read(key);
    if (!data) throw new AppError('not_found', 'File Not Found');
    return reply
      .header('Content-Type', contentTypeOf(key))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(data);
  });
}

export const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);
