import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { statesAllowing } from '../../../../machines/lifecycles/lifecycle.js';
import { clientDraftLifecycle } from '../../../../machines/lifecycles/client-draft-machine.js';
import {
  CONTENT_REFUSALS,
  THUMBNAILS_MAX,
} from '../../../../src/contracts/platform-client/client-content.js';
import {
  DRAFT_REFUSALS,
  DRAFT_SERVICE,
  THUMBNAIL_MAX_MB,
} from '../../../../src/contracts/platform-client/client-draft.js';
import { currentUser, type AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, param, requiredParam } from '../../../lib/params.js';
import { insertAudit } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import {
  IMAGE_EXTENSIONS,
  imageSize,
  MB,
  randomName,
  receiveMedia,
  storeMedia,
  typeMessage,
} from '../../blade-resource/video/media.js';
import { PICTURE_PATH } from '../../blade-system/pic-stock/routes.js';
import { assertPictures, pictureIds } from './article.js';
import { doc, EDIT, text } from './draft-calls.js';
import { assertEditable, draftOf, thumbnailsOf } from './draft-table.js';

const EDITABLE = statesAllowing(clientDraftLifecycle, 'edit');

const thumbnailMove = z.object({
  picId: z.string().optional(),
  sort: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z
      .number({ error: DRAFT_REFUSALS.place.zh })
      .int(DRAFT_REFUSALS.place.zh)
      .min(0, DRAFT_REFUSALS.place.zh)
      .max(999, DRAFT_REFUSALS.place.zh)
      .optional(),
  ),
});

/**
 * Holds the draft for a thumbnail change, in the caller's transaction: the draft row is
 * written first (its update time), so concurrent changes of one draft's thumbnails queue, and
 * only a draft its lifecycle lets change is held (404 missing, 409 naming its state).
 */
async function holdEditable(trx: Kysely<DB>, user: AuthUser, draftId: string) {
  const held = await trx
    .updateTable('bladeClientDraft')
    .set({ updateTime: nowText(), updateUser: user.userId })
    .where('id', '=', draftId)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('state', 'in', EDITABLE)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 1) return;
  assertEditable((await draftOf(trx, user.tenantId, draftId)).state);
  throw conflict(DRAFT_REFUSALS.busy.zh);
}

/** Adds pictures after a draft's thumbnails (at most THUMBNAILS_MAX in all). */
async function addThumbnails(trx: Kysely<DB>, user: AuthUser, draftId: string, picIds: string[]) {
  await holdEditable(trx, user, draftId);
  const have = await trx
    .selectFrom('bladeClientDraftThumbnail')
    .select(['picId', 'sort'])
    .where('tenantId', '=', user.tenantId)
    .where('draftId', '=', draftId)
    .execute();
  const adding = picIds.filter((id) => !have.some((h) => h.picId === id));
  if (have.length + adding.length > THUMBNAILS_MAX)
    throw badRequest(`picIds:${CONTENT_REFUSALS.thumbnailsMax.zh}`);
  let sort = Math.max(0, ...have.map((h) => h.sort));
  for (const picId of adding)
    await trx
      .insertInto('bladeClientDraftThumbnail')
      .values({
        id: nextId(),
        tenantId: user.tenantId,
        draftId,
        picId,
        sort: (sort += 1),
        createUser: user.userId,
        createTime: nowText(),
      })
      .execute();
}

/** A thumbnail of the caller's tenant, or 404. */
async function thumbnailOf(db: Kysely<DB>, user: AuthUser, id: string) {
  const row = await db
    .selectFrom('bladeClientDraftThumbnail')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', user.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound(DRAFT_REFUSALS.thumbnailMissing.zh);
  return row;
}

/**
 * A draft's thumbnails: add-thumbnail (media-stock pictures, or an upload kept there),
 * update/thumbnail (its picture or place) and delete-thumbnail; each holds the draft first.
 */
