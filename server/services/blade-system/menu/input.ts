import { z } from 'zod';

/**
 * Body pieces shared by the menu, role and top-menu submit/grant bodies. Consoles send ids as
 * strings or numbers and write "no value" as null, "" or -1 (contract.md Part 1 decision 1).
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const blank = (v: unknown) => v === null || v === '';

/** An optional record id (submit: absent = insert). */
export const optionalId = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : v),
  z.string({ error: '编号格式错误' }).regex(ID_PATTERN, '编号格式错误').optional(),
);

/** A parent reference: null, "", -1 and 0 all mean the top level ('0'); absent stays absent. */
export const optionalParentId = z.preprocess(
  (v) =>
    v === undefined
      ? undefined
      : blank(v) || v === -1 || v === '-1' || v === 0
        ? '0'
        : typeof v === 'number'
          ? String(v)
          : v,
  z.string({ error: '上级编号格式错误' }).regex(ID_PATTERN, '上级编号格式错误').optional(),
);

/** An id list given as a JSON array (strings or numbers) or a comma string; absent = []. */
export function idArray(emptyMessage?: string) {
  const list = z
    .array(
      z
        .union([z.string(), z.number()], { error: '编号格式错误' })
        .transform((v) => String(v).trim())
        .pipe(z.string().regex(ID_PATTERN, '编号格式错误')),
      { error: '编号列表格式错误' },
    )
    .max(5000, '一次最多处理5000条数据');
  return z.preprocess(
    (v) =>
      v === undefined || v === null
        ? []
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    emptyMessage ? list.min(1, emptyMessage) : list,
  );
}

/** An optional integer; null and "" count as absent. */
export function optionalInt(message = '请输入整数') {
  return z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce.number({ error: message }).int(message).optional(),
  );
}

/** Optional text limited to `max`; null counts as absent. */
export function optionalText(max: number) {
  return z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: '格式错误' }).trim().max(max, `长度不能超过${max}个字符`).optional(),
  );
}

/** Distinct values, first occurrence order. */
export const distinct = (ids: string[]): string[] => [...new Set(ids)];

/** A comma list from the query (role-tree-keys?roleIds=1,2); bad ids are dropped, not fatal. */
export function commaIds(raw: string | undefined): string[] {
  return distinct(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => ID_PATTERN.test(s)),
  ).slice(0, 1000);
}

/** Runs `fn` over `ids` in slices, so no statement binds too many parameters. */
export async function inChunks<T>(
  ids: string[],
  fn: (slice: string[]) => Promise<T[]>,
  size = 500,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await fn(ids.slice(i, i + size))));
  return out;
}
