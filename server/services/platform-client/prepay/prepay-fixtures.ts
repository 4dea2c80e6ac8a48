import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { changePrepay, type PrepayChangeType } from './ledger.js';

/**
 * What the prepay tests start from, written straight to the database (the app submit that opens
 * an account is another service's route): an access party, an app and its account at 0.
 */

const audit = () => ({
  createUser: null,
  createDept: null,
  createTime: nowText(),
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
  version: 1,
});

export interface PrepayFixture {
  clientId: string;
  appId: string;
  /** The prepay row's id. */
  id: string;
}

/** An access party with one app and its prepay account (balance 0; `over` sets its columns). */
export async function insertAppPrepay(
  db: Kysely<DB>,
  tenantId: string,
  code: string,
  over: { prepayType?: number; creditLimit?: number; warningAmount?: number | null } = {},
  clientId?: string,
): Promise<PrepayFixture> {
  if (!clientId) {
    clientId = nextId();
    await db
      .insertInto('bladePsclient')
      .values({
        id: clientId,
        tenantId,
        clientCode: code,
        clientName: `接入方${code}`,
        shortName: null,
        contactName: null,
        contactPhone: null,
        belongTenantId: null,
        enabled: 1,
        remark: null,
        ...audit(),
      })
      .execute();
  }
  const appId = nextId();
  await db
    .insertInto('bladePsclientApp')
    .values({
      id: appId,
      tenantId,
      clientId,
      appName: `应用${code}`,
      appKey: `ak${appId}`.slice(0, 32),
      secretSalt: 'salt',
      secretHint: null,
      secretTime: null,
      callbackUrl: null,
      ipAllowlist: null,
      rateLimit: 600,
      enabled: 1,
      remark: null,
      ...audit(),
    })
    .execute();
  const id = nextId();
  await db
    .insertInto('bladePsclientAppPrepay')
    .values({
      id,
      tenantId,
      appId,
      clientId,
      balance: 0,
      creditLimit: over.creditLimit ?? 0,
      warningAmount: over.warningAmount ?? null,
      prepayType: over.prepayType ?? 1,
      warned: 0,
      ...audit(),
    })
    .execute();
  return { clientId, appId, id };
}

/** A change written by the ledger as the order paths write it (fen). */
export function ledgerChange(
  db: Kysely<DB>,
  tenantId: string,
  appId: string,
  amount: number,
  changeType: PrepayChangeType,
  sourceNo: string | null = null,
) {
  return db
    .transaction()
    .execute((trx) => changePrepay(trx, { tenantId, appId, amount, changeType, sourceNo }));
}
