import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { parkInvoiceSettingContract } from '../../../../src/contracts/platform-parking/park-invoice-setting.js';
import {
  DEFAULT_PAY_SETTING,
  PAY_SETTING_CALLS,
  PAY_SETTING_REFUSALS,
  paySettingFen,
  paySettingRefusal,
  type ParkPaySetting,
} from '../../../../src/contracts/platform-parking/park-pay-setting.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, param } from '../../../lib/params.js';
import { assertUpdated, insertAudit, STALE_VERSION, wire } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';

/** The lot screen's 支付设置 button admits reading and saving a lot's pay setting. */
export const PAY_SETTING_ACCESS = perm('parking_lot_pay_setting');

/** A live lot of the caller's tenant, else 404 (another tenant's lot is not told apart). */
async function assertLot(db: Kysely<DB>, user: AuthUser, lotId: string | undefined) {
  if (!lotId) throw badRequest(`lotId:${PAY_SETTING_REFUSALS.lotId.zh}`);
  const lot = await db
    .selectFrom('bladeParkLot')
    .select('id')
    .where('id', '=', lotId)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!lot) throw notFound();
  return lotId;
}

/** A lot's pay setting as answered: yuan, the channels as a list, version 0 when none. */
export async function readPaySetting(
  db: Kysely<DB>,
  tenantId: string,
  lotId: string,
): Promise<ParkPaySetting> {
  const row = await db
    .selectFrom('bladeParkPaySetting')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('lotId', '=', lotId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) return DEFAULT_PAY_SETTING(lotId);
  return {
    lotId,
    freeMinutes: row.freeMinutes,
    pricePerHour: fenToYuan(Number(row.pricePerHour)),
    dailyCap: fenToYuan(Number(row.dailyCap)),
    monthPrice: fenToYuan(Number(row.monthPrice)),
    channels: row.channels.split(',').filter(Boolean) as ParkPaySetting['channels'],
    merchantNo: row.merchantNo,
    version: row.version,
  };
}

/**
 * The lot service's settings calls: GET parking/lot/pay/getParkPaySetting?lotId= and POST
 * parking/lot/saveParkPaySetting (a lot's tariff, versioned: the version read, 0 for none yet;
 * stale is 409), GET parking/lot/getInvoiceSetting (?lotId= or ?id=; the engine serves the
 * rest of the invoice settings from their contract).
 */
export async function parkSettingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    `/api/${PAY_SETTING_CALLS.get}`,
    {
      config: {
        access: PAY_SETTING_ACCESS,
        doc: { summary: { zh: '停车场支付设置（?lotId=）', en: "A lot's pay setting (?lotId=)" } },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const lotId = await assertLot(db, user, param(request, 'lotId'));
      return ok(await readPaySetting(db, user.tenantId, lotId));
    },
  );

  app.post(
    `/api/${PAY_SETTING_CALLS.save}`,
    {
      config: {
        access: PAY_SETTING_ACCESS,
        doc: {
          summary: {
            zh: '保存停车场支付设置（金额为元；version 为读取时的版本，无设置时为0）',
            en: "Saves a lot's pay setting (yuan; version as read, 0 for none)",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = bodyObject(request);
      const lotId = await assertLot(
        db,
        user,
        typeof body.lotId === 'string' ? body.lotId : undefined,
      );
      const refusal = paySettingRefusal(body);
      if (refusal) throw badRequest(`${refusal[0]}:${refusal[1].zh}`);
      const version = Number(body.version ?? 0);
      if (!Number.isInteger(version) || version < 0) throw conflict(STALE_VERSION);
      const values = {
        freeMinutes: Number(body.freeMinutes),
        pricePerHour: paySettingFen('pricePerHour', body.pricePerHour)!,
        dailyCap: paySettingFen('dailyCap', body.dailyCap)!,
        monthPrice: paySettingFen('monthPrice', body.monthPrice)!,
        channels: (body.channels as string[]).join(','),
        merchantNo: String(body.merchantNo).trim(),
      };
      const now = nowText();
      if (version === 0) {
        // The first setting of the lot: a second racing one meets the unique index (409).
        try {
          await db
            .insertInto('bladeParkPaySetting')
            .values({
              id: nextId(),
              tenantId: user.tenantId,
              lotId,
              ...values,
              ...insertAudit(user, now),
              version: 1,
            })
            .execute();
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(STALE_VERSION);
          throw err;
        }
      } else {
        const changed = await db
          .updateTable('bladeParkPaySetting')
          .set({ ...values, version: version + 1, updateUser: user.userId, updateTime: now })
          .where('tenantId', '=', user.tenantId)
          .where('lotId', '=', lotId)
          .where('isDeleted', '=', 0)
          .where('version', '=', version)
          .executeTakeFirst();
        // The lot exists (checked above): 0 rows is a stale version or a setting not made yet.
        assertUpdated(changed.numUpdatedRows, true);
      }
      return ok(await readPaySetting(db, user.tenantId, lotId), '保存成功');
    },
  );

  const { codes } = parkInvoiceSettingContract;
  app.get(
    `/api/${parkInvoiceSettingContract.service}/${parkInvoiceSettingContract.resolvedCalls.detail.path}`,
    {
      config: {
        access: perm(codes.menu, ...(codes.view ? [codes.view] : [])),
        doc: {
          summary: {
            zh: '停车场开票设置（?lotId= 或 ?id=；无设置时为空）',
            en: "A lot's invoice setting (?lotId= or ?id=; null when none)",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = param(request, 'id');
      const lotId = param(request, 'lotId');
      if (!id && !lotId) throw badRequest(`lotId:${PAY_SETTING_REFUSALS.lotId.zh}`);
      let q = db
        .selectFrom('bladeParkInvoiceSetting as s')
        .innerJoin('bladeParkLot as l', 'l.id', 's.lotId')
        .select([
          's.id',
          's.lotId',
          'l.lotName',
          's.sellerName',
          's.taxNo',
          's.invoiceType',
          's.provider',
          's.contactName',
          's.contactPhone',
          's.enabled',
          's.version',
          's.createTime',
          's.updateTime',
        ])
        .where('s.tenantId', '=', user.tenantId)
        .where('l.tenantId', '=', user.tenantId)
        .where('s.isDeleted', '=', 0);
      if (id) q = q.where('s.id', '=', id);
      if (lotId) q = q.where('s.lotId', '=', lotId);
      const row = await q.executeTakeFirst();
      if (row) return ok(wire(row));
      // By id: a missing record is 404. By lot: the lot must be the caller's; no setting yet is null.
      if (id) throw notFound();
      await assertLot(db, user, lotId);
      return ok(null);
    },
  );
}
