import type { z } from 'zod';
import type { Access } from '../../auth/index.js';

/**
 * The API reference (/setting/api-document) is made from the routes as they register: every
 * /api route's method, path and declared access, plus what the route says about itself in
 * `config.doc` (table routes get theirs from their declaration, lib/table).
 */

/** A text in both console languages. */
export interface DocText {
  zh: string;
  en: string;
}

/** A JSON Schema (draft 2020-12) object, as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** One request parameter: the query string (default) or a header. */
export interface QueryParamDoc {
  name: string;
  in?: 'query' | 'header';
  type: 'string' | 'integer' | 'number' | 'boolean';
  required?: boolean;
  description?: DocText;
  /** A list filter's meaning without a suffix (lib/query.ts): 'like' or 'equal'. */
  operator?: string;
  /** The BladeX suffixes a list filter accepts (`name_like`, `name_equal`, ...). */
  suffixes?: readonly string[];
  /** Accepted values (sort names of `ascs`/`descs`, grant types, ...). */
  enum?: readonly string[];
  maxLength?: number;
  pattern?: string;
}

export type BodyContentType =
  'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';

/** A request body as a route declares it. */
export interface BodyDocInput {
  /** Default application/json. */
  contentType?: BodyContentType;
  /**
   * A zod schema (converted with z.toJSONSchema, input side), a JSON Schema, or a function
   * giving one (evaluated when the document is first built). Absent: free-form.
   */
  schema?: z.ZodType | JsonSchema | (() => JsonSchema | null);
  description?: DocText;
}

/** `config.doc` of a route. */
export interface RouteDocInput {
  summary: DocText;
  query?: readonly QueryParamDoc[];
  body?: BodyDocInput;
  /** What the answer holds (notes, not a schema). */
  response?: DocText;
  /** The route authenticates the OAuth client with HTTP Basic (the token endpoint). */
  clientAuth?: boolean;
}

/** A body in the document: schema null means free-form (none declared, or not convertible). */
export interface BodyDoc {
  contentType: BodyContentType;
  schema: JsonSchema | null;
  description?: DocText;
}

/** How the reference shows a route's access (auth/rules.ts `Access`, without internals). */
export type AccessDoc =
  { kind: 'public' } | { kind: 'user' } | { kind: 'perm'; codes: string[] } | { kind: 'super' };

export interface RouteEntry {
  method: string;
  path: string;
  access: AccessDoc;
  summary?: DocText;
  query?: QueryParamDoc[];
  body?: BodyDoc;
  response?: DocText;
  clientAuth?: boolean;
}

export interface ServiceEntry {
  /** The path segment after /api/ (blade-system, blade-user, ...). */
  name: string;
  routes: RouteEntry[];
}

/** GET blade-system/api-document. */
export interface ApiDocument {
  services: ServiceEntry[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the API reference says about the route (lib/api-doc). */
    doc?: RouteDocInput;
  }
}

export type { Access };
