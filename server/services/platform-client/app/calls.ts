import { PSCLIENT_APP_SERVICE } from '../../../../src/contracts/platform-client/psclient-app.js';
import { notFound } from '../../../lib/errors.js';
import type { TableCall } from '../../../lib/table/index.js';

/** What the apps' own calls (routes.ts and its modules) share. */

export const BASE = `/api/${PSCLIENT_APP_SERVICE}`;

/** The columns every answer of an app may hold: never the salt. */
export const APP_COLUMNS = [
  'id',
  'tenantId',
  'clientId',
  'appName',
  'appKey',
  'secretHint',
  'secretTime',
  'callbackUrl',
  'ipAllowlist',
  'rateLimit',
  'enabled',
  'remark',
  'version',
  'createTime',
] as const;

/** The caller's live app, or 404. */
export async function appOf(call: TableCall, id: string) {
  const row = await call.db
    .selectFrom('bladePsclientApp')
    .select(APP_COLUMNS)
    .where('id', '=', id)
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
