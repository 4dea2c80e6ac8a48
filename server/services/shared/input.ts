import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/** Request input the parties' calls (suppliers, access parties, apps) read alike. */

/** One id as sent: letters, digits, `_` and `-`, 32 at most. */
export const idText = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误');

/** Ids sent as an array or comma-joined text ('' or absent: none), for z.preprocess. */
export const splitIds = (v: unknown): unknown =>
  v === undefined || v === null || v === ''
    ? []
    : typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v;

/** The body parsed, or 400 with the first refusal's message as it stands (no field prefix). */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? '参数格式错误');
  return result.data;
}
