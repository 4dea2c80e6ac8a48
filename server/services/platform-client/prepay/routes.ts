import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { param } from '../../../lib/params.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { checkFields } from '../../../lib/validation.js';
import { MB, receiveUpload, type UploadPolicy } from '../../blade-resource/attach/store.js';
import { makeTicket, TICKET_SECONDS } from '../../platform-supplier/balance/routes.js';
import {
  AMOUNT_MAX_FEN,
  fenToYuan,
  MONEY_BOUND_MESSAGES,
  parseYuanOrOver,
} from '../../../../src/contracts/money.js';
import {
  APP_PREPAY,
  APP_PREPAY_WARNING_CODES,
  appPrepayContract,
  appPrepaySettingContract,
  moneyFen,
  positiveFen,
  PREPAY_CODES,
  PREPAY_FILE_SIGN,
  PREPAY_REFUSALS as R,
  PSCLIENT_PREPAY,
  REASON_MAX,
  signedFen,
  VOUCHER_EXTENSIONS,
  VOUCHER_MAX_BYTES,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import {
  PREPAY_CHANGE_FILE,
  PREPAY_CHANGE_FILE_CODE,
  PREPAY_ORDER_TYPES,
} from '../../../../src/contracts/platform-client/prepay-order.js';
import { ALL_BALANCE_RECORD } from '../../../../src/contracts/platform-supplier/all-balance-record.js';
import { LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import { changePrepay, type PrepayChangeType } from './ledger.js';
import { PREPAY_ORDER_TABLES } from './order-tables.js';
import { clientPrepay, prepayById, prepayOfApp, prepayWarnings, WARNED } from './repository.js';
import appPrepayTable from './table.js';

/**
 * App prepay (issue 27 item 2; spec section 7 psclient-appPrepay, prepay-order, psclient-prepay),
 * as the supplier balances are served (platform-supplier/balance/routes.ts): every money move is
 * `changePrepay` inside one transaction behind an Idempotency-Key, field refusals come before any
 * work (so a refused key is freed), reads are bound to the token's tenant (another's id: 404).
 */

const api = (path: string) => `/api/${path}`;
const READ = [
  appPrepayContract.codes.menu,
  appPrepayContract.codes.view!,
  appPrepaySettingContract.codes.menu,
  appPrepaySettingContract.codes.view!,
];
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_WARNINGS = 50;

/** A parameter from a JSON body or the query, as sent (numbers stay numbers). */
function raw(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const v = (body as Record<string, unknown>)[name];
    if (v !== undefined) return v;
  }
  return param(request, name);
}

/** The fen of a money value, or its field's refusal (too large, or not the kind of amount). */
function fenOf(
  value: unknown,
  name: string,
  parse: (v: unknown) => number | undefined,
  bad: string,
) {
  const over = parseYuanOrOver(value);
  if (over !== undefined && Math.abs(over) > AMOUNT_MAX_FEN)
    throw badInput(`${name}:${MONEY_BOUND_MESSAGES.amountTooLarge.zh}`);
  const fen = parse(value);
  if (fen === undefined) throw badInput(`${name}:${bad}`);
  return fen;
}

function reasonOf(request: FastifyRequest, required: boolean): string | null {
  const value = raw(request, 'reason');
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason && required) throw badInput(`reason:${R.reason.zh}`);
  if ([...reason].length > REASON_MAX) throw badInput(`reason:${R.reasonLength.zh}`);
  return reason || null;
}

