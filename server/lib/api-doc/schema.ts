import { z } from 'zod';
import type { BodyDocInput, JsonSchema } from './types.js';

/** Property names whose defaults or examples must never reach the document. */
const SECRET_NAME = /pass|secret|token|credential|private|key$/i;

/** Deeper than this is cut off (the reference shows it as free-form). */
const MAX_DEPTH = 12;

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * A zod schema as JSON Schema: the input side (what a client sends), anything zod cannot
 * express as "any". Never throws: a schema that cannot be converted gives null (free-form).
 */
export function zodToJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const out = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    return sanitize(out, 0, false);
  } catch {
    return null;
  }
}

/** Whatever a route declared as its body schema, as JSON Schema (null: free-form). */
export function resolveSchema(schema: BodyDocInput['schema']): JsonSchema | null {
  if (schema === undefined) return null;
  try {
    if (isZod(schema)) return zodToJsonSchema(schema);
    const value = typeof schema === 'function' ? schema() : schema;
    return value && typeof value === 'object' ? sanitize(value, 0, false) : null;
  } catch {
    return null;
  }
}

/**
 * A copy that holds nothing secret: no `default`/`examples` of secret-named properties, no
 * `examples` at all (the server declares none, so any would be accidental), no nested `$schema`,
 * plain JSON values only, depth bounded.
 */
function sanitize(node: unknown, depth: number, secret: boolean): JsonSchema | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  if (depth > MAX_DEPTH) return {};
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'examples' || key === 'example') continue;
    if ((key === 'default' || key === 'const') && secret) continue;
    if (key === '$schema' && depth > 0) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const props: JsonSchema = {};
      for (const [name, sub] of Object.entries(value as Record<string, unknown>)) {
        props[name] = sanitize(sub, depth + 1, secret || SECRET_NAME.test(name)) ?? {};
      }
      out.properties = props;
    } else if (['items', 'additionalProperties', 'not', 'contains'].includes(key)) {
      out[key] = typeof value === 'boolean' ? value : (sanitize(value, depth + 1, secret) ?? {});
    } else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => sanitize(v, depth + 1, secret) ?? {});
    } else if (key === '$defs' || key === 'definitions') {
      const defs: JsonSchema = {};
      for (const [name, sub] of Object.entries((value ?? {}) as Record<string, unknown>))
        defs[name] = sanitize(sub, depth + 1, secret) ?? {};
      out[key] = defs;
    } else {
      out[key] = plain(value);
    }
  }
  return out;
}

/** JSON-safe copy of a keyword's value (patterns, enums, numbers, strings). */
function plain(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = plain(v);
    return out;
  }
  return null;
}

/** Adds properties (id, version, ...) to an object schema; free-form stays free-form. */
export function withProperties(
  schema: JsonSchema | null,
  extra: Record<string, JsonSchema>,
): JsonSchema | null {
  if (!schema || schema.type !== 'object') return schema;
  const properties = { ...((schema.properties as JsonSchema | undefined) ?? {}) };
  return { ...schema, properties: { ...extra, ...properties } };
}
