import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientDraftLifecycle } from '../../../../machines/lifecycles/client-draft-machine.js';
import {
  LINK_TYPE_OPTIONS,
  LINK_URL,
} from '../../../../src/contracts/platform-client/client-content.js';
import {
  clientDraftContract,
  DRAFT_REFUSALS,
  DRAFT_SERVICE,
  type DraftStatusCount,
} from '../../../../src/contracts/platform-client/client-draft.js';
import { currentUser } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, param, requiredParam } from '../../../lib/params.js';
import { insertAudit } from '../../../lib/records.js';
import { withReferencesChecked } from '../../../lib/table/contract-hooks.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody, tooLong } from '../../../lib/validation.js';
import { callOf } from '../../shared/call.js';
import { EITHER_READ } from './article.js';
import { code, doc, READ } from './draft-calls.js';
import draftEditRoutes from './draft-edit-routes.js';
import draftThumbnailRoutes from './draft-thumbnail-routes.js';
import draftTable, { draftOf } from './draft-table.js';

export { cutBody } from './draft-edit-routes.js';

const { input } = clientDraftContract;

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

/**
 * drafts (issue 27 item 9): the engine's query, add and delete, and the spec's other calls.
 * Content changes (update/of/field, cutting/breakthrough, thumbnails) go through the lifecycle's
 * `edit`, commit through `commit`: each a conditional write on the state read, so a draft
 * committed meanwhile is not changed (409 naming its state). import/one/of/link records the
 * address and the title it is given: the server never fetches the address (an operator's URL
 * fetched from inside the platform would be a server-side request forgery path). The moves are
 * in draft-edit-routes.ts, the thumbnails in draft-thumbnail-routes.ts.
 */
export default async function draftRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${DRAFT_SERVICE}`;
  await tableRoutes(draftTable)(app);

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
      const call = callOf(app, request);
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

  await draftEditRoutes(app);
  await draftThumbnailRoutes(app);
}
