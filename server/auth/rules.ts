/**
 * The access rules a route declares (contract.md Part 1 decision 6): the bottom of server/auth,
 * importing nothing. Every /api route must state one; the app refuses to start otherwise
 * (guard.ts).
 */
export type Access =
  | { kind: 'public' }
  /** Any signed-in user. `duringPasswordChange` keeps the route open while a password change is due. */
  | { kind: 'user'; duringPasswordChange?: boolean }
  /** Any one of these button/menu codes. */
  | { kind: 'perm'; codes: string[] }
  /** The super administrator (role alias `administrator` in tenant 000000). */
  | { kind: 'super' };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const perm = (...codes: string[]): Access => ({ kind: 'perm', codes });
export const SUPER_ADMIN: Access = { kind: 'super' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; read by the guard on every request. */
    access?: Access;
  }
}
