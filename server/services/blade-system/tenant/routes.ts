import type { FastifyInstance } from 'fastify';
import { dateFormatMessage } from '../../../../src/contracts/date-formats.js';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { parseDateTime } from '../../../lib/time.js';
import { versionField } from '../../../lib/table/fields.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm, PUBLIC, SIGNED_IN, SUPER_ADMIN } from '../../../auth/index.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import {
  TENANT_LIST,
  belongTenant,
  createTenant,
  getTenant,
  listTenants,
  removeTenants,
  setTenantDatasource,
  setTenantLicence,
  setTenantPackage,
  tenantByDomain,
  tenantOptions,
  tenantPackage,
  updateTenant,
} from './repository.js';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
const TENANT_ID = /^\d{6}$/;
const blank = (v: unknown) => v === undefined || v === null;

/** Absent (undefined) leaves the field unchanged on update; an empty value clears it (null). */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => {
      if (blank(v)) return undefined;
      const text = typeof v === 'number' ? String(v) : v;
      if (typeof text !== 'string') return text;
      return text.trim() === '' ? null : text.trim();
    },
    z.string({ error: '格式错误' }).max(max, `长度不能超过${max}个字符`).nullable().optional(),
  );
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (blank(v) || v === '' ? undefined : String(v)),
    z.string().regex(ID, message).optional(),
  );

const tenantInput = z.object({
  id: optionalId('参数格式错误'),
  // Optimistic lock of an update: the version the editor loaded (absent: whatever is current).
  version: versionField,
  tenantName: requiredText('请输入租户名称', 50),
  domain: optionalText(255),
  backgroundUrl: optionalText(1000),
  linkman: optionalText(50),
  contactNumber: optionalText(30),
  address: optionalText(255),
  // Only on creation: the package that bounds the new administrator's grants.
  packageId: optionalId('产品包不存在'),
});

function tenantCode(value: string): string {
  if (!TENANT_ID.test(value)) throw badRequest('tenantId:租户编号格式错误');
  return value;
}

/** Setting values: an absent quota means unlimited (-1), an absent expiry means none. */
function licence(accountRaw: string | undefined, expireRaw: string | undefined) {
  const accountNumber = accountRaw === undefined ? -1 : Number(accountRaw);
  if (!/^-?\d{1,9}$/.test(accountRaw ?? '-1') || accountNumber < -1) {
    throw badRequest('accountNumber:账号额度必须是不小于-1的整数');
  }
  const expireTime = expireRaw === undefined ? null : (parseDateTime(expireRaw.trim()) ?? null);
  if (expireRaw !== undefined && !expireTime)
    throw badRequest(`expireTime:${dateFormatMessage({ zh: '过期时间', en: 'Expiry' }).zh}`);
  return { accountNumber, expireTime };
}

/** The tenant list in the API reference (lib/api-doc). */
const LIST_DOC: RouteDocInput = {
  summary: {
    zh: '租户分页列表（超级管理员看全部，其他人只看本租户）',
    en: "Paged tenants (the super administrator's: all; anyone else's: their own)",
  },
  query: listQuery(TENANT_LIST),
  response: {
    zh: '分页：records、total、size、current、pages',
    en: 'A page: records, total, size, current, pages',
  },
};

/**
 * blade-system/tenant (contract.md 4.7, 2.10): reads for the own tenant, administration for the
 * super administrator only (Part 1 decision 5).
 */
export default async function tenantRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/tenant';
  const view = { config: { access: perm('tenant', 'tenant_view') } };
  const superOnly = { config: { access: SUPER_ADMIN } };

  app.get(`${base}/list`, { config: { ...view.config, doc: LIST_DOC } }, async (request) =>
    ok(await listTenants(ctx, currentUser(request), queryMap(request))),
  );

  app.get(`${base}/select`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await tenantOptions(ctx, currentUser(request))),
  );

  app.get(`${base}/detail`, view, async (request) =>
    ok(await getTenant(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.post(`${base}/submit`, superOnly, async (request) => {
    const input = parseBody(tenantInput, request.body);
    const user = currentUser(request);
    const { id, version, packageId, tenantName, ...fields } = input;
    if (id)
      return ok(await updateTenant(ctx, user, id, { tenantName, ...fields }, version), '修改成功');
    const created = await createTenant(ctx, user, {
      tenantName,
      domain: fields.domain ?? null,
      backgroundUrl: fields.backgroundUrl ?? null,
      linkman: fields.linkman ?? null,
      contactNumber: fields.contactNumber ?? null,
      address: fields.address ?? null,
      packageId: packageId ?? null,
    });
    return ok(created, '新增成功');
  });

  app.post(`${base}/remove`, superOnly, async (request) => {
    await removeTenants(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });

  app.post(`${base}/setting`, superOnly, async (request) => {
    const ids = idList(request);
    const { accountNumber, expireTime } = licence(
      param(request, 'accountNumber'),
      param(request, 'expireTime'),
    );
    await setTenantLicence(ctx, currentUser(request), ids, accountNumber, expireTime);
    return okStatus('操作成功');
  });

  app.post(`${base}/datasource`, superOnly, async (request) => {
    const tenantId = tenantCode(requiredParam(request, 'tenantId'));
    const datasourceId = param(request, 'datasourceId') ?? null;
    if (datasourceId !== null && !ID.test(datasourceId))
      throw badRequest('datasourceId:数据源格式错误');
    await setTenantDatasource(ctx, currentUser(request), tenantId, datasourceId);
    return okStatus('操作成功');
  });

  // Public: the login page asks which tenant serves its domain (contract.md 2.10).
  app.get(`${base}/info`, { config: { access: PUBLIC } }, async (request) =>
    ok(await tenantByDomain(ctx, param(request, 'domain')?.slice(0, 255))),
  );

  app.get(`${base}/package-detail`, superOnly, async (request) =>
    ok(await tenantPackage(ctx, tenantCode(requiredParam(request, 'tenantId')))),
  );

  app.post(`${base}/package-setting`, superOnly, async (request) => {
    const tenantId = tenantCode(requiredParam(request, 'tenantId'));
    const packageId = param(request, 'packageId') ?? null;
    if (packageId !== null && !ID.test(packageId)) throw badRequest('packageId:产品包不存在');
    await setTenantPackage(ctx, currentUser(request), tenantId, packageId);
    return okStatus('操作成功');
  });

  app.get(`${base}/belong-tenant`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await belongTenant(ctx, currentUser(request))),
  );
}
