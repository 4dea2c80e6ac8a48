import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTextIn } from '../../../src/contracts/server-texts.js';
import { outboundRefusal } from '../../lib/outbound.js';
import { createTestApp, type TestApp } from '../../test/support.js';
import {
  BALANCE_NOT_INITIALISED,
  GOOD_QUOTA_NOT_SET,
  insufficientBalance,
} from './balance/ledger.js';
import { BAD_ANSWER, HTTPS_ONLY, NOT_CONFIGURED } from './driver/http.js';
import { REFUSED, TIMEOUT, UNAVAILABLE } from './driver/sandbox.js';
import { TASK_INTERRUPTED } from './batch-task/engine.js';
import { CARD_TAKEN, notEnoughCodes } from './order/fulfil.js';

/**
 * Issue 25 item 15: every text the server writes into a record the console shows (ledger
 * reasons, why an order failed, seeded names) is in the catalogue of src/contracts/server-texts.ts,
 * so the en console shows it in English. Checked on the server's own producers and on every
 * such row the seed and the demo data write.
 */
const CJK = /[\u2e80-\u9fff]/;
const untranslated = (texts: Iterable<string | null | undefined>) =>
  [...new Set(texts)].filter(
    (text): text is string => Boolean(text) && CJK.test(serverTextIn('en', text!)),
  );

describe('server-made texts the console shows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.app.ctx.db;

  it('the reasons an order fails are all in the catalogue, figures carried over', () => {
    expect(
      untranslated([
        TIMEOUT,
        UNAVAILABLE,
        REFUSED,
        NOT_CONFIGURED,
        BAD_ANSWER,
        HTTPS_ONLY,
        CARD_TAKEN,
        notEnoughCodes(3, 5),
        insufficientBalance(1000, 50_000, -123_456),
        BALANCE_NOT_INITIALISED,
        GOOD_QUOTA_NOT_SET,
        outboundRefusal('供应商接口地址'),
        `供应商返回失败：${TIMEOUT}`,
        TASK_INTERRUPTED,
        '任务执行失败（参考编号 ab12）',
      ]),
    ).toEqual([]);
    expect(serverTextIn('en', notEnoughCodes(3, 5))).toBe(
      'Not enough codes in stock: 3 available, 5 needed',
    );
    expect(serverTextIn('en', insufficientBalance(1000, 50_000, -123_456))).toBe(
      'Balance too low: balance 10.00 yuan, overdraft limit 500.00 yuan, this charge 1234.56 yuan',
    );
    expect(serverTextIn('zh', TIMEOUT)).toBe(TIMEOUT);
  });

  it('seeded role, department, post and tenant names read in English', async () => {
    const names = [
      ...(await db().selectFrom('bladeRole').select('roleName as n').execute()),
      ...(await db().selectFrom('bladeDept').select('deptName as n').execute()),
      ...(await db().selectFrom('bladeDept').select('fullName as n').execute()),
      ...(await db().selectFrom('bladePost').select('postName as n').execute()),
      ...(await db().selectFrom('bladeTenant').select('tenantName as n').execute()),
    ].map((r) => r.n);
    expect(names).toContain('运营专员');
    expect(untranslated(names)).toEqual([]);
    expect(serverTextIn('en', '运营专员')).toBe('Operations specialist');
    // A user's roles, comma-joined as the user list answers them.
    expect(serverTextIn('en', '运营专员,财务')).toBe('Operations specialist, Finance');
  });

  it('ledger reasons the server writes and the demo orders’ failures read in English', async () => {
    // Every reason of the seeded ledgers: the demo's own top-ups are seeded texts too.
    const reasons = [
      ...(await db().selectFrom('bladeSupBalanceRecord').select('reason').execute()),
      ...(await db().selectFrom('bladeSupGoodBalanceRecord').select('reason').execute()),
    ].map((r) => r.reason);
    expect(reasons).toEqual(expect.arrayContaining(['订单扣款', '订单退款']));
    expect(untranslated(reasons)).toEqual([]);
    const failures = [
      ...(await db().selectFrom('bladeSupOrder').select('lastError as e').execute()),
      ...(await db().selectFrom('bladeSupErrorOrder').select('errorMsg as e').execute()),
    ].map((r) => r.e);
    expect(failures).toContain('供应商接口超时');
    expect(untranslated(failures)).toEqual([]);
  });
});
