import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PSCLIENT_FILE_KINDS,
  PSCLIENT_FILE_SERVICE,
  PSCLIENT_REFUSALS,
  PSCLIENT_SERVICE,
  psclientContract,
} from '../../../../src/contracts/platform-client/psclient.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { requiredParam } from '../../../lib/params.js';
import { wire } from '../../../lib/records.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { callOf } from '../../shared/call.js';
import { idText, parse, splitIds } from '../../shared/input.js';
import {
  PARTY_FILE_KIND_NAMES,
  PARTY_FILES_MAX,
  partyFileRoutes,
} from '../../shared/party-files.js';
import psclientTable, { PSCLIENT_READERS } from './table.js';

const { codes } = psclientContract;
const READ = perm(codes.menu, codes.view!, ...PSCLIENT_READERS);
const EDIT = perm(codes.edit!);

const filesBody = z.object({
  clientId: idText,
  kind: z.preprocess(
    (v) => Number(v),
    z.union([z.literal(1), z.literal(2)], { error: PSCLIENT_REFUSALS.fileKind.zh }),
  ),
  attachIds: z.preprocess(
    splitIds,
    z
      .array(idText, { error: '参数格式错误' })
      .max(PARTY_FILES_MAX, PSCLIENT_REFUSALS.tooManyFiles.zh),
  ),
});

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
      const call = callOf(app, request);
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
      const call = callOf(app, request);
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

  partyFileRoutes(app, {
    table: 'bladePsclientFile',
    partyColumn: 'clientId',
    partyOf,
    read: READ,
    edit: EDIT,
    lists: Object.entries(PSCLIENT_FILE_KINDS).map(([name, kind]) => ({
      url: `/api/${PSCLIENT_FILE_SERVICE}/${name}`,
      kind,
      summary: {
        zh: `接入方${PARTY_FILE_KIND_NAMES[kind].zh}`,
        en: `An access party's ${PARTY_FILE_KIND_NAMES[kind].en}`,
      },
    })),
    saves: [
      {
        url: `/api/${PSCLIENT_FILE_SERVICE}/submit`,
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
        read: (body) => {
          const { clientId, kind, attachIds } = parse(filesBody, body);
          return { partyId: clientId, kind, attachIds };
        },
      },
    ],
    refusals: {
      attachMissing: PSCLIENT_REFUSALS.attachMissing.zh,
      fileType: () => PSCLIENT_REFUSALS.fileType.zh,
      fileSize: () => PSCLIENT_REFUSALS.fileSize.zh,
    },
  });
}
