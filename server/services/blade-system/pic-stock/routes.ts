import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, idList, param, queryMap } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { assertUpdated, buildTree, insertAudit, wire } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { blank } from '../../../lib/table/index.js';
import { versionField } from '../../../lib/table/fields.js';
import { nowText } from '../../../lib/time.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import {
  IMAGE_EXTENSIONS,
  imageSize,
  MB,
  publicMediaHandler,
  publicMediaRoute,
  removeMedia,
  randomName,
  receiveMedia,
  storeMedia,
  typeMessage,
  type MediaPolicy,
} from '../../blade-resource/video/media.js';

/** Spec-style limits of the picture stock: jpg/jpeg/png/gif/webp, at most 5 MB each. */
export const PICTURE_MAX_BYTES = 5 * MB;
export const PICTURE_TOO_LARGE = '图片大小不能超过5M';
export const PICTURE_WRONG_TYPE = typeMessage(IMAGE_EXTENSIONS, '图片');
export const FOLDER_NOT_FOUND = '文件夹不存在';
export const PICTURE_NOT_FOUND = '图片不存在';
export const FOLDER_NOT_EMPTY = (name: string) => `文件夹“${name}”下还有图片或子文件夹，不能删除`;
export const FOLDER_CYCLE = '上级文件夹不能是当前文件夹或其子文件夹';
export const FOLDER_DUPLICATE = '同一位置已有同名文件夹';

/** The public address of a picture (an <img src> on a goods or advert page: no token). */
export const PICTURE_PATH = '/api/blade-system/pic-stock/image';

const READ = perm('pic_stock', 'pic_stock_view');
/** Uploads, folder writes and removals: the screen's one write button. */
const WRITE = perm('pic_stock_upload');

const POLICY: MediaPolicy = {
  kind: 'picture',
  extensions: IMAGE_EXTENSIONS,
  maxBytes: PICTURE_MAX_BYTES,
  tooLarge: PICTURE_TOO_LARGE,
  wrongType: PICTURE_WRONG_TYPE,
};

const LIST: ListSpec = {
  filters: {
    name: { column: 'p.name' },
    folderId: { column: 'p.folderId', default: 'equal' },
    extension: { column: 'p.extension', default: 'equal' },
    createTime: { column: 'p.createTime' },
  },
  sorts: { createTime: 'p.createTime', name: 'p.name', size: 'p.fileSize' },
};

const ID = /^[A-Za-z0-9_-]{1,32}$/;

const folderInput = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : String(v)),
    z.string().regex(ID, '参数格式错误: id').optional(),
  ),
  // '', null, 0 and -1 all mean the top level (contract.md Part 1 decision 1).
  parentId: z.preprocess(
    (v) => (blank(v) || v === 0 || v === -1 || v === '-1' ? '0' : String(v)),
    z.string().regex(ID, FOLDER_NOT_FOUND),
  ),
  name: requiredText('请输入文件夹名称', 64)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), '文件夹名称不能包含控制字符'),
  sort: z.preprocess(
    (v) => (blank(v) ? 0 : Number(v)),
    z
      .number({ error: '排序必须是整数' })
      .int('排序必须是整数')
      .min(-999999, '排序必须是整数')
      .max(999999, '排序必须是整数'),
  ),
  // Optimistic lock of a rename or move: the version the editor loaded (absent: current).
  version: versionField,
});

interface Folder {
  id: string;
  parentId: string;
  name: string;
  sort: number;
  version: number;
}

