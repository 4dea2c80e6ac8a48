import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { statesAllowing } from '../../../../machines/lifecycles/lifecycle.js';
import { clientDraftLifecycle } from '../../../../machines/lifecycles/client-draft-machine.js';
import {
  CONTENT_REFUSALS,
  LINK_TYPE_OPTIONS,
  LINK_URL,
  THUMBNAILS_MAX,
} from '../../../../src/contracts/platform-client/client-content.js';
import {
  clientDraftContract,
  CUT_DEFAULT,
  CUT_MAX,
  CUT_MIN,
  DRAFT_FIELDS_EDITABLE,
  DRAFT_REFUSALS,
  DRAFT_SERVICE,
  THUMBNAIL_MAX_MB,
  type DraftStatusCount,
} from '../../../../src/contracts/platform-client/client-draft.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord } from '../../../lib/lifecycle-guard.js';
import { bodyObject, param, requiredParam } from '../../../lib/params.js';
import { insertAudit, STALE_VERSION } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { withReferencesChecked } from '../../../lib/table/contract-hooks.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody, tooLong } from '../../../lib/validation.js';
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
import { assertLink, assertPictures, EITHER_READ, pictureIds } from './article.js';
import draftTable, { assertEditable, draftOf, findDraft, thumbnailsOf } from './draft-table.js';

const { codes, input } = clientDraftContract;
const code = (alias: string) => perm(`${codes.menu}_${alias}`);
const READ = perm(codes.menu, codes.view!);
const EDIT = perm(codes.edit!);
const EDITABLE = statesAllowing(clientDraftLifecycle, 'edit');
const text = (zh: string, en: string) => ({ zh, en });
const doc = (zh: string, en: string, response?: [string, string]) => ({
  summary: text(zh, en),
  ...(response ? { response: text(...response) } : {}),
});

/**
 * The summary a long body gives up (cutting/breakthrough): the body's first part up to `length`
 * characters, ended at the last paragraph break or sentence end in its second half, else at
 * `length`; the rest stays the body. Undefined when the body is not longer than `length`.
 */
export function cutBody(
  body: string,
  length: number,
): { summary: string; body: string } | undefined {
  const chars = Array.from(body.trim());
  if (chars.length <= length) return undefined;
  const head = chars.slice(0, length).join('');
  const half = Math.floor(length / 2);
  let cut = head.lastIndexOf('\n');
  if (cut < half)
    cut = Math.max(
      ...['。', '！', '？', '.', '!', '?', '；', ';'].map((e) => head.lastIndexOf(e) + 1),
    );
  if (cut < half) cut = head.length;
  const summary = head.slice(0, cut).trim();
  const rest = (head.slice(cut) + chars.slice(length).join('')).trim();
  return summary && rest ? { summary, body: rest } : undefined;
}

const fieldBody = z.object({
  id: z.string({ error: '请选择稿件' }).min(1, '请选择稿件'),
  field: z.enum(DRAFT_FIELDS_EDITABLE, { error: DRAFT_REFUSALS.field.zh }),
  version: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z.number().int().optional(),
  ),
});
const cutLength = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? CUT_DEFAULT : Number(v)),
  z
    .number({ error: DRAFT_REFUSALS.cutLength.zh })
    .int(DRAFT_REFUSALS.cutLength.zh)
    .min(CUT_MIN, DRAFT_REFUSALS.cutLength.zh)
    .max(CUT_MAX, DRAFT_REFUSALS.cutLength.zh),
);
const linkDraft = z.object({
  title: input.shape.title,
  summary: input.shape.summary,
  linkUrl: z
    .string({ error: DRAFT_REFUSALS.linkUrl.zh })
    .trim()
    .min(1, DRAFT_REFUSALS.linkUrl.zh)
    .max(1000, tooLong(1000))
    .regex(LINK_URL, clientDraftContract.fields.linkUrl.pattern.message.zh),
  clientId: input.shape.clientId,
  productId: input.shape.productId,
});
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
 * drafts (issue 27 item 9): the engine's query, add and delete, and the spec's other calls.
 * Content changes (update/of/field, cutting/breakthrough, thumbnails) go through the lifecycle's
 * `edit`, commit through `commit`: each a conditional write on the state read, so a draft
 * committed meanwhile is not changed (409 naming its state). import/one/of/link records the
 * address and the title it is given: the server never fetches the address (an operator's URL
 * fetched from inside the platform would be a server-side request forgery path).
 */
