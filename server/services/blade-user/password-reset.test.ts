import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import * as m001 from '../../db/migrations/001-platform.js';
import * as m015 from '../../db/migrations/015-password-expiry.js';
import { seedSystem } from '../../db/seed/system.js';
import { passwordRuleViolation } from '../../lib/password.js';
import { RsaTransport } from '../../lib/rsa.js';
import { migrationDatabase } from '../../test/migration-database.js';
import { createTestApp, data, DEMO_TENANT, type TestApp } from '../../test/support.js';
import { createUser, findUser, loginReady, USER } from './test-helpers.js';

/** Issue 15 item 6: no well-known passwords. */
interface ResetAnswer {
  id: string;
  account: string;
  password: string;
  expireTime: string;
}

const EXPIRED = '临时密码已过期，请联系管理员重新重置密码';

describe('reset-password gives a random one-time password', () => {
  let t: TestApp;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const reset = async (...ids: string[]) =>
    data<ResetAnswer[]>(
      await t.post(`${USER}/reset-password`, tenantAdmin, undefined, { userIds: ids.join(',') }),
    );

  it('answers a password meeting the rule, different each time; only the newest one signs in, with the forced change', async () => {
    await createUser(t, tenantAdmin, { account: 'otp1' });
    const target = await findUser(t, tenantAdmin, 'otp1');
    await loginReady(t, 'otp1', 'Init@123', DEMO_TENANT);

    const [first] = await reset(target.id);
    const [second] = await reset(target.id);
    for (const answer of [first!, second!]) {
      expect(answer).toMatchObject({ id: target.id, account: 'otp1' });
      expect(passwordRuleViolation(answer.password)).toBeUndefined();
      expect(answer.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(second!.password).not.toBe(first!.password);

    // The old password, the first reset's and the former fixed default all fail.
    for (const old of ['Init@123', first!.password, 'Quanyi@123'])
      expect((await t.tokenRequest('otp1', old, DEMO_TENANT)).statusCode).toBe(400);
    const login = await t.tokenRequest('otp1', second!.password, DEMO_TENANT);
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(true);
    // Until the change, only the password change is open.
    expect((await t.get(`${USER}/info`, login.json().access_token)).statusCode).toBe(403);

    // Neither the API log nor the database holds the password in plain text.
    const logs = await t.app.ctx.db
      .selectFrom('bladeLogApi')
      .select('params')
      .where('requestUri', 'like', '%reset-password')
      .execute();
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log.params ?? '').not.toContain(second!.password);
    const row = await t.app.ctx.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(second!.password);
  });

  it('gives every selected user a password of their own', async () => {
    await createUser(t, tenantAdmin, { account: 'otp2' });
    await createUser(t, tenantAdmin, { account: 'otp3' });
    const a = await findUser(t, tenantAdmin, 'otp2');
    const b = await findUser(t, tenantAdmin, 'otp3');
    const answers = await reset(a.id, b.id);
    expect(answers.map((x) => x.account).sort()).toEqual(['otp2', 'otp3']);
    expect(answers[0]!.password).not.toBe(answers[1]!.password);
    for (const answer of answers)
      expect((await t.tokenRequest(answer.account, answer.password, DEMO_TENANT)).statusCode).toBe(
        200,
      );
  });

  it('refuses the one-time password after 24 hours; a password chosen with it does not expire', async () => {
    await createUser(t, tenantAdmin, { account: 'otp4' });
    await createUser(t, tenantAdmin, { account: 'otp5' });
    const late = await findUser(t, tenantAdmin, 'otp4');
    const prompt = await findUser(t, tenantAdmin, 'otp5');
    const [lateAnswer] = await reset(late.id);
    const [promptAnswer] = await reset(prompt.id);

    // otp5 changes it at once.
    const token = (await t.tokenRequest('otp5', promptAnswer!.password, DEMO_TENANT)).json()
      .access_token as string;
    const change = await t.post(`${USER}/update-password`, token, undefined, {
      oldPassword: t.encrypt(promptAnswer!.password),
      newPassword: t.encrypt('Mine#2024'),
      newPassword1: t.encrypt('Mine#2024'),
    });
    expect(change.statusCode).toBe(200);

    t.advance(23 * 3600);
    expect((await t.tokenRequest('otp4', lateAnswer!.password, DEMO_TENANT)).statusCode).toBe(200);
    t.advance(3600 + 1);
    const refused = await t.tokenRequest('otp4', lateAnswer!.password, DEMO_TENANT);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(EXPIRED);
    // A wrong password still gets the usual answer: the expiry is told only after the right one.
    const wrong = await t.tokenRequest('otp4', 'Wrong#123', DEMO_TENANT);
    expect(wrong.json().error_description).toBe('用户名或密码错误');

    t.advance(30 * 24 * 3600);
    const mine = await t.tokenRequest('otp5', 'Mine#2024', DEMO_TENANT);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().must_change_password).toBe(false);
  });
});

