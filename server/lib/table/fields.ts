import { z } from 'zod';
import { blank } from '../../../src/contracts/resource-contract.js';
import { badRequest } from '../errors.js';
import type { QueryMap } from '../query.js';

/**
 * Field helpers of table declarations (zod, zh messages). `blank` and `optionalText` are the
 * resource contracts' own, so a declared and a hand-written field check text alike.
 */
export { blank };
export { optionalText } from '../validation.js';

/**
 * beforeList for integer columns: only equality (`name`, `name_equal`) on an integer is allowed,
 * anything else is a 400 (PostgreSQL would fail on the type and answer 500).
 */
export function integerEquality(...names: string[]): (query: QueryMap) => void {
  return (query) => {
    for (const name of names) {
      for (const [key, raw] of Object.entries(query)) {
        if (key !== name && !key.startsWith(`${name}_`)) continue;
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (blank(value)) continue;
        const equality = key === name || key === `${name}_equal`;
        if (!equality || !/^-?\d{1,9}$/.test(String(value)))
          throw badRequest(`参数格式错误: ${name}`);
      }
    }
  };
}

/** `id` of a submit: absent or empty creates, otherwise an id of the idList alphabet. */
export const idField = z.preprocess(
  (v) => (blank(v) ? undefined : String(v)),
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误')
    .optional(),
);

/** `version` of a submit to a versioned table: absent means "whatever is current". */
export const versionField = z.preprocess(
  (v) => (blank(v) ? undefined : Number(v)),
  z.number({ error: '参数格式错误' }).int('参数格式错误').optional(),
);
