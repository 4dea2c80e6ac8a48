export { ApiRoutes, registerApiDocs } from './collect.js';
export { toOpenApi } from './openapi.js';
export { LAZY_PARENT_QUERY, listQuery, PAGE_QUERY } from './query.js';
export { resolveSchema, withProperties, zodToJsonSchema } from './schema.js';
export { documentTable, tableDocs } from './table.js';
export type {
  AccessDoc,
  ApiDocument,
  BodyDoc,
  BodyDocInput,
  DocText,
  JsonSchema,
  QueryParamDoc,
  RouteDocInput,
  RouteEntry,
  ServiceEntry,
} from './types.js';
