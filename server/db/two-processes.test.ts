import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMainProcess, stopMainProcess, type MainProcess } from '../test/main-process.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCodeLifecycle } from '../../machines/lifecycles/coupon-code-machine.js';
import { refusedMessage } from '../../machines/lifecycles/lifecycle.js';
import { CODE_SERVICE } from '../../src/contracts/platform-supplier/coupon-code.js';
import { encryptWithPublicKey } from '../lib/rsa.js';
import {
  insertCodes,
  insertGood,
  insertSupplier,
} from '../services/platform-supplier/test-fixtures.js';
import { ADMIN_PASSWORD, BASIC } from '../test/support.js';
import { openDatabase, type Database } from './database.js';

/**
 * Two server processes on one SQLite file (issue 24), each started as `npm start` runs it
 * (server/main.ts in its own process, so each has its own connection): concurrent coupon-code
 * state changes split across both never answer 500 — a write transaction starts with
 * `BEGIN IMMEDIATE` and waits for the other process's (db/database.ts) — and the final states
 * agree with the answers.
 */
const TENANT = '000000';
const CODES = 50;

interface Answer {
  code: number;
  event: 'invalidate' | 'recover';
  server: string;
  status: number;
  msg: string;
}

describe('two server processes on one SQLite file', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quanyi-two-processes-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const servers: MainProcess[] = [];
  let database: Database | undefined;

  beforeAll(async () => {
    // Migrations and the seed run once: the first process is up before the second starts.
    // SQLite whatever the test's environment says.
    const env = {
      DATABASE_URL: '',
      RSA_PRIVATE_KEY: '',
      JWT_SECRET: jwtSecret,
      ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      CAPTCHA: 'off',
    };
    servers.push(await startMainProcess('A', dataDir, env));
    servers.push(await startMainProcess('B', dataDir, env));
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all(servers.map(stopMainProcess));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 or a 409 naming the state to 200 concurrent coupon-code calls, never 500', async () => {
    const [a, b] = servers as [MainProcess, MainProcess];
    // The test's own connection to the same file (a third process's view): unused codes.
    database = await openDatabase({ sqliteFile: path.join(dataDir, 'quanyi.db') });
    const ctx = { db: database.db, jwtSecret };
    const supId = await insertSupplier(ctx.db, TENANT, 'TWOPROC');
    const goodId = await insertGood(ctx.db, TENANT, supId, 'TWOPROC-G');
    const { batchId } = await insertCodes(ctx, TENANT, supId, goodId, CODES);
    const before = await ctx.db
      .selectFrom('bladeSupCouponCode')
      .select(['id', 'version'])
      .where('batchId', '=', batchId)
      .orderBy('id')
      .execute();
    expect(before).toHaveLength(CODES);

    // Signed in on A; the token works on B (same secret, the session row is in the shared file).
    const key = (
      (await (await fetch(`${a.base}/api/blade-auth/oauth/public-key`)).json()) as {
        data: { pem: string };
      }
    ).data.pem;
    const login = await fetch(`${a.base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: BASIC },
      body: new URLSearchParams({
        tenantId: TENANT,
        username: 'admin',
        password: encryptWithPublicKey(key, ADMIN_PASSWORD),
        grant_type: 'password',
        scope: 'all',
      }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;

    // Per code: invalidate on A and on B, recover on A and on B, all 200 fired at once.
    const call = async (
      server: MainProcess,
      code: number,
      event: Answer['event'],
    ): Promise<Answer> => {
      const route = event === 'invalidate' ? 'invalid-coupon' : 'recovery-coupon';
      const res = await fetch(`${server.base}/api/${CODE_SERVICE}/${route}`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: before[code]!.id }),
      });
      const body = (await res.json()) as { msg?: string };
      return { code, event, server: server.name, status: res.status, msg: body.msg ?? '' };
    };
    const started = performance.now();
    const answers = await Promise.all(
      before.flatMap((_, code) => [
        call(a, code, 'invalidate'),
        call(b, code, 'invalidate'),
        call(b, code, 'recover'),
        call(a, code, 'recover'),
      ]),
    );
    const ms = performance.now() - started;

    // Nothing else than a success or a lost race: the 409 names the state the winner left (an
    // invalidation finds the code invalid, a recovery finds it unused).
    const expected = {
      invalidate: { ok: '已作废1个券码', lost: refusedMessage(couponCodeLifecycle, 'invalid') },
      recover: { ok: '已恢复1个券码', lost: refusedMessage(couponCodeLifecycle, 'unused') },
    };
    const unexpected = answers.filter(
      (x) =>
        !(x.status === 200 && x.msg === expected[x.event].ok) &&
        !(x.status === 409 && x.msg === expected[x.event].lost),
    );
    expect(
      unexpected,
      `${String(unexpected.length)} of ${String(answers.length)} in ${ms.toFixed(0)} ms`,
    ).toEqual([]);
    // Both processes did work.
    for (const server of [a, b])
      expect(answers.some((x) => x.server === server.name && x.status === 200)).toBe(true);

    // The final states agree with the answers: transitions alternate, so per code the
    // invalidations that succeeded are the recoveries that did or one more; each wrote once.
    const after = new Map(
      (
        await ctx.db
          .selectFrom('bladeSupCouponCode')
          .select(['id', 'state', 'version'])
          .where('batchId', '=', batchId)
          .execute()
      ).map((r) => [r.id, r]),
    );
    before.forEach((row, code) => {
      const done = (event: Answer['event']) =>
        answers.filter((x) => x.code === code && x.event === event && x.status === 200).length;
      const invalidated = done('invalidate');
      const recovered = done('recover');
      expect([0, 1]).toContain(invalidated - recovered);
      expect(after.get(row.id)).toEqual({
        id: row.id,
        state: invalidated > recovered ? 'invalid' : 'unused',
        version: row.version + invalidated + recovered,
      });
    });
    for (const server of servers) expect(server.child.exitCode).toBe(null);
  }, 60_000);
});
