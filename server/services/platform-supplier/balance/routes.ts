import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import { currentUser, perm, PUBLIC } from '../../../auth/index.js';
import { listQuery } from '../../../lib/api-doc/index.js';
import type { RouteDocInput } from '../../../lib/api-doc/types.js';
import { ok } from '../../../lib/envelope.js';
import {
  ApiError,
  badInput,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '../../../lib/errors.js';
import { EXPORT_CREATED, type Exporter } from '../../../lib/export/engine.js';
import { registerExporter } from '../../../lib/export/routes.js';
import { contractSheet } from '../../../lib/export/sheet.js';
import { nextId } from '../../../lib/ids.js';
import { param, queryMap, requiredParam } from '../../../lib/params.js';
import type { QueryMap } from '../../../lib/query.js';
import { insertAudit } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import { checkFields } from '../../../lib/validation.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { nowText } from '../../../lib/time.js';
import { MB, receiveUpload, type UploadPolicy } from '../../blade-resource/attach/store.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  AMOUNT_MESSAGES,
  BALANCE_REFUSALS,
  BALANCE_FILE_EXTENSIONS,
  BALANCE_FILE_MAX_BYTES,
  moneyFen,
  overAmountMax,
  positiveFen,
  REASON_MAX,
  type RecordType,
  SUP_BALANCE,
  SUP_BALANCE_RECORD,
  SUP_FILE_SIGN,
  supBalanceContract,
} from '../../../../src/contracts/platform-supplier/sup-balance.js';
import {
  SUP_GOOD_BALANCE,
  SUP_GOOD_BALANCE_RECORD,
  supGoodBalanceContract,
} from '../../../../src/contracts/platform-supplier/sup-good-balance.js';
import {
  ALL_BALANCE_RECORD,
  allBalanceRecordContract,
} from '../../../../src/contracts/platform-supplier/all-balance-record.js';
import { changeBalance, GOOD_QUOTA_NOT_SET, type BalanceOwner } from './ledger.js';
import { checkBalanceTerms, checkOverdraftLimit } from './settlement.js';
import {
  checkRecordRange,
  countGoodBalances,
  countRecords,
  GOOD_BALANCE_DOC,
  goodBalanceById,
  goodBalancePage,
  listGoodBalances,
  listRecords,
  listSupBalances,
  RECORD_LIST,
  recordById,
  recordPage,
  recordsAfter,
  type RecordCursor,
  SUP_BALANCE_LIST,
  supBalanceById,
} from './repository.js';

/**
 * Supplier quotas and balances (issue 18 item 4; spec section 7 "Balances"). Every write that
 * moves money goes through ledger.ts's changeBalance inside one transaction and accepts an
 * Idempotency-Key; reads are bound to the token's tenant (another tenant's ids: 404).
 */

const SUP = supBalanceContract.codes;
const GOOD = supGoodBalanceContract.codes;
const FLOW = allBalanceRecordContract.codes;
export const CODES = {
  supRead: [SUP.menu, SUP.view!],
  supInit: `${SUP.menu}_init`,
  supAdjust: `${SUP.menu}_adjust`,
  supWarn: `${SUP.menu}_warn_setting`,
  goodRead: [GOOD.menu, GOOD.view!],
  goodAdjust: `${GOOD.menu}_adjust`,
  goodType: `${GOOD.menu}_balance_type`,
  goodWarn: `${GOOD.menu}_warn_setting`,
  goodExport: GOOD.export!,
  flowRead: [FLOW.menu, FLOW.view!],
  flowFile: `${FLOW.menu}_file`,
  flowExport: FLOW.export!,
} as const;

export const ALREADY_INITIALISED = (name: string) =>
  `供应商「${name}」的余额已初始化，不能重复初始化`;
export const LIMIT_BELOW_DEBT = BALANCE_REFUSALS.limitBelowDebt.zh;
export const NO_FILE_ON_RECORD = '该记录没有附件';
export const TICKET_SECONDS = 60;
const TICKET_INVALID = '下载凭证无效';
const TICKET_EXPIRED = '下载凭证已失效';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
function idParam(request: FastifyRequest, name: string): string {
  const value = requiredParam(request, name);
  if (!ID.test(value)) throw notFound();
  return value;
}

