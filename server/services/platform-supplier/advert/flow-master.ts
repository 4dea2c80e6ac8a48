import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADVERT_REFUSALS, idsOf } from '../../../../src/contracts/platform-ad/advert.js';
import {
  FLOW_MASTER_CALLS,
  flowMasterContract,
  profitFlowContract,
  type FlowMasterDetail,
} from '../../../../src/contracts/platform-ad/flow-master.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { requiredParam } from '../../../lib/params.js';
import { blank, defineContractTable, tableRoutes } from '../../../lib/table/index.js';
import { callOf } from '../../shared/call.js';
import { MASKED_PHONE, sealedPhoneInput } from '../../../lib/sealed-phone.js';
import { assertIds, idListInput } from './common.js';
import { masterAccount, masterPhone } from './sealed.js';
import { alsoServedAs, text } from './served.js';

/** A masked account sent back (622****1234): the stored one is kept. */
const MASKED_ACCOUNT = /^\d{3}\*{4}\d{4}$/;

/** Basis points as a percent (1250 -> 12.5). */
export const percentOf = (bp: number | string) => Number(bp) / 100;

/** A percent from 0 to 100 with at most 2 decimals, as basis points. */
const shareRateInput = z.preprocess(
  (v) => {
    if (blank(v)) return undefined;
    const s = String(v).trim();
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return Number.NaN;
    return Math.round(Number(s) * 100);
  },
  z
    .number({ error: ADVERT_REFUSALS.shareRate.zh })
    .int(ADVERT_REFUSALS.shareRate.zh)
    .min(0, ADVERT_REFUSALS.shareRate.zh)
    .max(10000, ADVERT_REFUSALS.shareRate.zh),
);

const accountInput = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: ADVERT_REFUSALS.settleAccount.zh })
    .refine((v) => /^\d{6,32}$/.test(v) || MASKED_ACCOUNT.test(v), {
      message: ADVERT_REFUSALS.settleAccount.zh,
    })
    .optional(),
);

/**
 * `advert/flowMaster` (/ad/webmaster): list, add, get, delete, exportReport by the engine (`edit`
 * served too); phone whole for the session in a detail, masked elsewhere; the account masked
 * everywhere; the share answered as a percent.
 */
export const flowMasterTable = defineContractTable({
  contract: flowMasterContract,
  table: 'bladeFlowMaster',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: {
    contactPhone: sealedPhoneInput(flowMasterContract.fields.contactPhone.pattern),
    positionIds: idListInput(),
    shareRate: shareRateInput,
    settleAccount: accountInput,
  },
  beforeSave: async (call, input) => {
    await assertIds(call, 'bladeAdPosition', idsOf(input.positionIds), 'positionIds');
  },
  toRow: ({ contactPhone, settleAccount, ...rest }, call) => ({
    ...rest,
    ...(contactPhone && MASKED_PHONE.test(contactPhone)
      ? {}
      : { contactPhone: masterPhone.seal(call.ctx, contactPhone) }),
    ...(settleAccount && MASKED_ACCOUNT.test(settleAccount)
      ? {}
      : { settleAccount: masterAccount.seal(call.ctx, settleAccount) }),
  }),
  decorate: (call, rows) =>
    rows.map((r) => ({
      ...r,
      shareRate: percentOf(r.shareRate),
      contactPhone:
        call.use === 'detail'
          ? masterPhone.answer(call.ctx, call.user, r.contactPhone)
          : masterPhone.masked(call.ctx, r.contactPhone),
      settleAccount: masterAccount.masked(call.ctx, r.settleAccount),
    })),
});

/** `advert/profit-flow/listProfitFlow`: the revenue share records, read by the flow master screen. */
export const profitFlowTable = defineContractTable({
  contract: profitFlowContract,
  table: 'bladeAdProfitFlow',
  scope: 'tenant',
  defaultOrder: { flowDate: 'desc', id: 'desc' },
  readColumns: [
    'flowMasterId',
    'planId',
    'positionId',
    'lotId',
    'flowDate',
    'revenue',
    'shareRate',
    'shareAmount',
  ],
  own: ['submit', 'remove'],
  decorate: (_call, rows) => rows.map((r) => ({ ...r, shareRate: percentOf(r.shareRate) })),
});

export default async function flowMasterRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(flowMasterTable));
  await app.register(alsoServedAs(flowMasterTable, `${flowMasterContract.service}/edit`));
  await app.register(tableRoutes(profitFlowTable));
  const { codes } = flowMasterContract;

  app.get(
    `/api/${FLOW_MASTER_CALLS.detailReport}`,
    {
      config: {
        access: perm(codes.menu, codes.view!),
        doc: {
          summary: text(
            '流量主明细：其广告位、投放在这些广告位上的计划与累计分润',
            "A traffic owner's positions, the plans on them and the share so far",
          ),
          query: [{ name: 'id', type: 'string', required: true }],
          response: text(
            '{id, masterName, shareRate, positions: [...], plans: [...], shareTotal}：分润为元',
            '{id, masterName, shareRate, positions, plans, shareTotal}: yuan',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const { tenantId } = call.user;
      const master = await call.db
        .selectFrom('bladeFlowMaster')
        .select(['id', 'masterName', 'shareRate', 'positionIds'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where('id', '=', requiredParam(request, 'id'))
        .executeTakeFirst();
      if (!master) throw notFound();
      const ids = idsOf(master.positionIds);
      const positions =
        ids.length === 0
          ? []
          : await call.db
              .selectFrom('bladeAdPosition')
              .select(['id', 'positionCode', 'positionName'])
              .where('tenantId', '=', tenantId)
              .where('isDeleted', '=', 0)
              .where('id', 'in', ids)
              .orderBy('positionCode')
              .execute();
      const mine = new Set(positions.map((p) => p.id));
      // Plans name positions as a comma-joined list: the tenant's live plans, matched here.
      const plans = (
        await call.db
          .selectFrom('bladeAdPlan')
          .select(['id', 'planName', 'state', 'startDate', 'endDate', 'positionIds'])
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .orderBy('createTime', 'desc')
          .execute()
      )
        .filter((p) => idsOf(p.positionIds).some((id) => mine.has(id)))
        .map(({ positionIds: _, ...p }) => p);
      const total = await call.db
        .selectFrom('bladeAdProfitFlow')
        .select((eb) => eb.fn.sum<string | number>('shareAmount').as('total'))
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where('flowMasterId', '=', master.id)
        .executeTakeFirst();
      const answer: FlowMasterDetail = {
        id: master.id,
        masterName: master.masterName,
        shareRate: percentOf(master.shareRate),
        positions,
        plans,
        shareTotal: fenToYuan(Number(total?.total ?? 0)),
      };
      return ok(answer);
    },
  );
}
