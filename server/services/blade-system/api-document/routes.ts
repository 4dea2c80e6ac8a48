import type { FastifyInstance } from 'fastify';
import { toOpenApi } from '../../../lib/api-doc/index.js';
import { ok } from '../../../lib/envelope.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { perm } from '../../../auth/index.js';

/** package.json's version, the OpenAPI document's info.version. */
const API_VERSION = '0.1.0';

/**
 * blade-system/api-document (/setting/api-document): the API reference generated from the
 * server's own routes (lib/api-doc): every /api route with its access, and what its
 * declaration or `config.doc` says about parameters and body.
 */
export default async function apiDocumentRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/blade-system/api-document';
  const access = { access: perm('api_document') };

  app.get(
    base,
    {
      config: {
        ...access,
        doc: {
          summary: {
            zh: '接口文档：按服务分组的全部接口',
            en: 'API reference: every route by service',
          },
          response: {
            zh: '{services: [{name, routes: [{method, path, access, summary, query, body}]}]}',
            en: '{services: [{name, routes: [{method, path, access, summary, query, body}]}]}',
          },
        },
      },
    },
    async () => ok(app.apiDocs.document()),
  );

  app.get(
    `${base}/openapi.json`,
    {
      config: {
        ...access,
        doc: {
          summary: { zh: '下载 OpenAPI 3.1 文档', en: 'Download the OpenAPI 3.1 document' },
          response: { zh: 'openapi.json 附件', en: 'openapi.json as an attachment' },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition('openapi.json'))
        .header('X-Content-Type-Options', 'nosniff')
        .send(JSON.stringify(toOpenApi(app.apiDocs.document(), API_VERSION), null, 2)),
  );
}
