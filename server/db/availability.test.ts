import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/support.js';
import { isDatabaseUnavailable } from './availability.js';

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

  it('answers 503 with the envelope for a database that is away, 500 for a broken query', async () => {
    const t = await createTestApp();
    t.app.get('/outage-probe', async () => {
      throw withCode('57P01', 'terminating connection due to administrator command');
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
      const broken = await t.get('/broken-probe');
      expect(broken.statusCode).toBe(500);
      expect(broken.body).not.toContain('selec');
    } finally {
      await t.close();
    }
  });
});
