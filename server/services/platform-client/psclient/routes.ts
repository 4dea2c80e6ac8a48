import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PSCLIENT_FILE_KINDS,
  PSCLIENT_FILE_SERVICE,
  PSCLIENT_REFUSALS,
  PSCLIENT_SERVICE,
  psclientContract,
} from '../../../../src/contracts/platform-client/psclient.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, requiredParam } from '../../../lib/params.js';
import { wire } from '../../../lib/records.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import psclientTable, { PSCLIENT_READERS } from './table.js';

const { codes } = psclientContract;
const READ = perm(codes.menu, codes.view!, ...PSCLIENT_READERS);
const EDIT = perm(codes.edit!);

/** Files a party keeps (qualifications, agreements): documents and images, 10 MB each. */
const FILE_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx']);
const FILE_MAX_BYTES = 10 * 1024 * 1024;
const FILES_MAX = 20;

const idText = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误');
/** Ids sent as an array or comma-joined text ('' or absent: none). */
const idsInput = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? []
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
  z.array(idText, { error: '参数格式错误' }).max(FILES_MAX, PSCLIENT_REFUSALS.tooManyFiles.zh),
);
const filesBody = z.object({
  clientId: idText,
  kind: z.preprocess(
    (v) => Number(v),
    z.union([z.literal(1), z.literal(2)], { error: PSCLIENT_REFUSALS.fileKind.zh }),
  ),
  attachIds: idsInput,
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? '参数格式错误');
  return result.data;
}

const BRIEF = [
  'id',
  'tenantId',
  'clientCode',
  'clientName',
  'shortName',
  'belongTenantId',
  'enabled',
] as const;
const BRIEF_NOTE = {
  zh: '[{id, tenantId（保存该接入方的租户）, clientCode, clientName, shortName, belongTenantId, enabled}]',
  en: '[{id, tenantId (the tenant keeping the party), clientCode, clientName, shortName, belongTenantId, enabled}]',
};

/**
 * The access parties' calls beyond the engine's (issue 27 item 1): getByTenantId, belong-client,
 * and psclient-file listFile / listArgeementFile with `submit` to replace either set. Every query
 * of a party is bound to the token's tenant (another tenant's party answers 404), except
 * belong-client, which is the caller's own tenant's view of the parties it belongs to.
 */
