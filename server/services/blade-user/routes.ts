import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { bodyObject, idList, param, queryMap, requiredParam } from '../../lib/params.js';
import { phoneKey } from '../../lib/phone-crypto.js';
import { nowText } from '../../lib/time.js';
import { parseBody } from '../../lib/validation.js';
import {
  PUBLIC,
  SIGNED_IN,
  currentUser,
  perm,
  type Access,
  assertPermission,
} from '../../auth/index.js';
import { listQuery, type RouteDocInput } from '../../lib/api-doc/index.js';
import { clearFailures } from '../blade-auth/login.js';
import { parseUserBody, profileFields, userSchema } from './input.js';
import { changeOwnPassword, resetPasswords } from './passwords.js';
import { profileRoutes } from './profile.js';
import { registerGuest } from './register.js';
import { getOwnProfile, getUserView, listUsers, tenantUsers, USER_LIST } from './repository.js';
import {
  approveUsers,
  createUser,
  grantRoles,
  platformDetail,
  removeUsers,
  updatePlatform,
  updateUser,
} from './write.js';

/**
 * Two screens manage users (/system/user and /setting/user/userinfo): edits admit either
 * screen's edit button.
 */
const EDIT = ['user_edit', 'user_info_edit'];

/** The one call a user who must change their password can still make. */
const PASSWORD_CHANGE: Access = { kind: 'user', duringPasswordChange: true };

/** The user list and submit in the API reference (lib/api-doc). */
const PAGE_DOC: RouteDocInput = {
  summary: { zh: '用户分页列表（本租户）', en: "Paged users of the caller's tenant" },
  query: listQuery(USER_LIST, {
    extra: ['deptId', 'roleId'].map((name) => ({
      name,
      type: 'string' as const,
      description: {
        zh: `${name === 'deptId' ? '部门' : '角色'}主键，逗号分隔，命中任一即可`,
        en: `${name === 'deptId' ? 'Department' : 'Role'} ids, comma-joined: any one matches`,
      },
    })),
  }),
  response: {
    zh: '分页：records、total、size、current、pages',
    en: 'A page: records, total, size, current, pages',
  },
};
const SUBMIT_DOC: RouteDocInput = {
  summary: {
    zh: '新增或修改用户：无 id 新增（需 user_add），有 id 修改；password 为 RSA 密文',
    en: 'Create or update a user: no id creates (user_add), an id updates; password is RSA ciphertext',
  },
  body: { contentType: 'application/json', schema: userSchema },
  response: { zh: '{id}', en: '{id}' },
};

/** `userIds` of the bulk actions; an empty selection gets the console's own wording. */
function userIds(request: FastifyRequest): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const inBody =
    body && typeof body === 'object' && Array.isArray(body.userIds) && body.userIds.length > 0;
  if (!inBody && param(request, 'userIds') === undefined) throw badRequest('请至少选择一个用户');
  return idList(request, 'userIds');
}

/** What update-info may change; the rest of the body is ignored before validation. */
const PROFILE_KEYS = ['name', 'realName', 'avatar', 'email', 'phone', 'birthday', 'sex'] as const;

const platformInput = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(32),
  ),
  userType: z.coerce.number({ error: '请选择用户平台' }).int(),
  userExt: z.unknown().optional(),
});

/**
 * /api/blade-user/*: users of the caller's tenant (contract.md §4.1, spec section 7). Even the
 * super administrator sees only tenant 000000 here; cross-tenant work is on the tenant routes.
 */
