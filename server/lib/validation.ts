import type { z } from 'zod';
import { badInput, InputRefusal } from './errors.js';

/**
 * Validates a JSON body; a failure is a 400 whose msg names the first bad field in BladeX's
 * `<field>:<message>` form (contract.md 1.3), using the schema's zh message where it has one,
 * and whose `data.fields` holds every bad field with its first message, so a form can show them
 * all at once. It is an InputRefusal: an Idempotency-Key sent with it is freed (lib/idempotency).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? '参数校验失败';
  throw badInput(
    field ? `${field}:${message}` : message,
    Object.keys(fields).length > 0 ? fields : undefined,
  );
}

/**
 * Runs a route's own field checks (each throws `badInput('<field>:<message>')`) and answers
 * every refused field at once, as parseBody does: msg the first refusal, `data.fields` all of
 * them. A check that throws anything else stops at once.
 */
export function checkFields<C extends Record<string, () => unknown>>(
  checks: C,
): { [K in keyof C]: ReturnType<C[K]> } {
  const values: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const [name, check] of Object.entries(checks)) {
    try {
      values[name] = check();
    } catch (error) {
      if (!(error instanceof InputRefusal)) throw error;
      first ??= error.message;
      for (const [field, message] of Object.entries(error.fields ?? {}))
        if (!(field in fields)) fields[field] = message;
    }
  }
  if (first !== undefined)
    throw badInput(first, Object.keys(fields).length > 0 ? fields : undefined);
  return values as { [K in keyof C]: ReturnType<C[K]> };
}

/** Text fields with the zh messages, shared with the resource contracts. */
export { optionalText, requiredText, tooLong } from '../../src/contracts/resource-contract.js';
