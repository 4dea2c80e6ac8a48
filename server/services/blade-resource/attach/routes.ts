import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import { bodyObject, idList, queryMap, requiredParam } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import { assertUpdated, wire } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { attachmentDisposition, extensionOf } from '../../../lib/storage/file-types.js';
import { versionField } from '../../../lib/table/fields.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import {
  currentUser,
  perm,
  SIGNED_IN,
  type AuthUser,
  permissionCodes,
} from '../../../auth/index.js';

const LIST: ListSpec = {
  filters: {
    originalName: { column: 'a.originalName' },
    extension: { column: 'a.extension', default: 'equal' },
    kind: { column: 'a.kind', default: 'equal' },
    createTime: { column: 'a.createTime' },
  },
  sorts: {
    createTime: 'a.createTime',
    attachSize: 'a.attachSize',
    originalName: 'a.originalName',
  },
};

const COLUMNS = [
  'a.id',
  'a.tenantId',
  'a.kind',
  'a.link',
  'a.domain',
  'a.name',
  'a.originalName',
  'a.extension',
  'a.contentType',
  'a.attachSize',
  'a.createUser',
  'a.createTime',
  'a.updateTime',
  'a.version',
] as const;

const READ = perm('attach', 'attach_view');

/** The list in the API reference (lib/api-doc). */
const LIST_DOC: RouteDocInput = {
  summary: {
    zh: '附件分页列表（本租户，默认最新在前）',
    en: "Paged attachments of the caller's tenant (newest first by default)",
  },
  query: listQuery(LIST),
  response: {
    zh: '分页：records（含上传人 createUserName）、total、size、current、pages',
    en: 'A page: records (with the uploader as createUserName), total, size, current, pages',
  },
};
export const NOT_FOUND = '附件不存在';

/** Live attachments of the caller's tenant, with the uploader's name. */
function visible(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladeAttach as a')
    .leftJoin('bladeUser as u', 'u.id', 'a.createUser')
    .where('a.tenantId', '=', user.tenantId)
    .where('a.isDeleted', '=', 0);
}

const present = <T extends object>(row: T) => wire(row);

const RENAME = z.object({
  id: z.string({ error: '请选择附件' }).regex(/^[0-9]{1,32}$/, '参数格式错误: id'),
  originalName: z
    .string({ error: '请输入附件名称' })
    .trim()
    .min(1, '请输入附件名称')
    .max(200, '附件名称不能超过200个字符')
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\\/\u0000-\u001f\u007f]/.test(s), '附件名称不能包含路径或控制字符'),
  // Optimistic lock of a rename: the version the editor loaded (absent: whatever is current).
  version: versionField,
});

/**
 * blade-resource/attach: the tenant's uploaded files. list/detail (menu `attach` or
 * `attach_view`), remove (`attach_delete`: the rows are logically deleted and the stored objects
 * removed), submit (`attach_upload`: renames; files are created by the upload endpoints), and
 * the authenticated download (`attach_download`, or the file's own uploader) as an attachment.
 */
export default async function attachRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-resource/attach';

  app.get(`${base}/list`, { config: { access: READ, doc: LIST_DOC } }, async (request) => {
    const page = await paged(
      visible(ctx, currentUser(request)),
      (qb) => qb.select([...COLUMNS, 'u.realName as createUserName']),
      queryMap(request),
      LIST,
      ctx.dialect,
      [
        { column: 'a.createTime', direction: 'desc' },
        { column: 'a.id', direction: 'desc' },
      ],
    );
    return ok({ ...page, records: page.records.map(present) });
  });

  app.get(`${base}/detail`, { config: { access: READ } }, async (request) => {
    const row = await visible(ctx, currentUser(request))
      .select([...COLUMNS, 'u.realName as createUserName'])
      .where('a.id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    return ok(present(row));
  });

  app.post(`${base}/submit`, { config: { access: perm('attach_upload') } }, async (request) => {
    const user = currentUser(request);
    const input = parseBody(RENAME, bodyObject(request));
    const row = await visible(ctx, user)
      .select(['a.id', 'a.extension', 'a.version'])
      .where('a.id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    // The stored type cannot change: a new name keeps the file's extension.
    const name =
      extensionOf(input.originalName) === row.extension
        ? input.originalName
        : `${input.originalName}.${row.extension}`;
    const version = input.version ?? row.version;
    const result = await ctx.db
      .updateTable('bladeAttach')
      .set({
        originalName: name,
        updateUser: user.userId,
        updateTime: nowText(),
        version: version + 1,
      })
      .where('id', '=', row.id)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .where('version', '=', version)
      .executeTakeFirst();
    assertUpdated(result.numUpdatedRows, true);
    return okStatus('修改成功');
  });

  app.post(`${base}/remove`, { config: { access: perm('attach_delete') } }, async (request) => {
    const user = currentUser(request);
    const ids = idList(request);
    const rows = await visible(ctx, user)
      .select(['a.id', 'a.name'])
      .where('a.id', 'in', ids)
      .execute();
    // All or nothing, like every remove: an id that is not the tenant's answers 404.
    if (rows.length !== new Set(ids).size) throw notFound(NOT_FOUND);
    await ctx.db
      .updateTable('bladeAttach')
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
      .where('tenantId', '=', user.tenantId)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const storage = storageOf(ctx.config);
    for (const r of rows) {
      await storage.remove(r.name).catch((err: unknown) => {
        request.log.warn({ err, key: r.name }, 'stored object not removed');
      });
    }
    return okStatus('删除成功');
  });

  app.get(`${base}/download`, { config: { access: SIGNED_IN } }, async (request, reply) => {
    const user = currentUser(request);
    const row = await visible(ctx, user)
      .select(['a.name', 'a.originalName', 'a.contentType', 'a.createUser'])
      .where('a.id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    if (row.createUser !== user.userId && !user.isSuperAdmin) {
      const codes = await permissionCodes(ctx.db, user);
      if (!codes.has('attach_download')) throw forbidden();
    }
    const object = await storageOf(ctx.config).get(row.name);
    if (!object) throw notFound('文件不存在');
    return reply
      .header('Content-Type', row.contentType)
      .header('Content-Length', String(object.size))
      .header('Content-Disposition', attachmentDisposition(row.originalName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(object.stream);
  });
}
