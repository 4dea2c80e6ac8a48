import type { Kysely } from 'kysely';
import {
  PSCLIENT_APP_REFUSALS,
  psclientAppContract,
  type PsclientApp,
} from '../../../../src/contracts/platform-client/psclient-app.js';
import type { DB, PsclientAppTable } from '../../../db/schema.js';
import { badInput, conflict } from '../../../lib/errors.js';
import { endpointHost, isRefusedHost } from '../../../lib/outbound.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { CLIENT_PICKER_SCREENS } from '../psclient/table.js';
import { SANDBOX_SCHEME } from '../callback/worker.js';
import { parseIpAllowlist } from './ip-allowlist.js';

/** What the lists show of the secret: '••••' and its last 4 characters ('' before any). */
export const shownHint = (hint: string | null | undefined) => (hint ? `••••${hint}` : '');

/**
 * An allowlist as stored: its entries in their normal form, one a line (null: any address), or
 * the refusal at the field (400, a refusal of the input: an Idempotency-Key is freed).
 */
export function storedAllowlist(text: string | null | undefined): string | null {
  const { entries, error } = parseIpAllowlist(text ?? null);
  if (error) throw badInput(`ipAllowlist:${error}`);
  return entries.length > 0 ? entries.join('\n') : null;
}

/**
 * A callback URL the platform may call: not this machine, a private network or a metadata
 * service unless OUTBOUND_ALLOWLIST names its host (lib/outbound.ts; the delivery checks again
 * after name resolution). The contract's pattern has made it http(s).
 */
export function assertCallbackHost(call: TableCall, url: string | null | undefined) {
  if (!url || url.startsWith(SANDBOX_SCHEME)) return;
  const host = endpointHost(url);
  if (!host || isRefusedHost(host, call.ctx.config.outboundAllowlist))
    throw badInput(`callbackUrl:${PSCLIENT_APP_REFUSALS.callbackHost.zh}`);
}

/**
 * Refuses to remove apps whose prepay balance is not 0 (409); otherwise their prepay accounts
 * and product authorisations go with them. Inside the remove transaction: the accounts are
 * closed only while their balance is 0, so an order charging one meanwhile undoes the remove.
 */
export async function closeAppAccounts(
  db: Kysely<DB>,
  userId: string,
  tenantId: string,
  ids: string[],
) {
  const accounts = db
    .selectFrom('bladePsclientAppPrepay')
    .where('tenantId', '=', tenantId)
    .where('appId', 'in', ids)
    .where('isDeleted', '=', 0);
  const live = await accounts.select('balance').execute();
  if (live.some((a) => Number(a.balance) !== 0))
    throw conflict(PSCLIENT_APP_REFUSALS.prepayNotZero.zh);
  const closed = await db
    .updateTable('bladePsclientAppPrepay')
    .set({ isDeleted: 1, updateUser: userId, updateTime: nowText() })
    .where('tenantId', '=', tenantId)
    .where('appId', 'in', ids)
    .where('isDeleted', '=', 0)
    .where('balance', '=', 0)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== live.length)
    throw conflict(PSCLIENT_APP_REFUSALS.prepayNotZero.zh);
  await db
    .deleteFrom('bladePsclientAppProduct')
    .where('tenantId', '=', tenantId)
    .where('appId', 'in', ids)
    .execute();
}

/** Answers: the secret's hint as shown (never the secret, never its salt). */
export function presentApps<R extends Pick<PsclientAppTable, 'secretHint'>>(
  _call: TableCall,
  rows: R[],
) {
  return rows.map((r) => ({
    ...r,
    secretHint: shownHint(r.secretHint),
  })) as unknown as PsclientApp[];
}

/**
 * `${CLIENT_SERVICE}/psclient-app` (issue 27 item 1): the apps of the caller's tenant. The engine
 * serves list, list-all, get, delete, enable and export; routes.ts serves submit (a new app gets
 * its key, secret and prepay account in one transaction) and the spec's other calls. The salt
 * is none of the engine's columns, so no answer holds it.
 */
export default defineContractTable({
  contract: psclientAppContract,
  table: 'bladePsclientApp',
  scope: 'tenant',
  versioned: true,
  readers: CLIENT_PICKER_SCREENS,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['appKey', 'secretHint', 'secretTime'],
  own: ['submit'],
  beforeSave: async (call, input) => {
    assertCallbackHost(call, input.callbackUrl);
    storedAllowlist(input.ipAllowlist);
  },
  beforeRemove: (call, ids) => closeAppAccounts(call.db, call.user.userId, call.user.tenantId, ids),
  decorate: presentApps,
});
