import type { Kysely } from 'kysely';
import { bumpGrantsOnChange } from './054-grants-version.js';

/**
 * Dictionaries move the grants version too (issue 30): list answers name their codes through
 * them (lib/table/contract.ts `dictNames`, the user list's labels), now cached per version
 * instead of read on every list request. An edited dictionary shows at the next request on
 * every process, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await bumpGrantsOnChange(db, ['blade_dict']);
}
