import type { FastifyInstance } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { storageOf } from '../../../lib/storage/index.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { currentUser, PUBLIC, SIGNED_IN } from '../../../auth/index.js';
import { AVATAR_MAX_BYTES, MB, receiveUpload, type UploadPolicy } from '../attach/store.js';

/** What the general upload accepts (spec section 9: 10 MB per file; the uploader defaults to .doc/.docx). */
export const FILE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'jpg', 'jpeg', 'png'] as const;
/** Spec screen 4: avatar jpg/png, at most 500 KB. */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const AVATAR_TOO_LARGE = '头像大小不能超过500KB';

/**
 * blade-resource/oss/endpoint: uploads. `put-file` (and the seed's `{org}-put-file`) store any
 * allowed file; `put-file-avatar` only jpg/png up to 500 KB. Both answer the file record
 * `{link, domain, name, originalName, attachId}`. An avatar's link is the public image address
 * below (an <img> cannot send the token; the name is 128 random bits); every other file is
 * downloaded through the authenticated `attach/download`.
 */
export default async function ossEndpointRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-resource/oss/endpoint';
  const filePolicy: UploadPolicy = {
    kind: 'file',
    extensions: FILE_EXTENSIONS,
    maxBytes: ctx.config.uploadMaxMb * MB,
    tooLarge: `单个文件不能超过${ctx.config.uploadMaxMb}M`,
  };
  const avatarPolicy: UploadPolicy = {
    kind: 'avatar',
    extensions: AVATAR_EXTENSIONS,
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: AVATAR_TOO_LARGE,
  };

  for (const url of [`${base}/put-file`, `${base}/${ctx.config.org}-put-file`]) {
    app.post(url, { config: { access: SIGNED_IN } }, async (request) =>
      ok(await receiveUpload(ctx, request, currentUser(request), filePolicy)),
    );
  }
  app.post(`${base}/put-file-avatar`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await receiveUpload(ctx, request, currentUser(request), avatarPolicy)),
  );

  app.get<{ Params: { tenant: string; file: string } }>(
    `${base}/avatar/:tenant/:file`,
    { config: { access: PUBLIC } },
    async (request, reply) => {
      const { tenant, file } = request.params;
      if (!/^[A-Za-z0-9]{1,12}$/.test(tenant) || !/^[0-9a-f]{32}\.(jpg|jpeg|png)$/.test(file))
        throw notFound();
      const row = await ctx.db
        .selectFrom('bladeAttach')
        .select(['name', 'contentType', 'originalName'])
        .where('tenantId', '=', tenant)
        .where('name', '=', `${tenant}/avatar/${file}`)
        .where('kind', '=', 'avatar')
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      const object = await storageOf(ctx.config).get(row.name);
      if (!object) throw notFound();
      return reply
        .header('Content-Type', row.contentType)
        .header('Content-Length', String(object.size))
        .header('Content-Disposition', attachmentDisposition(row.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(object.stream);
    },
  );
}
