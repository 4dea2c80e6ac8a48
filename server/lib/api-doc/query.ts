import { MAX_PAGE_SIZE, type ListSpec } from '../query.js';
import type { QueryParamDoc } from './types.js';

/** Suffixes of a text (or date) filter, as lib/query.ts reads them. */
const TEXT_SUFFIXES = [
  'equal',
  'notequal',
  'like',
  'notlike',
  'likeleft',
  'likeright',
  'gt',
  'ge',
  'lt',
  'le',
  'dategt',
  'datege',
  'datelt',
  'datele',
  'dateequal',
  'null',
  'notnull',
] as const;

/** Integer filters: LIKE becomes equality, dates do not apply. */
const INT_SUFFIXES = ['equal', 'notequal', 'gt', 'ge', 'lt', 'le', 'null', 'notnull'] as const;

/** `current` and `size` of a paged list. */
export const PAGE_QUERY: readonly QueryParamDoc[] = [
  {
    name: 'current',
    type: 'integer',
    description: { zh: '页码，从 1 开始（默认 1）', en: 'Page number from 1 (default 1)' },
  },
  {
    name: 'size',
    type: 'integer',
    description: {
      zh: `每页条数（最多 ${MAX_PAGE_SIZE}）`,
      en: `Rows per page (at most ${MAX_PAGE_SIZE})`,
    },
  },
];

/**
 * `parentId` of a lazy tree list (one level at a time): the same on every lazy list, whose
 * search without a parent looks at every level.
 */
export const LAZY_PARENT_QUERY: QueryParamDoc = {
  name: 'parentId',
  type: 'string',
  description: {
    zh: '上级主键：只列其下一层（含 hasChildren）；不传为顶层，带筛选条件时为各层的匹配项',
    en: 'The parent id: one level under it (with hasChildren); without it the top level, or with a filter the matches of every level',
  },
};

/**
 * The query parameters of a list over a ListSpec allowlist: paging, each declared filter with
 * its default operator and accepted suffixes, and `ascs`/`descs` limited to the declared sorts.
 * `paged: false` for a list that answers everything (a tree); `sorted: false` for one that keeps
 * its own order whatever the spec declares (e.g. a lazy tree level).
 */
export function listQuery(
  spec: ListSpec,
  options: { paged?: boolean; sorted?: boolean; extra?: readonly QueryParamDoc[] } = {},
): QueryParamDoc[] {
  const filters: QueryParamDoc[] = Object.entries(spec.filters).map(([name, def]) => {
    const integer = def.type === 'int';
    const operator = integer ? 'equal' : (def.default ?? 'like');
    return {
      name,
      type: integer ? 'integer' : 'string',
      operator,
      suffixes: integer ? INT_SUFFIXES : TEXT_SUFFIXES,
      description: {
        zh: `筛选条件：无后缀为${operator === 'equal' ? '等于' : '模糊匹配'}，可加后缀如 ${name}_equal`,
        en: `Filter: without a suffix ${operator === 'equal' ? 'equals' : 'contains'}; suffixes such as ${name}_equal`,
      },
    };
  });
  const sorts = options.sorted === false ? [] : Object.keys(spec.sorts);
  const sortParams: QueryParamDoc[] = sorts.length
    ? (['ascs', 'descs'] as const).map((name) => ({
        name,
        type: 'string',
        enum: sorts,
        description:
          name === 'ascs'
            ? { zh: '升序字段，逗号分隔', en: 'Ascending sort fields, comma-joined' }
            : { zh: '降序字段，逗号分隔', en: 'Descending sort fields, comma-joined' },
      }))
    : [];
  return [
    ...(options.paged === false ? [] : PAGE_QUERY),
    ...filters,
    ...(options.extra ?? []),
    ...sortParams,
  ];
}
