import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.js';

/** The signed-in user of a request: who, in which tenant, with which roles and departments. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  clientId: string;
  sessionId: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  isSuperAdmin: boolean;
  /**
   * The grants version read with the session (grants-cache.ts); absent for users not made from
   * a request's session, whose grants are then read afresh.
   */
  grantsVersion?: number;
}

/** The super administrator: role alias `administrator` in tenant `000000`. */
export const SUPER_TENANT = '000000';
export const SUPER_ROLE_ALIAS = 'administrator';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the guard (guard.ts) on routes with a non-public access, before the handler runs;
     * undefined on public routes. Handlers use `currentUser(request)`.
     */
    auth: AuthUser | undefined;
  }
}

/** The signed-in user of a route that declared a non-public access. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
