import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit, STALE_VERSION } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import type { AuthUser } from '../../../auth/index.js';
import {
  emptyConfig,
  SECRET_MASK,
  secretKeys,
  type PlatformConfig,
  type PlatformDeclaration,
  type PlatformSettingDetail,
} from '../../../../src/contracts/platform-settings.js';

interface StoredRow {
  config: string;
  version: number;
  updateUser: string | null;
  updateTime: string | null;
}

/** The stored row of a tenant's platform, if any. */
export function storedRow(
  db: Kysely<DB>,
  tenantId: string,
  platform: string,
): Promise<StoredRow | undefined> {
  return db
    .selectFrom('bladePlatformSetting')
    .select(['config', 'version', 'updateUser', 'updateTime'])
    .where('tenantId', '=', tenantId)
    .where('platform', '=', platform)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/**
 * The stored configuration read through its declaration: only declared fields, each of its
 * kind's type (a field added to a declaration later reads as blank; one removed disappears).
 */
export function readConfig(decl: PlatformDeclaration, text: string | undefined): PlatformConfig {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (value && typeof value === 'object' && !Array.isArray(value))
      stored = value as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const config = emptyConfig(decl);
  for (const f of decl.fields) {
    const v = stored[f.key];
    if (f.kind === 'boolean') config[f.key] = v === true;
    else if (typeof v === 'string') config[f.key] = v;
  }
  return config;
}

/** The name shown for the last writer: real name, else nickname, else account. */
async function userName(db: Kysely<DB>, tenantId: string, userId: string | null): Promise<string> {
  if (!userId) return '';
  const row = await db
    .selectFrom('bladeUser')
    .select(['realName', 'name', 'account'])
    .where('id', '=', userId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  return row ? row.realName || row.name || row.account : '';
}

/** The detail answer: every declared field, secrets masked, who changed it last and when. */
export async function platformDetail(
  db: Kysely<DB>,
  tenantId: string,
  decl: PlatformDeclaration,
): Promise<PlatformSettingDetail> {
  const row = await storedRow(db, tenantId, decl.key);
  const config = readConfig(decl, row?.config);
  for (const key of secretKeys(decl)) config[key] = config[key] ? SECRET_MASK : '';
  return {
    platform: decl.key,
    config,
    version: row ? Number(row.version) : 0,
    updateUser: row?.updateUser ?? '',
    updateUserName: await userName(db, tenantId, row?.updateUser ?? null),
    updateTime: row?.updateTime ?? '',
  };
}

/** The secret fields that hold a stored value (a blank or masked submit keeps them). */
export function storedSecrets(decl: PlatformDeclaration, config: PlatformConfig): Set<string> {
  return new Set(secretKeys(decl).filter((key) => config[key] !== ''));
}

/**
 * Saves a checked configuration (secrets left out of `checked` are kept from `stored`) under
 * optimistic locking: version 0 creates the row (409 when another save created it first), any
 * other version updates only that version (409 when it moved on, 404 when there is no row).
 */
export async function savePlatform(
  db: Kysely<DB>,
  user: AuthUser,
  decl: PlatformDeclaration,
  checked: PlatformConfig,
  version: number,
): Promise<void> {
  const row = await storedRow(db, user.tenantId, decl.key);
  if (!row && version !== 0) throw notFound();
  if (row && Number(row.version) !== version) throw conflict(STALE_VERSION);
  const stored = readConfig(decl, row?.config);
  const config: PlatformConfig = {};
  for (const f of decl.fields) config[f.key] = checked[f.key] ?? stored[f.key] ?? '';
  const text = JSON.stringify(config);
  const now = nowText();

  if (!row) {
    const result = await db
      .insertInto('bladePlatformSetting')
      .values({
        id: nextId(),
        tenantId: user.tenantId,
        platform: decl.key,
        config: text,
        version: 1,
        ...insertAudit(user, now),
      })
      .onConflict((oc) => oc.columns(['tenantId', 'platform']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict(STALE_VERSION);
    return;
  }
  const result = await db
    .updateTable('bladePlatformSetting')
    .set({ config: text, version: version + 1, updateUser: user.userId, updateTime: now })
    .where('tenantId', '=', user.tenantId)
    .where('platform', '=', decl.key)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(STALE_VERSION);
}
