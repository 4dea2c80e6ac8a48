import type { FastifyInstance } from 'fastify';
import type { Access } from '../../auth/index.js';
import { ok, okStatus } from '../../lib/envelope.js';
import type { DocText, RouteDocInput } from '../../lib/api-doc/types.js';
import { badRequest } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { bodyObject, requiredParam } from '../../lib/params.js';
import { wire } from '../../lib/records.js';
import type { TableCall } from '../../lib/table/index.js';
import { nowText } from '../../lib/time.js';
import { callOf } from './call.js';

/**
 * The files a party keeps (qualifications, agreements), as the supplier (sup-file,
 * sup-argeement-file) and the access party (psclient-file) serve them: lists by kind, and a save
 * that replaces one kind's files with attachments the caller's tenant uploaded (documents and
 * images, 10 MB each, 20 at most). Each side registers its own paths, permissions, body and texts.
 */

/** 1 qualifications, 2 agreements. */
export type PartyFileKind = 1 | 2;

export const PARTY_FILE_EXTENSIONS = new Set([
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'doc',
  'docx',
  'xls',
  'xlsx',
]);
export const PARTY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PARTY_FILES_MAX = 20;

/** What each kind is called in a route's summary. */
export const PARTY_FILE_KIND_NAMES: Record<PartyFileKind, DocText> = {
  1: { zh: '资质文件', en: 'qualification files' },
  2: { zh: '协议文件', en: 'agreement files' },
};

/** What a save call asks: replace `kind`'s files of the party with these attachments. */
export interface PartyFilesSave {
  partyId: string;
  kind: PartyFileKind;
  attachIds: string[];
}

/** The file table and its column naming the party (also the list calls' query parameter). */
type PartyFileTable =
  | { table: 'bladeSupFile'; partyColumn: 'supId' }
  | { table: 'bladePsclientFile'; partyColumn: 'clientId' };

export type PartyFileRoutes = PartyFileTable & {
  /** The caller's live party, or 404. */
  partyOf(call: TableCall, id: string): Promise<{ id: string }>;
  read: Access;
  edit: Access;
  /** GET calls answering one kind's files (`?<partyColumn>=`). */
  lists: readonly { url: string; kind: PartyFileKind; summary: DocText }[];
  /** POST calls, each reading its body (refusing with 400) into what to save. */
  saves: readonly { url: string; doc: RouteDocInput; read(body: unknown): PartyFilesSave }[];
  /** The zh refusals of a save; `name` is the attachment's original name. */
  refusals: {
    attachMissing: string;
    fileType(name: string): string;
    fileSize(name: string): string;
  };
};

/**
 * Registers a party's file calls on `app` (in the caller's plugin, so its hooks and error handler
 * apply). Every query is bound to the token's tenant: another tenant's party answers 404.
 */
export function partyFileRoutes(app: FastifyInstance, spec: PartyFileRoutes): void {
  const { table, partyColumn, refusals } = spec;

  const listed = `[{id, ${partyColumn}, attachId, fileName, fileUrl, createTime}]`;
  const listDoc = (summary: DocText): RouteDocInput => ({
    summary,
    query: [{ name: partyColumn, type: 'string', required: true }],
    response: {
      zh: `${listed}；下载：blade-resource/attach/download?id=attachId`,
      en: `${listed}; download: blade-resource/attach/download?id=attachId`,
    },
  });

  for (const list of spec.lists)
    app.get(
      list.url,
      { config: { access: spec.read, doc: listDoc(list.summary) } },
      async (request) => {
        const call = callOf(app, request);
        const party = await spec.partyOf(call, requiredParam(request, partyColumn));
        const files = await call.db
          .selectFrom(table)
          .select(['id', partyColumn, 'attachId', 'fileName', 'fileUrl', 'createTime'])
          .where('tenantId', '=', call.user.tenantId)
          .where(partyColumn, '=', party.id)
          .where('kind', '=', list.kind)
          .where('isDeleted', '=', 0)
          .orderBy('createTime')
          .orderBy('id')
          .execute();
        return ok(files.map(wire));
      },
    );

  for (const save of spec.saves)
    app.post(save.url, { config: { access: spec.edit, doc: save.doc } }, async (request) => {
      const call = callOf(app, request);
      const { partyId, kind, attachIds } = save.read(bodyObject(request));
      const unique = [...new Set(attachIds)];
      await spec.partyOf(call, partyId);
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
      if (attaches.length !== unique.length) throw badRequest(refusals.attachMissing);
      for (const a of attaches) {
        if (a.kind !== 'file' || !PARTY_FILE_EXTENSIONS.has(a.extension.toLowerCase()))
          throw badRequest(refusals.fileType(a.originalName));
        if (Number(a.attachSize) > PARTY_FILE_MAX_BYTES)
          throw badRequest(refusals.fileSize(a.originalName));
      }
      const byId = new Map(attaches.map((a) => [a.id, a]));
      const now = nowText();
      await call.db.transaction().execute(async (trx) => {
        await trx
          .updateTable(table)
          .set({ isDeleted: 1 })
          .where('tenantId', '=', call.user.tenantId)
          .where(partyColumn, '=', partyId)
          .where('kind', '=', kind)
          .where('isDeleted', '=', 0)
          .execute();
        if (unique.length > 0)
          await trx
            .insertInto(table)
            .values(
              unique.map((attachId) => ({
                id: nextId(),
                tenantId: call.user.tenantId,
                [partyColumn]: partyId,
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
    });
}
