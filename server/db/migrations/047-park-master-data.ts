import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Parking master data (issue 28 item 1): cars bound to lots, subscribed cars, and each lot's pay
 * and invoice settings (one live setting per lot). The screens' new buttons (cars add/edit/
 * delete, invoice add, the lot's import, load and pay-setting actions) for existing databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(db, 'blade_park_car', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('plate_no', 'varchar(8)', (c) => c.notNull())
      .addColumn('plate_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('owner_name', 'varchar(50)')
      // Sealed (lib/sealed-phone.ts, purpose 'park-car-owner-phone').
      .addColumn('owner_phone', 'varchar(128)')
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('bind_time', 'varchar(19)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await liveUniqueIndex(db, 'blade_park_car', ['tenant_id', 'lot_id', 'plate_no']);
  await db.schema
    .createIndex('blade_park_car_list')
    .on('blade_park_car')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();

  await createEngineTable(db, 'blade_park_car_subscribe', { scope: 'tenant' }, (t) =>
    t
      .addColumn('plate_no', 'varchar(8)', (c) => c.notNull())
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('blade_park_car_subscribe_list')
    .on('blade_park_car_subscribe')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();

  await createEngineTable(db, 'blade_park_pay_setting', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('free_minutes', 'integer', (c) => c.notNull())
      .addColumn('price_per_hour', 'bigint', (c) => c.notNull())
      .addColumn('daily_cap', 'bigint', (c) => c.notNull())
      .addColumn('month_price', 'bigint', (c) => c.notNull())
      // Comma-joined PAY_CHANNELS keys.
      .addColumn('channels', 'varchar(64)', (c) => c.notNull())
      .addColumn('merchant_no', 'varchar(32)', (c) => c.notNull()),
  );
  await liveUniqueIndex(db, 'blade_park_pay_setting', ['tenant_id', 'lot_id']);

  await createEngineTable(
    db,
    'blade_park_invoice_setting',
    { scope: 'tenant', versioned: true },
    (t) =>
      t
        .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seller_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('tax_no', 'varchar(18)', (c) => c.notNull())
        .addColumn('invoice_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('contact_name', 'varchar(50)')
        .addColumn('contact_phone', 'varchar(20)')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await liveUniqueIndex(db, 'blade_park_invoice_setting', ['tenant_id', 'lot_id']);

  for (const code of ['car_license', 'car_subscribe', 'parking_lot', 'invoice_setting'])
    await addScreenButtons(db, code);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