export default async function prepayRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = ctx.db;
  await app.register(tableRoutes(appPrepayTable));
  for (const table of PREPAY_ORDER_TABLES) await app.register(tableRoutes(table));

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

  app.get(
    api(`${APP_PREPAY}/getCurrentPrepay`),
    {
      config: {
        // The app screen shows its app's prepay too.
        access: perm(...READ, 'client_app', 'client_app_view'),
        doc: {
          summary: { zh: '应用当前预存', en: "An app's current prepay" },
          query: [{ name: 'appId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const appId = param(request, 'appId');
      if (!appId) throw badInput(`appId:${R.app.zh}`);
      const found = ID.test(appId)
        ? await prepayOfApp(db, currentUser(request).tenantId, appId)
        : undefined;
      if (!found) throw notFound();
      return ok(found);
    },
  );

  /** Sets columns of one account (`guard`: a condition it must meet, else 409); none: 404. */
  async function settle(
    request: FastifyRequest,
    set: Record<string, unknown>,
    guard?: RawBuilder<boolean>,
  ) {
    const user = currentUser(request);
    const id = param(request, 'id');
    if (!id || !ID.test(id)) throw notFound();
    let q = db
      .updateTable('bladePsclientAppPrepay')
      .set({
        ...set,
        updateUser: user.userId,
        updateTime: nowText(),
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', user.tenantId)
      .where('id', '=', id)
      .where('isDeleted', '=', 0);
    if (guard) q = q.where(guard);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      if (guard && (await prepayById(db, user.tenantId, id))) throw conflict(R.limitBelowDebt.zh);
      throw notFound();
    }
    return ok(await prepayById(db, user.tenantId, id), '设置成功');
  }

  app.post(
    api(`${APP_PREPAY}/updateWarning`),
    {
      config: {
        access: perm(PREPAY_CODES.warn),
        idempotent: true,
        doc: {
          summary: {
            zh: '预警设置：余额低于预警金额时提醒（null 或空为不预警）',
            en: 'Warning amount: a balance below it is warned of (null or empty: none)',
          },
          body: {
            description: { zh: '{id, warningAmount: 元或null}', en: '{id, warningAmount}' },
          },
        },
      },
    },
    async (request) => {
      const { warningAmount } = checkFields({
        warningAmount: () => {
          const value = raw(request, 'warningAmount');
          if (value === undefined) throw badInput(`warningAmount:${R.warning.zh}`);
          if (value === null || value === '') return null;
          return fenOf(value, 'warningAmount', moneyFen, R.money.zh);
        },
      });
      // The flag follows the new amount (SET reads the row as it was: the balance).
      const warned =
        warningAmount === null
          ? 0
          : sql<number>`case when balance < ${warningAmount} then 1 else 0 end`;
      return settle(request, { warningAmount, warned });
    },
  );

  app.post(
    api(`${APP_PREPAY}/updatePrepayType`),
    {
      config: {
        access: perm(PREPAY_CODES.type),
        idempotent: true,
        doc: {
          summary: {
            zh: '预存类型：1 预付（授信额度为0），2 授信（授信额度大于0）；余额已低于新下限时 409',
            en: 'Prepay type: 1 prepaid (credit line 0), 2 credit line (> 0); 409 when the balance is already below the new floor',
          },
          body: {
            description: {
              zh: '{id, prepayType: 1|2, creditLimit: 元}',
              en: '{id, prepayType: 1|2, creditLimit: yuan}',
            },
          },
        },
      },
    },
    async (request) => {
      const typeRaw = raw(request, 'prepayType');
      const { prepayType, creditLimit } = checkFields({
        prepayType: () => {
          if (String(typeRaw) !== '1' && String(typeRaw) !== '2')
            throw badInput(`prepayType:${R.prepayType.zh}`);
          return Number(typeRaw);
        },
        creditLimit: () =>
          String(typeRaw) !== '2'
            ? 0
            : fenOf(raw(request, 'creditLimit'), 'creditLimit', positiveFen, R.creditLimit.zh),
      });
      return settle(
        request,
        { prepayType, creditLimit, warned: WARNED },
        sql<boolean>`balance >= ${-creditLimit}`,
      );
    },
  );

  app.get(
    api(`${APP_PREPAY}/warnings`),
    {
      config: {
        access: perm(...APP_PREPAY_WARNING_CODES),
        doc: {
          summary: {
            zh: '预存余额预警：余额低于预警金额的应用（数量与差额最大的 size 个，默认5，最多50）',
            en: 'Prepay warnings: apps below their warning amount (count and the furthest `size`, default 5, at most 50)',
          },
          query: [{ name: 'size', type: 'integer' }],
        },
      },
    },
    async (request) => {
      const asked = Number(param(request, 'size') ?? 5);
      const size = Number.isInteger(asked) ? Math.min(MAX_WARNINGS, Math.max(0, asked)) : 5;
      return ok(await prepayWarnings(db, currentUser(request).tenantId, size));
    },
  );

  app.get(
    api(`${PSCLIENT_PREPAY}/get`),
    {
      config: {
        access: perm(...READ, 'client', 'client_view'),
        doc: {
          summary: {
            zh: '接入方预存：各应用预存及其合计',
            en: "An access party's prepay: its apps' accounts and their sums",
          },
          query: [{ name: 'clientId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const clientId = param(request, 'clientId');
      if (!clientId) throw badInput(`clientId:${R.client.zh}`);
      const found = ID.test(clientId)
        ? await clientPrepay(db, currentUser(request).tenantId, clientId)
        : undefined;
      if (!found) throw notFound();
      return ok(found);
    },
  );

  const voucherPolicy: UploadPolicy = {
    kind: 'file',
    extensions: VOUCHER_EXTENSIONS,
    maxBytes: VOUCHER_MAX_BYTES,
    tooLarge: `单个文件不能超过${VOUCHER_MAX_BYTES / MB}M`,
  };
  app.post(
    api(PREPAY_FILE_SIGN),
    {
      config: {
        access: perm(PREPAY_CODES.recharge),
        doc: {
          summary: {
            zh: '上传预存充值或调整的凭证（multipart 字段 file：pdf、jpg、png，不超过10MB）',
            en: 'Upload a prepay voucher (multipart file: pdf, jpg, png, 10 MB)',
          },
          response: { zh: '{attachId, fileName}', en: '{attachId, fileName}' },
        },
      },
    },
    async (request) => {
      const file = await receiveUpload(ctx, request, currentUser(request), voucherPolicy);
      return ok({ attachId: file.attachId, fileName: file.originalName });
    },
  );

  app.get(
    api(PREPAY_CHANGE_FILE),
    {
      config: {
        access: perm(PREPAY_CHANGE_FILE_CODE),
        doc: {
          summary: {
            zh: '变动记录的凭证：一次性下载地址（60秒内有效、只能使用一次，不含登录凭证）；无凭证为空列表',
            en: "A change order's voucher as one-time download addresses (60 s, once; no session token); none: empty",
          },
          query: [{ name: 'id', type: 'string', required: true }],
          response: { zh: '[{fileName, url, expiresIn}]', en: '[{fileName, url, expiresIn}]' },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = param(request, 'id');
      if (!id || !ID.test(id)) throw notFound();
      const row = await db
        .selectFrom('bladePrepayRecord')
        .select(['attachId', 'fileName'])
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', id)
        .where('changeType', 'in', [...PREPAY_ORDER_TYPES.change])
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!row.attachId) return ok([]);
      const ticket = await makeTicket(ctx, user.tenantId, user.userId, row.attachId);
      return ok([
        {
          fileName: row.fileName ?? '',
          url: `${ALL_BALANCE_RECORD}/file?ticket=${ticket}`,
          expiresIn: TICKET_SECONDS,
        },
      ]);
    },
  );
}