describe('ADMIN_PASSWORD', () => {
  it("sets the first administrator's password, with no forced change; admin/admin does not sign in", async () => {
    const t = await createTestApp({ adminPassword: 'Prod#2024x' });
    try {
      expect((await t.tokenRequest('admin', 'admin')).statusCode).toBe(400);
      const login = await t.tokenRequest('admin', 'Prod#2024x');
      expect(login.statusCode).toBe(200);
      expect(login.json().must_change_password).toBe(false);
    } finally {
      await t.close();
    }
    // Its own template: the whole demo seeded inside the test (about 9 s on PostgreSQL alone,
    // past 20 s on a busy machine).
  }, 120_000);

  it('without it the administrator is admin/admin and must change the password', async () => {
    const t = await createTestApp();
    try {
      const login = await t.tokenRequest('admin', 'admin');
      expect(login.json().must_change_password).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a weak value, naming the rule and not the value', async () => {
    const rsaPrivateKeyPem = RsaTransport.generatePrivateKeyPem();
    for (const weak of ['admin', 'password12', 'abcdefghijk1A']) {
      const database = await openDatabase({ sqliteFile: ':memory:' });
      try {
        const start = buildApp({
          database,
          secrets: {
            jwtSecret: randomBytes(32).toString('hex'),
            rsaPrivateKeyPem,
          },
          config: { adminPassword: weak, demoData: false },
          exportWorker: false,
        });
        await expect(start).rejects.toThrow(/^ADMIN_PASSWORD .*6-10/);
        await expect(start).rejects.not.toThrow(weak);
      } finally {
        await database.close();
      }
    }
  });
});

describe('migration 015-password-expiry', () => {
  it('retires the seeded Quanyi@123 parameter and leaves existing passwords without expiry', async () => {
    const migration = await migrationDatabase();
    const { db } = migration.database;
    try {
      await migration.migrateTo({ '001-platform': m001 });
      await seedSystem(db);
      // As seeded before this issue, next to a tenant's own parameter.
      const param = { tenantId: '000000', paramName: 'p', version: 1, status: 1, isDeleted: 0 };
      await db
        .insertInto('bladeParam')
        .values([
          { ...param, id: 'p1', paramKey: 'account.initPassword', paramValue: 'Quanyi@123' },
          { ...param, id: 'p2', paramKey: 'account.registerUser', paramValue: 'true' },
        ] as never)
        .execute();

      await migration.migrateTo({ '001-platform': m001, '015-password-expiry': m015 });
      const params = await db
        .selectFrom('bladeParam')
        .select(['id', 'isDeleted'])
        .where('id', 'in', ['p1', 'p2'])
        .orderBy('id')
        .execute();
      expect(params).toEqual([
        { id: 'p1', isDeleted: 1 },
        { id: 'p2', isDeleted: 0 },
      ]);
      const admin = await db
        .selectFrom('bladeUser')
        .select('passwordExpiresAt')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(admin.passwordExpiresAt).toBeNull();
    } finally {
      await migration.close();
    }
  });
});
