import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODE_SERVICE } from '../../src/contracts/platform-supplier/coupon-code.js';
import { buildApp } from '../app.js';
import { RsaTransport } from '../lib/rsa.js';
import {
  insertCodes,
  insertGood,
  insertSupplier,
} from '../services/platform-supplier/test-fixtures.js';
import { ADMIN_PASSWORD, BASIC } from '../test/support.js';
import { isDatabaseBusy } from './availability.js';
import { openDatabase, type Database } from './database.js';

/**
 * One process's side of a shared SQLite file (sqlite-dialect.ts): another connection, standing
 * in for another server process, holds the write lock with a transaction of its own.
 */
describe('SQLite write lock held by another connection', () => {
  let dir = '';
  let file = '';
  let other: SQLite.Database;
  const opened: Database[] = [];
  const open = async (sqliteBusyWaitMs?: number) => {
    const database = await openDatabase({ sqliteFile: file, sqliteBusyWaitMs });
    opened.push(database);
    return database;
  };
  /** Our view of the counter (an autocommit read: in WAL mode it never waits). */
  const counter = async (database: Database) =>
    (await sql<{ n: number }>`select n from counter`.execute(database.db)).rows[0]?.n;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quanyi-sqlite-lock-'));
    file = path.join(dir, 'quanyi.db');
    other = new SQLite(file);
    other.pragma('journal_mode = WAL');
    other.exec('create table counter (n integer not null); insert into counter values (0);');
  });

  afterEach(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    for (const database of opened.splice(0)) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The other connection takes the write lock and changes the counter, uncommitted. */
  const holdLock = () => {
    other.exec('begin immediate');
    other.exec('update counter set n = n + 1');
  };

  it('a transaction takes the lock before its first read, waiting without stopping the process', async () => {
    const database = await open();
    holdLock();
    // The other side commits on a timer of this process: it can fire only if the wait is not
    // one synchronous busy wait (SQLite's own would stop the process for the whole 5 s bound).
    setTimeout(() => other.exec('commit'), 300);
    const started = Date.now();
    await database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
      await sql`update counter set n = ${(rows[0]?.n ?? 0) + 10}`.execute(trx);
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // It read after the other transaction committed (a deferred BEGIN would have read 0 and
    // then failed to write: SQLITE_BUSY at once, no wait).
    expect(await counter(database)).toBe(11);
  });

  it('a single statement outside a transaction waits too', async () => {
    const database = await open();
    holdLock();
    setTimeout(() => other.exec('commit'), 300);
    await sql`update counter set n = n + 10`.execute(database.db);
    expect(await counter(database)).toBe(11);
  });

  it('gives up after the bound with SQLITE_BUSY, having written nothing', async () => {
    const database = await open(300);
    holdLock();
    const started = Date.now();
    const error = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update counter set n = n + 10`.execute(trx);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const waited = Date.now() - started;
    expect(isDatabaseBusy(error)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(3000);
    other.exec('commit');
    expect(await counter(database)).toBe(1);
    // Nothing is left open: the next transaction works.
    await database.db.transaction().execute(async (trx) => {
      await sql`update counter set n = n + 10`.execute(trx);
    });
    expect(await counter(database)).toBe(11);
  });

  it('a read-only transaction stays deferred: it reads while the lock is held', async () => {
    const database = await open(0);
    holdLock();
    const n = await database.db
      .transaction()
      .setAccessMode('read only')
      .execute(
        async (trx) => (await sql<{ n: number }>`select n from counter`.execute(trx)).rows[0]?.n,
      );
    expect(n).toBe(0);
  });

  it('a request that cannot get the lock answers 503 with Retry-After, not 500', async () => {
    const database = await open(300);
    const jwtSecret = randomBytes(32).toString('hex');
    const app = await buildApp({
      database,
      secrets: { jwtSecret, rsaPrivateKeyPem: RsaTransport.generatePrivateKeyPem() },
      config: {
        demoData: false,
        captcha: false,
        staticDir: undefined,
        adminPassword: ADMIN_PASSWORD,
        dataDir: dir,
      },
      exportWorker: false,
    });
    try {
      const ctx = { db: database.db, jwtSecret };
      const supId = await insertSupplier(ctx.db, '000000', 'LOCK');
      const goodId = await insertGood(ctx.db, '000000', supId, 'LOCK-G');
      const { batchId } = await insertCodes(ctx, '000000', supId, goodId, 1);
      const code = await ctx.db
        .selectFrom('bladeSupCouponCode')
        .select('id')
        .where('batchId', '=', batchId)
        .executeTakeFirstOrThrow();
      const login = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC },
        query: {
          tenantId: '000000',
          username: 'admin',
          password: app.ctx.rsa.encrypt(ADMIN_PASSWORD),
          grant_type: 'password',
        },
      });
      expect(login.statusCode).toBe(200);
      const token = (login.json() as { access_token: string }).access_token;
      const invalidate = () =>
        app.inject({
          method: 'POST',
          url: `/api/${CODE_SERVICE}/invalid-coupon`,
          headers: { 'blade-auth': `bearer ${token}` },
          payload: { ids: code.id },
        });
      const state = async () =>
        (
          await ctx.db
            .selectFrom('bladeSupCouponCode')
            .select('state')
            .where('id', '=', code.id)
            .executeTakeFirstOrThrow()
        ).state;

      holdLock();
      const busy = await invalidate();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({
        code: 503,
        success: false,
        data: {},
        msg: '服务暂不可用，请稍后重试',
      });
      other.exec('commit');
      expect(await state()).toBe('unused');

      const done = await invalidate();
      expect(done.statusCode).toBe(200);
      expect(await state()).toBe('invalid');
    } finally {
      await app.close();
    }
  });
});
