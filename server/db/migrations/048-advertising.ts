import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Advertising (issue 28 item 2, src/contracts/platform-ad): materials, positions, advertisers and
 * their settings, plans (state by machines/lifecycles/ad-plan-machine.ts), flow masters, their
 * profit flow and the business ad list. Money is fen, revenue shares basis points; dates
 * 'yyyy-MM-dd'. Next round's delivery events and roll-ups key on plan, position, flow master and
 * lot ids. The screens' buttons are the seed's already; an existing database gets any missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const listIndex = (table: string) =>
    db.schema
      .createIndex(`${table}_list`)
      .on(table)
      .columns(['tenant_id', 'is_deleted', 'create_time'])
      .execute();

  await createEngineTable(db, 'blade_ad_material', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('material_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('material_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('media_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('copy_text', 'varchar(500)')
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await listIndex('blade_ad_material');

  await createEngineTable(db, 'blade_ad_position', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('position_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('position_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('media_types', 'varchar(8)', (c) => c.notNull())
      .addColumn('price_mode', 'varchar(8)', (c) => c.notNull())
      .addColumn('floor_price', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await liveUniqueIndex(db, 'blade_ad_position', ['tenant_id', 'position_code']);
  await listIndex('blade_ad_position');

  await createEngineTable(db, 'blade_advertiser', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('advertiser_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('advertiser_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('contact_name', 'varchar(50)')
      .addColumn('contact_phone', 'varchar(120)')
      .addColumn('industry', 'varchar(16)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await liveUniqueIndex(db, 'blade_advertiser', ['tenant_id', 'advertiser_code']);
  await listIndex('blade_advertiser');

  // Settings per advertiser code (advertiserConfig): one live row per key; secrets sealed.
  await createEngineTable(db, 'blade_advertiser_setting', { scope: 'tenant' }, (t) =>
    t
      .addColumn('advertiser_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('setting_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('setting_value', 'varchar(1000)')
      .addColumn('secret', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await liveUniqueIndex(db, 'blade_advertiser_setting', [
    'tenant_id',
    'advertiser_code',
    'setting_key',
  ]);

  await createEngineTable(db, 'blade_ad_plan', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('plan_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('advertiser_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('material_ids', 'varchar(2000)', (c) => c.notNull())
      .addColumn('position_ids', 'varchar(2000)', (c) => c.notNull())
      .addColumn('lot_ids', 'varchar(4000)')
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('daily_budget', 'bigint', (c) => c.notNull())
      .addColumn('total_budget', 'bigint', (c) => c.notNull())
      .addColumn('bid', 'bigint', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
      .addColumn('pause_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  );
  await listIndex('blade_ad_plan');
  // The running plans of a tenant (the ad parking lots' counts, next round's delivery).
  await db.schema
    .createIndex('blade_ad_plan_state')
    .on('blade_ad_plan')
    .columns(['tenant_id', 'is_deleted', 'state'])
    .execute();

  await createEngineTable(db, 'blade_flow_master', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('master_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('contact_name', 'varchar(50)')
      .addColumn('contact_phone', 'varchar(120)')
      .addColumn('position_ids', 'varchar(2000)')
      .addColumn('share_rate', 'integer', (c) => c.notNull())
      .addColumn('settle_account', 'varchar(200)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await listIndex('blade_flow_master');

  // Revenue share records: written by next round's roll-up (one per master, plan, position,
  // lot and day), read by listProfitFlow.
  await createEngineTable(db, 'blade_ad_profit_flow', { scope: 'tenant' }, (t) =>
    t
      .addColumn('flow_master_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('plan_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('position_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('lot_id', 'varchar(32)')
      .addColumn('flow_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('revenue', 'bigint', (c) => c.notNull())
      .addColumn('share_rate', 'integer', (c) => c.notNull())
      .addColumn('share_amount', 'bigint', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('blade_ad_profit_flow_list')
    .on('blade_ad_profit_flow')
    .columns(['tenant_id', 'is_deleted', 'flow_master_id', 'flow_date'])
    .execute();

  // The business team's ad list (/business/advertising-lis): an ad at a lot's position.
  await createEngineTable(db, 'blade_ad_business', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('ad_title', 'varchar(100)', (c) => c.notNull())
      .addColumn('advertiser_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('plan_id', 'varchar(32)')
      .addColumn('lot_id', 'varchar(32)')
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)'),
  );
  await listIndex('blade_ad_business');

  for (const menu of [
    'ad_material',
    'ad_position',
    'advertiser',
    'ad_plan',
    'flow_master',
    'ad_parking_lot',
    'advertising',
  ])
    await addScreenButtons(db, menu);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
