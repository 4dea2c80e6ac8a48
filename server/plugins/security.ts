import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security headers for every answer. The console's CSP allows no inline script but those of its
 * own pages, by hash (the login snapshot's guard); Mantine injects style elements, so styles
 * allow 'unsafe-inline'. Frames (/myiframe) may show the console itself and the origins of the
 * menu's external links only (FrameOrigins). HSTS is sent on answers to https requests: over TLS
 * or, with TRUST_PROXY, when a trusted proxy says `X-Forwarded-Proto: https`.
 */
const csp = (scriptHashes: string[], frameOrigins: readonly string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self'", ...frameOrigins].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** One year; subdomains are not the console's to speak for. */
export const HSTS = 'max-age=31536000';

/** How long another process's menu change may take to reach this process's frame-src. */
const FRAME_ORIGINS_TTL_MS = 5000;

/**
 * The origins the console frames: those of the menus whose path is an http(s) address and that
 * open inside the console (isOpen 1; 2 opens a new window), as src/lib/menu-tree.ts reads them.
 * Read at the first answer, again after this process answers a menu write, and at most 5 s
 * stale for writes made by other processes. A database that cannot be read keeps the last set.
 */
class FrameOrigins {
  private origins: readonly string[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<readonly string[]> | undefined;
  /** Bumped by clear(): a read begun before a menu write does not count as fresh after it. */
  private generation = 0;

  constructor(private readonly read: () => Promise<{ path: string; isOpen: number }[]>) {}

  clear(): void {
    this.generation += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
    this.loading = undefined;
  }

  async current(): Promise<readonly string[]> {
    if (Date.now() - this.loadedAt < FRAME_ORIGINS_TTL_MS) return this.origins;
    if (!this.loading) {
      const loading = this.load().finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async load(): Promise<readonly string[]> {
    const generation = this.generation;
    let menus: { path: string; isOpen: number }[];
    try {
      menus = await this.read();
    } catch {
      // The database cannot be read: keep the last set and try again on the next answer.
      return this.origins;
    }
    const found = new Set<string>();
    for (const menu of menus) {
      if (menu.isOpen === 2 || !/^https?:\/\//i.test(menu.path)) continue;
      try {
        found.add(new URL(menu.path).origin);
      } catch {
        // Not an address: the console shows it as an internal route.
      }
    }
    const origins = [...found].sort();
    if (generation === this.generation) {
      this.origins = origins;
      this.loadedAt = Date.now();
    }
    return origins;
  }
}

const isMenuWrite = (request: FastifyRequest) =>
  request.method === 'POST' && request.url.startsWith('/api/blade-system/menu/');

export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[]): void {
  const frames = new FrameOrigins(() =>
    app.ctx.db
      .selectFrom('bladeMenu')
      .select(['path', 'isOpen'])
      .where('isDeleted', '=', 0)
      .where('category', '=', 1)
      .execute(),
  );
  app.addHook('onSend', async (request, reply) => {
    if (isMenuWrite(request) && reply.statusCode < 400) frames.clear();
    reply.header('Content-Security-Policy', csp(scriptHashes, await frames.current()));
    // request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY trusts.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
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
