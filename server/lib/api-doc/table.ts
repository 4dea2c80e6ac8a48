import type { FastifyInstance } from 'fastify';
import type { TableDef } from '../table/define.js';
import { listQuery } from './query.js';
import { withProperties, zodToJsonSchema } from './schema.js';
import type { QueryParamDoc, RouteDocInput } from './types.js';

const ID_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

const ID_PARAM: QueryParamDoc = {
  name: 'id',
  type: 'string',
  required: true,
  pattern: ID_PATTERN,
  description: { zh: '记录主键', en: 'The record id' },
};

const IDS_PARAM: QueryParamDoc = {
  name: 'ids',
  type: 'string',
  required: true,
  description: {
    zh: '记录主键，逗号分隔；任一不存在则全部不删除',
    en: 'Record ids, comma-joined; if any is missing nothing is removed',
  },
};

const PAGE_ANSWER = {
  zh: '分页：records、total、size、current、pages',
  en: 'A page: records, total, size, current, pages',
};

/** The documentation of each route a table declaration serves, by the route's last segment. */
export function tableDocs(def: TableDef): Record<string, RouteDocInput> {
  const versioned = def.versioned === true;
  return {
    list: {
      summary: { zh: '分页列表', en: 'Paged list' },
      query: listQuery(def.list),
      response: PAGE_ANSWER,
    },
    detail: {
      summary: { zh: '详情', en: 'Detail' },
      query: [ID_PARAM],
      response: {
        zh: '一条记录；不存在或无权查看为 404',
        en: 'One record; 404 if absent or not visible',
      },
    },
    select: {
      summary: { zh: '全部记录（不分页，供选择器使用）', en: 'Every record, unpaged (pickers)' },
    },
    submit: {
      summary: {
        zh: versioned
          ? '新增或修改：无 id 新增，有 id 修改（带 version 乐观锁，过期为 409）'
          : '新增或修改：无 id 新增，有 id 修改',
        en: versioned
          ? 'Create or update: no id creates, an id updates (version locks optimistically: 409 when stale)'
          : 'Create or update: no id creates, an id updates',
      },
      body: {
        contentType: 'application/json',
        schema: () =>
          withProperties(zodToJsonSchema(def.input), {
            id: { type: 'string', pattern: ID_PATTERN },
            ...(versioned ? { version: { type: 'integer' } } : {}),
          }),
      },
      response: { zh: '{id}：新增或修改的记录主键', en: '{id}: the id of the saved record' },
    },
    enable: {
      summary: { zh: '启用/停用（全部成功或全部不变）', en: 'Enable or disable (all or nothing)' },
      query: [
        {
          ...IDS_PARAM,
          description: {
            zh: '记录主键，逗号分隔；任一不存在则全部不变',
            en: 'Record ids, comma-joined; if any is missing nothing changes',
          },
        },
        ...(def.toggle
          ? [
              {
                name: def.toggle.column,
                type: 'integer' as const,
                required: true,
                enum: ['0', '1'],
                description: { zh: '1 启用，0 停用', en: '1 enable, 0 disable' },
              },
            ]
          : []),
      ],
    },
    remove: {
      summary: {
        zh: '删除（逻辑删除，全部成功或全部不删）',
        en: 'Remove (logic delete, all or nothing)',
      },
      query: [IDS_PARAM],
    },
  };
}

/**
 * Documents the routes a table plugin registers (called by lib/table's tableRoutes inside its
 * own plugin, so only that table's routes are touched). A route that states its own
 * `config.doc` (the export route) keeps it.
 */
export function documentTable(app: FastifyInstance, def: TableDef): void {
  const base = `/api/${def.path}/`;
  const docs = tableDocs(def);
  // A call the contract names as the spec does (`listParkPage`, `removeById/{id}`) is documented
  // as the engine's call it is.
  const byPath = new Map(
    Object.entries(docs).map(([name, doc]) => {
      const path = def.calls?.[name as keyof typeof def.calls]?.path ?? name;
      return [path.replace('{id}', ':id'), doc];
    }),
  );
  app.addHook('onRoute', (route) => {
    if (route.config?.doc || !route.url.startsWith(base)) return;
    const doc = byPath.get(route.url.slice(base.length));
    if (doc) route.config = { ...route.config, doc };
  });
}
