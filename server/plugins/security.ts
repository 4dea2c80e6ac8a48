import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every answer. The console's CSP allows no inline script but those of its
 * own pages, by hash (the login snapshot's guard); Mantine injects style elements, so styles
 * allow 'unsafe-inline'. Frames may show http(s) pages (/myiframe).
 */
const csp = (scriptHashes: string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'frame-src http: https:',
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[]): void {
  const policy = csp(scriptHashes);
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (request.url.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Pragma', 'no-cache');
    }
  });
}
