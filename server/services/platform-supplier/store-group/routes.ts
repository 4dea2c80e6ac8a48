import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  GROUP_MAX_STORES,
  storeGroupContract,
} from '../../../../src/contracts/platform-supplier/store-group.js';
import {
  STORE_GROUP_SERVICE,
  supStoreContract,
} from '../../../../src/contracts/platform-supplier/sup-store.js';
import { assertPermission, currentUser, perm } from '../../../auth/index.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { param, queryMap, requiredParam } from '../../../lib/params.js';
import { escapeLike, likeExpr, paged, type QueryMap } from '../../../lib/query.js';
import { assertUpdated, insertAudit, wire } from '../../../lib/records.js';
import { contractList, tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { versionField } from '../../../lib/table/fields.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { chunks } from '../../../lib/chunks.js';
import { visibleStores, withNames } from '../sup-store/repository.js';
import groupTable, { assertGroupNameFree } from './table.js';

const { codes } = storeGroupContract;
const READ = perm(codes.menu, codes.view!);
const STORE_FILTERS = contractList(supStoreContract);

const idText = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误: id');
const saveInput = storeGroupContract.input.extend({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idText.optional()),
  version: versionField,
  storeIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : (v ?? []),
    z
      .array(idText, { error: 'storeIds:门店须为编号列表' })
      .max(GROUP_MAX_STORES, `storeIds:一个分组最多${GROUP_MAX_STORES}个门店`),
  ),
});

/**
 * The spec's group calls: listGroupPage and removeById/{id} are the engine's (table.ts); here
 * saveGroup (the group and its stores in one transaction), listAllGroup, listLeftStore (stores
 * not in the group) and listRightStore (in it) for the transfer list, listStoreByGroupId.
 */
export default async function storeGroupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(groupTable));
  const ctx = app.ctx;
  const base = `/api/${STORE_GROUP_SERVICE}`;
  const read = { config: { access: READ } };
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx,
    db: ctx.db,
    user: currentUser(request),
  });

  async function groupOf(call: TableCall, id: string) {
    const group = await call.db
      .selectFrom('bladeSupStoreGroup')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!group) throw notFound();
    return group;
  }

  // The contract's select: id and name only, by name (the engine's would answer whole rows).
  app.get(`${base}/listAllGroup`, read, async (request) => {
    const call = callOf(request);
    const rows = await call.db
      .selectFrom('bladeSupStoreGroup')
      .select(['id', 'groupName'])
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('groupName')
      .execute();
    return ok(rows);
  });

  app.post(
    `${base}/saveGroup`,
    { config: { access: perm(codes.add!, codes.edit!) } },
    async (request) => {
      const call = callOf(request);
      const input = parseBody(saveInput, request.body);
      await assertPermission(call.db, call.user, input.id ? codes.edit! : codes.add!);
      const storeIds = [...new Set(input.storeIds)];
      const save = call.db.transaction().execute(async (trx) => {
        const inTrx = { ...call, db: trx };
        await assertGroupNameFree(trx, call.user.tenantId, input.groupName, input.id);
        if (storeIds.length > 0) await visibleStores(inTrx, storeIds);
        const now = nowText();
        let groupId = input.id;
        if (groupId) {
          await groupOf(inTrx, groupId);
          let q = trx
            .updateTable('bladeSupStoreGroup')
            .set({
              groupName: input.groupName,
              remark: input.remark ?? null,
              updateUser: call.user.userId,
              updateTime: now,
              version: sql<number>`version + 1`,
            })
            .where('id', '=', groupId)
            .where('tenantId', '=', call.user.tenantId)
            .where('isDeleted', '=', 0);
          if (input.version !== undefined) q = q.where('version', '=', input.version);
          const done = await q.executeTakeFirst();
          assertUpdated(done.numUpdatedRows, true);
          await trx.deleteFrom('bladeSupStoreGroupRel').where('groupId', '=', groupId).execute();
        } else {
          groupId = nextId();
          await trx
            .insertInto('bladeSupStoreGroup')
            .values({
              id: groupId,
              tenantId: call.user.tenantId,
              groupName: input.groupName,
              remark: input.remark ?? null,
              ...insertAudit(call.user, now),
              version: 1,
            })
            .execute();
        }
        for (const part of chunks(storeIds))
          await trx
            .insertInto('bladeSupStoreGroupRel')
            .values(
              part.map((storeId) => ({
                id: nextId(),
                tenantId: call.user.tenantId,
                groupId: groupId!,
                storeId,
              })),
            )
            .execute();
        return groupId;
      });
      // A save that lost a race to the live-name index is answered as the check answers it.
      const id = await save.catch(async (err: unknown) => {
        if (isUniqueViolation(err))
          await assertGroupNameFree(call.db, call.user.tenantId, input.groupName, input.id);
        throw err;
      });
      return ok({ id, storeCount: storeIds.length }, input.id ? '修改成功' : '新增成功');
    },
  );

  /** A page of the tenant's live stores in (or not in) a group, filtered like the store list. */
  async function storesPage(
    call: TableCall,
    query: QueryMap,
    groupId: string | undefined,
    inside: boolean,
  ) {
    if (groupId) await groupOf(call, groupId);
    let base = call.db
      .selectFrom('bladeSupStore')
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0);
    // keyword: a name or a code (the transfer list's search).
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    if (keyword) {
      const pattern = `%${escapeLike(keyword.slice(0, 100))}%`;
      base = base.where((eb) =>
        eb.or([
          likeExpr('storeName', pattern, ctx.dialect),
          likeExpr('storeCode', pattern, ctx.dialect),
        ]),
      );
    }
    if (inside || groupId) {
      const members = call.db
        .selectFrom('bladeSupStoreGroupRel')
        .select('storeId')
        .where('groupId', '=', groupId ?? '');
      base = base.where('id', inside ? 'in' : 'not in', members);
    }
    const page = await paged(
      base,
      (qb) =>
        qb.select([
          'id',
          'supId',
          'storeCode',
          'storeName',
          'provinceCode',
          'cityCode',
          'districtCode',
        ]),
      { size: '500', ...query },
      STORE_FILTERS,
      ctx.dialect,
      [
        { column: 'storeCode', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ],
    );
    const named = await withNames(call.db, call.user.tenantId, page.records);
    return {
      ...page,
      records: named.map((r) => ({
        id: r.id,
        storeCode: r.storeCode,
        storeName: r.storeName,
        supName: r.supName,
        regionName: r.regionName,
      })),
    };
  }

  app.get(`${base}/listLeftStore`, read, async (request) =>
    ok(
      await storesPage(
        callOf(request),
        queryMap(request),
        param(request, 'groupId') || undefined,
        false,
      ),
    ),
  );

  app.get(`${base}/listRightStore`, read, async (request) => {
    const groupId = param(request, 'groupId');
    if (!groupId) throw badRequest('缺少必要的请求参数: groupId');
    return ok(await storesPage(callOf(request), queryMap(request), groupId, true));
  });

  app.get(`${base}/listStoreByGroupId`, read, async (request) => {
    const call = callOf(request);
    const groupId = requiredParam(request, 'groupId');
    await groupOf(call, groupId);
    const rows = await call.db
      .selectFrom('bladeSupStore')
      .selectAll()
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .where(
        'id',
        'in',
        call.db
          .selectFrom('bladeSupStoreGroupRel')
          .select('storeId')
          .where('groupId', '=', groupId),
      )
      .orderBy('storeCode')
      .limit(GROUP_MAX_STORES)
      .execute();
    return ok((await withNames(call.db, call.user.tenantId, rows)).map(wire));
  });
}