/*
 * The field checks below run before any work: their refusals are input refusals (badInput), so
 * an Idempotency-Key sent with a refused body is freed for the corrected one (lib/idempotency).
 */

function balanceTypeParam(value: string | undefined, allowed: readonly string[]): number {
  if (value === undefined || !allowed.includes(String(value)))
    throw badInput(`balanceType:${BALANCE_REFUSALS.balanceType.zh}`);
  return Number(value);
}

/** A money parameter's fen, or its field's refusal: over the bound of one amount, or no amount. */
function checkedMoney(value: unknown, name: string): number {
  if (overAmountMax(value)) throw badInput(`${name}:${AMOUNT_MESSAGES.tooLarge.zh}`);
  const fen = moneyFen(value);
  if (fen === undefined) throw badInput(`${name}:${AMOUNT_MESSAGES.money.zh}`);
  return fen;
}

/** An optional money parameter: '' or absent is null (no value), otherwise yuan >= 0. */
function optionalMoney(value: unknown, name: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return checkedMoney(value, name);
}

function requiredMoney(value: unknown, name: string, missing: string): number {
  if (value === undefined || value === null || value === '') throw badInput(`${name}:${missing}`);
  return checkedMoney(value, name);
}

/** A parameter from the query or a JSON body, kept as sent (numbers stay numbers). */
function raw(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const v = (body as Record<string, unknown>)[name];
    if (v !== undefined) return v;
  }
  return param(request, name);
}

/** A unique violation (PostgreSQL 23505, SQLite's constraint text). */
function isUniqueClash(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE'));
}

// ---------------------------------------------------------------- file tickets

/**
 * A one-time download ticket for one attachment (migration 032), as the export centre hands out
 * its files: 256 random bits, stored as their SHA-256, valid TICKET_SECONDS and spent by a
 * conditional update before anything is sent. No session token is ever in the address.
 */
const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function makeTicket(
  ctx: AppContext,
  tenantId: string,
  userId: string,
  attachId: string,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = ctx.now();
  // Spent and expired tickets go lazily (a few minutes after their time).
  await ctx.db
    .deleteFrom('bladeSupFileTicket')
    .where('expiresAt', '<', now - 300)
    .execute();
  await ctx.db
    .insertInto('bladeSupFileTicket')
    .values({
      id: ticketHash(ticket),
      tenantId,
      userId,
      attachId,
      expiresAt: now + TICKET_SECONDS,
      usedAt: null,
    })
    .execute();
  return ticket;
}

