import type { AccessDoc, ApiDocument, JsonSchema, QueryParamDoc, RouteEntry } from './types.js';

/**
 * The API reference as an OpenAPI 3.1 document: one operation per route, tagged with its
 * service, its parameters and request body, and its access as security requirements (the
 * bearer token in the Blade-Auth header; HTTP Basic for the OAuth client of the token
 * endpoint) plus `x-access` (the permission codes, or public / signed-in / super administrator).
 */

const ACCESS_TEXT: Record<AccessDoc['kind'], string> = {
  public: 'Public',
  user: 'Any signed-in user',
  perm: 'Permission',
  super: 'Super administrator only',
};

function accessText(access: AccessDoc): string {
  return access.kind === 'perm'
    ? `Permission: any one of ${access.codes.join(', ')}`
    : ACCESS_TEXT[access.kind];
}

function parameter(p: QueryParamDoc): JsonSchema {
  const schema: JsonSchema = { type: p.type };
  if (p.enum) schema.enum = [...p.enum];
  if (p.maxLength !== undefined) schema.maxLength = p.maxLength;
  if (p.pattern !== undefined) schema.pattern = p.pattern;
  const description = [
    p.description ? `${p.description.en} (${p.description.zh})` : '',
    p.suffixes?.length
      ? `Default operator: ${p.operator ?? 'like'}; suffixes: ${p.suffixes.map((s) => `${p.name}_${s}`).join(', ')}`
      : '',
  ]
    .filter(Boolean)
    .join('. ');
  return {
    name: p.name,
    in: p.in ?? 'query',
    required: p.required === true,
    ...(description ? { description } : {}),
    schema,
  };
}

/** Body schemas are standalone JSON Schemas: references inside them resolve against their $id. */
function bodySchema(schema: JsonSchema | null, id: string): JsonSchema {
  if (!schema) return {};
  const { $schema: _dialect, ...rest } = schema;
  return JSON.stringify(rest).includes('"$ref"') ? { $id: `urn:quanyi:${id}`, ...rest } : rest;
}

function operationId(route: RouteEntry): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return route.method.toLowerCase() + words.join('');
}

/** `/x/:id` -> `/x/{id}`, and its path parameters. */
function pathOf(path: string): { path: string; params: JsonSchema[] } {
  const params: JsonSchema[] = [];
  const out = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    return `{${name}}`;
  });
  return { path: out, params };
}

function operation(service: string, route: RouteEntry, params: JsonSchema[]): JsonSchema {
  const id = operationId(route);
  const security =
    route.access.kind === 'public'
      ? route.clientAuth
        ? [{ clientBasic: [] }]
        : []
      : [{ bladeAuth: [] }];
  const responses: JsonSchema = {
    '200': {
      description: route.response
        ? `${route.response.en} (${route.response.zh})`
        : 'Success: the BladeX envelope {code, success, data, msg}',
    },
  };
  if (route.access.kind !== 'public') responses['401'] = { description: 'No valid token' };
  if (route.access.kind === 'perm' || route.access.kind === 'super')
    responses['403'] = { description: 'No permission' };
  return {
    operationId: id,
    tags: [service],
    ...(route.summary ? { summary: route.summary.en } : {}),
    description: [route.summary?.zh, accessText(route.access)].filter(Boolean).join('\n\n'),
    parameters: [...params, ...(route.query ?? []).map(parameter)],
    ...(route.body
      ? {
          requestBody: {
            ...(route.body.description ? { description: route.body.description.en } : {}),
            content: {
              [route.body.contentType]: { schema: bodySchema(route.body.schema, id) },
            },
          },
        }
      : {}),
    responses,
    security,
    'x-access': route.access,
  };
}

export function toOpenApi(document: ApiDocument, version: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const service of document.services) {
    for (const route of service.routes) {
      const { path, params } = pathOf(route.path);
      paths[path] = {
        ...(paths[path] ?? {}),
        [route.method.toLowerCase()]: operation(service.name, route, params),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quanyi Console API',
      version,
      description:
        'Generated from the server’s own routes. Answers are the BladeX envelope {code, success, data, msg} unless noted.',
    },
    servers: [{ url: '/' }],
    tags: document.services.map((s) => ({ name: s.name })),
    paths,
    components: {
      securitySchemes: {
        bladeAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Blade-Auth',
          description:
            'The access token as "bearer <token>" (Authorization: Bearer <token> is accepted too).',
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'The OAuth client id and secret (token endpoint).',
        },
      },
    },
  };
}
