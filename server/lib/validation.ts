import type { z } from 'zod';
import { badInput } from './errors.js';

/**
 * Validates a JSON body; a failure is a 400 whose msg names the first bad field in BladeX's
 * `<field>:<message>` form (contract.md 1.3), using the schema's zh message where it has one.
 * It is an InputRefusal: an Idempotency-Key sent with it is freed (lib/idempotency).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? '参数校验失败';
  throw badInput(field ? `${field}:${message}` : message);
}

/** Text fields with the zh messages, shared with the resource contracts. */
export { optionalText, requiredText, tooLong } from '../../src/contracts/resource-contract.js';
