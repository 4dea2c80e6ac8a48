import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/** Parking lots (contracts/platform-parking/park-lot.ts); the screen's new buttons. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(db, 'blade_park_lot', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('lot_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('lot_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('province_code', 'varchar(12)')
      .addColumn('city_code', 'varchar(12)')
      .addColumn('district_code', 'varchar(12)')
      .addColumn('address', 'varchar(255)')
      .addColumn('spaces', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('operator', 'varchar(16)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await liveUniqueIndex(db, 'blade_park_lot', ['tenant_id', 'lot_code']);
  // The list: the tenant's live lots, newest first.
  await db.schema
    .createIndex('blade_park_lot_list')
    .on('blade_park_lot')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
  await addScreenButtons(db, 'parking_lot');
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
