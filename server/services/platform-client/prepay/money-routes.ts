import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { checkFields } from '../../../lib/validation.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  APP_PREPAY,
  positiveFen,
  PREPAY_CODES,
  PREPAY_REFUSALS as R,
  signedFen,
  VOUCHER_EXTENSIONS,
  VOUCHER_MAX_BYTES,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import { LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import { api, fenOf, ID, raw, reasonOf } from './calls.js';
import { changePrepay, type PrepayChangeType } from './ledger.js';
import { prepayById, prepayOfApp, WARNED } from './repository.js';

/** The money moves of an app prepay: addRecord (a top-up) and saveRecord (an adjustment). */
export default async function prepayMoneyRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  /** The account a call names by `id` (the row's) or `appId`, of the caller's tenant; else 404. */
  async function accountOf(request: FastifyRequest, tenantId: string) {
    const id = raw(request, 'id');
    const appId = raw(request, 'appId');
    const given = (v: unknown) => typeof v === 'string' && v !== '';
    if (!given(id) && !given(appId)) throw badInput(`appId:${R.app.zh}`);
    const key = String(given(id) ? id : appId);
    if (!ID.test(key)) throw notFound();
    const found = given(id)
      ? await prepayById(db, tenantId, key)
      : await prepayOfApp(db, tenantId, key);
    if (!found) throw notFound();
    return found;
  }

  /** The voucher of a change: the caller's tenant's checked file (pdf/jpg/png, 10 MB). */
  async function voucherOf(tenantId: string, attachId: unknown) {
    if (typeof attachId !== 'string' || !ID.test(attachId))
      throw badRequest(`attachId:${R.attachMissing.zh}`);
    const a = await db
      .selectFrom('bladeAttach')
      .select(['id', 'originalName', 'extension', 'attachSize', 'kind'])
      .where('id', '=', attachId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!a) throw badRequest(`attachId:${R.attachMissing.zh}`);
    if (
      a.kind !== 'file' ||
      !(VOUCHER_EXTENSIONS as readonly string[]).includes(a.extension.toLowerCase())
    )
      throw badRequest(`attachId:${R.attachType.zh}`);
    if (Number(a.attachSize) > VOUCHER_MAX_BYTES) throw badRequest(`attachId:${R.attachSize.zh}`);
    return a;
  }

  /** One change through the ledger, the warning flag kept with it, in one transaction. */
  async function change(
    request: FastifyRequest,
    changeType: PrepayChangeType,
    checked: { amount: number; reason: string | null; attachId: unknown },
  ) {
    const user = currentUser(request);
    const account = await accountOf(request, user.tenantId);
    const voucher =
      checked.attachId === undefined || checked.attachId === null || checked.attachId === ''
        ? undefined
        : await voucherOf(user.tenantId, checked.attachId);
    const moved = await db.transaction().execute(async (trx) => {
      const after = await changePrepay(trx, {
        tenantId: user.tenantId,
        appId: account.appId,
        amount: checked.amount,
        changeType,
        reason: checked.reason,
        sourceId: nextId(),
        attachId: voucher?.id ?? null,
        fileName: voucher?.originalName ?? null,
        userId: user.userId,
      });
      await trx
        .updateTable('bladePsclientAppPrepay')
        .set({ warned: WARNED })
        .where('tenantId', '=', user.tenantId)
        .where('appId', '=', account.appId)
        .execute();
      return after;
    });
    return { appId: account.appId, balance: fenToYuan(moved.balanceAfter) };
  }

  const money = { access: perm(PREPAY_CODES.recharge), idempotent: true } as const;

  app.post(
    api(`${APP_PREPAY}/addRecord`),
    {
      config: {
        ...money,
        doc: {
          summary: {
            zh: '预存充值（金额大于0，须附凭证；Idempotency-Key 相同只充一次）',
            en: 'Top up an app prepay (amount > 0 with a voucher; one top-up per Idempotency-Key)',
          },
          body: {
            description: {
              zh: '{id 或 appId, amount: 元, reason?: 不超过200字（默认“预存充值”）, attachId: prepay-file/file-sign 上传所得}',
              en: '{id or appId, amount: yuan, reason?: at most 200, attachId: from prepay-file/file-sign}',
            },
          },
          response: { zh: '{appId, balance: 充值后余额}', en: '{appId, balance: after}' },
        },
      },
    },
    async (request) => {
      const checked = checkFields({
        amount: () => fenOf(raw(request, 'amount'), 'amount', positiveFen, R.amount.zh),
        reason: () => reasonOf(request, false) ?? LEDGER_REASONS.prepayTopUp.zh,
        attachId: () => {
          const attachId = raw(request, 'attachId');
          if (attachId === undefined || attachId === null || attachId === '')
            throw badInput(`attachId:${R.voucher.zh}`);
          return attachId;
        },
      });
      return ok(await change(request, 'topup', checked), '充值成功');
    },
  );

  app.post(
    api(`${APP_PREPAY}/saveRecord`),
    {
      config: {
        ...money,
        doc: {
          summary: {
            zh: '预存调整（金额可正可负、不为0，须填原因，可附凭证；扣减不能超过授信额度）',
            en: 'Adjust an app prepay (signed non-zero amount, a reason, optional voucher; a debit never passes the credit line)',
          },
          body: {
            description: {
              zh: '{id 或 appId, amount: 元（负数为扣减）, reason: 不超过200字, attachId?}',
              en: '{id or appId, amount: yuan (negative debits), reason: at most 200, attachId?}',
            },
          },
          response: { zh: '{appId, balance: 调整后余额}', en: '{appId, balance: after}' },
        },
      },
    },
    async (request) => {
      const checked = checkFields({
        amount: () => fenOf(raw(request, 'amount'), 'amount', signedFen, R.signedAmount.zh),
        reason: () => reasonOf(request, true),
        attachId: () => raw(request, 'attachId'),
      });
      return ok(await change(request, 'adjust', checked), '调整成功');
    },
  );
}
