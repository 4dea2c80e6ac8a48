import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, SUPER_ADMIN } from '../../../plugins/auth.js';
import { getPackage, listPackages, removePackages, savePackage } from './repository.js';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
const blank = (v: unknown) => v === undefined || v === null || v === '';
const MENU_REQUIRED = '请选择菜单';

/** The menu tree select sends a comma-joined string; an array of ids is accepted as well. */
const menuIdField = z.preprocess(
  (v) => {
    const parts = Array.isArray(v)
      ? v
      : typeof v === 'string' || typeof v === 'number'
        ? String(v).split(',')
        : [];
    return [...new Set(parts.map((p) => String(p).trim()).filter(Boolean))];
  },
  z
    .array(z.string().regex(ID, '菜单不存在或已删除'))
    .min(1, MENU_REQUIRED)
    .max(5000, '菜单数量过多'),
);

const packageInput = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : String(v)),
    z.string().regex(ID, '参数格式错误').optional(),
  ),
  packageName: requiredText(z, '请输入产品包名称', 50),
  menuId: menuIdField,
  remark: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.string().max(255, '长度不能超过255个字符').optional(),
  ),
});

/** blade-system/tenant-package: the super administrator's product packages (spec screen 12). */
export default async function tenantPackageRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/tenant-package';
  const access = { config: { access: SUPER_ADMIN } };

  app.get(`${base}/list`, access, async (request) =>
    ok(await listPackages(ctx, queryMap(request))),
  );

  app.get(`${base}/detail`, access, async (request) =>
    ok(await getPackage(ctx, requiredParam(request, 'id'))),
  );

  app.post(`${base}/submit`, access, async (request) => {
    const input = parseBody(packageInput, request.body);
    const id = await savePackage(ctx, currentUser(request), { ...input, menuIds: input.menuId });
    return ok({ id }, input.id ? '修改成功' : '新增成功');
  });

  app.post(`${base}/remove`, access, async (request) => {
    await removePackages(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });
}