export default async function bladeUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-user';

  app.get(
    `${base}/page`,
    {
      config: {
        access: perm('user', 'user_info'),
        doc: PAGE_DOC,
        answerCache: ['blade_user', 'blade_post'],
      },
    },
    async (request) => ok(await listUsers(ctx, currentUser(request), queryMap(request))),
  );

  app.get(
    `${base}/detail`,
    { config: { access: perm('user', 'user_info', 'user_view') } },
    async (request) =>
      ok(await getUserView(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.get(`${base}/info`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await getOwnProfile(ctx, currentUser(request))),
  );

  const submitConfig = { config: { access: perm('user_add', ...EDIT), doc: SUBMIT_DOC } };
  app.post(`${base}/submit`, submitConfig, async (request) => {
    const body = parseUserBody(request.body);
    const user = currentUser(request);
    await assertPermission(ctx.db, user, ...(body.id ? EDIT : ['user_add']));
    const id = body.id ? await updateUser(ctx, user, body) : await createUser(ctx, user, body);
    return ok({ id }, body.id ? '修改成功' : '新增成功');
  });

  app.post(`${base}/update`, { config: { access: perm(...EDIT) } }, async (request) => {
    const id = await updateUser(ctx, currentUser(request), parseUserBody(request.body));
    return ok({ id }, '修改成功');
  });

  app.post(`${base}/remove`, { config: { access: perm('user_delete') } }, async (request) => {
    await removeUsers(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });

  app.post(`${base}/grant`, { config: { access: perm('user_grant') } }, async (request) => {
    await grantRoles(ctx, currentUser(request), userIds(request), idList(request, 'roleIds'));
    return okStatus('操作成功');
  });

  app.post(
    `${base}/reset-password`,
    { config: { access: perm('user_reset') } },
    async (request, reply) => {
      // The one-time passwords, answered once: not cached, not logged (the API log keeps the
      // request's parameters only).
      reply.header('cache-control', 'no-store');
      return ok(await resetPasswords(ctx, currentUser(request), userIds(request)), '操作成功');
    },
  );

  app.post(`${base}/update-password`, { config: { access: PASSWORD_CHANGE } }, async (request) => {
    await changeOwnPassword(ctx, currentUser(request), {
      oldPassword: param(request, 'oldPassword'),
      newPassword: param(request, 'newPassword'),
      newPassword1: param(request, 'newPassword1'),
    });
    return okStatus('修改成功');
  });

  // Only the personal fields: roleId, account, password, tenantId, status... are ignored.
  app.post(`${base}/update-info`, { config: { access: SIGNED_IN } }, async (request) => {
    const user = currentUser(request);
    const body = bodyObject(request);
    const own = Object.fromEntries(PROFILE_KEYS.filter((k) => k in body).map((k) => [k, body[k]]));
    const fields = profileFields(parseUserBody(own), phoneKey(ctx.jwtSecret, user.sessionId));
    if (Object.keys(fields).length > 0) {
      await ctx.db
        .updateTable('bladeUser')
        .set((eb) => ({
          ...fields,
          updateUser: user.userId,
          updateTime: nowText(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', user.userId)
        .where('tenantId', '=', user.tenantId)
        .execute();
    }
    return okStatus('修改成功');
  });

  profileRoutes(app, base);

  app.post(`${base}/unlock`, { config: { access: perm('user_unlock') } }, async (request) => {
    const user = currentUser(request);
    const rows = await tenantUsers(ctx, user, userIds(request));
    await clearFailures(
      ctx,
      user.tenantId,
      rows.map((r) => r.account),
    );
    return okStatus('操作成功');
  });

  app.get(
    `${base}/platform-detail`,
    { config: { access: perm('user_platform', 'user', 'user_view') } },
    async (request) =>
      ok(await platformDetail(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.post(
    `${base}/update-platform`,
    { config: { access: perm('user_platform') } },
    async (request) => {
      await updatePlatform(ctx, currentUser(request), parseBody(platformInput, request.body));
      return okStatus('修改成功');
    },
  );

  app.post(
    `${base}/register-guest`,
    { config: { access: PUBLIC, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      await registerGuest(ctx, {
        tenantId: param(request, 'tenantId'),
        name: param(request, 'name'),
        account: param(request, 'account'),
        password: param(request, 'password'),
        password2: param(request, 'password2'),
      });
      return okStatus('注册成功，请等待管理员审核');
    },
  );

  app.post(`${base}/approve`, { config: { access: perm('user_approve') } }, async (request) => {
    const count = await approveUsers(ctx, currentUser(request), userIds(request));
    return ok({ count }, '操作成功');
  });
}