export default async function psclientRoutes(app: FastifyInstance): Promise<void> {
  // A create is work: a repeated save (a retry, a double Enter) with its Idempotency-Key makes
  // one party.
  app.addHook('onRoute', (route) => {
    if (route.url === `/api/${PSCLIENT_SERVICE}/submit`)
      route.config = { ...route.config, idempotent: true };
  });
  await tableRoutes(psclientTable)(app);
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx: app.ctx,
    db: app.ctx.db,
    user: currentUser(request),
  });

  /** The caller's live party, or 404. */
  async function partyOf(call: TableCall, id: string) {
    const row = await call.db
      .selectFrom('bladePsclient')
      .select(['id', 'clientName'])
      .where('id', '=', id)
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.get(
    `/api/${PSCLIENT_SERVICE}/getByTenantId`,
    {
      config: {
        access: READ,
        doc: {
          summary: { zh: '属于某租户的接入方', en: 'Access parties belonging to a tenant' },
          query: [{ name: 'tenantId', type: 'string', required: true }],
          response: BRIEF_NOTE,
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const rows = await call.db
        .selectFrom('bladePsclient')
        .select(BRIEF)
        .where('tenantId', '=', call.user.tenantId)
        .where('belongTenantId', '=', requiredParam(request, 'tenantId'))
        .where('isDeleted', '=', 0)
        .orderBy('clientCode')
        .orderBy('id')
        .execute();
      return ok(rows.map(wire));
    },
  );

  app.get(
    `/api/${PSCLIENT_SERVICE}/belong-client`,
    {
      config: {
        access: READ,
        doc: {
          summary: {
            zh: '本租户所属的接入方（所属租户为调用者所在租户，无论由哪个租户保存）',
            en: "The access parties the caller's tenant belongs to (kept by any tenant)",
          },
          response: BRIEF_NOTE,
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const rows = await call.db
        .selectFrom('bladePsclient')
        .select(BRIEF)
        .where('belongTenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('clientCode')
        .orderBy('id')
        .execute();
      return ok(rows.map(wire));
    },
  );

  for (const [name, kind] of Object.entries(PSCLIENT_FILE_KINDS)) {
    const what =
      kind === 1
        ? { zh: '资质文件', en: 'qualification files' }
        : { zh: '协议文件', en: 'agreement files' };
    app.get(
      `/api/${PSCLIENT_FILE_SERVICE}/${name}`,
      {
        config: {
          access: READ,
          doc: {
            summary: { zh: `接入方${what.zh}`, en: `An access party's ${what.en}` },
            query: [{ name: 'clientId', type: 'string', required: true }],
            response: {
              zh: '[{id, clientId, attachId, fileName, fileUrl, createTime}]；下载：blade-resource/attach/download?id=attachId',
              en: '[{id, clientId, attachId, fileName, fileUrl, createTime}]; download: blade-resource/attach/download?id=attachId',
            },
          },
        },
      },
      async (request) => {
        const call = callOf(request);
        const party = await partyOf(call, requiredParam(request, 'clientId'));
        const files = await call.db
          .selectFrom('bladePsclientFile')
          .select(['id', 'clientId', 'attachId', 'fileName', 'fileUrl', 'createTime'])
          .where('tenantId', '=', call.user.tenantId)
          .where('clientId', '=', party.id)
          .where('kind', '=', kind)
          .where('isDeleted', '=', 0)
          .orderBy('createTime')
          .orderBy('id')
          .execute();
        return ok(files.map(wire));
      },
    );
  }

  app.post(
    `/api/${PSCLIENT_FILE_SERVICE}/submit`,
    {
      config: {
        access: EDIT,
        doc: {
          summary: {
            zh: '保存接入方的资质或协议文件（替换原有文件）',
            en: "Save an access party's qualification or agreement files (replaces them)",
          },
          body: {
            schema: filesBody,
            description: {
              zh: 'kind：1 资质文件，2 协议文件；attachIds：上传得到的附件 id（pdf、图片、Word、Excel，每个不超过10MB，最多20个）',
              en: 'kind: 1 qualifications, 2 agreements; attachIds: attachment ids from the uploader (pdf, images, Word, Excel, 10 MB each, at most 20)',
            },
          },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const { clientId, kind, attachIds } = parse(filesBody, bodyObject(request));
      const unique = [...new Set(attachIds)];
      await partyOf(call, clientId);
      const attaches =
        unique.length === 0
          ? []
          : await call.db
              .selectFrom('bladeAttach')
              .select(['id', 'originalName', 'link', 'extension', 'attachSize', 'kind'])
              .where('id', 'in', unique)
              .where('tenantId', '=', call.user.tenantId)
              .where('isDeleted', '=', 0)
              .execute();
      if (attaches.length !== unique.length) throw badRequest(PSCLIENT_REFUSALS.attachMissing.zh);
      for (const a of attaches) {
        if (a.kind !== 'file' || !FILE_EXTENSIONS.has(a.extension.toLowerCase()))
          throw badRequest(PSCLIENT_REFUSALS.fileType.zh);
        if (Number(a.attachSize) > FILE_MAX_BYTES) throw badRequest(PSCLIENT_REFUSALS.fileSize.zh);
      }
      const byId = new Map(attaches.map((a) => [a.id, a]));
      const now = nowText();
      await call.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('bladePsclientFile')
          .set({ isDeleted: 1 })
          .where('tenantId', '=', call.user.tenantId)
          .where('clientId', '=', clientId)
          .where('kind', '=', kind)
          .where('isDeleted', '=', 0)
          .execute();
        if (unique.length > 0)
          await trx
            .insertInto('bladePsclientFile')
            .values(
              unique.map((attachId) => ({
                id: nextId(),
                tenantId: call.user.tenantId,
                clientId,
                kind,
                attachId,
                fileName: byId.get(attachId)!.originalName,
                fileUrl: byId.get(attachId)!.link,
                createUser: call.user.userId,
                createTime: now,
                isDeleted: 0,
              })),
            )
            .execute();
      });
      return okStatus('保存成功');
    },
  );
}
