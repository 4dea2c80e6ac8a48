import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { clientDraftLifecycle } from '../../../../machines/lifecycles/client-draft-machine.js';
import {
  clientDraftContract,
  CUT_DEFAULT,
  CUT_MAX,
  CUT_MIN,
  DRAFT_FIELDS_EDITABLE,
  DRAFT_REFUSALS,
  DRAFT_SERVICE,
} from '../../../../src/contracts/platform-client/client-draft.js';
import { currentUser, type AuthUser } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { moveRecord } from '../../../lib/lifecycle-guard.js';
import { bodyObject, param, requiredParam } from '../../../lib/params.js';
import { STALE_VERSION } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { assertLink } from './article.js';
import { code, doc, EDIT } from './draft-calls.js';
import { draftOf, findDraft } from './draft-table.js';

const { input } = clientDraftContract;

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

/**
 * A draft's content and state moves, each through its lifecycle (`edit`, `commit`) as a
 * conditional write on the state read: commit, update/of/field, cutting/breakthrough.
 */
export default async function draftEditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${DRAFT_SERVICE}`;

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
}
