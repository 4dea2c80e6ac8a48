/**
 * server/auth: who the caller is and what they may do. Its modules import one way:
 *   rules.ts, user.ts      the access a route declares; AuthUser, currentUser(request)
 *   permissions.ts         granted menus and permission codes (imports user)
 *   api-scope.ts           API scope enforcement and its cache (imports user)
 *   session.ts             token -> session -> AuthUser (imports user)
 *   guard.ts               registerAuth: the onRoute check and the onRequest guard (imports all)
 * Everything outside server/auth imports this file; nothing inside it does.
 */
export { PUBLIC, SIGNED_IN, SUPER_ADMIN, perm, type Access } from './rules.js';
export { SUPER_ROLE_ALIAS, SUPER_TENANT, currentUser, type AuthUser } from './user.js';
export {
  assertPermission,
  grantedMenuIds,
  packageMenuIds,
  permissionCodes,
} from './permissions.js';
export { normalizeScopePath, scopePattern } from './api-scope.js';
export { registerAuth } from './guard.js';
