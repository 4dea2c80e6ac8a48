import type { Kysely } from 'kysely';
import { bumpGrantsOnChange } from './054-grants-version.js';

/**
 * Data and API scopes join the grants version (issue 30): a role's granted scopes and the
 * department tree decide which rows a list shows, and API scopes which paths open, like the
 * grants decide which menus open. With these tables moving the version, the scope rules, a
 * user's department subtree and the API scopes are cached per version (data-scope/resolve.ts,
 * auth/api-scope.ts) instead of read on every request (API scopes: reloaded every 5 s per
 * process), and a scope granted or a department moved on one process applies on every process
 * at its next request.
 */
export const SCOPE_TABLES = [
  'blade_role_scope',
  'blade_scope_data',
  'blade_scope_api',
  'blade_dept',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await bumpGrantsOnChange(db, SCOPE_TABLES);
}
