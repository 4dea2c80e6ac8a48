import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../database.js';
import {
  allBut,
  migrationDatabase,
  type MigrationDatabase,
} from '../../test/migration-database.js';
import { seedSystem } from '../seed/system.js';

const NAME = '047-park-master-data';
const NEW_BUTTONS = [
  'car_license_add',
  'car_license_edit',
  'car_license_delete',
  'invoice_setting_add',
];

/**
 * Migration 047 on a database seeded while the car and invoice screens were placeholders: their
 * new buttons appear, granted to the roles that hold the screens; the four tables are there.
 */
describe('migration 047-park-master-data', () => {
  let m: MigrationDatabase | undefined;
  afterAll(() => m?.close());

  it('adds the screens new buttons to the roles holding the screens, and the tables', async () => {
    m = await migrationDatabase();
    const { db } = m.database;
    await m.migrateTo(allBut(NAME));
    await seedSystem(db);
    const ours = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', NEW_BUTTONS)
      .execute();
    expect(ours).toHaveLength(NEW_BUTTONS.length);
    const ids = ours.map((r) => r.id);
    await db.deleteFrom('bladeRoleMenu').where('menuId', 'in', ids).execute();
    await db.deleteFrom('bladeMenu').where('id', 'in', ids).execute();

    await m.migrateTo(MIGRATIONS);
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
    for (const code of NEW_BUTTONS) {
      const screen = code.replace(/_(add|edit|delete)$/, '');
      const held = await holders(screen);
      expect(held.length, screen).toBeGreaterThan(0);
      expect(await holders(code), code).toEqual(held);
    }
    for (const table of [
      'bladeParkCar',
      'bladeParkCarSubscribe',
      'bladeParkPaySetting',
      'bladeParkInvoiceSetting',
    ] as const)
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
  });
});
