import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';

/**
 * Rows the product tests start from, written straight to the database (the access party, app and
 * order routes are not the ones under test here).
 */
export const audit = () => ({
  createUser: null,
  createDept: null,
  createTime: nowText(),
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

export async function insertClient(db: Kysely<DB>, tenantId: string): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladePsclient')
    .values({
      id,
      tenantId,
      clientCode: `C${id.slice(-8)}`,
      clientName: `接入方${id.slice(-4)}`,
      shortName: null,
      contactName: null,
      contactPhone: null,
      belongTenantId: null,
      enabled: 1,
      remark: null,
      ...audit(),
    })
    .execute();
  return id;
}

export async function insertApp(
  db: Kysely<DB>,
  tenantId: string,
  clientId: string,
): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladePsclientApp')
    .values({
      id,
      tenantId,
      clientId,
      appName: `应用${id.slice(-4)}`,
      appKey: `k${id}`,
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
  return id;
}

/** A client order of one unit, `state` created by default. */
export async function insertOrder(
  db: Kysely<DB>,
  tenantId: string,
  a: { clientId: string; appId: string; productId: string; state?: string },
): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladeClientProductOrder')
    .values({
      id,
      tenantId,
      orderNo: `O${id}`,
      outOrderNo: `OUT${id}`,
      clientId: a.clientId,
      appId: a.appId,
      productId: a.productId,
      goodId: null,
      supOrderId: null,
      quantity: 1,
      salePrice: 100,
      amount: 100,
      returnedQuantity: 0,
      returnedAmount: 0,
      phone: null,
      phoneMask: null,
      state: a.state ?? 'created',
      source: 'api',
      lastError: null,
      finishTime: null,
      enabled: 1,
      remark: null,
      ...audit(),
    })
    .execute();
  return id;
}
