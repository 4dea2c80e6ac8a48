import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.js';
import type { Dialect } from './db/database.js';
import type { DB } from './db/schema.js';
import type { RsaTransport } from './lib/rsa.js';

/** Everything a route needs, built once by buildApp() and reachable as `app.ctx`. */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<DB>;
  dialect: Dialect;
  rsa: RsaTransport;
  jwtSecret: string;
  /** Epoch seconds; tests move it to expire tokens, captchas and lock-outs. */
  now(): number;
  /** Captcha text source; tests replace it to know the answer. */
  captchaText(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
