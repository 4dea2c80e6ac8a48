import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { prepared } from '../db/prepared.js';
import { compactDataVersions, DATA_VERSION_TABLES } from '../db/migrations/057-data-versions.js';

/**
 * The answer cache (issue 30): a list read again by the same session, while nothing it was
 * built from has changed, is answered with the bytes of the last answer instead of running its
 * queries again (a keep-alive tab refetching, a screen polling, a client asking for the same
 * page). A route opts in with `config.answerCache`: the tables its answer reads, apart from what
 * the grants version already covers (menus, roles, scopes, departments, dictionaries, tenants).
 *
 * Why it cannot serve stale data:
 * - an answer is keyed by the session, the grants version, the URL (path and query) and the data
 *   versions of its tables (db/migrations/057: triggers move them in the writing transaction,
 *   whoever writes: a route, a job, another process, SQL);
 * - the versions are read before the route's queries run, so an answer stored under a version
 *   is at least as new as that version; a write after it moves the version and the next request
 *   misses;
 * - the guard still runs first on every request: a revoked session is 401, a removed grant 403;
 *   the list rate limit still counts (this runs after the route's other preHandlers);
 * - only a 200 answer is kept, and only for the session that asked (answers may hold what that
 *   session alone may see, e.g. phone numbers sealed with its key).
 *
 * Answers that depend on the clock (lazily expired codes, "due" states) must not opt in. Per
 * process, bounded by bytes (ANSWER_CACHE_MB; 0 turns it off), least recently used first out.
 * server/lib/answer-cache.test.ts checks that each opted-in route reads only the tables it names.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Tables (snake_case) the route's answer is built from: the answer may be served again
     * while none of them changes (lib/answer-cache.ts). */
    answerCache?: readonly DataVersionTable[];
  }
  interface FastifyInstance {
    /** The routes that keep their answers, and the answers kept (answer-cache.ts). */
    answerCache: { routes: { url: string; tables: readonly string[] }[]; store: AnswerStore };
  }
  interface FastifyRequest {
    /** The key this request's answer is kept under (answer-cache.ts). */
    answerKey?: string;
  }
}

export type DataVersionTable = (typeof DATA_VERSION_TABLES)[number];

/** Every table's data version (the sum of its rows: 057-data-versions.ts), one statement. */
const dataVersions = prepared()((db) =>
  db
    .selectFrom('bladeDataVersion')
    .select((eb) => ['tableName', eb.fn.sum<number | string>('version').as('version')])
    .groupBy('tableName'),
);

interface Answer {
  body: string;
  contentType: string;
}

/** Least recently used first out, bounded by the bytes of the bodies kept. */
export class AnswerStore {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): Answer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: Answer): void {
    const size = answer.body.length * 2;
    if (size > this.maxBytes / 8) return; // one answer never pushes out most of the others
    this.delete(key);
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldest] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const answer = this.answers.get(key);
    if (!answer) return;
    this.answers.delete(key);
    this.bytes -= answer.body.length * 2;
  }

  get size(): number {
    return this.answers.size;
  }
}

/**
 * Registers the cache on the routes that opt in; `maxBytes` 0 turns it off. Must be called
 * after the hooks that must run on every request (guard, list rate limit), before the routes.
 */
export function registerAnswerCache(app: FastifyInstance, maxBytes: number): void {
  const store = new AnswerStore(maxBytes);
  const known = new Set<string>(DATA_VERSION_TABLES);
  const routes: { url: string; tables: readonly string[] }[] = [];
  app.decorate('answerCache', { routes, store });

  app.addHook('onRoute', (route) => {
    const tables = route.config?.answerCache;
    if (!tables) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD'))
      throw new Error(`route ${route.url}: only reads may keep their answers`);
    if (!methods.includes('GET')) return; // the HEAD route Fastify adds beside a GET
    const unknown = tables.filter((t) => !known.has(t));
    if (unknown.length)
      throw new Error(`route ${route.url}: no data version for ${unknown.join(', ')}`);
    routes.push({ url: route.url, tables });
    if (!(maxBytes > 0)) return;
    const lookup = answerLookup(app, store, tables);
    const before = route.preHandler;
    route.preHandler = [...(before ? (Array.isArray(before) ? before : [before]) : []), lookup];
  });

  if (app.hasDecorator('ctx') && app.ctx.dialect === 'postgres') foldEndedBackends(app);

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.answerKey;
    if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string') store.set(key, { body: payload, contentType });
  });
}

function answerLookup(
  app: FastifyInstance,
  store: AnswerStore,
  tables: readonly string[],
): preHandlerHookHandler {
  return async function answerFromCache(request: FastifyRequest, reply: FastifyReply) {
    const user = request.auth;
    if (!user) return; // a public route: not cached (none opts in)
    const versions = new Map(
      (await dataVersions.all(app.ctx.db, {})).map((r) => [r.tableName, String(r.version)]),
    );
    const parts = tables.map((t) => versions.get(t));
    if (parts.includes(undefined)) return; // a table without its version row: never cached
    const key = `${user.sessionId}|${String(user.grantsVersion)}|${request.url}|${parts.join(',')}`;
    const answer = store.get(key);
    if (answer) {
      await reply.code(200).type(answer.contentType).send(answer.body);
      return;
    }
    request.answerKey = key;
  };
}

/** How often a process folds the version rows of ended PostgreSQL backends (057). */
const COMPACT_EVERY_MS = 10 * 60_000;

/**
 * PostgreSQL: the pool's connections come and go, each leaving one version row per table it
 * wrote; folding them at start and every few minutes keeps the version read to a few rows.
 */
function foldEndedBackends(app: FastifyInstance): void {
  const fold = () =>
    compactDataVersions(app.ctx.db).catch((err: unknown) =>
      // Two processes folding at once may deadlock; the next round folds what this one left.
      app.log.warn({ err }, 'data version rows not folded'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await fold();
    timer = setInterval(() => void fold(), COMPACT_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
