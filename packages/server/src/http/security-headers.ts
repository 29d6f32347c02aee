import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer: the web app, the API and its docs.
 * - Scripts only from this origin: the built app has no inline script (index.html loads one
 *   module file) and neither has the swagger UI at /api/docs.
 * - style-src 'unsafe-inline': Mantine writes style attributes and a <style> element of CSS
 *   variables at run time (so do the charts and the swagger UI). Styles cannot run code.
 * - img-src data: blob:: icons inlined in CSS, and previews of images chosen for upload.
 * - frame-ancestors 'none' (and X-Frame-Options: DENY for older browsers): no other page may
 *   frame the app, so a click cannot be hijacked.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'self'", 'blob:'],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

/**
 * Security headers on every answer (helmet), and `Cache-Control: no-store` on API answers that do
 * not choose their own caching: they carry a user's data, which no browser or proxy may keep.
 * Uploaded files keep their long cache and may be shown by other sites (an e-mail's logo).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (request.url.startsWith('/api/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
