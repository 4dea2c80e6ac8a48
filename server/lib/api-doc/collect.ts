import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Access } from '../../auth/index.js';
import { resolveSchema } from './schema.js';
import type { AccessDoc, ApiDocument, RouteDocInput, RouteEntry, ServiceEntry } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered (lib/api-doc): the API reference's source. */
    apiDocs: ApiRoutes;
  }
}

/** The parts of Fastify's route options the reference reads. */
interface RegisteredRoute {
  method: string | string[];
  url: string;
  config?: FastifyContextConfig;
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function accessDoc(access: Access | undefined): AccessDoc {
  switch (access?.kind) {
    case 'public':
      return { kind: 'public' };
    case 'perm':
      return { kind: 'perm', codes: [...access.codes] };
    case 'super':
      return { kind: 'super' };
    default:
      // auth/guard.ts refuses an /api route without access, so this is 'user'.
      return { kind: 'user' };
  }
}

function describe(doc: RouteDocInput | undefined): Partial<RouteEntry> {
  if (!doc) return {};
  return {
    summary: doc.summary,
    ...(doc.query?.length ? { query: doc.query.map((p) => ({ ...p })) } : {}),
    ...(doc.body
      ? {
          body: {
            contentType: doc.body.contentType ?? 'application/json',
            schema: resolveSchema(doc.body.schema),
            ...(doc.body.description ? { description: doc.body.description } : {}),
          },
        }
      : {}),
    ...(doc.response ? { response: doc.response } : {}),
    ...(doc.clientAuth ? { clientAuth: true } : {}),
  };
}

/**
 * The /api routes of one app. Routes are kept as registered and read when the document is first
 * asked for: a table plugin's own onRoute hook (lib/api-doc/table.ts) adds its `config.doc`
 * after this app-level hook has seen the route.
 */
export class ApiRoutes {
  private readonly routes: RegisteredRoute[] = [];
  private built: { count: number; document: ApiDocument } | undefined;

  add(route: RegisteredRoute): void {
    if (route.url.startsWith('/api/')) this.routes.push(route);
  }

  /** Each route once (HEAD routes Fastify adds for GET ones are left out), grouped by service. */
  document(): ApiDocument {
    if (this.built?.count === this.routes.length) return this.built.document;
    const services = new Map<string, RouteEntry[]>();
    const seen = new Set<string>();
    for (const route of this.routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method])
        .map((m) => m.toUpperCase())
        .filter((m) => m !== 'HEAD');
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const name = route.url.split('/')[2] ?? '';
        const entry: RouteEntry = {
          method,
          path: route.url,
          access: accessDoc(route.config?.access),
          ...describe(route.config?.doc),
        };
        services.set(name, [...(services.get(name) ?? []), entry]);
      }
    }
    const rank = (m: string) => {
      const i = METHOD_ORDER.indexOf(m);
      return i < 0 ? METHOD_ORDER.length : i;
    };
    const list: ServiceEntry[] = [...services.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, routes]) => ({
        name,
        routes: routes.sort((a, b) =>
          a.path === b.path ? rank(a.method) - rank(b.method) : a.path < b.path ? -1 : 1,
        ),
      }));
    const document = { services: list };
    this.built = { count: this.routes.length, document };
    return document;
  }
}

/** Collects every /api route from here on: call in buildApp before the routes register. */
export function registerApiDocs(app: FastifyInstance): void {
  const routes = new ApiRoutes();
  app.decorate('apiDocs', routes);
  app.addHook('onRoute', (route) => routes.add(route));
}
