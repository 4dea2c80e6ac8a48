import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { ApiError } from '../../../lib/errors.js';
import { createTestApp, DEMO_TENANT, type TestApp } from '../../../test/support.js';
import {
  decryptInterfaceSecret,
  driverSupplier,
  encryptInterfaceSecret,
  supplierDriver,
} from './index.js';

/** Issue 17 item 4: a supplier is loaded for a driver only within its tenant, secret decrypted. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'plain-interface-secret-31337';

async function insertSupplier(tenantId: string, supCode: string, secret: string | null) {
  const id = nextId();
  await t.app.ctx.db
    .insertInto('bladeSup')
    .values({
      id,
      tenantId,
      supCode,
      supName: `供应商${supCode}`,
      shortName: null,
      contactName: null,
      contactPhone: null,
      settlementType: 1,
      supplyType: 1,
      driver: 'sandbox',
      interfaceEndpoint: null,
      interfaceKey: 'key-1',
      interfaceSecret: secret,
      remark: null,
      createUser: null,
      createDept: null,
      createTime: null,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    })
    .execute();
  return id;
}

describe('driverSupplier (issue 17 item 4)', () => {
  it('stores the interface secret encrypted and gives the driver the plain one', async () => {
    const ctx = t.app.ctx;
    const stored = encryptInterfaceSecret(ctx, SECRET);
    expect(stored).toMatch(/^enc1:/);
    expect(stored).not.toContain(SECRET);
    // A new ciphertext each time; each reads back.
    expect(encryptInterfaceSecret(ctx, SECRET)).not.toBe(stored);
    expect(encryptInterfaceSecret(ctx, '')).toBeNull();

    const id = await insertSupplier('000000', 'SUPDRV1', stored);
    const supplier = await driverSupplier(ctx, '000000', id);
    expect(supplier).toMatchObject({
      id,
      tenantId: '000000',
      supCode: 'SUPDRV1',
      driver: 'sandbox',
      interfaceKey: 'key-1',
      interfaceSecret: SECRET,
    });
    // The loaded supplier goes straight to its driver.
    const stores = await supplierDriver(ctx, supplier).loadStores(supplier);
    expect(stores[0]?.storeCode).toMatch(/^SUPDRV1-S\d{3}$/);
  });

  it("refuses another tenant's supplier, a deleted one and an unknown id with 404", async () => {
    const ctx = t.app.ctx;
    const theirs = await insertSupplier(
      DEMO_TENANT,
      'SUPDRV2',
      encryptInterfaceSecret(ctx, SECRET),
    );
    const deleted = await insertSupplier('000000', 'SUPDRV3', null);
    await ctx.db.updateTable('bladeSup').set({ isDeleted: 1 }).where('id', '=', deleted).execute();
    for (const id of [theirs, deleted, '123']) {
      const error = await driverSupplier(ctx, '000000', id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(404);
    }
    await expect(driverSupplier(ctx, DEMO_TENANT, theirs)).resolves.toMatchObject({
      interfaceSecret: SECRET,
    });
  });

  it('reads no secret from a value it did not write (plain text, another key, altered)', async () => {
    const ctx = t.app.ctx;
    const stored = encryptInterfaceSecret(ctx, SECRET)!;
    expect(decryptInterfaceSecret(ctx, SECRET)).toBeNull();
    expect(decryptInterfaceSecret({ jwtSecret: 'another-install-secret' }, stored)).toBeNull();
    const raw = Buffer.from(stored.slice(5), 'base64');
    raw[14] = raw[14]! ^ 1;
    expect(decryptInterfaceSecret(ctx, `enc1:${raw.toString('base64')}`)).toBeNull();
    const id = await insertSupplier('000000', 'SUPDRV4', SECRET);
    expect((await driverSupplier(ctx, '000000', id)).interfaceSecret).toBeNull();
  });
});