/** Spends a ticket: unknown 403, used or timed out 410; answers whose attachment it opens. */
async function spendTicket(ctx: AppContext, ticket: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) throw forbidden(TICKET_INVALID);
  const id = ticketHash(ticket);
  const now = ctx.now();
  const spent = await ctx.db
    .updateTable('bladeSupFileTicket')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>=', now)
    .executeTakeFirst();
  const row = await ctx.db
    .selectFrom('bladeSupFileTicket')
    .select(['tenantId', 'attachId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw forbidden(TICKET_INVALID);
  if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(410, TICKET_EXPIRED);
  return row;
}

// ---------------------------------------------------------------- routes

export default async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = ctx.db;
  const api = (service: string, call: string) => `/api/${service}/${call}`;

  async function supplierOf(tenantId: string, supId: string) {
    const row = await db
      .selectFrom('bladeSup')
      .select(['id', 'supName'])
      .where('id', '=', supId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function goodOf(tenantId: string, goodId: string) {
    const row = await db
      .selectFrom('bladeSupGood')
      .select(['id', 'supId', 'goodName'])
      .where('id', '=', goodId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The attachment of a change: the caller's tenant's checked file (pdf/jpg/png, 10 MB). */
  async function attachmentOf(tenantId: string, attachId: unknown) {
    if (attachId === undefined || attachId === null || attachId === '') return undefined;
    if (typeof attachId !== 'string' || !ID.test(attachId))
      throw badRequest(`attachId:${BALANCE_REFUSALS.attachMissing.zh}`);
    const a = await db
      .selectFrom('bladeAttach')
      .select(['id', 'originalName', 'extension', 'attachSize', 'kind'])
      .where('id', '=', attachId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!a) throw badRequest(`attachId:${BALANCE_REFUSALS.attachMissing.zh}`);
    if (
      a.kind !== 'file' ||
      !(BALANCE_FILE_EXTENSIONS as readonly string[]).includes(a.extension.toLowerCase())
    )
      throw badRequest(`attachId:${BALANCE_REFUSALS.attachType.zh}`);
    if (Number(a.attachSize) > BALANCE_FILE_MAX_BYTES)
      throw badRequest(`attachId:${BALANCE_REFUSALS.attachSize.zh}`);
    return a;
  }

  /** new-record's body: type add|deduct, amount yuan > 0, reason 1..200, attachId optional. */
  function recordBody(request: FastifyRequest) {
    const { type, fen, reason } = checkFields({
      type: () => {
        const type = raw(request, 'type') as RecordType;
        if (type !== 'add' && type !== 'deduct') throw badInput(`type:${AMOUNT_MESSAGES.type.zh}`);
        return type;
      },
      fen: () => {
        const amountRaw = raw(request, 'amount');
        if (overAmountMax(amountRaw)) throw badInput(`amount:${AMOUNT_MESSAGES.tooLarge.zh}`);
        const fen = positiveFen(amountRaw);
        if (fen === undefined) throw badInput(`amount:${AMOUNT_MESSAGES.amount.zh}`);
        return fen;
      },
      reason: () => {
        const reasonRaw = raw(request, 'reason');
        const reason = typeof reasonRaw === 'string' ? reasonRaw.trim() : '';
        if (!reason) throw badInput(`reason:${AMOUNT_MESSAGES.reason.zh}`);
        if ([...reason].length > REASON_MAX)
          throw badInput(`reason:${AMOUNT_MESSAGES.reasonLength.zh}`);
        return reason;
      },
    });
    return {
      type,
      amount: type === 'add' ? fen : -fen,
      reason,
      attachId: raw(request, 'attachId'),
    };
  }

  async function newRecord(
    request: FastifyRequest,
    owner: (tenantId: string) => Promise<BalanceOwner>,
  ) {
    const user = currentUser(request);
    const body = recordBody(request);
    const target = await owner(user.tenantId);
    const attach = await attachmentOf(user.tenantId, body.attachId);
    const recordId = nextId();
    const after = await db.transaction().execute((trx) =>
      changeBalance(trx, {
        tenantId: user.tenantId,
        owner: target,
        amount: body.amount,
        changeType: body.type,
        reason: body.reason,
        sourceId: recordId,
        attachId: attach?.id ?? null,
        fileName: attach?.originalName ?? null,
        userId: user.userId,
      }),
    );
    return ok({ balance: fenToYuan(after) }, '调整成功');
  }

  // ---------------------------------------------------------- sup-balance-total

  const supRead = { access: perm(...CODES.supRead) };
  app.get(
    api(SUP_BALANCE, 'list'),
    {
      config: {
        ...supRead,
        doc: {
          summary: { zh: '供应商额度列表', en: 'Supplier balances' },
          query: listQuery(SUP_BALANCE_LIST),
        },
      },
    },
    async (request) =>
      ok(await listSupBalances(ctx, currentUser(request).tenantId, queryMap(request))),
  );
  for (const call of ['get', 'detail'])
    app.get(api(SUP_BALANCE, call), { config: supRead }, async (request) => {
      const row = await supBalanceById(db, currentUser(request).tenantId, idParam(request, 'id'));
      if (!row) throw notFound();
      return ok(row);
    });

  app.post(
    api(SUP_BALANCE, 'init'),
    {
      config: {
        access: perm(CODES.supInit),
        idempotent: true,
        doc: {
          summary: {
            zh: '初始化供应商余额（每个供应商一次；期初金额记一条 init 流水）',
            en: "Initialise a supplier's balance (once; the opening amount is an 'init' ledger row)",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const checked = checkFields({
        supId: () => {
          const supId = raw(request, 'supId');
          if (typeof supId !== 'string' || !supId)
            throw badInput(`supId:${BALANCE_REFUSALS.supplier.zh}`);
          return supId;
        },
        opening: () =>
          requiredMoney(raw(request, 'balance'), 'balance', BALANCE_REFUSALS.opening.zh),
        overdraftLimit: () => optionalMoney(raw(request, 'overdraftLimit'), 'overdraftLimit') ?? 0,
        warningAmount: () => optionalMoney(raw(request, 'warningAmount'), 'warningAmount') ?? null,
        balanceType: () =>
          balanceTypeParam(
            raw(request, 'balanceType') === undefined
              ? undefined
              : String(raw(request, 'balanceType')),
            ['1', '2'],
          ),
      });
      const { supId, opening, overdraftLimit, warningAmount, balanceType } = checked;
      if (!ID.test(supId)) throw notFound();
      const sup = await supplierOf(user.tenantId, supId);
      await checkBalanceTerms(db, user.tenantId, supId, { balanceType, overdraftLimit });
      const id = nextId();
      try {
        await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('bladeSupBalanceTotal')
            .select('id')
            .where('tenantId', '=', user.tenantId)
            .where('supId', '=', supId)
            .executeTakeFirst();
          if (existing) throw conflict(ALREADY_INITIALISED(sup.supName));
          await trx
            .insertInto('bladeSupBalanceTotal')
            .values({
              id,
              tenantId: user.tenantId,
              supId,
              balance: 0,
              overdraftLimit,
              warningAmount,
              balanceType,
              ...insertAudit(user, nowText()),
            })
            .execute();
          await changeBalance(trx, {
            tenantId: user.tenantId,
            owner: { kind: 'supplier', supId },
            amount: opening,
            changeType: 'init',
            reason: '初始化',
            sourceId: id,
            userId: user.userId,
          });
        });
      } catch (error) {
        if (isUniqueClash(error)) throw conflict(ALREADY_INITIALISED(sup.supName));
        throw error;
      }
      return ok(await supBalanceById(db, user.tenantId, id), '初始化成功');
    },
  );

  /**
   * set-warning (params): id, warningAmount ('' clears it) and optionally overdraftLimit, which
   * may not be set below what the balance already owes.
   */
  async function setWarning(
    request: FastifyRequest,
    table: 'bladeSupBalanceTotal' | 'bladeSupGoodBalanceTotal',
    key: 'id' | 'goodId',
    id: string,
  ) {
    const user = currentUser(request);
    const { warningAmount, overdraftLimit } = checkFields({
      warningAmount: () => optionalMoney(raw(request, 'warningAmount'), 'warningAmount'),
      overdraftLimit: () => optionalMoney(raw(request, 'overdraftLimit'), 'overdraftLimit'),
    });
    if (warningAmount === undefined && (overdraftLimit === undefined || overdraftLimit === null))
      throw badInput(`warningAmount:${BALANCE_REFUSALS.warning.zh}`);
    const owner = key === 'id' ? { balanceId: id } : { goodId: id };
    await checkOverdraftLimit(db, user.tenantId, owner, overdraftLimit);
    const set: Record<string, unknown> = {
      updateUser: user.userId,
      updateTime: nowText(),
      version: sql<number>`version + 1`,
    };
    if (warningAmount !== undefined) set.warningAmount = warningAmount;
    if (overdraftLimit !== undefined && overdraftLimit !== null)
      set.overdraftLimit = overdraftLimit;
    let q = db
      .updateTable(table)
      .set(set)
      .where('tenantId', '=', user.tenantId)
      .where(key, '=', id)
      .where('isDeleted', '=', 0);
    if (overdraftLimit !== undefined && overdraftLimit !== null)
      q = q.where(sql<boolean>`balance >= ${-overdraftLimit}`);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where(key, '=', id)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!found)
      throw table === 'bladeSupGoodBalanceTotal' ? badRequest(GOOD_QUOTA_NOT_SET) : notFound();
    throw badRequest(`overdraftLimit:${LIMIT_BELOW_DEBT}`);
  }

  const warnDoc = (what: string): RouteDocInput => ({
    summary: { zh: `${what}预警设置`, en: `${what} warning settings` },
    query: [
      { name: 'id', type: 'string', required: true },
      {
        name: 'warningAmount',
        type: 'number',
        description: { zh: '预警金额（元），空则不预警', en: 'Warning amount (yuan), empty: none' },
      },
      {
        name: 'overdraftLimit',
        type: 'number',
        description: { zh: '透支额度（元），可选', en: 'Overdraft limit (yuan), optional' },
      },
    ],
  });

  app.post(
    api(SUP_BALANCE, 'set-warning'),
    { config: { access: perm(CODES.supWarn), idempotent: true, doc: warnDoc('供应商额度') } },
    async (request) => {
      const user = currentUser(request);
      const id = idParam(request, 'id');
      await setWarning(request, 'bladeSupBalanceTotal', 'id', id);
      return ok(await supBalanceById(db, user.tenantId, id), '设置成功');
    },
  );

  const recordDoc = (who: string, key: string) => ({
    summary: {
      zh: `${who}额度调整（增加或扣减，须填原因，可附凭证）`,
      en: `Adjust a ${who === '供应商' ? "supplier's balance" : "good's quota"} (add or deduct with a reason)`,
    },
    body: {
      description: {
        zh: `{${key}, type: add|deduct, amount: 元（大于0，最多两位小数）, reason: 不超过200字, attachId?: sup-file/file-sign 上传所得}`,
        en: `{${key}, type: add|deduct, amount: yuan (> 0, 2 decimals), reason: at most 200, attachId?: from sup-file/file-sign}`,
      },
    },
  });

  app.post(
    api(SUP_BALANCE_RECORD, 'new-record'),
    {
      config: {
        access: perm(CODES.supAdjust),
        idempotent: true,
        doc: recordDoc('供应商', 'supId'),
      },
    },
    async (request) =>
      newRecord(request, async (tenantId) => {
        const supId = raw(request, 'supId');
        if (typeof supId !== 'string' || !ID.test(supId)) throw notFound();
        await supplierOf(tenantId, supId);
        return { kind: 'supplier', supId };
      }),
  );

  // ---------------------------------------------------------- sup-good-balance-total

  const goodRead = { access: perm(...CODES.goodRead) };
  app.get(
    api(SUP_GOOD_BALANCE, 'list'),
    {
      config: {
        ...goodRead,
        doc: {
          summary: {
            zh: '商品额度列表（无额度记录的商品为扣供应商余额）',
            en: "Goods with their quotas (a good without one charges its supplier's balance)",
          },
          query: listQuery(GOOD_BALANCE_DOC),
        },
      },
    },
    async (request) =>
      ok(await listGoodBalances(ctx, currentUser(request).tenantId, queryMap(request))),
  );
  for (const call of ['get', 'detail'])
    app.get(api(SUP_GOOD_BALANCE, call), { config: goodRead }, async (request) => {
      const row = await goodBalanceById(db, currentUser(request).tenantId, idParam(request, 'id'));
      if (!row) throw notFound();
      return ok(row);
    });

  app.post(
    api(SUP_GOOD_BALANCE, 'set-balance-type'),
    {
      config: {
        access: perm(CODES.goodType),
        idempotent: true,
        doc: {
          summary: {
            zh: '设置商品额度类型（1 扣供应商余额，2 商品独立额度：首次切换时建立余额为0的额度）',
            en: "Set a good's quota type (1 supplier's balance, 2 own quota: created at 0 the first time)",
          },
          query: [
            { name: 'goodId', type: 'string', required: true },
            { name: 'balanceType', type: 'integer', required: true, enum: ['1', '2'] },
          ],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const goodId = raw(request, 'goodId');
      if (typeof goodId !== 'string' || !ID.test(goodId)) throw notFound();
      const good = await goodOf(user.tenantId, goodId);
      const typeRaw = raw(request, 'balanceType');
      const balanceType = balanceTypeParam(typeRaw === undefined ? undefined : String(typeRaw), [
        '1',
        '2',
      ]);
      const now = nowText();
      const updated = await db
        .updateTable('bladeSupGoodBalanceTotal')
        .set({
          balanceType,
          updateUser: user.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('tenantId', '=', user.tenantId)
        .where('goodId', '=', goodId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0 && balanceType === 2)
        await db
          .insertInto('bladeSupGoodBalanceTotal')
          .values({
            id: nextId(),
            tenantId: user.tenantId,
            supId: good.supId,
            goodId,
            balance: 0,
            overdraftLimit: 0,
            warningAmount: null,
            balanceType,
            ...insertAudit(user, now),
          })
          // Two first switches at once: the second finds the row the first made.
          .onConflict((oc) =>
            oc.columns(['tenantId', 'goodId']).doUpdateSet({ balanceType, updateTime: now }),
          )
          .execute();
      return ok(await goodBalanceById(db, user.tenantId, goodId), '设置成功');
    },
  );

  app.post(
    api(SUP_GOOD_BALANCE, 'set-warning'),
    { config: { access: perm(CODES.goodWarn), idempotent: true, doc: warnDoc('商品额度') } },
    async (request) => {
      const user = currentUser(request);
      const goodId = idParam(request, param(request, 'goodId') !== undefined ? 'goodId' : 'id');
      await goodOf(user.tenantId, goodId);
      await setWarning(request, 'bladeSupGoodBalanceTotal', 'goodId', goodId);
      return ok(await goodBalanceById(db, user.tenantId, goodId), '设置成功');
    },
  );

  const goodRecord = async (request: FastifyRequest) =>
    newRecord(request, async (tenantId) => {
      const goodId = raw(request, 'goodId');
      if (typeof goodId !== 'string' || !ID.test(goodId)) throw notFound();
      const good = await goodOf(tenantId, goodId);
      return { kind: 'good', supId: good.supId, goodId };
    });
  for (const service of [SUP_GOOD_BALANCE, SUP_GOOD_BALANCE_RECORD])
    app.post(
      api(service, 'new-record'),
      {
        config: {
          access: perm(CODES.goodAdjust),
          idempotent: true,
          doc: recordDoc('商品', 'goodId'),
        },
      },
      goodRecord,
    );

  // ---------------------------------------------------------- sup-file/file-sign

  const filePolicy: UploadPolicy = {
    kind: 'file',
    extensions: BALANCE_FILE_EXTENSIONS,
    maxBytes: BALANCE_FILE_MAX_BYTES,
    tooLarge: `单个文件不能超过${BALANCE_FILE_MAX_BYTES / MB}M`,
  };
  app.post(
    `/api/${SUP_FILE_SIGN}`,
    {
      config: {
        access: perm(CODES.supAdjust, CODES.goodAdjust),
        doc: {
          summary: {
            zh: '上传额度调整凭证（multipart 字段 file：pdf、jpg、png，不超过10MB）',
            en: 'Upload a voucher of a quota change (multipart file: pdf, jpg, png, 10 MB)',
          },
          response: { zh: '{attachId, fileName}', en: '{attachId, fileName}' },
        },
      },
    },
    async (request) => {
      const file = await receiveUpload(ctx, request, currentUser(request), filePolicy);
      return ok({ attachId: file.attachId, fileName: file.originalName });
    },
  );

  // ---------------------------------------------------------- all-balance-record

  const flowRead = { access: perm(...CODES.flowRead) };
  app.get(
    api(ALL_BALANCE_RECORD, 'list'),
    {
      config: {
        ...flowRead,
        doc: {
          summary: {
            zh: '额度变动流水（供应商余额与商品额度两本账，时间倒序；时间范围不超过31天）',
            en: 'Quota changes of both ledgers, newest first (time range at most 31 days)',
          },
          query: listQuery(RECORD_LIST, { sorted: false }),
        },
      },
    },
    async (request) => ok(await listRecords(ctx, currentUser(request).tenantId, queryMap(request))),
  );
  app.get(api(ALL_BALANCE_RECORD, 'detail'), { config: flowRead }, async (request) => {
    const found = await recordById(ctx, currentUser(request).tenantId, idParam(request, 'id'));
    if (!found) throw notFound();
    return ok(found.row);
  });

  app.get(
    api(ALL_BALANCE_RECORD, 'get-file'),
    {
      config: {
        access: perm(CODES.flowFile),
        doc: {
          summary: {
            zh: '变动记录的附件：一次性下载地址（60秒内有效、只能使用一次，不含登录凭证）',
            en: "A change's attachment: a one-time download address valid 60 s (no session token in it)",
          },
          query: [{ name: 'id', type: 'string', required: true }],
          response: {
            zh: '{ticket, url, fileName, expiresIn}',
            en: '{ticket, url, fileName, expiresIn}',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await recordById(ctx, user.tenantId, idParam(request, 'id'));
      if (!found) throw notFound();
      if (!found.attachId) throw notFound(NO_FILE_ON_RECORD);
      const ticket = await makeTicket(ctx, user.tenantId, user.userId, found.attachId);
      return ok({
        ticket,
        url: `${ALL_BALANCE_RECORD}/file?ticket=${ticket}`,
        fileName: found.row.fileName ?? '',
        expiresIn: TICKET_SECONDS,
      });
    },
  );

  app.get(
    api(ALL_BALANCE_RECORD, 'file'),
    { config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const claims = await spendTicket(ctx, param(request, 'ticket') ?? '');
      const row = await db
        .selectFrom('bladeAttach')
        .select(['name', 'originalName', 'contentType'])
        .where('tenantId', '=', claims.tenantId)
        .where('id', '=', claims.attachId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound('文件不存在');
      const object = await storageOf(ctx.config).get(row.name);
      if (!object) throw notFound('文件不存在');
      return reply
        .header('Content-Type', row.contentType)
        .header('Content-Length', String(object.size))
        .header('Content-Disposition', attachmentDisposition(row.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(object.stream);
    },
  );

  // ---------------------------------------------------------- exports

  // The contract's export fields, money in Excel's money format (issue 25 item 11).
  const sheet = contractSheet;

  function exporter<R extends object>(
    service: string,
    excelType: string,
    fileName: string,
    code: string,
    contract: { fields: object },
    count: (ctx: AppContext, tenantId: string, q: QueryMap) => Promise<number>,
    page: (ctx: AppContext, tenantId: string, q: QueryMap, l: number, o: number) => Promise<R[]>,
    validate?: (q: QueryMap) => void,
  ): Exporter {
    const columns = sheet(contract);
    return {
      service,
      excelType,
      fileName,
      access: perm(code),
      columns,
      ...(validate ? { validate } : {}),
      count: (call, q) => count(call.ctx, call.user.tenantId, q),
      async *rows(call, q, batchSize) {
        for (let offset = 0; ; offset += batchSize) {
          const rows = await page(call.ctx, call.user.tenantId, q, batchSize, offset);
          if (rows.length === 0) return;
          yield rows.map((r) =>
            columns.map(({ field }) => {
              const v = (r as Record<string, unknown>)[field];
              return v === undefined ? null : (v as string | number | null);
            }),
          );
          if (rows.length < batchSize) return;
        }
      },
    };
  }

  const goodExporter = exporter(
    SUP_GOOD_BALANCE,
    supGoodBalanceContract.export!.excelType,
    supGoodBalanceContract.export!.fileName,
    CODES.goodExport,
    supGoodBalanceContract,
    countGoodBalances,
    goodBalancePage,
  );
  const flowExporter: Exporter = {
    ...exporter(
      ALL_BALANCE_RECORD,
      allBalanceRecordContract.export!.excelType,
      allBalanceRecordContract.export!.fileName,
      CODES.flowExport,
      allBalanceRecordContract,
      countRecords,
      recordPage,
      checkRecordRange,
    ),
    // Keyset batches: each continues after the last row written (no growing offsets).
    async *rows(call, q, batchSize) {
      const columns = sheet(allBalanceRecordContract);
      let after: RecordCursor | undefined;
      for (;;) {
        const rows = await recordsAfter(call.ctx, call.user.tenantId, q, batchSize, after);
        if (rows.length === 0) return;
        yield rows.map((r) =>
          columns.map(
            ({ field }) => (r as unknown as Record<string, string | number | null>)[field] ?? null,
          ),
        );
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { createTime: last.createTime, id: last.id };
      }
    },
  };
  registerExporter(app, goodExporter);
  registerExporter(app, flowExporter);

  // The spec's own `export` calls: the same task as excel/export/async.
  for (const [service, chosen] of [
    [SUP_GOOD_BALANCE, goodExporter],
    [ALL_BALANCE_RECORD, flowExporter],
  ] as const)
    app.post(
      api(service, 'export'),
      {
        config: {
          access: chosen.access,
          idempotent: true,
          doc: {
            summary: {
              zh: '导出（异步任务，见导出中心）',
              en: 'Export (a task in the export centre)',
            },
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const query: Record<string, string> = {};
        for (const [name, value] of Object.entries(queryMap(request)))
          if (typeof value === 'string' && value !== '' && !['current', 'size'].includes(name))
            query[name] = value;
        await chosen.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
        const task = await app.exportJobs.create(user, chosen, query);
        return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
      },
    );
}
