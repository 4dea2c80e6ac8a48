import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/support.js';
import { isDatabaseBusy, isDatabaseUnavailable } from './availability.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is stopped, restarting or out of reach', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED')], ''),
      new Error('wrapped', { cause: withCode('ETIMEDOUT') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves query errors alone (they stay 500s)', () => {
    for (const error of [
      withCode('42601', 'syntax error'),
      withCode('23505', 'duplicate key'),
      withCode('SQLITE_CONSTRAINT'),
      new Error('Connection refused by policy'),
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('tells a SQLite lock held past the wait (another process) from other SQLite errors', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']) {
      expect(isDatabaseBusy(withCode(code, 'database is locked')), code).toBe(true);
    }
    expect(isDatabaseBusy(new Error('wrapped', { cause: withCode('SQLITE_BUSY') }))).toBe(true);
    for (const error of [
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('SQLITE_ERROR', 'no such table: busy'),
      withCode('SQLITE_LOCKED'),
      withCode('ECONNREFUSED'),
      new Error('database is locked'),
      undefined,
    ]) {
      expect(isDatabaseBusy(error), String(error)).toBe(false);
    }
  });

  it('answers 503 with the envelope for a database that is away, 500 for a broken query', async () => {
    const t = await createTestApp();
    t.app.get('/outage-probe', async () => {
      throw withCode('57P01', 'terminating connection due to administrator command');
    });
    t.app.get('/busy-probe', async () => {
      throw withCode('SQLITE_BUSY', 'database is locked');
    });
    t.app.get('/broken-probe', async () => {
      throw withCode('42601', 'syntax error at or near "selec"');
    });
    try {
      const away = await t.get('/outage-probe');
      expect(away.statusCode).toBe(503);
      expect(away.headers['retry-after']).toBe('5');
      expect(away.json()).toEqual({
        code: 503,
        success: false,
        data: {},
        msg: '服务暂不可用，请稍后重试',
      });
      const busy = await t.get('/busy-probe');
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual(away.json());
      const broken = await t.get('/broken-probe');
      expect(broken.statusCode).toBe(500);
      expect(broken.body).not.toContain('selec');
    } finally {
      await t.close();
    }
  });
});
