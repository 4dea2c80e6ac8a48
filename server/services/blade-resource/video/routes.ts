import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { idList } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { insertAudit, wire } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { nowText } from '../../../lib/time.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import {
  MB,
  publicMediaHandler,
  publicMediaRoute,
  removeMedia,
  randomName,
  receiveMedia,
  storeMedia,
  typeMessage,
  VIDEO_EXTENSIONS,
  type MediaPolicy,
} from './media.js';

export const VIDEO_MAX_BYTES = 100 * MB;
export const VIDEO_TOO_LARGE = '视频大小不能超过100M';
export const VIDEO_WRONG_TYPE = typeMessage(VIDEO_EXTENSIONS, '视频');
export const VIDEO_NOT_FOUND = '视频不存在';
export const VIDEO_NAME_MAX = 100;

/** The public address of a video (a <video src> cannot send the token). */
export const VIDEO_PATH = '/api/blade-resource/video/file';

const READ = perm('video_stock', 'video_stock_view');
const WRITE = perm('video_stock_upload');

const POLICY: MediaPolicy = {
  kind: 'video',
  extensions: VIDEO_EXTENSIONS,
  maxBytes: VIDEO_MAX_BYTES,
  tooLarge: VIDEO_TOO_LARGE,
  wrongType: VIDEO_WRONG_TYPE,
  fields: ['name'],
  fieldMax: 1000,
};

const LIST: ListSpec = {
  filters: {
    name: { column: 'v.name' },
    extension: { column: 'v.extension', default: 'equal' },
    createTime: { column: 'v.createTime' },
  },
  sorts: { createTime: 'v.createTime', name: 'v.name', size: 'v.fileSize' },
};

const COLUMNS = [
  'v.id',
  'v.tenantId',
  'v.name',
  'v.originalName',
  'v.objectKey',
  'v.link',
  'v.extension',
  'v.contentType',
  'v.fileSize',
  'v.createUser',
  'v.createTime',
  'u.realName as createUserName',
] as const;

function videos(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladeVideo as v')
    .leftJoin('bladeUser as u', 'u.id', 'v.createUser')
    .where('v.tenantId', '=', user.tenantId)
    .where('v.isDeleted', '=', 0);
}

/** A video on the wire: `size` in bytes, `link` its public address. */
function present<T extends { fileSize: number }>(row: T) {
  const { fileSize, ...rest } = row;
  return wire({ ...rest, size: Number(fileSize) });
}

/** The display name: the form's `name`, else the file's name without its extension. */
function videoName(given: string | undefined, originalName: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = clean(given ?? '');
  if (name.length > VIDEO_NAME_MAX) throw badRequest(`name:长度不能超过${VIDEO_NAME_MAX}个字符`);
  if (name) return name;
  return (
    clean(originalName.replace(/\.[A-Za-z0-9]{1,8}$/, '')).slice(0, VIDEO_NAME_MAX) || '未命名视频'
  );
}

/** The list's parameters: the JSON body (spec: POST list with a body), the query as fallback. */
function listParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { ...((request.query as Record<string, unknown> | undefined) ?? {}), ...fromBody };
}

/**
 * blade-resource/video: the tenant's videos. POST list (JSON body: current, size, name; menu
 * `video_stock` or `video_stock_view`), POST upload (multipart `file` + optional `name`; mp4 or
 * webm by name AND content, at most 100 MB, spooled to disk and streamed to the store) and POST
 * remove (`video_stock_upload`). Videos play from public, unguessable addresses with byte
 * ranges (`file/<tenant>/<32 hex>.<ext>`).
 */
export default async function videoRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-resource/video';

  app.post(`${base}/list`, { config: { access: READ, audit: 'read' } }, async (request) => {
    const page = await paged(
      videos(ctx, currentUser(request)),
      (qb) => qb.select([...COLUMNS]),
      listParams(request),
      LIST,
      ctx.dialect,
      [
        { column: 'v.createTime', direction: 'desc' },
        { column: 'v.id', direction: 'desc' },
      ],
    );
    return ok({ ...page, records: page.records.map(present) });
  });

  app.post(`${base}/upload`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    const media = await receiveMedia(ctx, request, POLICY);
    try {
      const name = videoName(media.fields.name, media.originalName);
      const random = randomName();
      const key = `${user.tenantId}/video/${random}.${media.extension}`;
      const link = `${VIDEO_PATH}/${user.tenantId}/${random}.${media.extension}`;
      const id = nextId();
      const row = {
        id,
        tenantId: user.tenantId,
        name,
        originalName: media.originalName,
        objectKey: key,
        link,
        extension: media.extension,
        contentType: media.contentType,
        fileSize: media.size,
        ...insertAudit(user, nowText()),
      };
      await storeMedia(ctx, key, media);
      try {
        await ctx.db.insertInto('bladeVideo').values(row).execute();
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
          name,
          originalName: row.originalName,
          objectKey: key,
          link,
          extension: row.extension,
          contentType: row.contentType,
          fileSize: row.fileSize,
          createUser: user.userId,
          createTime: row.createTime,
        }),
      );
    } finally {
      await media.discard();
    }
  });

  app.post(`${base}/remove`, { config: { access: WRITE } }, async (request) => {
    const user = currentUser(request);
    await removeMedia(ctx, request, 'bladeVideo', user, idList(request), VIDEO_NOT_FOUND);
    return okStatus('删除成功');
  });

  app.get<{ Params: { tenant: string; file: string } }>(
    `${VIDEO_PATH}/:tenant/:file`,
    publicMediaRoute,
    publicMediaHandler(ctx, 'bladeVideo', 'video', VIDEO_EXTENSIONS, true),
  );
}
