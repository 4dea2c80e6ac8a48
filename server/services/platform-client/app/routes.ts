import type { FastifyInstance } from 'fastify';
import { psclientAppContract } from '../../../../src/contracts/platform-client/psclient-app.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { requiredParam } from '../../../lib/params.js';
import { wire } from '../../../lib/records.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { callOf } from '../../shared/call.js';
import { CLIENT_PICKER_SCREENS } from '../psclient/table.js';
import { APP_COLUMNS, BASE } from './calls.js';
import grantRoutes from './grant-routes.js';
import secretRoutes from './secret-routes.js';
import appTable, { presentApps } from './table.js';

const { codes } = psclientAppContract;
const READ = perm(codes.menu, codes.view!, ...CLIENT_PICKER_SCREENS);

/**
 * The apps' calls beyond the engine's (issue 27 item 1): submit and reset-secret
 * (secret-routes.ts), getByClientCode, listAuth and authConfig, listIpAddress and saveIpAddress
 * (grant-routes.ts). Every query is bound to the token's tenant: an app of another tenant
 * answers 404.
 */
export default async function psclientAppRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(appTable)(app);
  const { db } = app.ctx;
  await secretRoutes(app);

  app.get(
    `${BASE}/getByClientCode`,
    {
      config: {
        access: READ,
        doc: {
          summary: { zh: '接入方的应用', en: "An access party's apps" },
          query: [{ name: 'clientCode', type: 'string', required: true }],
          response: {
            zh: '应用列表（与 list 的记录相同，不含密钥）',
            en: 'The apps (as list records; never the secret)',
          },
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const rows = await db
        .selectFrom('bladePsclientApp as a')
        .innerJoin('bladePsclient as c', (join) =>
          join.onRef('c.id', '=', 'a.clientId').onRef('c.tenantId', '=', 'a.tenantId'),
        )
        .select(APP_COLUMNS.map((c) => `a.${c}` as const))
        .select('c.clientName')
        .where('a.tenantId', '=', call.user.tenantId)
        .where('c.clientCode', '=', requiredParam(request, 'clientCode'))
        .where('a.isDeleted', '=', 0)
        .where('c.isDeleted', '=', 0)
        .orderBy('a.createTime', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
      return ok(presentApps(call, rows).map(wire));
    },
  );

  await grantRoutes(app);
}