/** The tenant's live folders. */
function folders(ctx: AppContext, user: AuthUser): Promise<Folder[]> {
  return ctx.db
    .selectFrom('bladePicFolder')
    .select(['id', 'parentId', 'name', 'sort', 'version'])
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort', 'asc')
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

function pictures(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladePic as p')
    .leftJoin('bladeUser as u', 'u.id', 'p.createUser')
    .where('p.tenantId', '=', user.tenantId)
    .where('p.isDeleted', '=', 0);
}

const PICTURE_COLUMNS = [
  'p.id',
  'p.tenantId',
  'p.folderId',
  'p.name',
  'p.originalName',
  'p.objectKey',
  'p.link',
  'p.extension',
  'p.contentType',
  'p.fileSize',
  'p.width',
  'p.height',
  'p.createUser',
  'p.createTime',
  'u.realName as createUserName',
] as const;

/** A picture on the wire: `size` in bytes, `link` its public address. */
function present<T extends { fileSize: number }>(row: T) {
  const { fileSize, ...rest } = row;
  return wire({ ...rest, size: Number(fileSize) });
}

/**
 * blade-system/pic-stock: the tenant's pictures for goods and adverts, in a folder tree.
 * GET tree-datas, pic-list (menu `pic_stock` or `pic_stock_view`); POST put-file?folderId=,
 * folder-submit, folder-remove, remove (`pic_stock_upload`). Pictures are served at public,
 * unguessable addresses (`image/<tenant>/<32 hex>.<ext>`) because end users' pages show them.
 */
export default async function picStockRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/pic-stock';

  app.get(`${base}/tree-datas`, { config: { access: READ } }, async (request) => {
    const rows = await folders(ctx, currentUser(request));
    return ok(
      buildTree(rows.map((f) => ({ ...f, title: f.name, label: f.name, key: f.id, value: f.id }))),
    );
  });

  app.get(`${base}/pic-list`, { config: { access: READ } }, async (request) => {
    const page = await paged(
      pictures(ctx, currentUser(request)),
      (qb) => qb.select([...PICTURE_COLUMNS]),
      queryMap(request),
      LIST,
      ctx.dialect,
      [
        { column: 'p.createTime', direction: 'desc' },
        { column: 'p.id', direction: 'desc' },
      ],
    );
    return ok({ ...page, records: page.records.map(present) });
  });

  app.post(`${base}/put-file`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    const folderId = param(request, 'folderId') ?? '0';
    if (folderId !== '0') {
      const folder = ID.test(folderId)
        ? await ctx.db
            .selectFrom('bladePicFolder')
            .select('id')
            .where('id', '=', folderId)
            .where('tenantId', '=', user.tenantId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        : undefined;
      if (!folder) throw notFound(FOLDER_NOT_FOUND);
    }
    const media = await receiveMedia(ctx, request, POLICY);
    try {
      const random = randomName();
      const key = `${user.tenantId}/pic/${random}.${media.extension}`;
      const link = `${PICTURE_PATH}/${user.tenantId}/${random}.${media.extension}`;
      const size = imageSize(media.extension, media.head);
      const id = nextId();
      const row = {
        id,
        tenantId: user.tenantId,
        folderId,
        name: media.originalName,
        originalName: media.originalName,
        objectKey: key,
        link,
        extension: media.extension,
        contentType: media.contentType,
        fileSize: media.size,
        width: size?.width ?? null,
        height: size?.height ?? null,
        ...insertAudit(user, nowText()),
      };
      await storeMedia(ctx, key, media);
      try {
        await ctx.db.insertInto('bladePic').values(row).execute();
      } catch (err) {
        await storageOf(ctx.config)
          .remove(key)
          .catch(() => undefined);
        throw err;
      }
      return ok(
        present({
          id,
          tenantId: row.tenantId,
          folderId,
          name: row.name,
          originalName: row.originalName,
          objectKey: key,
          link,
          domain: '',
          extension: row.extension,
          contentType: row.contentType,
          fileSize: row.fileSize,
          width: row.width,
          height: row.height,
          createUser: user.userId,
          createTime: row.createTime,
        }),
      );
    } finally {
      await media.discard();
    }
  });

  app.post(`${base}/folder-submit`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    const input = parseBody(folderInput, bodyObject(request));
    const all = await folders(ctx, user);
    const byId = new Map(all.map((f) => [f.id, f]));
    if (input.id && !byId.has(input.id)) throw notFound(FOLDER_NOT_FOUND);
    if (input.parentId !== '0') {
      if (!byId.has(input.parentId)) throw badRequest(`parentId:${FOLDER_NOT_FOUND}`);
      // Walk up from the new parent: meeting the folder itself means a cycle.
      if (input.id) {
        const seen = new Set<string>();
        for (let at: string | undefined = input.parentId; at && at !== '0';) {
          if (at === input.id || seen.has(at)) throw badRequest(`parentId:${FOLDER_CYCLE}`);
          seen.add(at);
          at = byId.get(at)?.parentId;
        }
      }
    }
    const sibling = all.find(
      (f) => f.parentId === input.parentId && f.name === input.name && f.id !== input.id,
    );
    if (sibling) throw badRequest(`name:${FOLDER_DUPLICATE}`);
    const now = nowText();
    if (input.id) {
      const version = input.version ?? byId.get(input.id)!.version;
      const result = await ctx.db
        .updateTable('bladePicFolder')
        .set({
          parentId: input.parentId,
          name: input.name,
          sort: input.sort,
          updateUser: user.userId,
          updateTime: now,
          version: version + 1,
        })
        .where('id', '=', input.id)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('version', '=', version)
        .executeTakeFirst();
      assertUpdated(result.numUpdatedRows, true);
      const { parentId, name, sort } = input;
      return ok(wire({ id: input.id, parentId, name, sort, version: version + 1 }), '修改成功');
    }
    const id = nextId();
    await ctx.db
      .insertInto('bladePicFolder')
      .values({
        id,
        tenantId: user.tenantId,
        parentId: input.parentId,
        name: input.name,
        sort: input.sort,
        ...insertAudit(user, now),
      })
      .execute();
    return ok(
      wire({ id, parentId: input.parentId, name: input.name, sort: input.sort, version: 1 }),
      '新增成功',
    );
  });

  app.post(`${base}/folder-remove`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    const ids = param(request, 'id') !== undefined ? idList(request, 'id') : idList(request);
    const all = await folders(ctx, user);
    const byId = new Map(all.map((f) => [f.id, f]));
    const chosen = [...new Set(ids)].map((id) => byId.get(id));
    if (chosen.some((f) => !f)) throw notFound(FOLDER_NOT_FOUND);
    const removing = new Set(ids);
    for (const folder of chosen as Folder[]) {
      const child = all.some((f) => f.parentId === folder.id && !removing.has(f.id));
      const picture = await ctx.db
        .selectFrom('bladePic')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('folderId', '=', folder.id)
        .where('isDeleted', '=', 0)
        .limit(1)
        .executeTakeFirst();
      if (child || picture) throw badRequest(FOLDER_NOT_EMPTY(folder.name));
    }
    await ctx.db
      .updateTable('bladePicFolder')
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
      .where('tenantId', '=', user.tenantId)
      .where('id', 'in', [...removing])
      .execute();
    return okStatus('删除成功');
  });

  app.post(`${base}/remove`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    await removeMedia(ctx, request, 'bladePic', user, idList(request), PICTURE_NOT_FOUND);
    return okStatus('删除成功');
  });

  app.get<{ Params: { tenant: string; file: string } }>(
    `${PICTURE_PATH}/:tenant/:file`,
    publicMediaRoute,
    publicMediaHandler(ctx, 'bladePic', 'pic', IMAGE_EXTENSIONS, false),
  );
}