export default async function draftThumbnailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${DRAFT_SERVICE}`;
  const thumbnailsAnswer = async (user: AuthUser, draftId: string) =>
    ok((await thumbnailsOf(ctx.db, user.tenantId, [draftId])).get(draftId) ?? []);

  const policy = {
    kind: 'picture' as const,
    extensions: IMAGE_EXTENSIONS,
    maxBytes: THUMBNAIL_MAX_MB * MB,
    tooLarge: DRAFT_REFUSALS.tooLarge.zh,
    wrongType: typeMessage(IMAGE_EXTENSIONS, '图片'),
    fields: ['draftId'],
  };

  app.post(
    `${base}/add-thumbnail`,
    {
      config: {
        access: EDIT,
        doc: {
          summary: text(
            `添加缩略图：JSON {draftId, picIds}（图片库的图片），或 multipart（draftId 与 file：jpg/png/gif/webp，不超过${THUMBNAIL_MAX_MB}M，存入图片库）`,
            `Add thumbnails: JSON {draftId, picIds} (media-stock pictures), or multipart (draftId and file: jpg/png/gif/webp, at most ${THUMBNAIL_MAX_MB} MB, kept in the media stock)`,
          ),
          response: text('[{id, picId, name, link, sort}]', '[{id, picId, name, link, sort}]'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) {
        const body = bodyObject(request);
        const draftId = requiredParam(request, 'draftId');
        const ids = parseBody(z.object({ picIds: pictureIds }), { picIds: body.picIds }).picIds;
        const picIds = ids ? ids.split(',') : [];
        if (picIds.length === 0) throw badRequest(`picIds:${DRAFT_REFUSALS.picture.zh}`);
        await assertPictures(ctx.db, user.tenantId, picIds, 'picIds');
        await ctx.db.transaction().execute((trx) => addThumbnails(trx, user, draftId, picIds));
        return thumbnailsAnswer(user, draftId);
      }
      const media = await receiveMedia(ctx, request, policy);
      try {
        const draftId = media.fields.draftId;
        if (!draftId) throw badRequest('缺少必要的请求参数: draftId');
        // Checked before the file is kept: a draft that cannot change keeps nothing.
        assertEditable((await draftOf(ctx.db, user.tenantId, draftId)).state);
        const random = randomName();
        const key = `${user.tenantId}/pic/${random}.${media.extension}`;
        const size = imageSize(media.extension, media.head);
        const picId = nextId();
        await storeMedia(ctx, key, media);
        try {
          await ctx.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('bladePic')
              .values({
                id: picId,
                tenantId: user.tenantId,
                folderId: '0',
                name: media.originalName,
                originalName: media.originalName,
                objectKey: key,
                link: `${PICTURE_PATH}/${user.tenantId}/${random}.${media.extension}`,
                extension: media.extension,
                contentType: media.contentType,
                fileSize: media.size,
                width: size?.width ?? null,
                height: size?.height ?? null,
                ...insertAudit(user, nowText()),
              })
              .execute();
            await addThumbnails(trx, user, draftId, [picId]);
          });
        } catch (err) {
          await storageOf(ctx.config)
            .remove(key)
            .catch(() => undefined);
          throw err;
        }
        return thumbnailsAnswer(user, draftId);
      } finally {
        await media.discard();
      }
    },
  );

  app.post(
    `${base}/update/thumbnail`,
    {
      config: {
        access: EDIT,
        doc: doc(
          '更换缩略图的图片（picId）或位置（sort，0 为第一张即封面）',
          "Change a thumbnail's picture (picId) or place (sort, 0 first: the cover)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const thumb = await thumbnailOf(ctx.db, user, requiredParam(request, 'id'));
      const change = parseBody(thumbnailMove, {
        picId: param(request, 'picId'),
        sort: param(request, 'sort'),
      });
      if (change.picId === undefined && change.sort === undefined)
        throw badRequest(`picId:${DRAFT_REFUSALS.picture.zh}`);
      if (change.picId) await assertPictures(ctx.db, user.tenantId, [change.picId], 'picId');
      await ctx.db.transaction().execute(async (trx) => {
        await holdEditable(trx, user, thumb.draftId);
        if (change.picId)
          await trx
            .updateTable('bladeClientDraftThumbnail')
            .set({ picId: change.picId })
            .where('id', '=', thumb.id)
            .where('tenantId', '=', user.tenantId)
            .execute();
        if (change.sort === undefined) return;
        // `sort` is the place (0 first): the others keep their order around it.
        const order = (
          await trx
            .selectFrom('bladeClientDraftThumbnail')
            .select('id')
            .where('tenantId', '=', user.tenantId)
            .where('draftId', '=', thumb.draftId)
            .orderBy('sort')
            .orderBy('id')
            .execute()
        )
          .map((r) => r.id)
          .filter((id) => id !== thumb.id);
        order.splice(Math.min(change.sort, order.length), 0, thumb.id);
        for (const [index, id] of order.entries())
          await trx
            .updateTable('bladeClientDraftThumbnail')
            .set({ sort: index + 1 })
            .where('id', '=', id)
            .where('tenantId', '=', user.tenantId)
            .execute();
      });
      return thumbnailsAnswer(user, thumb.draftId);
    },
  );

  app.get(
    `${base}/delete-thumbnail`,
    {
      config: {
        access: EDIT,
        doc: doc('删除缩略图（?id= 缩略图主键）', 'Remove a thumbnail (?id= the thumbnail id)'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const thumb = await thumbnailOf(ctx.db, user, requiredParam(request, 'id'));
      await ctx.db.transaction().execute(async (trx) => {
        await holdEditable(trx, user, thumb.draftId);
        await trx
          .deleteFrom('bladeClientDraftThumbnail')
          .where('id', '=', thumb.id)
          .where('tenantId', '=', user.tenantId)
          .execute();
      });
      return thumbnailsAnswer(user, thumb.draftId);
    },
  );
}
