import { api } from './api';
import { apiRequest } from './client';

/**
 * blade-system/api-document (/setting/api-document): the server's API reference, generated from
 * its own routes (server/lib/api-doc). Texts come in both languages.
 */
export interface DocText {
  zh: string;
  en: string;
}

/** A JSON Schema (draft 2020-12) node as the server wrote it. */
export type JsonSchema = Record<string, unknown>;

export interface ApiParam {
  name: string;
  /** Default 'query'. */
  in?: 'query' | 'header';
  type: string;
  required?: boolean;
  description?: DocText;
  /** A list filter's meaning without a suffix ('like' or 'equal'). */
  operator?: string;
  /** The BladeX suffixes a list filter accepts. */
  suffixes?: string[];
  enum?: string[];
  maxLength?: number;
  pattern?: string;
}

export interface ApiBody {
  contentType: string;
  /** null: free-form (none declared, or the server could not describe it). */
  schema: JsonSchema | null;
  description?: DocText;
}

export type ApiAccess =
  { kind: 'public' } | { kind: 'user' } | { kind: 'perm'; codes: string[] } | { kind: 'super' };

export interface ApiRoute {
  method: string;
  path: string;
  access: ApiAccess;
  summary?: DocText;
  query?: ApiParam[];
  body?: ApiBody;
  response?: DocText;
  clientAuth?: boolean;
}

export interface ApiService {
  name: string;
  routes: ApiRoute[];
}

export interface ApiDocument {
  services: ApiService[];
}

export const apiDocumentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET blade-system/api-document; the page shows a failure itself, with a retry. */
    apiDocument: build.query<ApiDocument, void>({
      query: () => ({ url: 'blade-system/api-document', silent: true }),
    }),
  }),
});

export const { useApiDocumentQuery } = apiDocumentApi;

/** The OpenAPI 3.1 document (GET api-document/openapi.json) through the authenticated client. */
export function fetchOpenApi(): Promise<Blob> {
  return apiRequest<Blob>({ url: 'blade-system/api-document/openapi.json', kind: 'blob' });
}