export default async function draftRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${DRAFT_SERVICE}`;
  await tableRoutes(draftTable)(app);
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx,
    db: ctx.db,
    user: currentUser(request),
  });
  const thumbnailsAnswer = async (user: AuthUser, draftId: string) =>
    ok((await thumbnailsOf(ctx.db, user.tenantId, [draftId])).get(draftId) ?? []);

  /** Moves the draft by `event`, writing `changes` on the state (and version) read. */
  const move = (
    user: AuthUser,
    id: string,
    event: 'edit' | 'commit',
    changes: (row: Awaited<ReturnType<typeof draftOf>>) => Record<string, unknown>,
    version?: number,
  ) =>
    moveRecord(
      clientDraftLifecycle,
      event,
      () => findDraft(ctx.db, user.tenantId, id),
      async (row, to) => {
        if (version !== undefined && row.version !== version) throw conflict(STALE_VERSION);
        const done = await ctx.db
          .updateTable('bladeClientDraft')
          .set({
            ...changes(row),
            state: to,
            updateUser: user.userId,
            updateTime: nowText(),
            version: sql<number>`version + 1`,
          })
          .where('id', '=', row.id)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .where('state', '=', row.state)
          .where('version', '=', row.version)
          .executeTakeFirst();
        return Number(done.numUpdatedRows) === 1;
      },
    );

  app.get(
    `${base}/link-type/list`,
    {
      config: {
        access: EITHER_READ,
        doc: doc('链接类型', 'Link types', [
          '[{value, label, labelEn}]',
          '[{value, label, labelEn}]',
        ]),
      },
    },
    async () => ok(LINK_TYPE_OPTIONS),
  );

  app.post(
    `${base}/status/list`,
    {
      config: {
        access: READ,
        doc: doc('各状态的稿件数', 'Drafts per state', [
          '[{state, label, labelEn, count}]：每个状态一条（含0）',
          '[{state, label, labelEn, count}]: every state, zeros included',
        ]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const clientId = param(request, 'clientId');
      let q = ctx.db
        .selectFrom('bladeClientDraft')
        .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0);
      if (clientId) q = q.where('clientId', '=', clientId);
      const counts = new Map(
        (await q.groupBy('state').execute()).map((r) => [r.state, Number(r.count)]),
      );
      const answer: DraftStatusCount[] = Object.entries(clientDraftLifecycle.states).map(
        ([state, l]) => ({
          state,
          label: l.zh,
          labelEn: l.en,
          count: counts.get(state) ?? 0,
        }),
      );
      return ok(answer);
    },
  );

  app.post(
    `${base}/import/one/of/link`,
    {
      config: {
        access: code('import'),
        doc: doc(
          '由链接新建稿件（只记录地址与标题，服务器不抓取该地址）',
          'A draft from a link (the URL and title are recorded; the server never fetches the URL)',
          ['{id}', '{id}'],
        ),
      },
    },
    async (request) => {
      const call = callOf(request);
      const given = parseBody(linkDraft, bodyObject(request));
      await withReferencesChecked(clientDraftContract, undefined)!(call, given as never, undefined);
      const id = nextId();
      await ctx.db
        .insertInto('bladeClientDraft')
        .values({
          id,
          tenantId: call.user.tenantId,
          title: given.title,
          summary: given.summary ?? null,
          body: null,
          linkType: 'url',
          linkUrl: given.linkUrl,
          clientId: given.clientId ?? null,
          productId: given.productId ?? null,
          sort: 0,
          pinned: 0,
          state: 'draft',
          source: 'link',
          commitUser: null,
          commitTime: null,
          version: 1,
          ...insertAudit(call.user, nowText()),
        })
        .execute();
      return ok({ id }, '新增成功');
    },
  );

  app.post(
    `${base}/commit`,
    {
      config: {
        access: code('commit'),
        doc: doc(
          '提交稿件（草稿或已驳回 -> 已提交）',
          'Commit a draft (draft or rejected -> submitted)',
          ['{id, state}', '{id, state}'],
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = nowText();
      const { row, to } = await move(user, requiredParam(request, 'id'), 'commit', () => ({
        commitUser: user.userId,
        commitTime: now,
      }));
      return ok({ id: row.id, state: to }, '提交成功');
    },
  );

  app.post(
    `${base}/update/of/field`,
    {
      config: {
        access: EDIT,
        doc: doc(
          `修改一个字段（${DRAFT_FIELDS_EDITABLE.join('、')}）`,
          `Change one field (${DRAFT_FIELDS_EDITABLE.join(', ')})`,
          ['{id, version}', '{id, version}'],
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = bodyObject(request);
      const { id, field, version } = parseBody(fieldBody, body);
      const value = parseBody(z.object({ [field]: input.shape[field] }), { [field]: body.value })[
        field
      ];
      const { row } = await move(
        user,
        id,
        'edit',
        (current) => {
          assertLink({ ...current, [field]: value ?? null });
          return { [field]: value ?? null };
        },
        version,
      );
      return ok({ id: row.id, version: row.version + 1 }, '修改成功');
    },
  );

  app.post(
    `${base}/cutting/breakthrough`,
    {
      config: {
        access: EDIT,
        doc: doc(
          `拆分正文：前${CUT_DEFAULT}字以内（止于段落或句末）作为摘要，其余为正文；length ${CUT_MIN}-${CUT_MAX}`,
          `Cut the body: its first ${CUT_DEFAULT} characters or fewer (to a paragraph or sentence end) become the summary; length ${CUT_MIN}-${CUT_MAX}`,
          ['{id, summary, body}', '{id, summary, body}'],
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const length = parseBody(z.object({ length: cutLength }), {
        length: param(request, 'length'),
      }).length;
      let cut: { summary: string; body: string } | undefined;
      const { row } = await move(user, requiredParam(request, 'id'), 'edit', (current) => {
        cut = cutBody(current.body ?? '', length);
        if (!cut) throw badRequest(`body:${DRAFT_REFUSALS.tooShort.zh}`);
        return cut;
      });
      return ok({ id: row.id, ...cut! }, '拆分成功');
    },
  );

  app.post(
    `${base}/top`,
    {
      config: {
        access: code('top'),
        doc: doc('置顶或取消置顶（pinned=1|0）', 'Pin or unpin (pinned=1|0)'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = requiredParam(request, 'id');
      const pinned = param(request, 'pinned');
      if (pinned !== '0' && pinned !== '1') throw badRequest(`pinned:${DRAFT_REFUSALS.pinned.zh}`);
      const done = await ctx.db
        .updateTable('bladeClientDraft')
        .set({ pinned: Number(pinned), updateUser: user.userId, updateTime: nowText() })
        .where('id', '=', id)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) await draftOf(ctx.db, user.tenantId, id);
      return ok({ id, pinned: Number(pinned) }, pinned === '1' ? '置顶成功' : '已取消置顶');
    },
  );

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
