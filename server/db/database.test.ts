import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { RsaTransport } from '../lib/rsa.js';
import { openDatabase, type DatabaseOptions } from './database.js';
import { ownDatabase } from '../test/pg-admin.js';

/** The same database opened twice, as two starts of the server would. */
async function databaseOptions(): Promise<{
  options: DatabaseOptions;
  cleanup: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const own = await ownDatabase(url);
    return { options: { databaseUrl: own.url, pgSchema: 'public' }, cleanup: own.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'quanyi-db-'));
  return { options: { sqliteFile: path.join(dir, 'quanyi.db') }, cleanup: async () => {} };
}

describe('database start-up', () => {
  // Two starts that seed the demo's orders: on PostgreSQL on 2 cores, past the 20 s default.
  it('migrates and seeds once: a second start keeps the data and adds nothing', async () => {
    const { options, cleanup } = await databaseOptions();
    const secrets = {
      jwtSecret: randomBytes(32).toString('hex'),
      rsaPrivateKeyPem: RsaTransport.generatePrivateKeyPem(),
    };
    // A tenth of the demo's volume (as the e2e servers run it): the point is seeding once.
    const config = {
      demoData: true,
      demoOrders: 2000,
      demoClientOrders: 300,
      captcha: false,
      staticDir: undefined,
    };
    try {
      for (let start = 1; start <= 2; start++) {
        const database = await openDatabase(options);
        const app = await buildApp({ database, secrets, config });
        const { db } = app.ctx;
        if (start === 1) {
          await db
            .updateTable('bladeUser')
            .set({ realName: '改过的名字' })
            .where('account', '=', 'operator')
            .execute();
        }
        const tenants = await db
          .selectFrom('bladeTenant')
          .select('tenantId')
          .orderBy('tenantId')
          .execute();
        expect(tenants.map((t) => t.tenantId)).toEqual(['000000', '100001']);
        const admins = await db
          .selectFrom('bladeUser')
          .select('id')
          .where('account', '=', 'admin')
          .where('tenantId', '=', '000000')
          .execute();
        expect(admins).toHaveLength(1);
        const operator = await db
          .selectFrom('bladeUser')
          .select('realName')
          .where('account', '=', 'operator')
          .executeTakeFirst();
        expect(operator?.realName).toBe('改过的名字');
        await app.close();
        await database.close();
      }
    } finally {
      await cleanup();
    }
  }, 120_000);

  it('starts without demo data when DEMO_DATA is off', async () => {
    const { options, cleanup } = await databaseOptions();
    try {
      const database = await openDatabase(options);
      const app = await buildApp({
        database,
        secrets: {
          jwtSecret: randomBytes(32).toString('hex'),
          rsaPrivateKeyPem: RsaTransport.generatePrivateKeyPem(),
        },
        config: { demoData: false, captcha: false, staticDir: undefined },
      });
      const users = await app.ctx.db.selectFrom('bladeUser').select('account').execute();
      expect(users.map((u) => u.account)).toEqual(['admin']);
      await app.close();
      await database.close();
    } finally {
      await cleanup();
    }
  });
});
