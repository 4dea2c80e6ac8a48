import type { ApiDocument, ApiRoute, JsonSchema } from '../../api/api-document';

/** A route with the service it belongs to (search results span services). */
export interface RouteRow {
  service: string;
  route: ApiRoute;
}

export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;

/** Whether a route matches a search: its path, its summary (either language) or a code. */
export function routeMatches(route: ApiRoute, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    route.path,
    route.summary?.zh ?? '',
    route.summary?.en ?? '',
    ...(route.access.kind === 'perm' ? route.access.codes : []),
  ];
  return haystack.some((s) => s.toLowerCase().includes(needle));
}

/** The routes a search finds, across every service, in the document's order. */
export function searchRoutes(doc: ApiDocument, term: string): RouteRow[] {
  return doc.services.flatMap((s) =>
    s.routes.filter((r) => routeMatches(r, term)).map((route) => ({ service: s.name, route })),
  );
}

/** One line of a body schema shown as a field list. */
export interface SchemaField {
  /** Dotted path: `user.name`, `items[].code`. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  /** `maxLength: 32`, `pattern: ^\d+$`, `enum: a, b`, ... (shown as text). */
  constraints: string[];
  description?: string;
}

const CONSTRAINT_KEYS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
] as const;

const MAX_DEPTH = 8;

const isObject = (v: unknown): v is JsonSchema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The variants of a union (`anyOf`/`oneOf`), or the node itself. */
function variants(node: JsonSchema): JsonSchema[] {
  const union = (node.anyOf ?? node.oneOf) as unknown;
  return Array.isArray(union) ? union.filter(isObject) : [node];
}

function typeOf(node: JsonSchema): string {
  const union = variants(node);
  if (union.length > 1 || union[0] !== node) return union.map(typeOf).join(' | ') || 'any';
  if (typeof node.$ref === 'string') return 'ref';
  if ('const' in node) return `const ${text(node.const)}`;
  const type = node.type;
  if (Array.isArray(type)) return type.map(String).join(' | ');
  if (type === 'array') {
    const items = isObject(node.items) ? typeOf(node.items) : 'any';
    return `array<${items}>`;
  }
  if (typeof type === 'string') return type;
  if (Array.isArray(node.enum)) return 'enum';
  return 'any';
}

function constraintsOf(node: JsonSchema): string[] {
  const out: string[] = [];
  for (const part of variants(node)) {
    for (const key of CONSTRAINT_KEYS)
      if (part[key] !== undefined) out.push(`${key}: ${text(part[key])}`);
    if (Array.isArray(part.enum)) out.push(`enum: ${part.enum.map(text).join(', ')}`);
    if (part.default !== undefined) out.push(`default: ${text(part.default)}`);
  }
  return [...new Set(out)];
}

/** The object schema inside a node whose fields are listed below it (object, array of objects). */
function nested(node: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
  for (const part of variants(node)) {
    if (isObject(part.properties)) return { schema: part, suffix: '' };
    if (isObject(part.items) && isObject(part.items.properties))
      return { schema: part.items, suffix: '[]' };
  }
  return undefined;
}

function fieldsOf(schema: JsonSchema, prefix: string, depth: number, out: SchemaField[]): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const [key, raw] of Object.entries(properties)) {
    const node = isObject(raw) ? raw : {};
    const name = prefix ? `${prefix}.${key}` : key;
    out.push({
      name,
      depth,
      type: typeOf(node),
      required: required.has(key),
      constraints: constraintsOf(node),
      ...(typeof node.description === 'string' ? { description: node.description } : {}),
    });
    const inner = nested(node);
    if (inner && depth < MAX_DEPTH) fieldsOf(inner.schema, name + inner.suffix, depth + 1, out);
  }
}

/**
 * A body schema as a flat, indented field list (name, type, required, constraints). A schema
 * that is not an object with properties gives one line for the whole body.
 */
export function schemaFields(schema: JsonSchema): SchemaField[] {
  const out: SchemaField[] = [];
  const inner = nested(schema);
  if (inner) fieldsOf(inner.schema, inner.suffix, 0, out);
  else
    out.push({
      name: '(body)',
      depth: 0,
      type: typeOf(schema),
      required: true,
      constraints: constraintsOf(schema),
    });
  return out;
}
