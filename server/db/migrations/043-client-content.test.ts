import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../database.js';
import {
  allBut,
  migrationDatabase,
  type MigrationDatabase,
} from '../../test/migration-database.js';
import { seedSystem } from '../seed/system.js';

const NAME = '043-client-content';
const SCREENS = ['client_content', 'client_draft'];

/**
 * Migration 043 on a database seeded before the content screens existed: they appear under
 * 接入方管理 with their buttons, held by the roles and top menus that hold /access/archives.
 */
describe('migration 043-client-content', () => {
  let m: MigrationDatabase | undefined;
  afterAll(() => m?.close());

  it('adds the two screens and their buttons as the seed would, granted like the archives', async () => {
    m = await migrationDatabase();
    const { db } = m.database;
    await m.migrateTo(allBut(NAME));
    await seedSystem(db);
    // As the seed was before: no content screens, no buttons, grants or top-menu links.
    const ours = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where((eb) => eb.or(SCREENS.map((c) => eb('code', 'like', `${c}%`))))
      .execute();
    const ids = ours.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(8);
    await db.deleteFrom('bladeRoleMenu').where('menuId', 'in', ids).execute();
    await db.deleteFrom('bladeTopMenuSetting').where('menuId', 'in', ids).execute();
    await db.deleteFrom('bladeMenu').where('id', 'in', ids).execute();

    await m.migrateTo(MIGRATIONS);
    const menu = (code: string) =>
      db.selectFrom('bladeMenu').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    const group = await menu('access_manage');
    const content = await menu('client_content');
    expect(content).toMatchObject({ parentId: group.id, category: 1, path: '/access/content' });
    expect(await menu('client_draft')).toMatchObject({ path: '/access/content-drafts' });
    const buttons = await db
      .selectFrom('bladeMenu')
      .select('code')
      .where('parentId', '=', content.id)
      .orderBy('sort')
      .execute();
    expect(buttons.map((b) => b.code)).toEqual([
      'client_content_add',
      'client_content_edit',
      'client_content_delete',
      'client_content_view',
      'client_content_import',
      'client_content_template',
    ]);
    const holders = async (code: string) =>
      (
        await db
          .selectFrom('bladeRoleMenu as rm')
          .innerJoin('bladeMenu as x', 'x.id', 'rm.menuId')
          .select('rm.roleId')
          .where('x.code', '=', code)
          .execute()
      )
        .map((r) => r.roleId)
        .sort();
    const archives = await holders('client');
    expect(archives.length).toBeGreaterThan(0);
    for (const code of [
      'client_content',
      'client_draft',
      'client_draft_commit',
      'client_content_import',
    ])
      expect(await holders(code), code).toEqual(archives);
    const linked = async (code: string) =>
      (
        await db
          .selectFrom('bladeTopMenuSetting as s')
          .innerJoin('bladeMenu as x', 'x.id', 's.menuId')
          .select('s.topMenuId')
          .where('x.code', '=', code)
          .execute()
      )
        .map((r) => r.topMenuId)
        .sort();
    expect(await linked('client_draft')).toEqual(await linked('client'));
    // The tables are there.
    expect(await db.selectFrom('bladeClientDraft').selectAll().execute()).toEqual([]);
  });
});
